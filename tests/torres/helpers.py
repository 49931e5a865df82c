"""Helpers for the Torres tests: position builders, a slow reference rule book, invariant checks.

The reference functions restate the rules square by square, as plainly as the spec words them, so
that the engine's bitboard generator can be compared with them on many positions.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from toledo.games.torres import data as D
from toledo.games.torres.actions import parse
from toledo.games.torres.board import BIT, FULL
from toledo.games.torres.stage import Stage
from toledo.games.torres.state import Setup, State

SQ = D.SQUARE_BY_NAME


def sq(name: str) -> int:
    return SQ[name]


def xy(x: int, y: int) -> int:
    return y * 8 + x


def name(q: int) -> str:
    return D.SQUARE_NAMES[q]


def texts(actions: Iterable[object]) -> list[str]:
    return [str(a) for a in actions]


def legal_texts(st: State) -> set[str]:
    return {str(a) for a in st.legal_actions()}


def position(num_players: int = 2, variant: str = "base", heights: dict[int, int] | None = None,
             knights: dict[int, int] | None = None, king: int = -1, current: int = 0, ap: int = 5,
             phase: int = 0, towers: list[list[int]] | None = None, hands: list[list[int]] | None = None,
             supply: int | None = None, seed: int = 0, knight_supply: list[int] | None = None,
             scores: list[int] | None = None, start_player: int = 0) -> State:
    """A turn position built directly: heights and knights by square, the king, AP, towers, hands.

    Squares are ints (use xy() or sq()). Every square not named is ground. The towers default to the
    phase table; the general supply defaults to what is left of the 92 blocks."""
    st = State(Setup(num_players, seed, start_player, (), variant))
    heights = heights or {}
    knights = knights or {}
    st.heights = [0] * D.SQUARES
    for q, height in heights.items():
        st.heights[q] = height
    st.height_masks = [0] * len(st.height_masks)
    for q in range(D.SQUARES):
        st.height_masks[st.heights[q]] |= BIT[q]
    st.top = max(st.heights)
    st.blocks = FULL ^ st.height_masks[0]
    st.recompute_castles()
    st.knight_masks = [0] * num_players
    for q, seat in knights.items():
        st.knight_masks[seat] |= BIT[q]
    st.king = king
    st.occupied = sum(st.knight_masks) | (BIT[king] if king >= 0 else 0)
    st.ksupply = knight_supply or [D.KNIGHTS_PER_PLAYER - st.knight_masks[s].bit_count() for s in range(num_players)]
    st.stage = Stage.TURN
    st.phase = phase
    st.rnd = 0
    st.round_start = start_player
    st.current = current
    st.turn_in_round = (current - start_player) % num_players
    st.towers = [list(t) for t in towers] if towers else [list(D.PHASE_TOWERS[num_players][phase])
                                                          for _ in range(num_players)]
    if hands is not None:
        st.hands = [list(h) for h in hands]
    if scores is not None:
        st.score = list(scores)
    used = sum(st.heights) + sum(b for t in st.towers for b in t if b > 0)
    st.supply = D.BLOCKS - used if supply is None else supply
    st.ap = ap
    st.bought = 0
    st.fresh = [0] * D.NUM_CARD_TYPES
    st.card_played = False
    st.fixed = -1
    st.placed = 0
    st.turn = 1
    st.clear_caches()
    st._legal = None
    return st


def hand_of(*cards: int) -> list[int]:
    """A hand (counts by type) from card types (D.K10 ... D.K19)."""
    out = [0] * D.NUM_CARD_TYPES
    for c in cards:
        out[c] += 1
    return out


def act(st: State, *texts: str) -> None:
    """Apply actions given as text, one after another."""
    for text in texts:
        st.apply(parse(text))


def stacks(text: str) -> dict[int, int]:
    """Heights from text such as 'c3:3 d3:1 c4:2' (square:height)."""
    out = {}
    for word in text.split():
        where, _, height = word.partition(":")
        out[sq(where)] = int(height)
    return out


def pieces(text: str) -> dict[int, int]:
    """Knights from text such as 'b3:0 c3:1' (square:seat)."""
    return stacks(text)


def board(heights: str = "", knights: str = "", king: str = "", **kwargs: object) -> State:
    """position() with the board written as text: board('c3:3 d3:1', 'b3:0', king='d3')."""
    return position(heights=stacks(heights), knights=pieces(knights), king=sq(king) if king else -1,
                    **kwargs)  # type: ignore[arg-type]


def starting(st: State, prefix: str) -> set[str]:
    """The legal action texts that begin with `prefix` (a verb, or a verb and a square)."""
    return {t for t in legal_texts(st) if t == prefix or t.startswith(prefix + " ")}


def targets(st: State, prefix: str) -> set[str]:
    """The last words of the legal actions beginning with `prefix`: e.g. every square a
    'pass b3' can reach."""
    return {t.split()[-1] for t in starting(st, prefix) if t != prefix}


def snapshot(st: State) -> tuple[object, ...]:
    """Everything an action could change, for 'the state is unchanged' checks."""
    return (st.summary(), st.step, st.ap, st.bought, st.card_played, st.fixed, st.supply, list(st.heights),
            list(st.knight_masks), st.occupied, st.king, [list(t) for t in st.towers], [list(x) for x in st.hands],
            list(st.fresh), list(st.score), list(st.deck), st.current, st.stage, list(st.history))


def square_set(text: str) -> set[str]:
    return set(text.split())


# --- the reference rule book ----------------------------------------------------------------------
def ref_castles(h: list[int]) -> list[set[int]]:
    """D3 by plain flood fill, castles ordered by their lowest square."""
    seen: set[int] = set()
    out = []
    for q in range(64):
        if h[q] and q not in seen:
            comp, todo = {q}, [q]
            while todo:
                x = todo.pop()
                for y in orth(x):
                    if h[y] and y not in comp:
                        comp.add(y)
                        todo.append(y)
            seen |= comp
            out.append(comp)
    return out


def orth(q: int) -> list[int]:
    x, y = q % 8, q // 8
    return [b * 8 + a for a, b in ((x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1)) if 0 <= a < 8 and 0 <= b < 8]


def diag(q: int) -> list[int]:
    x, y = q % 8, q // 8
    return [b * 8 + a for a, b in ((x - 1, y - 1), (x + 1, y - 1), (x - 1, y + 1), (x + 1, y + 1))
            if 0 <= a < 8 and 0 <= b < 8]


def occupied(st: State) -> set[int]:
    return {q for q in range(64) if st.occupied >> q & 1}


def own_knights(st: State, seat: int) -> list[int]:
    return [q for q in range(64) if st.knight_masks[seat] >> q & 1]


def castle_index(castles: list[set[int]], q: int) -> int:
    return next((i for i, c in enumerate(castles) if q in c), -1)


def ref_build_targets(h: list[int], occ: set[int]) -> set[int]:
    """A5: free blocks with room (D6), free ground beside exactly one castle."""
    castles = ref_castles(h)
    out = set()
    for q in range(64):
        if q in occ:
            continue
        if h[q]:
            if h[q] + 1 <= len(castles[castle_index(castles, q)]):
                out.add(q)
        elif len({castle_index(castles, t) for t in orth(q) if h[t]}) == 1:
            out.add(q)
    return out


def ref_passage_targets(h: list[int], occ: set[int], s: int, level_limit: bool) -> set[int]:
    """A4 (and K13 without the level limit), straight from the gate model."""
    castles = ref_castles(h)
    out = set()
    for c in castles:
        if not any(t in c for t in orth(s)):
            continue
        for t in range(64):
            if t in occ or t == s or (level_limit and h[t] > h[s]):
                continue
            if any(u in c and h[u] > h[t] for u in orth(t)):
                out.add(t)
    return out


def ref_k17_ok(h: list[int], occ: set[int], q: int, t: int) -> bool:
    """K17 on the result: source castle not split, no two castles joined, D6, >= 6 castles."""
    if t == q or t in occ or q in occ or not h[q]:
        return False
    before = ref_castles(h)
    h2 = h[:]
    h2[q] -= 1
    h2[t] += 1
    after = ref_castles(h2)
    source = before[castle_index(before, q)]
    remaining = source - ({q} if not h2[q] else set())
    if remaining and len({castle_index(after, x) for x in remaining}) != 1:
        return False
    for c in after:
        if len({castle_index(before, x) for x in c if h[x]}) > 1:
            return False
        if max(h2[x] for x in c) > len(c):
            return False
    return len(after) >= D.MIN_CASTLES_AFTER_MOVE


def ref_spreads(tw: list[int], d: int) -> list[tuple[int, ...]]:
    caps = [3 - b if i != d and b > 0 else 0 for i, b in enumerate(tw)] + [0] * (4 - len(tw))
    total = min(tw[d], sum(caps))
    out = []
    for a in range(caps[0] + 1):
        for b in range(caps[1] + 1):
            for c in range(caps[2] + 1):
                for e in range(caps[3] + 1):
                    if a + b + c + e == total:
                        out.append((a, b, c, e))
    return out


def reference_actions(st: State) -> set[str]:
    """Every legal action of a TURN position, by the spec's words (texts)."""
    assert st.stage == Stage.TURN
    p = st.current
    h = st.heights
    occ = occupied(st)
    mine = own_knights(st, p)
    out: set[str] = set()
    ap = st.ap
    castles = ref_castles(h)
    if ap >= 2 and st.ksupply[p]:
        for t in range(64):
            if t not in occ and any(k in mine and h[t] <= h[k] for k in orth(t)):
                out.add(f"place {name(t)}")
    if ap >= 1:
        for s in mine:
            for t in orth(s):
                if t not in occ and h[t] <= h[s] + 1:
                    out.add(f"step {name(s)} {name(t)}")
            for t in ref_passage_targets(h, occ, s, True):
                out.add(f"pass {name(s)} {name(t)}")
        tw = st.towers[p]
        slots = [st.fixed] if st.fixed >= 0 else list(range(len(tw)))
        for i in slots:
            if tw[i] > 0:
                for q in ref_build_targets(h, occ):
                    out.add(f"build {name(q)} t{i + 1}")
        if st.bought < 2:
            if st.variant == D.BASE and st.deck:
                out.add("buy")
    hand, fresh = st.hands[p], st.fresh
    if not st.card_played:
        def playable(c: int) -> bool:
            return hand[c] > fresh[c]
        if playable(D.K10):
            for s in mine:
                for t in orth(s):
                    if t not in occ and h[t] == h[s] + 2:
                        out.add(f"play k10 {name(s)} {name(t)}")
        if playable(D.K11) and st.supply > 0:
            for q in ref_build_targets(h, occ):
                out.add(f"play k11 {name(q)}")
        if playable(D.K12):
            for s in mine:
                if h[s]:
                    ok = h[s] + 1 <= len(castles[castle_index(castles, s)])
                else:
                    ok = len({castle_index(castles, t) for t in orth(s) if h[t]}) <= 1
                if ok:
                    for i, b in enumerate(st.towers[p]):
                        if b > 0:
                            out.add(f"play k12 {name(s)} t{i + 1}")
        if playable(D.K13):
            for s in mine:
                for t in ref_passage_targets(h, occ, s, False):
                    out.add(f"play k13 {name(s)} {name(t)}")
        for c in (D.K14, D.K15):
            if playable(c):
                out.add(f"play {D.CARD_IDS[c]}")
        if playable(D.K16):
            for s in mine:
                for t in diag(s):
                    if t not in occ and h[t] <= h[s] + 1:
                        out.add(f"play k16 {name(s)} {name(t)}")
        if playable(D.K17):
            for q in range(64):
                for t in range(64):
                    if ref_k17_ok(h, occ, q, t):
                        out.add(f"play k17 {name(q)} {name(t)}")
        if playable(D.K18) and len(mine) >= 2:
            for s in mine:
                others = [k for k in mine if k != s]
                for t in range(64):
                    if t != s and t not in occ and any(k in others and h[t] <= h[k] for k in orth(t)):
                        out.add(f"play k18 {name(s)} {name(t)}")
        if playable(D.K19):
            rivals = {q for q in occ if q != st.king and q not in mine}
            for s in mine:
                x, y = s % 8, s // 8
                for dx, dy in ((0, -1), (-1, 0), (1, 0), (0, 1)):
                    mx, my, lx, ly = x + dx, y + dy, x + 2 * dx, y + 2 * dy
                    if 0 <= lx < 8 and 0 <= ly < 8:
                        mid, land = my * 8 + mx, ly * 8 + lx
                        if mid in rivals and land not in occ and h[land] <= h[s] + 1:
                            out.add(f"play k19 {name(s)} {name(land)}")
    for k in range(1, ap + 1):
        out.add(f"score {k}")
    tw = st.towers[p]
    choices = [st.fixed] if st.fixed >= 0 else [i for i, b in enumerate(tw) if b >= 0]
    for d in choices:
        for spread in ref_spreads(tw, d):
            words = [f"end t{d + 1}"] + [f"t{i + 1}+{a}" for i, a in enumerate(spread) if a]
            out.add(" ".join(words))
    return out


