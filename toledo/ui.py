"""The interface's decisions as pure functions: what a click means, and what to offer and show.

The browser page (web/main.py) only wires DOM events to `click` and writes the HTML returned here.
Nothing in this module knows a rule: every offer is a filter of `state.legal_actions()`, every refusal
is `state.why_illegal(action)`. The arithmetic "pawn position + card value" is used only to point at
the destination of a move that the engine already declared legal.

Clicks name a target: ("card", kind), ("pawn", "red-3"), ("space", n), ("sword", i), ("fencing", kind),
("tile", bit), ("action", canonical action text) or ("ui", step) for interface steps ("place",
"return", "cancel", "extra").
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from html import escape
from typing import Sequence

from . import actions as A
from . import data as D
from .actions import Action, Kind
from .state import Duel, Phase, State
from .svg import PLAYER_FILL, card_svg, fencing_tile_svg, pawn_icon_svg, sword_chip_svg

BUSINESS_TITLE = {"metal": "metal dealer", "gem": "gem dealer", "sword": "swordsmith", "fence": "fencing master"}


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


def _place_text(state: State, space: int) -> str:
    kind = D.SPACE_KINDS[space]
    if kind == D.SpaceKind.TAVERN:
        return f"the tavern (space {space})"
    if kind == D.SpaceKind.ARTIST:
        return f"the artist (space {space})"
    owner = state.tile_owner[space]
    business = BUSINESS_TITLE[D.BUSINESS_NAMES[state.tile_business[space]]]
    if owner == state.current:
        return f"your {business} (space {space})"
    return f"the {business} of {state.colour_of(owner)} (space {space})"


# --- clicks ---------------------------------------------------------------------------------------
def _resolve_move(state: State, pick: Pick, card: int, pawn: int) -> Result:
    """The move of `pawn` with `card`, if legal; else why not."""
    options = [a for a in _moves(state) if a.card == card and a.pawn == pawn]
    if not options:
        value = D.CARD_VALUE[card]
        table = A.EXTRA if state.lead_value and value != state.lead_value else A.MOVE
        reason = state.why_illegal(table[card][pawn])
        return Result(replace(pick, card=card, pawn=-1), None, f"Pawn {pawn + 1} cannot move with this {value}: {reason}.")
    if len(options) == 2:  # the opening card with a movement tile: a lead card or the extra card (T2)
        wanted = Kind.EXTRA if pick.extra else Kind.MOVE
        options = [a for a in options if a.kind is wanted]
    return Result(Pick(extra=pick.extra), options[0])


def _card_reason(state: State, card: int) -> str:
    """Why `card` moves no pawn now (the first pawn's reason is representative)."""
    value = D.CARD_VALUE[card]
    table = A.EXTRA if state.lead_value and value != state.lead_value else A.MOVE
    base = state.current * D.PAWNS_PER_PLAYER
    reasons = []
    for i in range(D.PAWNS_PER_PLAYER):
        if state.pawn_pos[base + i] != D.ALCAZAR:
            reasons.append(f"pawn {i + 1}: {state.why_illegal(table[card][i])}")
    return "; ".join(reasons[:2]) or "all your pawns are in the Alcazar"


def click(state: State, pick: Pick, what: str, value: object) -> Result:
    """What clicking a target means for the player to act: a new pick, an action to apply, or a message."""
    if state.is_terminal():
        return Result(Pick(), None, "The game is over.")
    legal = state.legal_actions()
    phase = state.phase
    p = state.current
    moving = phase in (Phase.START, Phase.CONTINUE, Phase.FULL)
    if what == "action":
        action = A.parse(str(value))
        if action in legal:
            return Result(Pick(extra=pick.extra), action)
        return Result(pick, None, state.why_illegal(action).capitalize() + ".")
    if what == "ui":
        if value == "cancel":
            return Result(Pick(extra=pick.extra))
        if value == "extra":
            return Result(replace(pick, extra=not pick.extra))
        if value == "place":
            if any(a.kind is Kind.PLACE for a in legal):
                return Result(Pick(mode="place", extra=pick.extra))
            return Result(pick, None, "You cannot place a tile now.")
        if value == "return":
            if any(a.kind is Kind.RETURN for a in legal):
                return Result(Pick(mode="return", extra=pick.extra))
            return Result(pick, None, "You have no pawn on the road to return.")
        return Result(pick)
    if what == "card":
        card = int(value)  # type: ignore[call-overload]
        if not state.hands[p][card]:
            return Result(pick, None, "That card is not in your hand.")
        if phase == Phase.USE:
            if A.PAY[card] in legal:
                return Result(Pick(extra=pick.extra), A.PAY[card])
            if not any(a.kind is Kind.PAY for a in legal):
                return Result(pick, None, "Nothing to pay here: use the space or skip.")
            return Result(pick, None, state.why_illegal(A.PAY[card]).capitalize() + ".")
        if not moving:
            return Result(pick, None, "Cards are not played now: " + state.why_illegal(A.MOVE[card][0]) + ".")
        if pick.card == card and pick.pawn < 0:
            return Result(Pick(extra=pick.extra))  # a second click puts the card back
        if not any(a.card == card for a in _moves(state)):
            return Result(Pick(extra=pick.extra), None,
                          f"This {D.CARD_VALUE[card]} moves none of your pawns now ({_card_reason(state, card)}).")
        if pick.pawn >= 0 and pick.mode == "":
            return _resolve_move(state, pick, card, pick.pawn)
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
            owner = colour.capitalize() if seat >= 0 else "another player"
            return Result(pick, None, f"That pawn is {owner}'s; yours are {state.colour_of(p)}.")
        if pick.mode == "return":
            if A.RETURN[index] in legal:
                return Result(Pick(extra=pick.extra), A.RETURN[index])
            return Result(pick, None, state.why_illegal(A.RETURN[index]).capitalize() + ".")
        if not moving:
            return Result(pick, None, "Pawns do not move now: " + _phase_hint(state) + ".")
        if pick.card >= 0:
            return _resolve_move(state, pick, pick.card, index)
        if pick.pawn == index:
            return Result(Pick(extra=pick.extra))
        if not any(a.pawn == index for a in _moves(state)):
            return Result(Pick(extra=pick.extra), None, f"No card in your hand moves pawn {index + 1} now.")
        return Result(Pick(pawn=index, extra=pick.extra))
    if what == "space":
        space = int(value)  # type: ignore[call-overload]
        if pick.mode == "place":
            if pick.tile < 0:
                return Result(pick, None, "Pick one of your business tiles first.")
            action = A.PLACE[pick.tile >> 1][pick.tile & 1][space]
            if action in legal:
                return Result(Pick(extra=pick.extra), action)
            if D.SPACE_KINDS[space] != D.SpaceKind.BUSINESS:
                return Result(pick, None, "Tiles go only on empty business spaces.")
            return Result(pick, None, state.why_illegal(action).capitalize() + ".")
        if moving and pick.card >= 0:
            reaching = [a for a in _moves(state) if a.card == pick.card and _dest(state, a) == space]
            if reaching:
                return _resolve_move(state, pick, pick.card, min(a.pawn for a in reaching))
            return Result(pick, None, f"None of your pawns can end a move on space {space} with this "
                                      f"{D.CARD_VALUE[pick.card]}.")
        if moving and pick.pawn >= 0:
            return Result(pick, None, f"Pick a card to move pawn {pick.pawn + 1}.")
        # a click on a space stands for a click on the first of your pawns there that is an option now
        base = p * D.PAWNS_PER_PLAYER
        mine = [i for i in range(D.PAWNS_PER_PLAYER) if state.pawn_pos[base + i] == space]
        for i in mine:
            if (pick.mode == "return" and A.RETURN[i] in legal) or (
                    moving and pick.mode == "" and any(a.pawn == i for a in _moves(state))):
                return click(state, pick, "pawn", pawn_name(state, base + i))
        return Result(pick, None, _phase_hint(state) + ".")
    if what == "sword":
        action = A.SWORD[int(value)]  # type: ignore[call-overload]
        if action in legal:
            return Result(Pick(extra=pick.extra), action)
        if phase != Phase.SWORD:
            return Result(pick, None, "Swords are taken at a swordsmith.")
        return Result(pick, None, state.why_illegal(action).capitalize() + ".")
    if what == "fencing":
        kind = str(value)
        options = [a for a in legal if a.kind is Kind.FENCE and D.FENCING_NAMES[a.take] == kind]
        if len(options) == 1:
            return Result(Pick(extra=pick.extra), options[0])
        if options:
            return Result(pick, None, "You hold 3 tiles: choose below which one goes back.")
        if phase != Phase.FENCE:
            return Result(pick, None, "Fencing tiles are taken at a fencing master.")
        return Result(pick, None, "You cannot take that tile: never two of a kind, and the pile must not be empty.")
    if what == "tile":
        bit = int(value)  # type: ignore[call-overload]
        if pick.mode != "place":
            pick = Pick(mode="place", extra=pick.extra)
        if any(a.kind is Kind.PLACE and tile_bit(a.business, a.circles) == bit for a in legal):
            return Result(replace(pick, tile=bit))
        if not state.tiles_left[p] >> bit & 1:
            return Result(pick, None, "That tile is already on the board.")
        return Result(pick, None, "You cannot place a tile now.")
    return Result(pick)


def _phase_hint(state: State) -> str:
    phase = state.phase
    if phase == Phase.START:
        return "Take 2 cards, place a tile, return a pawn, or pick a card to move"
    if phase == Phase.CONTINUE:
        return "Play another card or end your turn"
    if phase == Phase.FULL:
        return "Move the pawn on with another card, or challenge"
    if phase == Phase.USE:
        return "Use (or pay for) the space, or skip"
    if phase == Phase.SWORD:
        return "Choose a sword"
    if phase == Phase.FENCE:
        return "Choose a fencing tile"
    if phase == Phase.CARRY:
        return "Choose the sword your pawn carries"
    return "The game is over"


# --- offers ---------------------------------------------------------------------------------------
def offer(state: State, pick: Pick) -> Offer:
    """The prompt, buttons and highlights for the player to act, given their pick so far."""
    legal = state.legal_actions()
    phase = state.phase
    p = state.current
    moves = _moves(state)
    out = Offer(prompt=_phase_hint(state) + ".")
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
    cancel = Button("Cancel", ui="cancel", title="Undo your pick")
    picked = pick.card >= 0 or pick.pawn >= 0 or pick.mode != ""
    extra_toggle = Button("Movement tile: use it for this card" if pick.extra else "Movement tile: keep it",
                          ui="extra", pressed=pick.extra,
                          title="Play the card as the extra card of your movement tile instead of as the lead card")
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
                business = BUSINESS_TITLE[D.BUSINESS_NAMES[pick.tile >> 1]]
                out.prompt = f"Place your {business} with {(pick.tile & 1) + 1} circle(s): click an empty space."
            else:
                out.prompt = "Place a business tile: pick one of your tiles, then an empty space."
            out.buttons.append(cancel)
            return out
        if pick.mode == "return":
            out.pawns = {pawn_name(state, p * D.PAWNS_PER_PLAYER + a.pawn) for a in legal if a.kind is Kind.RETURN}
            out.prompt = "Return a pawn to the Cathedral: click one of the highlighted pawns."
            out.buttons.append(cancel)
            return out
        if pick.card >= 0:
            chosen = [a for a in moves if a.card == pick.card]
            out.pawns = {pawn_name(state, p * D.PAWNS_PER_PLAYER + a.pawn) for a in chosen}
            out.spaces = {_dest(state, a) for a in chosen}
            out.prompt = (f"Move with the {D.CARD_VALUE[pick.card]}: click a highlighted pawn or where it would land "
                          f"(a landing on 20 or 21 enters the Alcazar).")
        elif pick.pawn >= 0:
            out.selected_pawn = pawn_name(state, p * D.PAWNS_PER_PLAYER + pick.pawn)
            out.spaces = {_dest(state, a) for a in moves if a.pawn == pick.pawn}
            out.prompt = f"Pick a highlighted card to move pawn {pick.pawn + 1}."
    if phase == Phase.START:
        if not picked:
            options = [text for text, ok in (
                ("take 2 cards", A.DRAW in legal), ("place a business tile", any(a.kind is Kind.PLACE for a in legal)),
                ("return a pawn", any(a.kind is Kind.RETURN for a in legal)), ("pick a card to move a pawn", bool(moves)))
                if ok]
            out.prompt = ("Your turn: " + ", ".join(options[:-1]) + (" or " if len(options) > 1 else "") + options[-1] + "."
                          if options else "Your turn: nothing can be done, pass.")
        if A.DRAW in legal:
            out.buttons.append(Button("Take 2 cards", action="draw", primary=not moves))
        if any(a.kind is Kind.PLACE for a in legal):
            out.buttons.append(Button("Place a tile…", ui="place"))
        if any(a.kind is Kind.RETURN for a in legal):
            out.buttons.append(Button("Return a pawn…", ui="return"))
        if A.PASS in legal:
            out.buttons.append(Button("Pass", action="pass", primary=True, title="No action is possible"))
    elif phase == Phase.CONTINUE:
        if not picked:
            lead = state.lead_value
            tile = " (or any card once, with your movement tile)" if any(a.kind is Kind.EXTRA for a in moves) else ""
            out.prompt = (f"Play another {lead}{tile} to move again, or end your turn." if lead and moves else
                          "Play another card to move again, or end your turn." if moves else "End your turn.")
        out.buttons.append(Button("End turn", action="end", primary=True))
    elif phase == Phase.FULL:
        pawn = state.active_pawn
        space = state.pawn_pos[pawn]
        challenges = [a for a in legal if a.kind is Kind.CHALLENGE]
        targets = {D.COLOURS[a.colour] for a in challenges}
        out.pawns |= {pawn_name(state, o) for o in state.occupants[space] if pawn_name(state, o).split("-")[0] in targets}
        if not picked:
            out.prompt = (f"Pawn {pawn % D.PAWNS_PER_PLAYER + 1} landed on a full space ({_place_text(state, space)}): "
                          + ("challenge a pawn there" if challenges else "")
                          + (" or " if challenges and moves else "")
                          + ("play another card to move it on" if moves else "") + ".")
        for a in challenges:
            seat = state.setup.colours.index(a.colour)
            out.buttons.append(Button(f"Challenge {D.COLOURS[a.colour]}", action=str(a), primary=True,
                                      title=f"Duel the {D.COLOURS[a.colour]} pawn (seat {seat + 1})"))
    elif phase == Phase.USE:
        space = state.pawn_pos[state.active_pawn]
        where = _place_text(state, space)
        pays = [a for a in legal if a.kind is Kind.PAY]
        benefit = _benefit_text(state, space)
        if A.USE in legal:
            out.prompt = f"Use {where} for free ({benefit}), or skip."
            out.buttons.append(Button(f"Use: {benefit}", action="use", primary=True))
        elif pays:
            fee = min(D.CARD_VALUE[a.card] for a in pays)
            to = (f" to {state.colour_of(state.tile_owner[space])}" if D.SPACE_KINDS[space] == D.SpaceKind.BUSINESS
                  else "")
            out.prompt = f"Pay one card of at least {fee}{to} to use {where} ({benefit}): click the card. Or skip."
        out.buttons.append(Button("Skip", action="skip"))
    elif phase == Phase.SWORD:
        out.prompt = "Forge a sword: choose one you can pay for with your metal and gems."
        for a in legal:
            sword = D.SWORDS[a.sword]
            out.swords.add(a.sword)
            out.buttons.append(Button(f"Sword {sword.value} ({sword.metal} metal, {sword.gems} gems)", action=str(a)))
    elif phase == Phase.FENCE:
        out.prompt = "Take a fencing tile" + (" (you hold 3: one goes back)." if any(a.give_back >= 0 for a in legal)
                                              else ".")
        for a in legal:
            out.fencing.add(D.FENCING_NAMES[a.take])
            label = f"Take {D.FENCING_NAMES[a.take]}"
            if a.give_back >= 0:
                label += f", give back {D.FENCING_NAMES[a.give_back]}"
            out.buttons.append(Button(label, action=str(a)))
    elif phase == Phase.CARRY:
        pawn = state.active_pawn % D.PAWNS_PER_PLAYER + 1
        out.prompt = f"Pawn {pawn} enters the Alcazar: which sword does it carry in?"
        for a in legal:
            label = "No sword" if a.sword < 0 else f"Carry the sword worth {D.SWORDS[a.sword].value}"
            out.buttons.append(Button(label, action=str(a), primary=a.sword >= 0))
    if phase in (Phase.START, Phase.CONTINUE, Phase.FULL) and both:
        out.buttons.append(extra_toggle)
    if picked and phase in (Phase.START, Phase.CONTINUE, Phase.FULL):
        out.buttons.append(cancel)
    return out


def _benefit_text(state: State, space: int) -> str:
    kind = D.SPACE_KINDS[space]
    if kind == D.SpaceKind.TAVERN:
        return f"draw {D.CARDS_PER_TAVERN} cards"
    if kind == D.SpaceKind.ARTIST:
        return f"take the painting worth {state.paintings_stack[-1]}" if state.paintings_stack else "no painting left"
    business = D.BUSINESS_NAMES[state.tile_business[space]]
    return {"metal": "take 1 metal", "gem": "take 1 gem", "sword": "forge a sword",
            "fence": "take a fencing tile"}[business]


# --- HTML fragments (every text from players is escaped) --------------------------------------------
def _attrs(**kw: object) -> str:
    return "".join(f' {k.replace("_", "-")}="{escape(str(v))}"' for k, v in kw.items() if v is not None)


def buttons_html(buttons: Sequence[Button]) -> str:
    out = []
    for b in buttons:
        classes = "btn" + (" primary" if b.primary else "")
        attrs = _attrs(data_action=b.action or None, data_ui=b.ui or None, title=b.title or None,
                       aria_pressed=None if b.pressed is None else str(b.pressed).lower())
        out.append(f'<button type="button" class="{classes}"{attrs}>{escape(b.label)}</button>')
    return "".join(out)


def hand_html(hand: Sequence[int], cards: dict[int, str] | None = None) -> str:
    """A hand of card kinds (with repeats), each a button carrying its kind."""
    if not hand:
        return '<p class="empty-hand">No cards in hand.</p>'
    cards = cards or {}
    out = []
    for kind in sorted(hand):
        state = cards.get(kind, "")
        text = D.CARD_TEXT[kind]
        label = (f"{D.CARD_VALUE[kind]}, {D.SCENE_COLOURS[D.CARD_COLOUR[kind]]} scene, "
                 f"{D.FIGURES[D.CARD_FIGURE[kind]]}")
        out.append(f'<button type="button" class="card {state}" data-card="{text}" data-kind="{kind}" '
                   f'aria-label="{escape(label)}">{card_svg(kind)}</button>')
    return "".join(out)


def tiles_html(tiles: dict[int, bool], selected: int, colour: str) -> str:
    """The player's business tiles still to place, as buttons (place mode)."""
    out = []
    for bit, ok in tiles.items():
        business = D.BUSINESS_NAMES[bit >> 1]
        circles = (bit & 1) + 1
        classes = "tile-btn" + (" selected" if bit == selected else "") + ("" if ok else " disabled")
        out.append(f'<button type="button" class="{classes}" data-tile="{bit}" data-tile-name="{tile_name(bit)}" '
                   f'style="--owner:{PLAYER_FILL[colour]}"><span class="tile-label">'
                   f'{escape(BUSINESS_TITLE[business])}</span><span class="tile-circles">{"●" * circles}</span></button>')
    return "".join(out)


def _tiles_left_html(bits: int) -> str:
    parts = []
    for bit in range(D.TILES_PER_PLAYER):
        if bits >> bit & 1:
            parts.append(f'<span class="mini-tile t-{D.BUSINESS_NAMES[bit >> 1]}" title="'
                         f'{BUSINESS_TITLE[D.BUSINESS_NAMES[bit >> 1]]}, {(bit & 1) + 1} circle(s)">'
                         f'{D.BUSINESS_NAMES[bit >> 1][0].upper()}{(bit & 1) + 1}</span>')
    return "".join(parts) or "none"


def players_html(state: State, names: Sequence[str], kinds: Sequence[str]) -> str:
    """Every player's area: public facts only (hand sizes, never hands) and the score so far (E2)."""
    out = []
    to_act = state.current_player
    for seat in range(state.n):
        colour = state.colour_of(seat)
        base = seat * D.PAWNS_PER_PLAYER
        positions = state.pawn_pos[base:base + D.PAWNS_PER_PLAYER]
        alcazar = sum(1 for pos in positions if pos == D.ALCAZAR)
        road = sum(1 for pos in positions if D.CATHEDRAL < pos < D.ALCAZAR)
        swords = "".join(sword_chip_svg(s, 24) for s in state.swords_in_front[seat])
        fencing = "".join(fencing_tile_svg(kind, 22) for i, kind in enumerate(D.FENCING_NAMES)
                          if state.fencing_held[seat] >> i & 1)
        paintings = " + ".join(str(v) for v in state.paintings[seat]) or "–"
        who = "human" if kinds[seat] == "human" else f"computer · {kinds[seat]}"
        classes = "player" + (" to-act" if seat == to_act else "")
        swords_part = (f'<span class="stat" data-stat="swords" title="swords in front">{swords}</span>'
                       if state.swords_in_front[seat] else "")
        fencing_part = (f'<span class="stat" data-stat="fencing" title="fencing tiles">{fencing}</span>'
                        if state.fencing_held[seat] else "")
        out.append(
            f'<section class="{classes}" data-seat="{seat}" data-colour="{colour}" style="--pc:{PLAYER_FILL[colour]}">'
            f'<header>{pawn_icon_svg(colour, 18)}<span class="pname">{escape(names[seat])}</span>'
            f'<span class="pkind">{escape(who)}</span>'
            f'<span class="pscore" title="points so far">{state.score(seat).total} pts</span></header>'
            f'<div class="stats">'
            f'<span class="stat" data-stat="cards"><b>{state.hand_sizes[seat]}</b> cards</span>'
            f'<span class="stat" data-stat="metal"><b>{state.metal[seat]}</b> metal</span>'
            f'<span class="stat" data-stat="gems"><b>{state.gems[seat]}</b> gems</span>'
            f'<span class="stat" data-stat="paintings">paintings <b>{paintings}</b></span>'
            f'<span class="stat" data-stat="pawns">pawns: <b>{alcazar}</b> in Alcazar, <b>{road}</b> on road</span>'
            f'{swords_part}{fencing_part}'
            f'<span class="stat tiles" data-stat="tiles">to place {_tiles_left_html(state.tiles_left[seat])}</span>'
            f'</div></section>')
    return "".join(out)


def duel_html(duel: Duel, names: Sequence[str], colours: Sequence[int], shown: int | None = None) -> str:
    """A duel round by round (the first `shown` rounds; all by default) with the revealed cards."""
    rounds = duel.rounds if shown is None else duel.rounds[:shown]
    challenger, defender = escape(names[duel.challenger]), escape(names[duel.defender])
    parts = [f'<div class="duel" data-rounds="{len(duel.rounds)}" data-shown="{len(rounds)}">'
             f'<h3>Duel on space {duel.space}: {challenger} challenges {defender}</h3><ol>']
    wins = losses = 0
    for r in rounds:
        winner = duel.challenger if r.challenger_won else duel.defender
        wins += r.challenger_won
        losses += not r.challenger_won
        card = card_svg(r.card, 40) if r.card >= 0 else '<span class="no-card">no card</span>'
        colour = D.COLOURS[colours[winner]]
        parts.append(f'<li>{card}<span>round for <b style="color:{PLAYER_FILL[colour]}">'
                     f'{escape(names[winner])}</b> ({wins}:{losses})</span></li>')
    parts.append("</ol>")
    if shown is None or shown >= len(duel.rounds):
        winner = challenger if duel.challenger_won else defender
        loser = defender if duel.challenger_won else challenger
        parts.append(f'<p class="duel-result"><b>{winner}</b> wins; {loser}\'s pawn goes back to the Cathedral.</p>')
    parts.append("</div>")
    return "".join(parts)


SCORE_COLUMNS = (("swords_delivered", "Swords in the Alcazar"), ("swords_in_front", "Swords in front (½)"),
                 ("paintings", "Paintings"), ("gems", "Gems (2 = 1)"), ("movement_tile", "Movement tile"),
                 ("total", "Total"), ("cards_in_hand", "Cards in hand"), ("hand_value", "Hand value"))


def scores_html(state: State, names: Sequence[str]) -> str:
    """The final score table (E2 breakdown, E3 tie-breaks) and the winner(s): one column per player."""
    winners = state.winners()
    scores = state.scores()
    order = sorted(range(state.n), key=lambda s: (-scores[s].total, -scores[s].cards_in_hand, -scores[s].hand_value))
    badge = '<span class="badge">winner</span>'
    win = ' class="winner"'
    head = "".join(f'<th scope="col" data-seat="{seat}"{win if seat in winners else ""}>'
                   f'{pawn_icon_svg(state.colour_of(seat), 16)} <span class="pname">{escape(names[seat])}</span>'
                   f'{badge if seat in winners else ""}</th>' for seat in order)
    rows = []
    for key, title in SCORE_COLUMNS:
        cells = "".join(f'<td data-seat="{seat}"{win if seat in winners else ""}>'
                        f'{getattr(scores[seat], key)}</td>' for seat in order)
        rows.append(f'<tr data-row="{key}"><th scope="row">{escape(title)}</th>{cells}</tr>')
    names_won = " and ".join(escape(names[w]) for w in winners)
    verdict = f"{names_won} {'win' if len(winners) > 1 else 'wins'}!"
    best = scores[winners[0]].total
    note = ""
    if len(winners) > 1:
        note = "Tied on points, cards in hand and hand value: they share the win."
    elif any(scores[s].total == best for s in range(state.n) if s not in winners):
        note = "Tied on points: decided by cards in hand, then their total value."
    return (f'<h2 class="verdict">{verdict}</h2><p class="verdict-note">{escape(note)}</p>'
            f'<table class="scores"><thead><tr><th></th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')
