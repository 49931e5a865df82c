"""The one save format of every game, written without pydantic: a game is its setup plus its actions.

    {"format": "tabletop-save", "version": 2, "game": "toledo", "variant": "base",
     "setup": {"players": [{"name", "colour", "kind"}...], "seed", "start_player", "rules"},
     "actions": ["draw", ...]}

Save files, share links (`toledo.core.share`), the stored-games list (`toledo.core.store`) and bug
reports all carry this document. `rules` is the game's rules revision the game was played under, so a
later rules correction never changes an old game. Version 1 (before several games: no `game`, no
`variant`, `rules` optional) is read as Toledo, revision 1 unless it says otherwise. Files written
while the platform had one game name the format "toledo-save"; they are read as they are.

Writing is cheap enough for every action; reading validates with pydantic (`toledo.core.save`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import registry
from .boundary.cap import check_writable
from .boundary.excerpt import excerpt
from .boundary.links import pack
from .errors import InputError, SetupError

if TYPE_CHECKING:  # pragma: no cover
    from .protocol import Game

SAVE_FORMAT = "tabletop-save"  # the platform's, not one game's
SAVE_FORMATS = (SAVE_FORMAT, "toledo-save")  # every name read; the second was written by the one-game release
SAVE_VERSION = 2
# a stored game in the browser (`toledo.core.store`) wraps a save document under its own name
AUTOSAVE_FORMAT = "tabletop-autosave"
AUTOSAVE_FORMATS = (AUTOSAVE_FORMAT, "toledo-autosave")  # every name read; the second: the one-game release
AUTOSAVE_VERSION = 3  # 3: each entry says which write it is and which tab made it
AUTOSAVE_VERSIONS = (1, 2, 3)
SAVE_VERSIONS = (1, 2)
LEGACY_GAME = "toledo"  # the only game of version-1 documents
LEGACY_RULES = 1  # the rules revision of a version-1 document that names none


def game_named(name: object, source: str = "save") -> Game:
    """The registered game called `name`; InputError when there is none or this build lacks it."""
    if not isinstance(name, str) or name not in registry.names():
        raise InputError(f"game: no game is called {excerpt(name)} (known: {', '.join(registry.names())})",
                         source=source, code="unavailable")
    try:
        return registry.get(name)
    except (ImportError, AttributeError, SetupError):
        raise InputError(f"game: {name} cannot be played in this version yet", source=source,
                         code="unavailable") from None


def rules_revisions(game: Game) -> tuple[int, ...]:
    """The rules revisions `game` can replay (a game that names none has one: 1)."""
    return tuple(getattr(game, "rules_revisions", (1,)))


def setup_rules(game: Game, setup: Any) -> int:
    """The rules revision `setup`'s game is played under."""
    ask = getattr(game, "setup_rules", None)
    return ask(setup) if ask is not None else 1


def make_setup(game: Game, num_players: int, seed: int, start_player: int, colours: Sequence[int], variant: str,
               rules: int) -> Any:
    """`game.make_setup` with a rules revision (SetupError when the game has no such revision)."""
    if rules not in rules_revisions(game):
        raise SetupError(f"{game.title} has no rules revision {rules}")
    if hasattr(game, "rules_revisions"):
        return game.make_setup(num_players, seed, start_player, colours, variant, rules)
    return game.make_setup(num_players, seed, start_player, colours, variant)


def save_document(setup: Any, names: Sequence[str], kinds: Sequence[str], actions: Sequence[object],
                  game: Game | None = None) -> dict[str, Any]:
    """The save document of a game (`toledo.core.save.SaveModel`'s JSON form, same keys in the same
    order). `game` defaults to the game `setup` belongs to. GameTooLongError, before anything is
    written, when the game is longer than a reader accepts."""
    check_writable(len(actions))
    game = game or registry.game_of(setup)
    players = [{"name": name, "colour": game.colours[colour], "kind": kind}
               for name, colour, kind in zip(names, setup.colours, kinds)]
    return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": game.name, "variant": game.setup_variant(setup),
            "setup": {"players": players, "seed": setup.seed, "start_player": setup.start_player,
                      "rules": setup_rules(game, setup)},
            "actions": [str(a) for a in actions]}


def save_text(document: dict[str, Any]) -> str:
    """A save file's text (as `toledo.core.save.dumps` writes it)."""
    return json.dumps(document, indent=1, ensure_ascii=False)


def share_fragment(document: dict[str, Any]) -> str:
    """The URL fragment (without '#') of a save document; `toledo.core.share.decode` reads it back."""
    return pack(json.dumps(document, separators=(",", ":")).encode("utf-8"))


def check_header(document: object, source: str = "save") -> int:
    """The format version of a decoded document; InputError when it is no save of this platform or of
    a version this build cannot read."""
    if not isinstance(document, dict):
        raise InputError(f"not a saved game of this site (the {source} holds {excerpt(document)}, not a JSON object)",
                         source=source, code="not_ours")
    if document.get("format") not in SAVE_FORMATS:
        found = excerpt(document.get("format")) if "format" in document else "missing"
        raise InputError(f"not a saved game of this site (format {found}, not {SAVE_FORMAT!r})", source=source,
                         code="not_ours")
    version = document.get("version")
    if type(version) is not int or version not in SAVE_VERSIONS:  # not True or 1.0, which equal 1 in Python
        raise InputError(f"unknown version {excerpt(version)} (this build reads versions 1 and 2)", source=source,
                         code="version", found=excerpt(version))
    return version


def upgrade(document: dict[str, Any]) -> dict[str, Any]:
    """A document of an older kind in today's form: the format under its current name, and a version-1
    document as version 2 (a Toledo game; rules revision 1 unless it names one). Other keys are kept,
    so the schema still names anything that does not belong."""
    if document.get("version") != 1:
        return {**document, "format": SAVE_FORMAT} if document.get("format") in SAVE_FORMATS[1:] else document
    for key in ("game", "variant"):
        if key in document:
            raise InputError(f"{key}: version 1 has no such field")
    setup = document.get("setup")
    if isinstance(setup, dict):
        setup = {"start_player": 0, **setup, "rules": setup.get("rules", LEGACY_RULES)}
    upgraded: dict[str, Any] = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": LEGACY_GAME,
                                "variant": game_named(LEGACY_GAME).variants[0]}
    for key, value in document.items():
        if key not in upgraded:
            upgraded[key] = setup if key == "setup" else value
    return upgraded


def same_game(first: dict[str, Any], second: dict[str, Any]) -> bool:
    """Whether two save documents hold one game at two moments: the same game, variant and setup
    (seats included), and the actions of `first` are where `second`'s begin."""
    keys = ("game", "variant", "setup")
    if any(first.get(k) != second.get(k) for k in keys):
        return False
    before, after = first.get("actions"), second.get("actions")
    return isinstance(before, list) and isinstance(after, list) and after[:len(before)] == before
