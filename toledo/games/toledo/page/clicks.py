"""The interface's decisions as pure functions: what a click means, and what to offer and show.

The page turns a click into its key and hands it to `click_key` (through `ToledoPage.click`), and writes
the HTML the offer makes.
Nothing in this module knows a rule: every offer is a filter of `state.legal_actions()`, every refusal
is `state.why_illegal(action)`. The arithmetic "pawn position + card value" is used only to point at
the destination of a move that the engine already declared legal.

Clicks name a target by its click key (`toledo.core.page`): "card:<kind>", "pawn:red-3", "space:<n>",
"sword:<i>", "fencing:<kind>", "tile:<bit>", "action:<canonical action text>" or "ui:<step>" for the
interface steps ("place", "return", "cancel", "extra"); `click_key` reads a key, `click` takes it apart.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .. import actions as A
from .. import data as D
from ....core.page import key, split_key
from ..actions import Action, Kind
from ..state import Phase, State
from .landings import benefit_text as _benefit_text, landing_label, place_text as _place_text
from ..words import colour_name, or_list, reason, sentence, tr, tr_count


@dataclass(frozen=True)
class Pick:
    """The human's choice so far within one decision."""

    card: int = -1  # card kind picked in hand
    pawn: int = -1  # pawn index 0-4 of the player to act
    mode: str = ""  # "" (move / phase buttons), "place" or "return"
    tile: int = -1  # tile bit (business * 2 + circles - 1) picked for placing
    extra: bool = False  # play the card with the movement tile when both ways are legal


@dataclass(frozen=True)
class Button:
    label: str
    action: str = ""  # canonical action text applied when clicked
    ui: str = ""  # or an interface step
    primary: bool = False
    title: str = ""
    pressed: bool | None = None  # a toggle's state

    @property
    def key(self) -> str:
        """Its click key: "action:<canonical text>" or "ui:<step>"."""
        return key("action", self.action) if self.action else key("ui", self.ui)


@dataclass
class Offer:
    """What to show for the decision at hand: a prompt, buttons and the highlights."""

    prompt: str
    buttons: list[Button] = field(default_factory=list)
    cards: dict[int, str] = field(default_factory=dict)  # card kind -> css class (playable, payable, selected)
    spaces: set[int] = field(default_factory=set)
    pawns: set[str] = field(default_factory=set)
    swords: set[int] = field(default_factory=set)
    fencing: set[str] = field(default_factory=set)
    tiles: dict[int, bool] | None = None  # place mode: tile bit -> can be placed
    selected_pawn: str | None = None
    selected_tile: int = -1

    @property
    def keys(self) -> frozenset[str]:
        """The click key of everything offered now: board targets, cards, tiles and buttons."""
        out = {key("space", s) for s in self.spaces} | {key("pawn", p) for p in self.pawns}
        out |= {key("sword", s) for s in self.swords} | {key("fencing", f) for f in self.fencing}
        out |= {key("card", c) for c in self.cards} | {b.key for b in self.buttons}
        out |= {key("tile", t) for t, ok in (self.tiles or {}).items() if ok}
        return frozenset(out)


@dataclass(frozen=True)
class Result:
    pick: Pick
    action: Action | None = None
    message: str = ""


# --- naming ---------------------------------------------------------------------------------------
def pawn_name(state: State, pawn: int) -> str:
    """The board's name of pawn id `pawn` (seat * 5 + index): "red-3"."""
    seat, index = divmod(pawn, D.PAWNS_PER_PLAYER)
    return f"{state.colour_of(seat)}-{index + 1}"


def tile_name(bit: int) -> str:
    return f"{D.BUSINESS_NAMES[bit >> 1]}{(bit & 1) + 1}"


def tile_bit(business: int, circles: int) -> int:
    return business * 2 + circles - 1


def _seat_of_colour(state: State, colour: str) -> int:
    index = D.COLOURS.index(colour)
    return state.setup.colours.index(index) if index in state.setup.colours else -1


def _dest(state: State, action: Action) -> int:
    """Where a legal move ends on the board (an entry space for the Alcazar)."""
    pawn = state.current * D.PAWNS_PER_PLAYER + action.pawn
    return min(state.pawn_pos[pawn] + D.CARD_VALUE[action.card], D.LAST_SPACE)


def _moves(state: State) -> list[Action]:
    return [a for a in state.legal_actions() if a.is_move]


