"""Torres's words for the page, looked up in the gettext catalogues: the `torres` domain's msgctxt
"page" first (the lines the page's markup shares with every game, such as `setup_lead`, in Torres's
words), then the `torres` and `shell` domains, so one `tr` serves every interface word.

Unlike the engine's `toledo.games.torres.words.tr`, a word missing here shows its key: the page must
never stop a game over a word (the i18n tests check that every key the code names exists).
"""

from __future__ import annotations

from typing import Any, Final

from ....core.i18n import SHELL_DOMAIN, has_message, render

DOMAIN: Final = "torres"
PAGE_CONTEXT: Final = "page"
_SEARCH: Final = (DOMAIN, SHELL_DOMAIN)


def _render(key: str, lang: str, params: dict[str, Any], context: str | None) -> str:
    domains = (DOMAIN,) if context else _SEARCH
    count = params.get("count")
    if isinstance(count, int) and not isinstance(count, bool):
        try:
            return render(key, lang, params, domains=domains, context=context, count=count)  # a plural entry
        except KeyError:
            pass
    return render(key, lang, params, domains=domains, context=context)


def tr(key: str, lang: str = "en", /, **params: Any) -> str:
    """An interface word in `lang`; a `count` parameter picks a plural entry's form (ngettext). An
    unknown key is shown as itself."""
    for context in (PAGE_CONTEXT, None):
        try:
            return _render(key, lang, params, context)
        except KeyError:
            continue
    return key


def tr_count(key: str, count: int, lang: str = "en", /, **params: Any) -> str:
    """`tr` of the plural entry `key` in the form `count` takes in `lang` (French: 0 and 1 singular)."""
    return tr(key, lang, count=count, **params)


def colour_name(colour: str, lang: str) -> str:
    return tr(f"colour_{colour}", lang)


def level_name(level: str, lang: str) -> str:
    key = f"level_{level}"
    return tr(key, lang) if has_message(key, lang, domains=_SEARCH) else level


def card_name(card_id: str, lang: str) -> str:
    return tr(f"card_{card_id}", lang)