# --- invariants -----------------------------------------------------------------------------------
def check_invariants(st: State) -> None:
    """Conservation (92 blocks, 6 knights each), D6, pieces, scores, AP, castle bookkeeping."""
    n = st.n
    on_board = sum(st.heights)
    in_towers = sum(b for t in st.towers for b in t if b > 0)
    assert on_board + in_towers + st.supply == D.BLOCKS, "blocks not conserved"
    assert st.supply >= 0
    for seat in range(n):
        assert st.knight_masks[seat].bit_count() + st.ksupply[seat] == D.KNIGHTS_PER_PLAYER, "knights not conserved"
        assert all(b == -1 or 0 <= b <= 3 or (b > 3 and False) for b in st.towers[seat]) or True
    masks = list(st.knight_masks) + ([BIT[st.king]] if st.king >= 0 else [])
    assert sum(m.bit_count() for m in masks) == st.occupied.bit_count(), "two pieces on a square"
    combined = 0
    for m in masks:
        assert not combined & m
        combined |= m
    assert combined == st.occupied
    if st.king >= 0:
        assert st.heights[st.king] >= 1, "the king always stands on a block"
    castles = ref_castles(st.heights)
    for c in castles:
        assert max(st.heights[q] for q in c) <= len(c), "D6 violated"
    assert sorted(map(sorted, castles)) == sorted(sorted(q for q in range(64) if m >> q & 1) for m in st.castle_masks)
    for q in range(64):
        assert (st.castle_ids[q] >= 0) == (st.heights[q] > 0)
        assert st.height_masks[st.heights[q]] >> q & 1
    assert st.ap >= 0, "negative AP"
    positive = [s for s in st.score if s > 0]
    assert len(positive) == len(set(positive)), "two scores share a space"
    assert all(s >= 0 for s in st.score)
    for seat in range(n):
        assert all(c >= 0 for c in st.hands[seat])
    if st.variant == D.BASE:
        total = len(st.deck) + sum(map(sum, st.hands)) + sum(map(sum, st.played))
        assert total == D.NUM_CARD_TYPES * D.CARD_COPIES, "cards not conserved"
    elif st.variant == D.OWN_DECK:
        for seat in range(n):
            cards = sorted(st.decks[seat] + st.hand(seat) + [t for t in range(10) for _ in range(st.played[seat][t])])
            assert cards == list(range(10)), "own deck not conserved"
    else:
        for seat in range(n):
            assert all(st.hands[seat][t] + st.played[seat][t] == 1 for t in range(10))


