"""The page protocol: what a game supplies so that one page (the shell and one controller) plays it.

The game protocol (`protocol.py`) is the rules; this is the table. A game's page parts are pure Python
(no browser module), live in its folder as the package `<game package>.page` whose attribute `PAGE`
meets `GamePage`, and are found through the registry (`page_of`), so adding a game to the site is its
folder and its one registry line.

One click-key scheme for every game: each clickable thing, on the board drawing or in the panels, carries
one `data-key` attribute whose value is a key `kind:id` ("space:12", "card:k13", "action:end") or a bare
`kind` ("deck"). A game maps a click's key back to a step of an action's click path (`GamePage.click`),
and an action to the keys a player clicks for it (`GamePage.keys_for`, which a tutorial lights).

Most games can describe their clicks as *click paths*: each legal action is reached by one or more
sequences of keys; the paths of all legal actions form a tree (`ClickTree`), the selection so far is a
position in it and what is offered are its branches. Where several actions end on the same path, the
choice ends in a button per action (key `action:<the action's text>`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Generic, Protocol, TypeVar

from . import registry

KEY_ATTRIBUTE: Final = "data-key"  # the one attribute every clickable element carries
ACTION: Final = "action"  # the key kind of a button naming one action by its canonical text

A = TypeVar("A", bound=Hashable)
Step = Hashable  # one step of a click path: a key, or a value whose str() is its key


def key(kind: str, ident: object = "") -> str:
    """The key of a clickable thing: "kind:id", or "kind" alone."""
    text = str(ident)
    return f"{kind}:{text}" if text else kind


def split_key(value: str) -> tuple[str, str]:
    """A key's kind and id ("space:12" -> ("space", "12"); "deck" -> ("deck", ""))."""
    kind, _, ident = str(value).partition(":")
    return kind, ident


def action_key(action: object) -> str:
    """The key of the button that applies `action` at once."""
    return key(ACTION, action)


# --- the generic click tree -----------------------------------------------------------------------------
class ClickNode(Generic[A]):
    """A position in the click tree: the steps on from here, the actions whose path ends here, and every
    action whose path passes through."""

    __slots__ = ("children", "done", "actions")

    def __init__(self) -> None:
        self.children: dict[Step, ClickNode[A]] = {}
        self.done: list[A] = []
        self.actions: list[A] = []

    def leaf(self) -> A | None:
        """The one action a click here completes (None while the choice goes on or several end here)."""
        return self.done[0] if len(self.done) == 1 and not self.children else None


class ClickTree(Generic[A]):
    """The click paths of a legal-action list as a tree. `paths(action)` lists an action's click paths
    (the first is the one `keys_for` names)."""

    __slots__ = ("legal", "root", "_paths")

    def __init__(self, legal: Sequence[A], paths: Callable[[A], Iterable[Sequence[Step]]]) -> None:
        self.legal = tuple(legal)
        self.root: ClickNode[A] = ClickNode()
        self._paths = paths
        for action in self.legal:
            for path in paths(action):
                node = self.root
                for step in path:
                    child = node.children.get(step)
                    if child is None:
                        child = node.children[step] = ClickNode()
                    child.actions.append(action)
                    node = child
                node.done.append(action)

    def walk(self, selection: Sequence[Step]) -> ClickNode[A] | None:
        """The node a selection leads to, or None when it leads nowhere in this tree."""
        node = self.root
        for step in selection:
            child = node.children.get(step)
            if child is None:
                return None
            node = child
        return node

    def click(self, selection: Sequence[Step], step: Step) -> tuple[tuple[Step, ...], A | None]:
        """A click on `step` with `selection` made so far: the new selection, and the action the click
        completes (else None). A click on the last selected step takes it back; on a step that only
        starts a new choice it starts afresh; on anything else it changes nothing. Never an action
        outside the legal list."""
        sel = tuple(selection)
        node = self.walk(sel)
        if node is None:
            sel, node = (), self.root
        if sel and step == sel[-1]:
            return sel[:-1], None
        child = node.children.get(step)
        if child is None:
            child = self.root.children.get(step)
            if child is None:
                return sel, None
            sel = ()
        action = child.leaf()
        if action is not None:
            return (), action
        return sel + (step,), None

    def keys_for(self, action: A) -> tuple[str, ...]:
        """The keys a player clicks, from no selection, to apply `action`: its first click path, and the
        action's own button where several actions end on that path. () for an action not in the tree."""
        for path in self._paths(action):
            node = self.walk(path)
            if node is None or action not in node.done:
                continue
            keys = tuple(str(step) for step in path)
            return keys if node.leaf() == action else (*keys, action_key(action))
        return ()


_TREES: dict[tuple[int, int], tuple[tuple[Any, ...], ClickTree[Any]]] = {}


