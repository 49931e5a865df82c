"""Reading and writing save documents (`toledo.core.codec`) with pydantic, for every game.

Loading goes through the boundary (`toledo.core.boundary`: size, depth, numbers, strict UTF-8), checks
the format and version, validates the document with pydantic and then against the game it names
(player count, colours, variant, rules revision), and replays every action on a fresh state. Any
problem raises one `InputError` (`SaveFileError`) in one line naming the field or the step, and
nothing is half-loaded.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from . import registry
from .boundary.document import check_actions, read_json
from .boundary.excerpt import excerpt
from .boundary.cap import check_writable
from .codec import (
    LEGACY_GAME,
    SAVE_FORMAT,
    SAVE_VERSION,
    check_header,
    game_named,
    make_setup,
    rules_revisions,
    setup_rules,
    upgrade,
)
from .errors import InputError, SaveFileError, ToledoError
from .history import replay_texts

if TYPE_CHECKING:  # pragma: no cover
    from .protocol import Game, State

__all__ = ["PLAYER_KINDS", "PlayerEntry", "SaveFileError", "SaveModel", "SetupModel", "default_players", "dumps",
           "first_error", "load_model", "loads", "to_save", "validate"]

PLAYER_KINDS = ("human", "random", "easy", "medium", "hard", "expert")
MAX_NAME_LENGTH = 40
MAX_SEATS = 8  # more than any game of the platform seats; each game checks its own range
_NAME_PATTERN = r"^[a-z][a-z0-9_-]{0,31}$"
_INVISIBLE = frozenset("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")  # direction marks


class PlayerEntry(BaseModel):
    """One seat: its name (shown as text, never as markup), colour and who plays it."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)
    name: str = Field(min_length=1, max_length=MAX_NAME_LENGTH)
    colour: str = Field(min_length=1, max_length=20)  # one of the game's colours (checked against the game)
    kind: Literal["human", "random", "easy", "medium", "hard", "expert"] = "human"

    @field_validator("name")
    @classmethod
    def _printable(cls, name: str) -> str:
        if not name.strip() or any(unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp") or ch in _INVISIBLE
                                   for ch in name):
            raise ValueError("a name must be visible text without control characters")
        return name


class SetupModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)
    players: list[PlayerEntry] = Field(min_length=1, max_length=MAX_SEATS)
    seed: int = Field(ge=0, lt=2**63)
    start_player: int = Field(ge=0, lt=MAX_SEATS)
    rules: int = Field(ge=1, le=999)  # the game's rules revision the game was played under


class SaveModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)
    format: Literal["tabletop-save"] = SAVE_FORMAT  # older names are renamed by codec.upgrade
    version: Literal[2] = SAVE_VERSION
    game: str = Field(pattern=_NAME_PATTERN)
    variant: str = Field(pattern=_NAME_PATTERN)
    setup: SetupModel
    # no length here: the one cap on a game's length (`boundary.cap`) is checked before a document
    # is validated (`check_actions`) and before one is written (`to_save`, `codec.save_document`)
    actions: list[str] = Field(default_factory=list)

    def game_object(self) -> Game:
        return game_named(self.game)

    def to_setup(self) -> Any:
        """The game's setup (SetupError when the game cannot be set up so)."""
        game = self.game_object()
        setup = self.setup
        colours = tuple(game.colours.index(p.colour) for p in setup.players)
        return make_setup(game, len(setup.players), setup.seed, setup.start_player, colours, self.variant, setup.rules)


# Built on first use, or one by one by whoever imports this module ahead (the page, between two turns of
# the browser): building all three at import is the longest piece of importing the saves.
MODELS: tuple[type[BaseModel], ...] = (PlayerEntry, SetupModel, SaveModel)


def default_players(num_players: int, kinds: list[str] | None = None, game: str = LEGACY_GAME) -> list[PlayerEntry]:
    """Seats named after their colours, in the game's colour order."""
    colours = game_named(game).colours
    kinds = kinds or ["human"] * num_players
    return [PlayerEntry(name=colours[i].capitalize(), colour=colours[i], kind=kinds[i])  # type: ignore[arg-type]
            for i in range(num_players)]


