"""The board skeletons' words in every language (a step of site_skeleton.py, stdlib only).

The build draws each skeleton in every language, but writes only the English drawing into the page: the
drawings differ only in words (the elements' own text, and attributes such as aria-label and textLength),
so the page gets what differs, per drawing, and web/boot/early-start.js puts the page's language into the
English drawing before it paints. A drawing whose languages differ in anything else (an element more, a
tag, text after an element) cannot be given so, and is left in English (Python draws it anew).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

TEXT = ""  # the field of an element's own text, before its first child; any other field is an attribute


class WordsError(ValueError):
    """The drawings differ in more than words."""


Fields = list[tuple[int, str]]  # (element's index in document order, the root first; field)
Values = dict[str, list[str | None]]  # language -> each field's value (None: the attribute is absent)


def differences(svgs: dict[str, str], base: str) -> tuple[Fields, Values]:
    """What differs between the drawings of `svgs` (language -> svg), as fields of the `base` drawing's
    elements and each language's values for them (the base's own among them)."""
    elements = {lang: list(ET.fromstring(svg).iter()) for lang, svg in svgs.items()}
    reference = elements[base]
    for lang, found in elements.items():
        if [e.tag for e in found] != [e.tag for e in reference]:
            raise WordsError(f"the {lang} drawing has other elements than the {base} one")
        if any((e.tail or "") != (r.tail or "") for e, r in zip(found, reference, strict=True)):
            raise WordsError(f"the {lang} drawing has other text between elements than the {base} one")
    fields: Fields = []
    for index, element in enumerate(reference):
        alike = [found[index] for found in elements.values()]
        if len({e.text or "" for e in alike}) > 1:
            fields.append((index, TEXT))
        names = dict.fromkeys(name for e in alike for name in e.attrib)  # in the drawing's order, as set
        fields.extend((index, name) for name in names if len({e.attrib.get(name) for e in alike}) > 1)
    values = {lang: [value(found[index], field) for index, field in fields] for lang, found in elements.items()}
    return fields, values


def value(element: ET.Element, field: str) -> str | None:
    return element.text or "" if field == TEXT else element.attrib.get(field)


def apply(svg: str, fields: Fields, values: list[str | None]) -> str:
    """The drawing `svg` with `values` put into its `fields`, as early-start.js puts them (for the tests)."""
    root = ET.fromstring(svg)
    elements = list(root.iter())
    for (index, field), new in zip(fields, values, strict=True):
        element = elements[index]
        if field == TEXT:
            element.text = new
        elif new is None:
            element.attrib.pop(field, None)
        else:
            element.set(field, new)
    return ET.tostring(root, encoding="unicode")


def patches(drawings: dict[str, dict[str, dict[str, str]]], base: str) -> tuple[dict[str, dict[str, list]], list[str]]:
    """Per game and layout (each drawing by language), [fields, values] for the page, where the values are
    the name of an earlier layout of the game whose values are the same (a game's drawings mostly say the
    same words, in other places); and the warnings for drawings left in the base language."""
    out: dict[str, dict[str, list]] = {}
    warnings: list[str] = []
    for game, layouts in drawings.items():
        said: dict[str, Values] = {}
        for layout, svgs in layouts.items():
            try:
                fields, values = differences(svgs, base)
            except (WordsError, ET.ParseError) as error:
                warnings.append(f"the {game} board's {layout} skeleton stays in {base}: {error}")
                continue
            same = next((earlier for earlier, words in said.items() if words == values), None)
            said[layout] = values
            out.setdefault(game, {})[layout] = [[list(field) for field in fields], same or values]
    return out, warnings