def click_tree(legal: tuple[A, ...], paths: Callable[[A], Iterable[Sequence[Step]]]) -> ClickTree[A]:
    """The click tree of a legal-action tuple, remembered for the last few tuples (a state keeps its
    own tuple while it stands, so one redraw and the click after it build the tree once)."""
    slot = (id(legal), id(paths))
    hit = _TREES.get(slot)
    if hit is not None and hit[0] is legal:
        return hit[1]
    tree = ClickTree(legal, paths)
    if len(_TREES) >= 8:
        _TREES.clear()
    _TREES[slot] = (legal, tree)
    return tree


# --- what a game supplies --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Clicked:
    """What a click did: the choice built so far, the action to apply (None while the choice goes on),
    and a line for the player (a refusal, or "")."""

    choice: Any
    action: Any = None
    message: str = ""


@dataclass(frozen=True)
class Button:
    """A clickable thing the page shows beside the board: its key, its words, whether it is the one to press."""

    key: str
    label: str
    primary: bool = False


class PageOffer(Protocol):
    """What the page shows for the decision at hand: a prompt and every key clickable now."""

    prompt: str

    @property
    def keys(self) -> frozenset[str]: ...


class GamePage(Protocol):
    """A game's page parts. Every method is a pure function of its arguments (HTML and SVG as text; every
    text from a player escaped); words come from the game's gettext catalogues."""

    name: str  # the registry's name
    stylesheet: str  # the game's style sheet, a file beside its page module ("" for none); the build links it
    level_order: tuple[str, ...]  # the computer levels offered, weakest first (the registered ones among them)
    colours: tuple[str, ...]  # colour names a seat may take, by colour index
    variants: tuple[str, ...]  # the game's variants ("" alone: none to choose)
    # The board's drawings besides "wide", each with the screens that get it (a CSS media query), the first
    # that matches winning: `board_svg(layout=...)` and `preview_svg` draw any of them, or "wide".
    layouts: tuple[tuple[str, str], ...]

    # --- words and help ---------------------------------------------------------------------------
    def tr(self, key: str, lang: str, /, **params: Any) -> str:
        """Every interface word: the game's catalogue, then the shell's. A game's own catalogue says
        `setup_lead` (the start screen's line) and `info_hint` (how to hear what a thing does)."""
        ...

    def level_name(self, level: str, lang: str) -> str: ...

    def colour_name(self, colour: str, lang: str) -> str: ...

    def variant_name(self, variant: str, lang: str) -> str: ...

    def shortcuts(self, lang: str) -> list[tuple[str, str]]:
        """The keyboard help: (key as shown, what it does)."""
        ...

    def rules_html(self, lang: str) -> str: ...

    def how_to_play(self, lang: str) -> tuple[str, tuple[str, ...]]:
        """The start screen's one-minute card: a title and the lines that teach a turn."""
        ...

    def lead(self, lang: str) -> str:
        """The chooser's line under the game's title."""
        ...

    # --- the board --------------------------------------------------------------------------------
    min_players: int
    max_players: int

    def new_state(self, num_players: int, seed: int, start: int = 0, colours: tuple[int, ...] = (),
                  variant: str = "") -> Any: ...

    def view_for(self, state: Any, seat: int) -> Any:
        """The view the page draws: `seat`'s, or with seat -1 a spectator's that shows no secret."""
        ...

    def board_svg(self, view: Any, offer: PageOffer | None = None, *, names: Sequence[str] = (),
                  recent: frozenset[str] = frozenset(), lang: str = "en", layout: str = "wide",
                  you: bool = True, kinds: Sequence[str] = ()) -> str:
        """The board as SVG, a pure function of the view: every clickable element carries `data-key`;
        what `offer` offers is drawn clickable. `you=False`: the words speak to a spectator. `kinds` are
        the seats' kinds ("human" or a level), for a drawing that names the computers' levels."""
        ...

    def preview_svg(self, num_players: int, lang: str, layout: str) -> str:
        """The start screen's empty board (the build draws it into the page as its skeleton too)."""
        ...

    # --- clicks -----------------------------------------------------------------------------------
    def fresh_choice(self) -> Any:
        """The choice before any click (a hashable value)."""
        ...

    def offer(self, state: Any, choice: Any, lang: str, view: Any = None) -> PageOffer:
        """What the player to act may click now, given the choice so far (`view`: the acting seat's, when
        the caller has it, so it is not made twice)."""
        ...

    def click(self, state: Any, choice: Any, key: str, lang: str) -> Clicked: ...

    def keys_for(self, state: Any, action: Any) -> tuple[str, ...]:
        """The keys a player clicks, from a fresh choice, to apply the legal `action`."""
        ...

    def key_press(self, state: Any, seat: int, choice: Any, offer: PageOffer, key: str) -> str | None:
        """A shortcut key (a KeyboardEvent.key) as the click key it stands for, for `seat` (whose hand
        shows) with this choice and offer; None when it means nothing now (only what the offer offers)."""
        ...

    # --- panels -----------------------------------------------------------------------------------
    def panels(self, state: Any, view: Any, seat: int, offer: PageOffer | None, lang: str) -> Mapping[str, str]:
        """The boxes beside the board by the page's element id: "actions" (the buttons), "hand" (`seat`'s
        hand; seat -1: none shows) and any other box the game fills. Every clickable element carries
        `data-key`; together with the board they hold a target for every key the offer offers."""
        ...

    def players_html(self, state: Any, names: Sequence[str], kinds: Sequence[str], lang: str, viewer: int) -> str: ...

    def scores_html(self, state: Any, names: Sequence[str], lang: str) -> str:
        """The end screen's result; a part marked `class="end-more"` (a chart, the last scoring) a phone
        shows under the way on ("Play again", "New game"), the rest above it."""
        ...

    def verdict(self, state: Any, names: Sequence[str], lang: str) -> str: ...

    def action_text(self, outcome: Any, action: Any, after: Any, names: Sequence[str], lang: str) -> str:
        """The action alone in words (the coach's words for it); `outcome` is what its apply returned."""
        ...

    def log_line(self, outcome: Any, action: Any, after: Any, names: Sequence[str], lang: str) -> str:
        """One move-log entry: the action in words, and what it set off."""
        ...

    def recent_keys(self, outcome: Any, action: Any, after: Any) -> frozenset[str] | None:
        """The board keys the action changed (drawn as news); None keeps the last news."""
        ...


