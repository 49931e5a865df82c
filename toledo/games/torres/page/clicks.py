"""What the page offers for Torres: the clickable targets of the decision at hand, and what a click does.

Nothing here decides a rule: every offer is read off the legal actions. Each legal action has one or
more *click paths*, sequences of targets such as

    a knight's square, then a target square           step, passage, and knight cards after a card click
    a tower, then a square                             a block (the first one fixes the turn's tower)
    the reserve, then a square                         a new knight
    a card, then its squares / tower                   every card play
    the deck                                           buying
    the card kept (own deck, after buying)             keeping one of the top cards
    "end" (then the tower used up, if not fixed yet)   ending the turn
    a square                                           setup placements and the king's move
    a button naming the action                         scoring spaces, leaving the king where he is

The paths of all legal actions form a tree; the selection is a position in it and the offers are its
branches. Where several actions end on the same path (a step and a passage to the same square, the
ways to spread a tower's blocks, the orders of the cards put back) the choice ends in one button per
action. So every legal action is reachable by clicks and nothing else is offered.

Targets are written as keys, the same the board drawing marks: "square:d4", "tower:2", "card:k13",
"keep:k13", "deck", "reserve", "end", "cancel", "action:score 2".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, NamedTuple

from ....core.errors import ActionSyntaxError
from ....core.page import ClickNode, ClickTree, click_tree
from .. import data as D
from ..actions import PAIR_CARDS, Action, Kind, parse
from ..board import NBL
from ..stage import Stage
from ..state import State
from ..view import PlayerView
from ..words import card_name, tr, tr_count

SQUARE: Final = "square"
TOWER: Final = "tower"
CARD: Final = "card"
KEEP: Final = "keep"
DECK: Final = "deck"
RESERVE: Final = "reserve"
END: Final = "end"
ACTION: Final = "action"
CANCEL: Final = "cancel"
KINDS: Final = (SQUARE, TOWER, CARD, KEEP, DECK, RESERVE, END, ACTION, CANCEL)
# targets the board drawing shows; the others are buttons the page shows beside it
BOARD_KINDS: Final = frozenset((SQUARE, TOWER, CARD, DECK, RESERVE))
KNIGHT_CARDS: Final = frozenset(PAIR_CARDS - {D.K17})  # a knight moves from the first square to the second
_AP: Final = {Kind.PLACE: D.AP_PLACE_KNIGHT, Kind.STEP: D.AP_STEP, Kind.PASS: D.AP_PASSAGE, Kind.BUILD: D.AP_BLOCK,
              Kind.BUY: D.AP_BUY}


class Target(NamedTuple):
    """One clickable thing: a kind and, for most kinds, which one ("d4", "2" for tower t2, "k13")."""

    kind: str
    id: str = ""

    @property
    def key(self) -> str:
        return f"{self.kind}:{self.id}" if self.id else self.kind

    def __str__(self) -> str:
        return self.key

    @classmethod
    def of(cls, key: str | Target) -> Target:
        """The target of a key ("square:d4", "deck", "action:end t1")."""
        if isinstance(key, Target):
            return key
        kind, _, ident = str(key).partition(":")
        return cls(kind, ident)


Selection = tuple[Target, ...]
NOTHING: Final[Selection] = ()


def square(q: int) -> Target:
    return Target(SQUARE, D.SQUARE_NAMES[q])


def tower(slot: int) -> Target:
    return Target(TOWER, str(slot + 1))


def card(c: int) -> Target:
    return Target(CARD, D.CARD_IDS[c])


def ap_cost(action: Action) -> int:
    """The action points an action spends (cards, setup steps and ending the turn cost none)."""
    if action.kind is Kind.SCORE:
        return action.n * D.AP_PER_SPACE
    return _AP.get(action.kind, 0)


def paths(action: Action, end_towers: bool = False) -> list[Selection]:
    """The click paths that lead to `action`. `end_towers`: ending the turn still names its tower."""
    k = action.kind
    if k is Kind.BLOCK or k is Kind.KNIGHT or k is Kind.KING:
        return [(square(action.sq),)]
    if k is Kind.PLACE:
        return [(Target(RESERVE), square(action.sq))]
    if k is Kind.STEP or k is Kind.PASS:
        return [(square(action.sq), square(action.to))]
    if k is Kind.BUILD:
        return [(tower(action.tower), square(action.sq))]
    if k is Kind.BUY:
        # V2: the card kept is a decision of its own, offered once the buy is paid and the cards seen
        return [(Target(DECK),)] if action.card < 0 else [(Target(KEEP, D.CARD_IDS[action.card]),)]
    if k is Kind.PLAY:
        c = action.card
        if c in KNIGHT_CARDS:
            return [(card(c), square(action.sq), square(action.to)), (square(action.sq), square(action.to), card(c))]
        if c == D.K17:
            return [(card(c), square(action.sq), square(action.to))]
        if c == D.K12:
            return [(card(c), square(action.sq), tower(action.tower))]
        if c == D.K11:
            return [(card(c), square(action.sq))]
        return [(card(c),)]
    if k is Kind.END:
        return [(Target(END), tower(action.tower))] if end_towers else [(Target(END),)]
    return [(Target(ACTION, str(action)),)]  # scoring spaces, the king staying


def after(action: Action) -> Selection:
    """What stays selected once `action` is applied: the tower after a block, the knight after a move
    (dropped by `offers` and `click` when it offers nothing in the new position)."""
    if action.kind is Kind.BUILD:
        return (tower(action.tower),)
    if action.kind is Kind.STEP or action.kind is Kind.PASS or (
            action.kind is Kind.PLAY and action.card in KNIGHT_CARDS):
        return (square(action.to),)
    return NOTHING


# --- the tree of click paths (the generic one of the core) -----------------------------------------------
def _plain_paths(action: Action) -> list[Selection]:
    return paths(action)


def _tower_paths(action: Action) -> list[Selection]:
    return paths(action, True)


def _tree(legal: tuple[Action, ...]) -> ClickTree[Action]:
    """The path tree of a legal-action tuple (ending the turn names its tower when several could end)."""
    end_towers = len({a.tower for a in legal if a.kind is Kind.END}) > 1
    return click_tree(legal, _tower_paths if end_towers else _plain_paths)


def _legal(source: State | Sequence[Action]) -> tuple[Action, ...]:
    if isinstance(source, State):
        return source.legal_actions()
    return source if isinstance(source, tuple) else tuple(source)


def click(source: State | Sequence[Action], selection: Sequence[Target | str],
          target: Target | str) -> tuple[Selection, Action | None]:
    """A click on `target` with `selection` made so far: the new selection, and the action to apply when
    the click completes one (else None). Never an action outside the legal list.

    A click on the last selected target takes it back; on something that only starts a new choice (another
    knight, a tower, a card) it starts afresh; on anything else it changes nothing."""
    legal = _legal(source)
    chosen = Target.of(target)
    sel: Selection = tuple(Target.of(t) for t in selection)
    if chosen.kind == CANCEL:
        return NOTHING, None
    if chosen.kind == ACTION:
        try:
            action = parse(chosen.id)
        except ActionSyntaxError:
            return sel, None
        return (after(action), action) if action in legal else (sel, None)
    steps, action = _tree(legal).click(sel, chosen)
    if action is not None:
        return after(action), action
    return tuple(Target.of(t) for t in steps), None


def keys_for(source: State | Sequence[Action], action: Action) -> tuple[str, ...]:
    """The keys a player clicks, from nothing selected, to apply the legal `action`."""
    return _tree(_legal(source)).keys_for(action)


# --- what to show -------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Option:
    """One offered click: its target, what it does in words, the AP its actions cost, the legal actions it
    leads towards, and the action it applies at once (None when it only narrows the choice)."""

    target: Target
    label: str
    ap: tuple[int, ...]
    actions: tuple[Action, ...]
    action: Action | None
    castles: tuple[str, ...] = ()  # a passage's castles, each named by its first square

    @property
    def key(self) -> str:
        return self.target.key


@dataclass(frozen=True, slots=True)
class Offers:
    selection: Selection
    prompt: str
    options: tuple[Option, ...] = field(default=())

    @property
    def keys(self) -> frozenset[str]:
        """The keys of everything clickable now (the board drawing's `legal`)."""
        return frozenset(o.key for o in self.options)

    @property
    def selected(self) -> frozenset[str]:
        """The keys of the selection (the board drawing's `selected`)."""
        return frozenset(t.key for t in self.selection)

    def buttons(self) -> tuple[Option, ...]:
        """The options the board does not show: buttons for the page."""
        return tuple(o for o in self.options if o.target.kind not in BOARD_KINDS)

    def actions(self) -> frozenset[Action]:
        return frozenset(a for o in self.options for a in o.actions)


def offers(source: State | Sequence[Action], selection: Sequence[Target | str] = (), *,
           view: PlayerView | None = None, lang: str = "en") -> Offers:
    """The prompt and the options for the player to act, given the selection so far (dropped when it
    leads nowhere now). `view` (the acting seat's; taken from `source` when it is a state) adds the
    details the actions do not carry: heights, castles passed through, tower contents."""
    legal = _legal(source)
    if view is None and isinstance(source, State) and not source.is_terminal():
        view = source.view(source.current_player)
    tree = _tree(legal)
    root = tree.root
    sel: Selection = tuple(Target.of(t) for t in selection)
    node = tree.walk(sel)
    if node is None or node is root:
        sel, node = NOTHING, root
    talk = _Talk(view, lang, legal)
    options = [talk.option(sel, target, child) for target, child in node.children.items()]
    if node is not root:
        options += [talk.option_action(a) for a in node.done]
        options.append(Option(Target(CANCEL), tr("opt_cancel", lang), (), (), None))
    return Offers(sel, talk.prompt(sel, node), tuple(options))


def describe_action(action: Action, view: PlayerView | None = None, lang: str = "en") -> str:
    """An action in words, without its cost (`view`, the acting seat's, adds heights and castles)."""
    return _Talk(view, lang, ()).describe(action)


def recent_keys(action: Action | None) -> frozenset[str]:
    """The board keys an action changed (for the drawing's `recent`)."""
    if action is None:
        return frozenset()
    out = {square(q).key for q in (action.sq, action.to) if q >= 0}
    return frozenset(out)


def passage_castles(view: PlayerView, s: int, t: int) -> tuple[int, ...]:
    """The castles (numbers of the view) a knight on s could have passed through to reach t: those
    beside s with a square beside t higher than t. Words only: legality is the engine's."""
    h, castle = view.heights, view.castle
    entered = {castle[n] for n in NBL[s] if castle[n] >= 0}
    return tuple(sorted(c for c in entered if any(castle[n] == c and h[n] > h[t] for n in NBL[t])))


def castle_name(view: PlayerView, number: int) -> str:
    """A castle named by its first square (the view numbers castles in that order)."""
    return D.SQUARE_NAMES[view.castle.index(number)]


class _Talk:
    """Labels and prompts in one language."""

    def __init__(self, view: PlayerView | None, lang: str, legal: tuple[Action, ...]) -> None:
        self.view = view
        self.lang = lang
        self.legal = legal

    def card(self, c: int) -> str:
        return card_name(c, self.lang)

    def cost(self, costs: tuple[int, ...]) -> str:
        paid = [c for c in costs if c]
        if not paid:
            return ""
        ap = str(paid[0]) if len(costs) == 1 else f"{min(costs)}–{max(costs)}"
        return " " + tr("ap_cost", self.lang, ap=ap)

    def castles(self, action: Action) -> tuple[str, ...]:
        if self.view is None or not (action.kind is Kind.PASS or (action.kind is Kind.PLAY and action.card == D.K13)):
            return ()
        return tuple(castle_name(self.view, c) for c in passage_castles(self.view, action.sq, action.to))

    def describe(self, a: Action) -> str:
        """The action in words (without its cost)."""
        k = a.kind
        names = D.SQUARE_NAMES
        sq = names[a.sq] if a.sq >= 0 else ""
        to = names[a.to] if a.to >= 0 else ""
        if k is Kind.BLOCK:
            return tr("do_block", self.lang, square=sq)
        if k is Kind.KNIGHT:
            return tr("do_knight", self.lang, square=sq)
        if k is Kind.KING:
            moving = self.view is not None and self.view.stage == Stage.KING_MOVE
            return tr("do_king_move" if moving else "do_king", self.lang, square=sq)
        if k is Kind.KING_STAY:
            return tr("do_king_stay", self.lang)
        if k is Kind.PLACE:
            return tr("do_place", self.lang, square=sq)
        if k is Kind.STEP:
            return tr("do_step", self.lang, sq=sq, to=to)
        if k is Kind.PASS:
            return tr("do_pass", self.lang, sq=sq, to=to, castle=" / ".join(self.castles(a)) or "?")
        if k is Kind.BUILD:
            height = self.view.heights[a.sq] + 1 if self.view is not None else "+1"
            return tr("do_build", self.lang, n=a.tower + 1, square=sq, height=height)
        if k is Kind.BUY:
            if a.card < 0:
                own = self.view is not None and self.view.variant == D.VARIANTS[D.OWN_DECK]
                return tr("opt_deck_own" if own else "do_buy", self.lang)
            parts = [tr("do_buy_own", self.lang, card=self.card(a.card))]
            if a.top:
                parts.append(tr("do_top", self.lang, cards=", ".join(self.card(c) for c in a.top)))
            if a.bottom:
                parts.append(tr("do_bottom", self.lang, cards=", ".join(self.card(c) for c in a.bottom)))
            return "; ".join(parts)
        if k is Kind.SCORE:
            return tr_count("do_score", a.n, self.lang)
        if k is Kind.END:
            return self._end(a)
        c = a.card
        params: dict[str, object] = {"card": self.card(c), "sq": sq, "to": to, "square": sq, "n": a.tower + 1}
        if c == D.K13:
            params["castle"] = " / ".join(self.castles(a)) or "?"
        if c == D.K19:
            x, y = (a.sq % D.SIZE + a.to % D.SIZE) // 2, (a.sq // D.SIZE + a.to // D.SIZE) // 2
            params["over"] = names[D.square(x, y)]
        return tr(f"do_{D.CARD_IDS[c]}", self.lang, **params)

    def _end(self, a: Action) -> str:
        parts = [tr("do_end", self.lang, n=a.tower + 1)]
        parts += [tr("do_spread", self.lang, count=added, n=i + 1) for i, added in enumerate(a.spread) if added]
        if self.view is not None and self.view.current >= 0:
            slots = self.view.towers[self.view.current]
            left = slots[a.tower] if a.tower < len(slots) else 0
            back = max(left, 0) - sum(a.spread)
            if back > 0:
                parts.append(tr_count("do_back", back, self.lang))
        return ", ".join(parts)

    def option_action(self, a: Action) -> Option:
        cost = ap_cost(a)
        return Option(Target(ACTION, str(a)), self.describe(a) + self.cost((cost,)), (cost,), (a,), a,
                      self.castles(a))

    def option(self, sel: Selection, target: Target, child: ClickNode[Action]) -> Option:
        actions = tuple(child.actions)
        costs = tuple(sorted({ap_cost(a) for a in actions}))
        castles = tuple(dict.fromkeys(name for a in actions for name in self.castles(a)))
        leaf = child.leaf()
        if leaf is not None:
            return Option(target, self.describe(leaf) + self.cost(costs), costs, actions, leaf, castles)
        return Option(target, self._narrow(sel, target, actions) + self.cost(costs), costs, actions, None, castles)

    def _narrow(self, sel: Selection, target: Target, actions: tuple[Action, ...]) -> str:
        """The label of a click that narrows the choice."""
        kind = target.kind
        if kind == SQUARE:
            if not sel or (len(sel) == 1 and sel[0].kind == CARD):
                first = sel[0].id if sel else ""
                key = "opt_block_source" if first == D.CARD_IDS[D.K17] else "opt_knight"
                return tr(key, self.lang, square=target.id)
            verbs = []
            for a in actions:
                if a.kind is Kind.STEP:
                    verb = tr("verb_step", self.lang)
                elif a.kind is Kind.PASS:
                    verb = tr("verb_pass", self.lang)
                else:
                    verb = tr("verb_card", self.lang, card=self.card(a.card))
                if verb not in verbs:
                    verbs.append(verb)
            return tr("opt_square", self.lang, square=target.id, what=tr("or", self.lang).join(verbs))
        if kind == TOWER:
            count = 0
            if self.view is not None and self.view.current >= 0:
                slots = self.view.towers[self.view.current]
                count = max(slots[int(target.id) - 1], 0) if int(target.id) <= len(slots) else 0
            return tr_count("opt_tower", count, self.lang, n=target.id)
        if kind == CARD:
            return tr("opt_card", self.lang, card=tr(f"card_{target.id}", self.lang))
        if kind == KEEP:
            return tr("opt_keep", self.lang, card=tr(f"card_{target.id}", self.lang))
        if kind == DECK:
            return tr("opt_deck", self.lang)
        if kind == RESERVE:
            return tr("opt_reserve", self.lang)
        if kind == END:
            return tr("opt_end", self.lang)
        return tr("prompt_choose", self.lang)

    def prompt(self, sel: Selection, node: ClickNode[Action]) -> str:
        kinds = {a.kind for a in self.legal}
        if not kinds:
            return tr("prompt_over", self.lang)
        if not sel:
            if all(a.kind is Kind.BUY and a.card >= 0 for a in self.legal):  # V2: after buying
                return tr("prompt_keep", self.lang)
            for kind, key in ((Kind.BLOCK, "prompt_blocks"), (Kind.KNIGHT, "prompt_knights"),
                              (Kind.KING_STAY, "prompt_king_move"), (Kind.KING, "prompt_king")):
                if kind in kinds:
                    return tr(key, self.lang)
            ap = self.view.ap if self.view is not None else max((a.n for a in self.legal if a.kind is Kind.SCORE),
                                                                default=0)
            return tr("prompt_turn", self.lang, ap=ap)
        first = sel[0]
        if first.kind == CARD:
            return tr("prompt_card", self.lang, card=tr(f"card_{first.id}", self.lang))
        if first.kind == TOWER:
            return tr("prompt_tower", self.lang, n=first.id)
        if first.kind == RESERVE:
            return tr("prompt_reserve", self.lang)
        if first.kind == KEEP:
            return tr("prompt_put_back", self.lang)
        if first.kind == END:
            return tr("prompt_end_tower" if node.children else "prompt_spread", self.lang)
        if first.kind == SQUARE and len(sel) == 1:
            return tr("prompt_knight", self.lang, square=first.id)
        if node.children and not node.done:
            return tr("prompt_which_card", self.lang)
        return tr("prompt_choose", self.lang)