def business_name(name: str, lang: str) -> str:
    """'gem dealer', 'Edelsteinhändler', 'marchand de gemmes'."""
    return tr(f"business_{name}", lang)


def _why(state: State, action: Action, lang: str) -> str:
    """The engine's reason, in `lang`."""
    return reason(state.why_illegal(action), lang)


# --- clicks ---------------------------------------------------------------------------------------
def _resolve_move(state: State, pick: Pick, card: int, pawn: int, lang: str = "en") -> Result:
    """The move of `pawn` with `card`, if legal; else why not."""
    options = [a for a in _moves(state) if a.card == card and a.pawn == pawn]
    if not options:
        value = D.CARD_VALUE[card]
        table = A.EXTRA if state.lead_value and value != state.lead_value else A.MOVE
        return Result(replace(pick, card=card, pawn=-1), None,
                      tr("msg_pawn_cannot_move", lang, pawn=pawn + 1, value=value,
                         reason=_why(state, table[card][pawn], lang)))
    if len(options) == 2:  # the opening card with a movement tile: a lead card or the extra card (T2)
        wanted = Kind.EXTRA if pick.extra else Kind.MOVE
        options = [a for a in options if a.kind is wanted]
    return Result(Pick(extra=pick.extra), options[0])


def _card_reason(state: State, card: int, lang: str = "en") -> str:
    """Why `card` moves no pawn now (the first pawn's reason is representative)."""
    value = D.CARD_VALUE[card]
    table = A.EXTRA if state.lead_value and value != state.lead_value else A.MOVE
    base = state.current * D.PAWNS_PER_PLAYER
    reasons = []
    for i in range(D.PAWNS_PER_PLAYER):
        if state.pawn_pos[base + i] != D.ALCAZAR:
            reasons.append(tr("msg_pawn_reason", lang, pawn=i + 1, reason=_why(state, table[card][i], lang)))
    return "; ".join(reasons[:2]) or tr("msg_all_in_alcazar", lang)


