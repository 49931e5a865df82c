"""Shared test tools: a scenario builder (`Table`) and `check_invariants`.

A scenario starts from a seeded new game and moves components around the way a person would at
the table: cards go from the draw pile into a hand (and back), tiles from a player's supply onto the
board, metal and gems from the supply to a player, and so on. Nothing is created or destroyed, so
`check_invariants` holds for every scenario, and the engine is then driven only through its public
API (`legal_actions`, `apply`, `scores`, `winners`, `view`).

    t = Table(2)                                  # seats: red (0), blue (1); hands emptied
    t.hand("red", "4Va 4Bd").tile(4, "blue", "gem", 2).pawn("blue", 1, 4)
    state = t.turn("red").state                   # red to act, phase START
    play(state, "move 4Va 1")

Pawn numbers are 1-5, as in the action text; seats may be given as an index or a colour name.
"""

from __future__ import annotations


from itertools import compress
from operator import add as _add
from operator import sub as _sub

from toledo import Phase, State, new_game, parse
from toledo.games.toledo import data as D
from toledo.games.toledo.actions import Action

CARD_BY_TEXT = {text: k for k, text in enumerate(D.CARD_TEXT)}
SWORD_BY_TEXT = {str(s): i for i, s in enumerate(D.SWORDS)}
ALCAZAR = D.ALCAZAR
P = D.PAWNS_PER_PLAYER


def card(text: str) -> int:
    """The kind index of a card written like '4Va'."""
    return CARD_BY_TEXT[text]


def cards(text: str) -> list[int]:
    return [card(word) for word in text.split()]


def card_texts(kinds: list[int]) -> list[str]:
    return [D.CARD_TEXT[k] for k in kinds]


def hand_text(state: State, seat: int) -> str:
    return " ".join(card_texts(state.hand(seat)))


def legal_texts(state: State) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def play(state: State, *texts: str) -> State:
    """Apply actions given as text, checking the invariants after each one."""
    for text in texts:
        state.apply(parse(text))
        check_invariants(state)
    return state


def is_legal(state: State, text: str) -> bool:
    return parse(text) in state.legal_actions()


