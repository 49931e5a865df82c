"""The versioned save format: a game is its setup plus its action list.

The same JSON serves save files, autosave, share links and bug reports. Loading validates the
document with pydantic, then replays every action on a fresh state; any problem raises one
`SaveFileError` with a one-line message naming the field or the step, and nothing is half-loaded.
"""

from __future__ import annotations

import json
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from ..games.toledo import data as D
from ..games.toledo.actions import parse
from .errors import SaveFileError, ToledoError
from ..games.toledo.state import Setup, State

SAVE_FORMAT = "toledo-save"
SAVE_VERSION = 1
PLAYER_KINDS = ("human", "random", "easy", "medium", "hard", "expert")
MAX_NAME_LENGTH = 40


class PlayerEntry(BaseModel):
    """One seat: its name (shown as text, never as markup), colour and who plays it."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str = Field(min_length=1, max_length=MAX_NAME_LENGTH)
    colour: Literal["red", "blue", "green", "yellow"]
    kind: Literal["human", "random", "easy", "medium", "hard", "expert"] = "human"

    @field_validator("name")
    @classmethod
    def _printable(cls, name: str) -> str:
        if not name.strip() or any(ord(ch) < 32 for ch in name):
            raise ValueError("a name must be visible text without control characters")
        return name


class SetupModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    players: list[PlayerEntry] = Field(min_length=D.MIN_PLAYERS, max_length=D.MAX_PLAYERS)
    seed: int = Field(ge=0, lt=2**63)
    start_player: int = Field(default=0, ge=0, lt=D.MAX_PLAYERS)
    rules: int = Field(default=1, ge=1, le=2)  # Toledo's rules revision; absent in older documents

    @model_validator(mode="after")
    def _consistent(self) -> SetupModel:
        colours = [p.colour for p in self.players]
        if len(set(colours)) != len(colours):
            raise ValueError("two seats have the same colour")
        if self.start_player >= len(self.players):
            raise ValueError(f"start_player {self.start_player} is not one of the {len(self.players)} seats")
        return self

    def to_setup(self) -> Setup:
        colours = tuple(D.COLOURS.index(p.colour) for p in self.players)
        return Setup(len(self.players), self.seed, self.start_player, colours, self.rules)


class SaveModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    format: Literal["toledo-save"] = SAVE_FORMAT
    version: Literal[1] = SAVE_VERSION
    setup: SetupModel
    actions: list[str] = Field(default_factory=list)


def default_players(num_players: int, kinds: list[str] | None = None) -> list[PlayerEntry]:
    kinds = kinds or ["human"] * num_players
    return [PlayerEntry(name=D.COLOURS[i].capitalize(), colour=D.COLOURS[i], kind=kinds[i]) for i in range(num_players)]  # type: ignore[arg-type]


def to_save(state: State, players: list[PlayerEntry] | None = None) -> SaveModel:
    """The save document of a game (its setup, seats and every action so far)."""
    if state.base_step:
        raise ValueError("a sampled state has no complete history to save")
    setup = state.setup
    if players is None:
        players = [PlayerEntry(name=D.COLOURS[c].capitalize(), colour=D.COLOURS[c]) for c in setup.colours]  # type: ignore[arg-type]
    model = SetupModel(players=players, seed=setup.seed, start_player=setup.start_player, rules=setup.rules)
    if model.to_setup() != setup:
        raise ValueError("the players' colours do not match the game's")
    return SaveModel(setup=model, actions=[str(a) for a in state.history])


def dumps(state: State, players: list[PlayerEntry] | None = None) -> str:
    return to_save(state, players).model_dump_json(indent=1)


def _first_error(err: ValidationError) -> str:
    e = err.errors()[0]
    where = ".".join(str(part) for part in e["loc"]) or "document"
    more = f" (and {err.error_count() - 1} more)" if err.error_count() > 1 else ""
    return f"{where}: {e['msg']}{more}"


def validate(document: object) -> SaveModel:
    """Check the shape of a decoded save document; raise SaveFileError naming the first problem."""
    if not isinstance(document, dict):
        raise SaveFileError("the document is not a JSON object")
    if document.get("format") != SAVE_FORMAT:
        raise SaveFileError(f"not a Toledo save (format is {document.get('format')!r}, expected {SAVE_FORMAT!r})")
    version = document.get("version")
    if type(version) is not int or version != SAVE_VERSION:  # not true or 1.0, which equal 1 in Python
        raise SaveFileError(f"unknown version {version!r} (this build reads version {SAVE_VERSION})")
    try:
        return SaveModel.model_validate(document, strict=True)
    except ValidationError as err:
        raise SaveFileError(_first_error(err)) from None


def load_model(model: SaveModel) -> State:
    """Replay a validated save on a fresh state."""
    try:
        state = State(model.setup.to_setup())
    except ToledoError as err:
        raise SaveFileError(f"impossible setup: {err}") from None
    for step, text in enumerate(model.actions):
        try:
            state.apply(parse(text))
        except ToledoError as err:
            reason = getattr(err, "reason", str(err))
            raise SaveFileError(f"action {text!r} cannot be played: {reason}", step=step) from None
    return state


def loads(text: str | bytes) -> tuple[SaveModel, State]:
    """Read a save file's text: its validated document and the replayed state."""
    try:
        document = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise SaveFileError(f"not valid JSON ({err})") from None
    except RecursionError:
        raise SaveFileError("not valid JSON (nested too deeply)") from None
    model = validate(document)
    return model, load_model(model)