def click(state: State, pick: Pick, what: str, value: object, lang: str = "en") -> Result:
    """What clicking a target means for the player to act: a new pick, an action to apply, or a message
    (in `lang`: "en", "de" or "fr")."""
    if state.is_terminal():
        return Result(Pick(), None, tr("phase_over", lang))
    legal = state.legal_actions()
    phase = state.phase
    p = state.current
    moving = phase in (Phase.START, Phase.CONTINUE, Phase.FULL)
    if what == "action":
        action = A.parse(str(value))
        if action in legal:
            return Result(Pick(extra=pick.extra), action)
        return Result(pick, None, sentence(_why(state, action, lang), lang))
    if what == "ui":
        if value == "cancel":
            return Result(Pick(extra=pick.extra))
        if value == "extra":
            return Result(replace(pick, extra=not pick.extra))
        if value == "place":
            if any(a.kind is Kind.PLACE for a in legal):
                return Result(Pick(mode="place", extra=pick.extra))
            return Result(pick, None, tr("msg_cannot_place", lang))
        if value == "return":
            if any(a.kind is Kind.RETURN for a in legal):
                return Result(Pick(mode="return", extra=pick.extra))
            return Result(pick, None, tr("msg_no_return", lang))
        return Result(pick)
    if what == "card":
        card = int(value)  # type: ignore[call-overload]
        if not state.hands[p][card]:
            return Result(pick, None, tr("msg_card_not_in_hand", lang))
        if phase == Phase.USE:
            if A.PAY[card] in legal:
                return Result(Pick(extra=pick.extra), A.PAY[card])
            if not any(a.kind is Kind.PAY for a in legal):
                return Result(pick, None, tr("msg_nothing_to_pay", lang))
            return Result(pick, None, sentence(_why(state, A.PAY[card], lang), lang))
        if not moving:
            return Result(pick, None, tr("msg_cards_not_now", lang, reason=_why(state, A.MOVE[card][0], lang)))
        if pick.card == card and pick.pawn < 0:
            return Result(Pick(extra=pick.extra))  # a second click puts the card back
        if not any(a.card == card for a in _moves(state)):
            return Result(Pick(extra=pick.extra), None,
                          tr("msg_card_moves_none", lang, value=D.CARD_VALUE[card],
                             reasons=_card_reason(state, card, lang)))
        if pick.pawn >= 0 and pick.mode == "":
            return _resolve_move(state, pick, card, pick.pawn, lang)
        return Result(Pick(card=card, extra=pick.extra))
    if what == "pawn":
        colour, _, number = str(value).partition("-")
        seat = _seat_of_colour(state, colour)
        index = int(number) - 1
        if seat != p:
            if phase == Phase.FULL and colour in D.COLOURS:
                challenge = A.CHALLENGE[D.COLOURS.index(colour)]
                pawn_id = seat * D.PAWNS_PER_PLAYER + index
                if challenge in legal and state.pawn_pos[pawn_id] == state.pawn_pos[state.active_pawn]:
                    return Result(Pick(extra=pick.extra), challenge)
            owner = colour_name(colour, lang) if seat >= 0 else tr("msg_another_player", lang)
            return Result(pick, None, tr("msg_not_your_pawn", lang, owner=owner,
                                         colour=colour_name(state.colour_of(p), lang)))
        if pick.mode == "return":
            if A.RETURN[index] in legal:
                return Result(Pick(extra=pick.extra), A.RETURN[index])
            return Result(pick, None, sentence(_why(state, A.RETURN[index], lang), lang))
        if not moving:
            return Result(pick, None, tr("msg_pawns_not_now", lang, hint=_phase_hint(state, lang)))
        if pick.card >= 0:
            return _resolve_move(state, pick, pick.card, index, lang)
        if pick.pawn == index:
            return Result(Pick(extra=pick.extra))
        if not any(a.pawn == index for a in _moves(state)):
            return Result(Pick(extra=pick.extra), None, tr("msg_no_card_moves_pawn", lang, pawn=index + 1))
        return Result(Pick(pawn=index, extra=pick.extra))
    if what == "space":
        space = int(value)  # type: ignore[call-overload]
        base = p * D.PAWNS_PER_PLAYER
        mine = [i for i in range(D.PAWNS_PER_PLAYER) if state.pawn_pos[base + i] == space]
        if pick.mode == "place":
            if pick.tile < 0:
                return Result(pick, None, tr("msg_pick_tile_first", lang))
            action = A.PLACE[pick.tile >> 1][pick.tile & 1][space]
            if action in legal:
                return Result(Pick(extra=pick.extra), action)
            if D.SPACE_KINDS[space] != D.SpaceKind.BUSINESS:
                return Result(pick, None, tr("msg_tiles_on_empty", lang))
            return Result(pick, None, sentence(_why(state, action, lang), lang))
        if moving and pick.card >= 0:
            reaching = [a for a in _moves(state) if a.card == pick.card and _dest(state, a) == space]
            if reaching:
                return _resolve_move(state, pick, pick.card, min(a.pawn for a in reaching), lang)
            # not a landing: a tap on the space stands for your pawn there (the Cathedral's pawns are small)
            for i in mine:
                if any(a.card == pick.card and a.pawn == i for a in _moves(state)):
                    return _resolve_move(state, pick, pick.card, i, lang)
            return Result(pick, None, tr("msg_no_pawn_reaches", lang, space=space, value=D.CARD_VALUE[pick.card]))
        if moving and pick.pawn >= 0:
            return Result(pick, None, tr("msg_pick_card_for_pawn", lang, pawn=pick.pawn + 1))
        # a click on a space stands for a click on the first of your pawns there that is an option now
        for i in mine:
            if (pick.mode == "return" and A.RETURN[i] in legal) or (
                    moving and pick.mode == "" and any(a.pawn == i for a in _moves(state))):
                return click(state, pick, "pawn", pawn_name(state, base + i), lang)
        return Result(pick, None, tr("msg_sentence", lang, text=_phase_hint(state, lang)))
    if what == "sword":
        action = A.SWORD[int(value)]  # type: ignore[call-overload]
        if action in legal:
            return Result(Pick(extra=pick.extra), action)
        if phase != Phase.SWORD:
            return Result(pick, None, tr("msg_swords_at_smith", lang))
        return Result(pick, None, sentence(_why(state, action, lang), lang))
    if what == "fencing":
        kind = str(value)
        options = [a for a in legal if a.kind is Kind.FENCE and D.FENCING_NAMES[a.take] == kind]
        if len(options) == 1:
            return Result(Pick(extra=pick.extra), options[0])
        if options:
            return Result(pick, None, tr("msg_fence_give_back", lang))
        if phase != Phase.FENCE:
            return Result(pick, None, tr("msg_fence_at_master", lang))
        return Result(pick, None, tr("msg_fence_cannot", lang))
    if what == "tile":
        bit = int(value)  # type: ignore[call-overload]
        if pick.mode != "place":
            pick = Pick(mode="place", extra=pick.extra)
        if any(a.kind is Kind.PLACE and tile_bit(a.business, a.circles) == bit for a in legal):
            return Result(replace(pick, tile=bit))
        if not state.tiles_left[p] >> bit & 1:
            return Result(pick, None, tr("msg_tile_on_board", lang))
        return Result(pick, None, tr("msg_cannot_place", lang))
    return Result(pick)