class Table:
    """A fluent scenario builder; every method keeps all components accounted for."""

    def __init__(self, players: int = 2, seed: int = 0, empty_hands: bool = True) -> None:
        self.state = new_game(players, seed=seed)
        if empty_hands:
            for seat in range(players):
                self._return_hand(seat)
        self._touch()

    # --- addressing ------------------------------------------------------------------------------
    def seat(self, who: int | str) -> int:
        if isinstance(who, int):
            return who
        return self.state.setup.colours.index(D.COLOURS.index(who))

    def _touch(self) -> None:
        self.state._legal = None

    # --- cards -----------------------------------------------------------------------------------
    def _gain(self, seat: int, k: int) -> None:
        s = self.state
        s.hands[seat][k] += 1
        s.hand_values[seat][D.CARD_VALUE[k]] += 1
        s.hand_sizes[seat] += 1

    def _lose(self, seat: int, k: int) -> None:
        s = self.state
        assert s.hands[seat][k] > 0
        s.hands[seat][k] -= 1
        s.hand_values[seat][D.CARD_VALUE[k]] -= 1
        s.hand_sizes[seat] -= 1
        s.known[seat][k] = min(s.known[seat][k], s.hands[seat][k])

    def _return_hand(self, seat: int) -> None:
        s = self.state
        for k in s.hand(seat):
            self._lose(seat, k)
            s.draw_pile.insert(0, k)  # to the bottom

    def _take(self, k: int) -> None:
        """Remove one card of kind k from the draw pile (preferred) or the discard pile."""
        s = self.state
        if k in s.draw_pile:
            s.draw_pile.remove(k)
        elif s.discard[k]:
            s.discard[k] -= 1
        else:
            raise AssertionError(f"no {D.CARD_TEXT[k]} left in the piles for this scenario")

    def hand(self, who: int | str, text: str) -> Table:
        """Replace a seat's hand with exactly these cards (the old hand goes under the draw pile)."""
        seat = self.seat(who)
        self._return_hand(seat)
        return self.add_cards(who, text)

    def add_cards(self, who: int | str, text: str) -> Table:
        seat = self.seat(who)
        for k in cards(text):
            self._take(k)
            self._gain(seat, k)
        self._touch()
        return self

    def draw_top(self, text: str) -> Table:
        """These cards become the next ones drawn or revealed, the first listed first."""
        ks = cards(text)
        for k in ks:
            self._take(k)
        self.state.draw_pile.extend(reversed(ks))
        self._touch()
        return self

    def to_draw_top(self, who: int | str, text: str) -> Table:
        """Move cards from a seat's hand back onto the draw pile, the first listed on top."""
        seat = self.seat(who)
        ks = cards(text)
        for k in ks:
            self._lose(seat, k)
        self.state.draw_pile.extend(reversed(ks))
        self._touch()
        return self

    def draw_pile_to_discard(self, keep: int = 0) -> Table:
        """Move the draw pile to the discard pile, keeping its `keep` top cards."""
        s = self.state
        moved = s.draw_pile[:len(s.draw_pile) - keep]
        del s.draw_pile[:len(moved)]
        for k in moved:
            s.discard[k] += 1
        self._touch()
        return self

    def hoard(self, who: int | str) -> Table:
        """Move every card of both piles into a seat's hand (both piles empty: K2, D6)."""
        seat = self.seat(who)
        s = self.state
        for k in s.draw_pile:
            self._gain(seat, k)
        s.draw_pile.clear()
        for k in range(D.NUM_CARD_KINDS):
            for _ in range(s.discard[k]):
                self._gain(seat, k)
            s.discard[k] = 0
        self._touch()
        return self

    # --- board -----------------------------------------------------------------------------------
    def tile(self, space: int, who: int | str, business: str, circles: int) -> Table:
        """Lay a player's business tile (e.g. 'gem', 2) on an empty business space."""
        s = self.state
        seat = self.seat(who)
        b = D.BUSINESS_NAMES.index(business)
        bit = 1 << (b * 2 + circles - 1)
        assert space in D.BUSINESS_SPACES and s.tile_owner[space] < 0, f"space {space} cannot take a tile"
        assert s.tiles_left[seat] & bit, "that tile is already on the board"
        s.tiles_left[seat] &= ~bit
        s.tile_owner[space] = seat
        s.tile_business[space] = b
        s.capacity[space] = circles
        self._touch()
        return self

    def pawn(self, who: int | str, number: int, space: int) -> Table:
        """Put pawn `number` (1-5) of a seat on a space (0 = the Cathedral), taking a circle."""
        s = self.state
        pawn = self.seat(who) * P + number - 1
        old = s.pawn_pos[pawn]
        assert old != ALCAZAR, "pawns never leave the Alcazar"
        if pawn in s.occupants[old]:
            s.occupants[old].remove(pawn)
        s.pawn_pos[pawn] = space
        if space != D.CATHEDRAL:
            assert space < D.ENTRY_SPACES[0], "use alcazar() for the entries"
            assert len(s.occupants[space]) < s.capacity[space], f"no free circle on space {space}"
            s.occupants[space].append(pawn)
        self._touch()
        return self

    def alcazar(self, who: int | str, number: int, sword: str | None = None) -> Table:
        """Put a pawn in the Alcazar, optionally with a sword from the board under it."""
        s = self.state
        pawn = self.seat(who) * P + number - 1
        old = s.pawn_pos[pawn]
        if pawn in s.occupants[old]:
            s.occupants[old].remove(pawn)
        s.pawn_pos[pawn] = ALCAZAR
        if sword is not None:
            i = SWORD_BY_TEXT[sword]
            assert s.sword_on_board[i]
            s.sword_on_board[i] = False
            s.pawn_sword[pawn] = i
        self._touch()
        return self

    # --- goods -----------------------------------------------------------------------------------
    def fencing(self, who: int | str, *names: str) -> Table:
        s = self.state
        seat = self.seat(who)
        for name in names:
            f = D.FENCING_NAMES.index(name)
            assert not s.fencing_held[seat] >> f & 1 and s.fencing_board[f] > 0
            s.fencing_board[f] -= 1
            s.fencing_held[seat] |= 1 << f
        self._touch()
        return self

    def fencing_off_board(self, name: str, count: int | None = None) -> Table:
        """Give `count` (default: all) tiles of a kind on the board to seats not holding one."""
        s = self.state
        f = D.FENCING_NAMES.index(name)
        left = s.fencing_board[f] if count is None else count
        for seat in range(s.n):
            if left and not s.fencing_held[seat] >> f & 1 and bin(s.fencing_held[seat]).count("1") < 3:
                self.fencing(seat, name)
                left -= 1
        assert left == 0, "not enough seats to hold them"
        return self

    def metal(self, who: int | str, count: int) -> Table:
        s = self.state
        assert s.metal_supply >= count
        s.metal_supply -= count
        s.metal[self.seat(who)] += count
        self._touch()
        return self

    def gems(self, who: int | str, count: int) -> Table:
        s = self.state
        assert s.gem_supply >= count
        s.gem_supply -= count
        s.gems[self.seat(who)] += count
        self._touch()
        return self

    def sword(self, who: int | str, text: str) -> Table:
        """Put a sword tile (e.g. '10/2/3') from the board in front of a seat."""
        s = self.state
        i = SWORD_BY_TEXT[text]
        assert s.sword_on_board[i]
        s.sword_on_board[i] = False
        s.swords_in_front[self.seat(who)].append(i)
        self._touch()
        return self

    def painting(self, who: int | str, value: int | None = None) -> Table:
        """Give a seat the top painting, or one of the given value."""
        s = self.state
        stack = s.paintings_stack
        index = len(stack) - 1 if value is None else len(stack) - 1 - stack[::-1].index(value)
        s.paintings[self.seat(who)].append(stack.pop(index))
        self._touch()
        return self

    # --- the turn --------------------------------------------------------------------------------
    def turn(self, who: int | str) -> Table:
        """The given seat is to act, at the start of its turn."""
        s = self.state
        s.current = self.seat(who)
        s.phase = Phase.START
        s.lead_value, s.lead_card, s.extra_used, s.extra_value, s.active_pawn = 0, -1, False, 0, -1
        self._touch()
        check_invariants(s)
        return self