PHONE_UPRIGHT = "(max-width: 700px)"  # a phone held upright: every board stacks its panels under it
# A tablet held upright: narrower than the page's side panel needs (its panels become sheets), not a phone.
TABLET_UPRIGHT = "(max-width: 900px) and (orientation: portrait)"
# A screen with the side panel (a desktop, a large tablet) not much wider than tall: beside the panel the
# board's box is about square, or taller than wide (1024 x 768, 1180 x 820, 1280 x 1024; not 1280 x 800).
SQUARISH_DESKTOP = "(min-width: 901px) and (max-aspect-ratio: 3/2)"
# A screen with the side panel held upright (a large tablet, a monitor on its side).
DESKTOP_UPRIGHT = "(min-width: 901px) and (orientation: portrait)"


class PageWords:
    """What a game's page says alike in every game, from the game's words module (`tr`, `level_name`,
    `colour_name`) and its rules help: a game's `GamePage` subclasses it and sets `words` and `rules`."""

    name: str
    layouts: tuple[tuple[str, str], ...] = (("tall", PHONE_UPRIGHT),)
    words: Any  # the game's page words: tr(key, lang, **params), level_name(level, lang), colour_name(colour, lang)
    rules: Callable[..., str]  # rules_html(lang, heading_level=...)
    how_to_play_lines = 5  # the card's lines: howto_<name>_1 ..., in the game's own catalogue

    def tr(self, key: str, lang: str, /, **params: Any) -> str:
        return self.words.tr(key, lang, **params)  # type: ignore[no-any-return]

    def level_name(self, level: str, lang: str) -> str:
        return self.words.level_name(level, lang)  # type: ignore[no-any-return]

    def colour_name(self, colour: str, lang: str) -> str:
        return self.words.colour_name(colour, lang)  # type: ignore[no-any-return]

    def rules_html(self, lang: str) -> str:
        return self.rules(lang, heading_level=3)

    def how_to_play(self, lang: str) -> tuple[str, tuple[str, ...]]:
        return (self.tr(f"howto_{self.name}_title", lang),
                tuple(self.tr(f"howto_{self.name}_{i}", lang) for i in range(1, self.how_to_play_lines + 1)))

    def lead(self, lang: str) -> str:
        return self.tr(f"game_lead_{self.name}", lang)


def page_of(name: str) -> GamePage:
    """The page parts of the registered game `name` (its package's `page.PAGE`), imported on first use."""
    import importlib

    return importlib.import_module(f"{registry.info(name).module}.page").PAGE  # type: ignore[no-any-return]


def has_page(name: str) -> bool:
    """The registered game `name` has page parts (the site can offer it). Looked up without importing the
    game: a page that plays one game need not load another's rules to list it."""
    import importlib.machinery
    import importlib.util
    import sys

    module = registry.info(name).module
    if module in sys.modules:  # already imported (a restored snapshot holds modules whose files are not written)
        return importlib.util.find_spec(f"{module}.page") is not None
    try:
        game = importlib.util.find_spec(module)
    except ModuleNotFoundError:
        return False
    places = game.submodule_search_locations if game is not None else None
    found = importlib.machinery.PathFinder.find_spec(f"{module}.page", list(places or ()))
    return found is not None