_NUMBERED = frozenset(("card", "tile", "sword", "space"))  # key kinds whose id is a number


def click_key(state: State, pick: Pick, clicked: str, lang: str = "en") -> Result:
    """`click` on the target a click key names (a malformed key changes nothing)."""
    what, ident = split_key(clicked)
    if what in _NUMBERED:
        try:
            return click(state, pick, what, int(ident), lang)
        except ValueError:
            return Result(pick)
    return click(state, pick, what, ident, lang)


def keys_for(state: State, action: Action) -> tuple[str, ...]:
    """The keys a player clicks, from no pick, to apply the legal `action` (a card then the pawn it moves;
    the movement tile's toggle first when the card could also be played without it)."""
    k = action.kind
    p = state.current
    if action.is_move:
        path = (key("card", action.card), key("pawn", pawn_name(state, p * D.PAWNS_PER_PLAYER + action.pawn)))
        moves = _moves(state)
        twin = Kind.MOVE if k is Kind.EXTRA else Kind.EXTRA
        if k is Kind.EXTRA and any(a.kind is twin and a.card == action.card and a.pawn == action.pawn for a in moves):
            return (key("ui", "extra"), *path)
        return path
    if k is Kind.PLACE:
        return (key("ui", "place"), key("tile", tile_bit(action.business, action.circles)), key("space", action.space))
    if k is Kind.RETURN:
        return (key("ui", "return"), key("pawn", pawn_name(state, p * D.PAWNS_PER_PLAYER + action.pawn)))
    if k is Kind.PAY:
        return (key("card", action.card),)
    if k is Kind.SWORD:
        return (key("sword", action.sword),)
    if k is Kind.CHALLENGE:
        return (key("action", action),)
    return (key("action", action),)


_HINTS = {Phase.START: "hint_start", Phase.CONTINUE: "hint_continue", Phase.FULL: "hint_full", Phase.USE: "hint_use",
          Phase.SWORD: "hint_sword", Phase.FENCE: "hint_fence", Phase.CARRY: "hint_carry"}


def _phase_hint(state: State, lang: str = "en") -> str:
    return tr(_HINTS.get(state.phase, "hint_over"), lang)