# --- invariants --------------------------------------------------------------------------------
_COPIES = list(D.CARD_COPIES)
assert D.SCENES_PER_VALUE == 8  # check_invariants sums hands in slices of 8 kinds per value
_FENCING_TOTAL = list(D.FENCING_TILES_PER_KIND)
_PAINTINGS = sorted(D.PAINTINGS_BOTTOM_TO_TOP)
_ALL_SWORDS = list(range(len(D.SWORDS)))
_ROAD = range(1, D.ENTRY_SPACES[0])
_BUSINESS_LIST = D.BUSINESS_SPACES
_OTHER_SPACES = [i for i, kind in enumerate(D.SPACE_KINDS) if kind != D.SpaceKind.BUSINESS]
_BITS = [bin(m).count("1") for m in range(16)]
_ALL_TILES = (1 << D.TILES_PER_PLAYER) - 1
_CATHEDRAL, _FIRST_ENTRY = D.CATHEDRAL, D.ENTRY_SPACES[0]


def check_invariants(s: State) -> None:
    """Every component is somewhere, exactly once, and the bookkeeping agrees with itself.

    Written to be cheap (the random-play suite calls it after every action of hundreds of games).
    """
    n = s.n
    # cards: 84 = draw + discard + hands + the lead card in front, kind by kind
    tot = s.discard
    for hand in s.hands:
        tot = list(map(_add, tot, hand))
    tot = tot[:] if tot is s.discard else tot
    for k in s.draw_pile:
        tot[k] += 1
    lead = s.lead_card
    if lead >= 0:
        tot[lead] += 1
        assert D.CARD_VALUE[lead] == s.lead_value, "the lead value is not the lead card's"
    else:
        assert s.lead_value == 0, "a lead value without a lead card"
    assert tot == _COPIES, f"cards not conserved: {tot}"
    # each hand: no negative counts, publicly known cards really in it, sizes and values agree
    for hand, known, size, values in zip(s.hands, s.known, s.hand_sizes, s.hand_values):
        if any(known):
            assert min(known) >= 0 and min(map(_sub, hand, known)) >= 0, "a negative count or a known card not in hand"
        else:
            assert min(hand) >= 0, "a negative card count"
        assert sum(hand) == size, "hand size"
        assert values == [0, sum(hand[0:8]), sum(hand[8:16]), sum(hand[16:24]), sum(hand[24:32]), sum(hand[32:40]),
                          sum(hand[40:48])], "hand values"
    # metal 23, gems 20
    assert s.metal_supply >= 0 and min(s.metal) >= 0 and s.metal_supply + sum(s.metal) == D.METAL_SUPPLY, "metal"
    assert s.gem_supply >= 0 and min(s.gems) >= 0 and s.gem_supply + sum(s.gems) == D.GEM_SUPPLY, "gems"
    # swords 19: on the board + in front + carried into the Alcazar, each exactly once
    places = list(compress(_ALL_SWORDS, s.sword_on_board))
    for front in s.swords_in_front:
        places += front
    pawn_pos = s.pawn_pos
    for pawn, sword in enumerate(s.pawn_sword):
        if sword >= 0:
            assert pawn_pos[pawn] == ALCAZAR, "a sword under a pawn outside the Alcazar"
            places.append(sword)
    places.sort()
    assert places == _ALL_SWORDS, f"swords not conserved: {places}"
    # fencing tiles 16: at most 3 per player, never two of a kind (one bit per kind)
    board = s.fencing_board
    counts = [board[0], board[1], board[2], board[3]]
    for mask in s.fencing_held:
        assert 0 <= mask < 16, "fencing mask"
        assert _BITS[mask] <= D.MAX_FENCING_TILES, "more than 3 fencing tiles"
        counts[0] += mask & 1
        counts[1] += mask >> 1 & 1
        counts[2] += mask >> 2 & 1
        counts[3] += mask >> 3
    assert min(board) >= 0 and counts == _FENCING_TOTAL, f"fencing tiles: {counts}"
    # paintings 6, the stack ordered with the highest on top
    stack = s.paintings_stack
    got = stack[:]
    for p in s.paintings:
        got += p
    got.sort()
    assert got == _PAINTINGS and stack == sorted(stack), "paintings"
    # business tiles: 8 per player, placed + left
    placed = [0] * n
    owners, business, capacity, occupants = s.tile_owner, s.tile_business, s.capacity, s.occupants
    for space in _BUSINESS_LIST:
        owner = owners[space]
        if owner >= 0:
            bit = 1 << (business[space] * 2 + capacity[space] - 1)
            assert not placed[owner] & bit, "a tile placed twice"
            placed[owner] |= bit
        else:
            assert capacity[space] == 0, f"the empty business space {space} has circles"
    for space in _OTHER_SPACES:
        assert owners[space] < 0 and (0 < space < _FIRST_ENTRY or not occupants[space]), f"space {space}"
    for seat in range(n):
        left = s.tiles_left[seat]
        assert placed[seat] | left == _ALL_TILES and not placed[seat] & left, f"tiles of seat {seat}"
    # pawns: 5 per player; every road pawn on a circle of a space with a tile, a tavern or the artist,
    # except the pawn of a FULL phase, which stands there in transit
    assert len(pawn_pos) == n * P
    transit = s.active_pawn if s.phase == Phase.FULL else -1
    on_circles = 0
    for space in _ROAD:
        occ = occupants[space]
        if occ:
            assert len(occ) <= capacity[space], f"space {space} over capacity"
            for pawn in occ:
                assert pawn_pos[pawn] == space and pawn != transit, f"pawn {pawn} misplaced"
            on_circles += len(occ)
    on_road = 0
    for pawn, pos in enumerate(pawn_pos):
        if pos == _CATHEDRAL or pos == ALCAZAR:
            continue
        assert 0 < pos < _FIRST_ENTRY, f"a pawn at {pos}"
        assert capacity[pos] > 0, f"a pawn rests on the empty business space {pos}"
        on_road += 1
    assert on_road - (transit >= 0) == on_circles, "a road pawn is not on a circle"
    if transit >= 0:
        pos = pawn_pos[transit]
        assert 0 < pos < _FIRST_ENTRY and len(occupants[pos]) == capacity[pos], "FULL phase on a space with room"
        assert transit // P == s.current
    # the turn
    assert (s.phase == Phase.OVER) == (s.final_turns_left == 0)
    assert 0 <= s.current < n
    if s.phase == Phase.START:
        assert s.lead_value == 0 and not s.extra_used and s.extra_value == 0 and s.active_pawn == -1


def total_cards(s: State) -> int:
    return len(s.draw_pile) + sum(s.discard) + sum(s.hand_sizes) + (s.lead_card >= 0)


def actions(*texts: str) -> list[Action]:
    return [parse(t) for t in texts]


def random_play(players: int, seed: int, steps: int | None = None) -> State:
    """A seeded game with uniformly random legal actions, stopped after `steps` actions (or at the end)."""
    import random

    state = new_game(players, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal() and (steps is None or state.step < steps):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state