def to_save(state: State, players: list[PlayerEntry] | None = None) -> SaveModel:
    """The save document of a game (its setup, seats and every action so far). GameTooLongError,
    before anything is built, when the game is longer than a reader accepts."""
    if state.base_step:
        raise ValueError("a sampled state has no complete history to save")
    check_writable(len(state.history))
    game = registry.game_of(state)
    setup = state.setup
    if players is None:
        players = [PlayerEntry(name=game.colours[c].capitalize(), colour=game.colours[c]) for c in setup.colours]
    model = SaveModel(game=game.name, variant=game.setup_variant(setup),
                      setup=SetupModel(players=players, seed=setup.seed, start_player=setup.start_player,
                                       rules=setup_rules(game, setup)),
                      actions=[str(a) for a in state.history])
    try:
        same = model.to_setup() == setup
    except (ValueError, ToledoError):
        same = False
    if not same:
        raise ValueError("the players' colours do not match the game's")
    return model


def dumps(state: State, players: list[PlayerEntry] | None = None) -> str:
    """A save file's text; what it writes, `loads` reads back (GameTooLongError otherwise, unwritten)."""
    return to_save(state, players).model_dump_json(indent=1)


def first_error(err: ValidationError, prefix: str = "") -> str:
    """The first problem pydantic found, as `field.path: message` (field names from the input cut short)."""
    e = err.errors(include_url=False, include_input=False)[0]
    where = prefix + ".".join(str(part) if len(str(part)) <= 24 else excerpt(str(part), 20) for part in e["loc"])
    more = f" (and {err.error_count() - 1} more)" if err.error_count() > 1 else ""
    return f"{where or 'document'}: {e['msg']}{more}"


def check_game(model: SaveModel, prefix: str = "", source: str = "save") -> None:
    """What only the named game can say: a game of this build, its variant, rules revision, number
    of seats and colours."""
    try:
        game = model.game_object()
    except InputError as err:
        raise InputError(prefix + err.reason, source=source, code=err.code) from None
    setup = model.setup

    def refuse(where: str, reason: str) -> None:
        raise InputError(f"{prefix}{where}: {reason}", source=source)

    if model.variant not in game.variants:
        refuse("variant", f"{game.title} has no variant {excerpt(model.variant)} (only {', '.join(game.variants)})")
    if setup.rules not in rules_revisions(game):
        refuse("setup.rules", f"{game.title} has no rules revision {setup.rules}")
    if not game.min_players <= len(setup.players) <= game.max_players:
        refuse("setup.players", f"{game.title} is for {game.min_players} to {game.max_players} players, "
                                f"not {len(setup.players)}")
    for seat, player in enumerate(setup.players):
        if player.colour not in game.colours:
            refuse(f"setup.players.{seat}.colour", f"{excerpt(player.colour)} is not a {game.title} colour "
                                                   f"({', '.join(game.colours)})")
    colours = [p.colour for p in setup.players]
    if len(set(colours)) != len(colours):
        refuse("setup.players", "two seats have the same colour")
    if setup.start_player >= len(setup.players):
        refuse("setup.start_player", f"start_player {setup.start_player} is not one of the {len(setup.players)} seats")


def validate(document: object, source: str = "save") -> SaveModel:
    """Check a decoded save document (either version); raise InputError naming the first problem."""
    check_header(document, source)
    assert isinstance(document, dict)
    check_actions(document.get("actions"), source)
    try:
        model = SaveModel.model_validate(upgrade(document), strict=True)
    except ValidationError as err:
        raise InputError(first_error(err), source=source) from None
    check_game(model, source=source)
    return model


def load_model(model: SaveModel, source: str = "save") -> State:
    """Replay a validated save on a fresh state."""
    try:
        setup = model.to_setup()
    except ToledoError as err:
        raise InputError(f"impossible setup: {getattr(err, 'reason', str(err))}", source=source) from None
    return replay_texts(model.game_object(), setup, model.actions, source)


def loads(text: str | bytes, source: str = "save") -> tuple[SaveModel, State]:
    """Read a save file's text (strict UTF-8; a byte-order mark is dropped): its validated document
    and the replayed state."""
    model = validate(read_json(text, "file", source), source)
    return model, load_model(model, source)