# --- offers ---------------------------------------------------------------------------------------
def offer(state: State, pick: Pick, lang: str = "en") -> Offer:
    """The prompt, buttons and highlights for the player to act, given their pick so far (texts in `lang`)."""
    legal = state.legal_actions()
    phase = state.phase
    p = state.current
    moves = _moves(state)
    out = Offer(prompt=tr("msg_sentence", lang, text=_phase_hint(state, lang)))
    if state.is_terminal():
        return out
    # the cards: which ones do something now
    if phase == Phase.USE:
        for a in legal:
            if a.kind is Kind.PAY:
                out.cards[a.card] = "payable"
    elif phase in (Phase.START, Phase.CONTINUE, Phase.FULL) and pick.mode == "":
        for a in moves:
            if pick.pawn < 0 or a.pawn == pick.pawn:
                out.cards[a.card] = "playable"
        if pick.card >= 0:
            out.cards[pick.card] = "selected"
    both = {(a.card, a.pawn) for a in moves if a.kind is Kind.MOVE} & {(a.card, a.pawn) for a in moves
                                                                       if a.kind is Kind.EXTRA}
    cancel = Button(tr("cancel", lang), ui="cancel", title=tr("btn_cancel_title", lang))
    picked = pick.card >= 0 or pick.pawn >= 0 or pick.mode != ""
    extra_toggle = Button(tr("btn_extra_on" if pick.extra else "btn_extra_off", lang),
                          ui="extra", pressed=pick.extra, title=tr("btn_extra_title", lang))
    if phase in (Phase.START, Phase.CONTINUE, Phase.FULL):
        if pick.mode == "place":
            out.tiles = {}
            for bit in range(D.TILES_PER_PLAYER):
                if state.tiles_left[p] >> bit & 1:
                    out.tiles[bit] = any(a.kind is Kind.PLACE and tile_bit(a.business, a.circles) == bit for a in legal)
            if pick.tile >= 0:
                out.selected_tile = pick.tile
                out.spaces = {a.space for a in legal
                              if a.kind is Kind.PLACE and tile_bit(a.business, a.circles) == pick.tile}
                business = business_name(D.BUSINESS_NAMES[pick.tile >> 1], lang)
                out.prompt = tr_count("prompt_place_tile", (pick.tile & 1) + 1, lang, business=business)
            else:
                out.prompt = tr("prompt_place", lang)
            out.buttons.append(cancel)
            return out
        if pick.mode == "return":
            out.pawns = {pawn_name(state, p * D.PAWNS_PER_PLAYER + a.pawn) for a in legal if a.kind is Kind.RETURN}
            out.prompt = tr("prompt_return", lang)
            out.buttons.append(cancel)
            return out
        if pick.card >= 0:
            chosen = [a for a in moves if a.card == pick.card]
            out.pawns = {pawn_name(state, p * D.PAWNS_PER_PLAYER + a.pawn) for a in chosen}
            out.spaces = {_dest(state, a) for a in chosen}
            out.prompt = tr("prompt_move_card_costs", lang, value=D.CARD_VALUE[pick.card])
            out.buttons += _landing_buttons(state, chosen, pick, lang)
        elif pick.pawn >= 0:
            out.selected_pawn = pawn_name(state, p * D.PAWNS_PER_PLAYER + pick.pawn)
            out.spaces = {_dest(state, a) for a in moves if a.pawn == pick.pawn}
            out.prompt = tr("prompt_move_pawn", lang, pawn=pick.pawn + 1)
    if phase == Phase.START:
        if not picked:
            options = [tr(key, lang) for key, ok in (
                ("opt_draw", A.DRAW in legal), ("opt_place", any(a.kind is Kind.PLACE for a in legal)),
                ("opt_return", any(a.kind is Kind.RETURN for a in legal)), ("opt_move", bool(moves)))
                if ok]
            out.prompt = (tr("prompt_your_turn", lang, options=or_list(options, lang)) if options
                          else tr("prompt_nothing", lang))
        if A.DRAW in legal:
            out.buttons.append(Button(tr("action_draw", lang), action="draw", primary=not moves))
        if any(a.kind is Kind.PLACE for a in legal):
            out.buttons.append(Button(tr("btn_place", lang), ui="place"))
        if any(a.kind is Kind.RETURN for a in legal):
            out.buttons.append(Button(tr("btn_return", lang), ui="return"))
        if A.PASS in legal:
            out.buttons.append(Button(tr("btn_pass", lang), action="pass", primary=True,
                                      title=tr("btn_pass_title", lang)))
    elif phase == Phase.CONTINUE:
        if not picked:
            lead = state.lead_value
            tile = any(a.kind is Kind.EXTRA for a in moves)
            out.prompt = (tr("prompt_continue_lead_tile" if tile else "prompt_continue_lead", lang, value=lead)
                          if lead and moves else tr("prompt_continue_any" if moves else "prompt_end", lang))
        out.buttons.append(Button(tr("action_end", lang), action="end", primary=True))
    elif phase == Phase.FULL:
        pawn = state.active_pawn
        space = state.pawn_pos[pawn]
        challenges = [a for a in legal if a.kind is Kind.CHALLENGE]
        targets = {D.COLOURS[a.colour] for a in challenges}
        out.pawns |= {pawn_name(state, o) for o in state.occupants[space] if pawn_name(state, o).split("-")[0] in targets}
        if not picked:
            prompt_key = ("prompt_full_both" if challenges and moves else "prompt_full_challenge" if challenges
                          else "prompt_full_move")
            out.prompt = tr(prompt_key, lang, pawn=pawn % D.PAWNS_PER_PLAYER + 1, place=_place_text(state, space, lang))
        for a in challenges:
            seat = state.setup.colours.index(a.colour)
            colour = colour_name(D.COLOURS[a.colour], lang)
            out.buttons.append(Button(tr("action_challenge", lang, player=colour), action=str(a), primary=True,
                                      title=tr("btn_challenge_title", lang, colour=colour, seat=seat + 1)))
    elif phase == Phase.USE:
        space = state.pawn_pos[state.active_pawn]
        where = _place_text(state, space, lang)
        pays = [a for a in legal if a.kind is Kind.PAY]
        benefit = _benefit_text(state, space, lang)
        if A.USE in legal:
            out.prompt = tr("prompt_use_free", lang, place=where, benefit=benefit)
            out.buttons.append(Button(tr("btn_use", lang, benefit=benefit), action="use", primary=True))
        elif pays:
            fee = min(D.CARD_VALUE[a.card] for a in pays)
            out.buttons.append(_pay_button(state, space, min(pays, key=lambda a: (D.CARD_VALUE[a.card], a.card)), lang))
            if D.SPACE_KINDS[space] == D.SpaceKind.BUSINESS:
                out.prompt = tr("prompt_pay_owner", lang, place=where, benefit=benefit, fee=fee,
                                owner=colour_name(state.colour_of(state.tile_owner[space]), lang))
            else:
                out.prompt = tr("prompt_pay", lang, place=where, benefit=benefit, fee=fee)
        out.buttons.append(Button(tr("action_skip", lang), action="skip"))
    elif phase == Phase.SWORD:
        out.prompt = tr("prompt_sword", lang)
        for a in legal:
            sword = D.SWORDS[a.sword]
            out.swords.add(a.sword)
            out.buttons.append(Button(tr("action_sword", lang, value=sword.value, metal=sword.metal, gems=sword.gems),
                                      action=str(a)))
    elif phase == Phase.FENCE:
        out.prompt = tr("prompt_fence_back" if any(a.give_back >= 0 for a in legal) else "prompt_fence", lang)
        for a in legal:
            out.fencing.add(D.FENCING_NAMES[a.take])
            tile = tr(f"fencing_{D.FENCING_NAMES[a.take]}", lang)
            if a.give_back >= 0:
                label = tr("action_fence_back", lang, tile=tile, back=tr(f"fencing_{D.FENCING_NAMES[a.give_back]}", lang))
            else:
                label = tr("action_fence", lang, tile=tile)
            out.buttons.append(Button(label, action=str(a)))
    elif phase == Phase.CARRY:
        pawn = state.active_pawn % D.PAWNS_PER_PLAYER + 1
        out.prompt = tr("prompt_carry", lang, pawn=pawn)
        for a in legal:
            label = (tr("action_carry_none", lang) if a.sword < 0
                     else tr("action_carry_sword", lang, value=D.SWORDS[a.sword].value))
            out.buttons.append(Button(label, action=str(a), primary=a.sword >= 0))
    if phase in (Phase.START, Phase.CONTINUE, Phase.FULL) and both:
        out.buttons.append(extra_toggle)
    if picked and phase in (Phase.START, Phase.CONTINUE, Phase.FULL):
        out.buttons.append(cancel)
    return out