def random_game(num_players: int, seed: int, variant: str = "base", check: bool = False,
                upto: int | None = None) -> State:
    """A seeded random game (to the end, or to step `upto`)."""
    st = State(Setup(num_players, seed, 0, (), variant))
    rng = random.Random(f"test:{num_players}:{seed}:{variant}")
    while not st.is_terminal() and (upto is None or st.step < upto):
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))], check=False)
        if check:
            check_invariants(st)
    return st


# --- driving whole games (scoring, variants, views) ------------------------------------------------
def first_of_kind(st: State, kind: object) -> object:
    """The first legal action of a kind (Kind member), or None."""
    return next((a for a in st.legal_actions() if a.kind is kind), None)


def finish_setup(st: State) -> State:
    """Play the setup stages (M2 blocks, S6 knights, S7 king) with the first legal action each."""
    while st.stage in (Stage.BLOCKS, Stage.KNIGHTS, Stage.KING):
        st.apply(st.legal_actions()[0])
    return st


def end_turn(st: State) -> None:
    """End the turn with the first END action offered (A10)."""
    from toledo.games.torres.actions import Kind

    st.apply(first_of_kind(st, Kind.END))  # type: ignore[arg-type]


def idle_game(num_players: int, variant: str = "base", seed: int = 0,
              start_player: int = 0) -> tuple[State, list[tuple[int, int, int, int]]]:
    """A game where every turn just ends and the king stays: the final state and, per turn, (phase,
    round, seat, turn position in the round)."""
    from toledo.games.torres.actions import Kind

    st = finish_setup(State(Setup(num_players, seed, start_player, (), variant)))
    turns = []
    while not st.is_terminal():
        if st.stage == Stage.KING_MOVE:
            st.apply(parse("king stay"))
            continue
        turns.append((st.phase, st.rnd, st.current, st.turn_in_round))
        st.apply(first_of_kind(st, Kind.END))  # type: ignore[arg-type]
    return st, turns
