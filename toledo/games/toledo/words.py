"""The play screen's own words in English, German and French (prompts, refusals, board captions).

The words are in the `toledo` gettext domain (`toledo/games/toledo/locale/<lang>/LC_MESSAGES/toledo.po`, without a
msgctxt): the sentences that its page parts (`page.clicks`, `page.svg`, `page.panels`) build, next to the platform's
words in the `shell` domain (`toledo.core.i18n`). `reason` says the engine's refusals
(`State.why_illegal`, always English) in the player's language. Results are plain text; German says
"du", French "vous".

`tr(key, lang, **params)` looks in this game's domain and then in the shell's, so callers need only one
function for every interface word.
"""

from __future__ import annotations

import re
from typing import Any, Final

from ...core.i18n import SHELL_DOMAIN, has_message, join_list, normalise_language, render

DOMAIN: Final = "toledo"  # this game's gettext domain; its catalogues also hold the log, explanations, rules
_SEARCH: Final = (DOMAIN, SHELL_DOMAIN)


def tr(key: str, lang: str = "en", /, **params: Any) -> str:
    """An interface text from this game's catalogue or the shell's, in `lang`."""
    return render(key, lang, params, domains=_SEARCH)


def tr_count(key: str, count: int, lang: str = "en", /, **params: Any) -> str:
    """`tr` of the plural entry `key` in the form `count` takes in `lang`, with count=count."""
    return render(key, lang, dict(count=count, **params), domains=_SEARCH, count=count)


def or_list(items: list[str], lang: str = "en") -> str:
    """'a', 'a or b', 'a, b or c'."""
    if len(items) <= 1:
        return "".join(items)
    return tr("list_or", lang, items=", ".join(items[:-1]), last=items[-1])


def and_list(items: list[str], lang: str = "en") -> str:
    return join_list(items, normalise_language(lang))


def colour_name(colour: str, lang: str = "en") -> str:
    """'Blue', 'Blau', 'Bleu' (a player colour as a name)."""
    return tr(f"colour_{colour}", lang)


def level_name(level: str, lang: str = "en") -> str:
    """A computer level's name ('easy' -> 'Leicht'); unknown registry names stay as they are."""
    key = f"level_{level}"
    return tr(key, lang) if has_message(key, domains=_SEARCH) else level


# The engine's refusal texts (State.why_illegal) and the message that says each of them.
_PHASES: Final = {
    "the turn has not started: draw, place, move or return": "why_phase_start",
    "the pawn stands on a full space: move it on or challenge": "why_phase_full",
    "the pawn just took a circle: use (or pay for) the space, or skip": "why_phase_use",
    "choose the sword to take": "why_phase_sword",
    "choose the fencing tile to take": "why_phase_fence",
    "choose the sword the pawn carries into the Alcazar": "why_phase_carry",
    "play another card or end the turn": "why_phase_continue",
}
_FIXED: Final = {
    "the game is over": "why_game_over",
    "you hold no movement tile": "why_no_movement_tile",
    "the movement tile was already used this turn": "why_movement_used",
    "a card matching the lead is played as a normal move": "why_matches_lead",
    "that tile is already placed": "why_tile_placed",
    "that sword is not on the board or costs more metal and gems than you have": "why_sword",
    "never two tiles of a kind, at most 3, and one must go back when holding 3": "why_fence",
    "that sword is not in front of you": "why_carry",
    **_PHASES,
}
_PATTERNS: Final = tuple((re.compile(pattern), key) for pattern, key in (
    (r"not a choice now \((?P<hint>.+); offered: [a-z, ]*\)", "why_not_now"),
    (r"no \w+ in hand", "why_no_card"),
    (r"only pawn (?P<pawn>\d) may move on from the full space", "why_only_active"),
    (r"pawn (?P<pawn>\d) is in the Alcazar", "why_in_alcazar"),
    (r"cards played after the lead must be a (?P<value>\d)", "why_lead"),
    (r"space (?P<space>\d+) is beyond the Alcazar entries", "why_beyond"),
    (r"space (?P<space>\d+) is an empty business space", "why_empty_space"),
    (r"space (?P<space>\d+) is full with your own pawns and the pawn could not move on", "why_own_full"),
    (r"the fee here is a card of at least (?P<fee>\d)", "why_fee"),
    (r"space (?P<space>\d+) already holds a tile", "why_space_taken"),
    (r"pawn (?P<pawn>\d) is not on the road", "why_not_on_road"),
    (r"no (?P<colour>red|blue|green|yellow) pawn to challenge here", "why_no_challenge"),
))


def reason(text: str, lang: str = "en") -> str:
    """The engine's English refusal `text` said in `lang` (unknown texts are returned unchanged)."""
    key = _FIXED.get(text)
    if key is not None:
        return tr(key, lang)
    for pattern, key in _PATTERNS:
        match = pattern.fullmatch(text)
        if match is None:
            continue
        params = match.groupdict()
        if "hint" in params:
            params["hint"] = reason(params["hint"], lang)
        if "colour" in params:
            params["colour"] = colour_name(params["colour"], lang)
        return tr(key, lang, **params)
    return text


def sentence(text: str, lang: str = "en") -> str:
    """A reason as a sentence: capital letter and full stop."""
    return tr("msg_sentence", lang, text=text[:1].upper() + text[1:])


__all__ = ["DOMAIN", "and_list", "colour_name", "level_name", "or_list", "reason", "sentence", "tr",
           "tr_count"]