def _landing_buttons(state: State, chosen: list[Action], pick: Pick, lang: str) -> list[Button]:
    """One button per landing of the picked card, saying what using the space would cost and whom it pays
    (toledo.games.toledo.page.landings), before the tap that moves the pawn."""
    wanted = Kind.EXTRA if pick.extra else Kind.MOVE
    by_space: dict[int, Action] = {}
    # one per landing, for the pawn a tap on that space moves (the lowest); with a movement tile the
    # opening card may be either kind (T2): the toggle's one
    for a in sorted(chosen, key=lambda a: (a.pawn, a.kind is not wanted)):
        by_space.setdefault(_dest(state, a), a)
    return [Button(landing_label(state, a, lang), action=str(a), primary=True)
            for space, a in sorted(by_space.items(), reverse=True)]


def _pay_button(state: State, space: int, pay: Action, lang: str) -> Button:
    """Pay with the lowest card that is enough (any other payable card: tap it in the hand)."""
    value = D.CARD_VALUE[pay.card]
    if D.SPACE_KINDS[space] == D.SpaceKind.BUSINESS and state.tile_owner[space] != state.current:
        owner = colour_name(state.colour_of(state.tile_owner[space]), lang)
        return Button(tr("btn_pay_card_owner", lang, value=value, owner=owner), action=str(pay), primary=True)
    return Button(tr("btn_pay_card", lang, value=value), action=str(pay), primary=True)


# --- HTML fragments (every text from players is escaped) --------------------------------------------
