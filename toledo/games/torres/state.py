"""The rules core: one mutable game state with legal actions, apply, terminal and scores.

Rule ids (S6, A4, K17, ...) refer to the project's numbered Torres specification. Randomness enters
only through the setup's seed: the deck shuffles and the master-card draw each use their own
`random.Random`, so a game is fully determined by its setup and action list.

The board is kept as bitboards (see board.py): `hm[k]` = squares of height exactly k, `km[seat]` =
that seat's knights, `occ` = every piece. Castles are kept incrementally (`cm` = one mask per
castle, `cid` = castle index per square) and recomputed only when a block moves (K17).
"""

from __future__ import annotations

import itertools
import random
from operator import is_ as _is
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core import history
from ...core.errors import SetupError
from ...core.seating import check_seating
from ...core.state_base import StateBase
from . import data as D
from .actions import Action, Kind, own
from .board import BIT, FULL, NBL, components, square_list
from .outcome import TorresOutcome
from .stage import Stage

if TYPE_CHECKING:  # pragma: no cover
    from .view import PlayerView

# enum members as plain module constants: an enum attribute lookup costs several times more
_BUILD, _STEP, _PASS, _PLACE, _SCORE, _END, _PLAY, _BUY = (
    Kind.BUILD, Kind.STEP, Kind.PASS, Kind.PLACE, Kind.SCORE, Kind.END, Kind.PLAY, Kind.BUY)
_OVER = Stage.OVER
MAX_HEIGHT = D.SQUARES + 3  # heights never exceed a castle's area (D6); room for h + 2 lookups
_repeat = itertools.repeat
_VERSIONS = itertools.count(1)  # board versions, unique across all states, key the derived caches


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything chance and the seating decide before the first action."""

    num_players: int
    seed: int = 0
    start_player: int = 0  # S5: seat index; seat 1 (index 0) by default
    colours: tuple[int, ...] = ()  # colour index per seat; default red, blue, green, yellow
    variant: str = "base"  # base | own-deck (V) | master (M)

    def __post_init__(self) -> None:
        object.__setattr__(self, "colours", check_seating("Torres", D.MIN_PLAYERS, D.MAX_PLAYERS, D.COLOURS,
                                                          self.num_players, self.colours, self.start_player, self.seed))
        if self.variant not in D.VARIANTS:
            raise SetupError(f"unknown variant {str(self.variant)[:20]!r} (known: {', '.join(D.VARIANTS)})")


def chance(seed: int, what: str) -> random.Random:
    """The one source of randomness: a generator per chance event, derived from the setup's seed."""
    return random.Random(f"torres:{seed}:{what}")


class State(StateBase):
    """A position in a game of Torres. Mutable: `apply` changes it; `clone` and `child` copy it."""

    __slots__ = (
        "setup", "n", "variant", "heights", "height_masks", "top", "blocks", "castle_ids", "castle_masks",
        "knight_masks", "occupied", "king", "ksupply", "supply", "towers", "score", "hands", "played", "deck",
        "decks", "known_top", "known_bottom", "master_card", "stage", "current", "round_start", "turn_in_round",
        "phase", "rnd", "ap", "bought", "fresh", "card_played", "fixed", "placed", "turn", "keeping", "history",
        "base_step", "last_reveal_step", "_legal", "_board_version", "_cache_version", "_up_to_height", "_gates",
        "_adjs", "_tops", "_knight_ground", "_found", "_once", "_twice", "_gates_beside",
    )

    def __init__(self, setup: Setup) -> None:
        n = setup.num_players
        self.setup = setup
        self.n = n
        self.variant = D.VARIANTS.index(setup.variant)
        self.heights = [0] * D.SQUARES
        self.height_masks = [0] * (MAX_HEIGHT + 1)
        self.height_masks[0] = FULL
        self.top = 0  # the highest stack
        self.blocks = 0
        self.castle_ids = [-1] * D.SQUARES
        self.castle_masks: list[int] = []
        self.knight_masks = [0] * n
        self.occupied = 0
        self.king = -1
        self.ksupply = [D.KNIGHTS_PER_PLAYER] * n
        self.supply = D.BLOCKS
        self.towers: list[list[int]] = [[] for _ in range(n)]  # -1 = a slot already used up
        self.score = [0] * n
        self.played = [[0] * D.NUM_CARD_TYPES for _ in range(n)]
        self.deck: list[int] = []  # base game: the common deck, top card last
        self.decks: list[list[int]] = [[] for _ in range(n)]  # own-deck variant, top card last
        self.known_top = [0] * n  # own-deck variant: cards on top of the deck their owner knows
        self.known_bottom = [0] * n  # ... and at its bottom
        self.master_card = -1
        if self.variant == D.MASTER:
            self.hands = [[1] * D.NUM_CARD_TYPES for _ in range(n)]  # M3: the own colour's set
            self.master_card = chance(setup.seed, "master").randrange(len(D.MASTER_CARDS))  # M4
        else:
            self.hands = [[0] * D.NUM_CARD_TYPES for _ in range(n)]
            if self.variant == D.BASE:
                self.deck = [t for t in range(D.NUM_CARD_TYPES) for _ in range(D.CARD_COPIES)]  # S3
                chance(setup.seed, "deck").shuffle(self.deck)
            else:
                for seat in range(n):  # V1
                    own = list(range(D.NUM_CARD_TYPES))
                    chance(setup.seed, f"deck:{seat}").shuffle(own)
                    self.decks[seat] = own
        self.current = setup.start_player
        self.round_start = setup.start_player
        self.turn_in_round = 0
        self.phase = 0
        self.rnd = 0
        self.ap = 0
        self.bought = 0
        self.fresh = [0] * D.NUM_CARD_TYPES  # cards bought this turn (K2)
        self.card_played = False
        self.fixed = -1  # the turn's tower slot once the first block is placed (A6)
        self.keeping = False  # V2: bought and shown the top cards, the buyer picks the one he keeps
        self.placed = 0  # setup placements made in the current setup stage
        self.turn = 0
        self.history: list[Action] = []
        self.base_step = 0
        self.last_reveal_step = 0
        self._legal: tuple[Action, ...] | None = None
        self.clear_caches()
        if self.variant == D.MASTER:
            self.stage = Stage.BLOCKS  # M2
        else:
            for q in D.START_SQUARES:  # S4
                self.add_block(q)
                self.supply -= 1
            self.stage = Stage.KNIGHTS

    def clear_caches(self) -> None:
        """Forget the derived board facts (moves.refresh rebuilds them on demand)."""
        self._board_version = next(_VERSIONS)
        self._cache_version = 0
        self._up_to_height: list[int] = []  # the caches of moves.refresh, valid while _cbv == _bv
        self._gates = self._tops = self._knight_ground = self._found = self._once = self._twice = 0
        self._adjs: list[int] = []
        self._gates_beside: list[int | None] = []

    # --- copying ---------------------------------------------------------------------------------
    def clone(self) -> State:
        o = State.__new__(State)
        o.setup, o.n, o.variant, o.top, o.blocks = self.setup, self.n, self.variant, self.top, self.blocks
        o.occupied, o.king, o.supply, o.master_card, o.stage = (self.occupied, self.king, self.supply,
                                                                self.master_card, self.stage)
        o.current, o.round_start, o.turn_in_round = self.current, self.round_start, self.turn_in_round
        o.phase, o.rnd, o.ap, o.bought = self.phase, self.rnd, self.ap, self.bought
        o.card_played, o.fixed, o.placed, o.turn = self.card_played, self.fixed, self.placed, self.turn
        o.base_step, o.last_reveal_step, o._legal = self.base_step, self.last_reveal_step, self._legal
        o.keeping = self.keeping
        o.heights, o.height_masks, o.castle_ids = self.heights[:], self.height_masks[:], self.castle_ids[:]
        o.castle_masks, o.knight_masks = self.castle_masks[:], self.knight_masks[:]
        o.ksupply, o.score, o.deck, o.fresh = self.ksupply[:], self.score[:], self.deck[:], self.fresh[:]
        o.known_top, o.known_bottom, o.history = self.known_top[:], self.known_bottom[:], self.history[:]
        o.towers = [x[:] for x in self.towers]
        o.hands = [x[:] for x in self.hands]
        o.played = [x[:] for x in self.played]
        o.decks = [x[:] for x in self.decks]
        # the derived board caches are shared: they are replaced, never changed in place, except for
        # the per-square gate cache, which is only ever filled for the board version both share
        o._board_version, o._cache_version, o._up_to_height = self._board_version, self._cache_version, self._up_to_height
        o._gates, o._adjs, o._tops, o._knight_ground = self._gates, self._adjs, self._tops, self._knight_ground
        o._found, o._once, o._twice, o._gates_beside = self._found, self._once, self._twice, self._gates_beside
        return o

    # --- public queries (child, current_player and step: core.state_base) ------------------------
    def is_terminal(self) -> bool:
        return self.stage == _OVER

    def colour_of(self, seat: int) -> str:
        return D.COLOURS[self.setup.colours[seat]]

    def rounds(self) -> int:
        """W1: rounds in the current phase."""
        return D.rounds(self.n, self.phase)

    def knights(self, seat: int) -> list[int]:
        """The squares of a seat's knights on the board, ascending."""
        return square_list(self.knight_masks[seat])

    def piece_at(self, q: int) -> int:
        """-1 free, a seat index for a knight, -2 for the king."""
        if not self.occupied >> q & 1:
            return -1
        if q == self.king:
            return -2
        return next(s for s in range(self.n) if self.knight_masks[s] >> q & 1)

    def castles(self) -> list[int]:
        """The castles as square masks, ordered by their lowest square (D3)."""
        return sorted(self.castle_masks, key=lambda m: m & -m)

    def castle_of(self, q: int) -> int:
        """The mask of the castle holding square q (0 on the ground)."""
        ci = self.castle_ids[q]
        return self.castle_masks[ci] if ci >= 0 else 0

    def hand(self, seat: int) -> list[int]:
        """The card types in a seat's hand, sorted (with repeats)."""
        return [t for t, count in enumerate(self.hands[seat]) for _ in range(count)]

    def view(self, seat: int) -> PlayerView:
        """What `seat` may see (I1-I4)."""
        return player_view(self, seat)

    # --- board changes ---------------------------------------------------------------------------
    def add_block(self, q: int) -> None:
        """One block onto q; on the ground it joins the one neighbouring castle or founds one."""
        h0 = self.heights[q]
        bit = BIT[q]
        follow = self._cache_version == self._board_version  # the caches can follow this change step by step
        ci = self.castle_ids[q]
        if h0 == 0:
            for t in NBL[q]:
                if self.castle_ids[t] >= 0:
                    ci = self.castle_ids[t]
                    break
            if ci < 0:
                ci = len(self.castle_masks)
                self.castle_masks.append(bit)
                follow = False
            else:
                self.castle_masks[ci] |= bit
            self.castle_ids[q] = ci
            self.blocks |= bit
        self.height_masks[h0] ^= bit
        self.height_masks[h0 + 1] |= bit
        self.heights[q] = h0 + 1
        if h0 + 1 > self.top:
            self.top = h0 + 1
        self._board_version = next(_VERSIONS)
        if follow:
            _after_add(self, q, h0, ci)

    def move_block(self, q: int, t: int) -> None:
        """K17: the top block of q onto t; the castles are derived anew."""
        hq = self.heights[q]
        self.height_masks[hq] ^= BIT[q]
        self.height_masks[hq - 1] |= BIT[q]
        self.heights[q] = hq - 1
        ht = self.heights[t]
        self.height_masks[ht] ^= BIT[t]
        self.height_masks[ht + 1] |= BIT[t]
        self.heights[t] = ht + 1
        self.blocks = FULL ^ self.height_masks[0]
        self.top = max(self.heights)
        self.recompute_castles()

    def recompute_castles(self) -> None:
        self.castle_masks = components(self.blocks)
        cid = [-1] * D.SQUARES
        for ci, m in enumerate(self.castle_masks):
            for q in square_list(m):
                cid[q] = ci
        self.castle_ids = cid
        self._board_version = next(_VERSIONS)

    def move_piece(self, seat: int, s: int, t: int) -> None:
        both = BIT[s] | BIT[t]
        self.knight_masks[seat] ^= both
        self.occupied ^= both

    # --- legal actions ---------------------------------------------------------------------------
    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions in a deterministic order (by kind, then squares, tower, card)."""
        if self._legal is None:
            self._legal = tuple(_generate(self))
        return self._legal

    def why_illegal(self, action: Action) -> str:
        """'' when `action` is legal now, else a short reason."""
        legal = self.legal_actions()
        if any(map(_is, legal, _repeat(action))):
            return ""
        found = own(action)
        if found is None:
            return "not an action"
        return "" if any(map(_is, legal, _repeat(found))) else _reason(self, found)

    # --- applying --------------------------------------------------------------------------------
    def apply(self, action: Action, check: bool = True) -> TorresOutcome:
        """Apply a legal action and tell what it did. Raises IllegalActionError (state unchanged) if it is
        not legal here."""
        if check:
            action = self.checked(action, own)
        self._legal = None
        self.history.append(action)
        kind = action.kind
        p = self.current
        stage = self.stage
        if kind is _BUILD:
            if self.fixed < 0:
                self.fixed = action.tower  # A6: the first block fixes the turn's tower
            self.towers[p][action.tower] -= 1
            self.ap -= D.AP_BLOCK
            self.add_block(action.sq)
        elif kind is _STEP or kind is _PASS:
            self.move_piece(p, action.sq, action.to)
            self.ap -= D.AP_STEP
        elif kind is _PLACE:
            self.knight_masks[p] |= BIT[action.sq]
            self.occupied |= BIT[action.sq]
            self.ksupply[p] -= 1
            self.ap -= D.AP_PLACE_KNIGHT
        elif kind is _SCORE:
            self.ap -= action.n * D.AP_PER_SPACE
            self.gain(p, action.n)
        elif kind is _END:
            score, phase, start = tuple(self.score), self.phase, self.round_start
            self._end_turn(action)
            if self.stage != stage:  # only a turn's end ends a phase, and so scores it
                return TorresOutcome(p, self.stage == _OVER, stage, score, phase, start)
        elif kind is _PLAY:
            self._play(action)
        elif kind is _BUY:
            _buy(self, action)
        else:
            self._setup_or_king(action)
        return TorresOutcome(p, self.stage == _OVER, stage)

    def gain(self, seat: int, points: int) -> None:
        """Add points, then W8: a positive score never shares a space."""
        if points <= 0:
            return
        score = self.score
        mine = score[seat] + points
        while mine in score:
            mine += 1
        score[seat] = mine

    def _play(self, action: Action) -> None:
        p = self.current
        c = action.card
        self.hands[p][c] -= 1
        self.played[p][c] += 1
        self.card_played = True
        if c == D.K11:
            self.supply -= 1
            self.add_block(action.sq)
        elif c == D.K12:
            self.towers[p][action.tower] -= 1  # any tower; it does not fix the turn's tower
            self.add_block(action.sq)
        elif c == D.K14 or c == D.K15:
            self.ap += D.CARD_EXTRA_AP[c]
        elif c == D.K17:
            self.move_block(action.sq, action.to)
        else:  # K10, K13, K16, K18, K19: the knight moves (K18 lifts and places it)
            self.move_piece(p, action.sq, action.to)

    def _setup_or_king(self, action: Action) -> None:
        kind = action.kind
        n = self.n
        start = self.setup.start_player
        self.last_reveal_step = self.step  # a setup placement or king move is a turn of its own
        if kind is Kind.BLOCK:  # M2
            self.add_block(action.sq)
            self.supply -= 1
            self.placed += 1
            if self.placed == D.START_CASTLES:
                self.placed = 0
                self.stage = Stage.KNIGHTS
                self.current = start
            else:
                self.current = (start + self.placed) % n
        elif kind is Kind.KNIGHT:  # S6
            q = action.sq
            self.knight_masks[self.current] |= BIT[q]
            self.occupied |= BIT[q]
            self.ksupply[self.current] -= 1
            self.placed += 1
            if self.placed == n:
                self.placed = 0
                self.stage = Stage.KING
                self.current = (start + n - 1) % n  # S7: who placed the last knight
            else:
                self.current = (start + self.placed) % n
        elif self.stage == Stage.KING:  # S7
            self._put_king(action.sq)
            self._begin_phase()
        else:  # W9
            if kind is Kind.KING:
                self.occupied ^= BIT[self.king]
                self._put_king(action.sq)
            self.phase += 1
            self._new_start_player()  # M7: after the scoring and the king's move
            self._begin_phase()

    def _put_king(self, q: int) -> None:
        self.king = q
        self.occupied |= BIT[q]

    def _begin_phase(self) -> None:
        """W2/W10: towers from the general supply, then round 1 with the start player."""
        n = self.n
        table = D.PHASE_TOWERS[n][self.phase]
        order = [(self.round_start + i) % n for i in range(n)]
        for seat in order:
            self.towers[seat] = []
        for size in table:  # W2: a short supply serves the players in turn order, tower by tower
            for seat in order:
                take = min(size, self.supply)
                self.supply -= take
                self.towers[seat].append(take)
        self.stage = Stage.TURN
        self.rnd = 0
        self.turn_in_round = 0
        self.current = self.round_start
        self._start_turn()

    def _start_turn(self) -> None:
        self.ap = D.AP_PER_TURN
        self.bought = 0
        self.fresh = [0] * D.NUM_CARD_TYPES
        self.card_played = False
        self.fixed = -1
        self.turn += 1

    def _new_start_player(self) -> None:
        """M6: in the master version the leader starts once anyone has left 0 (W3: else fixed)."""
        if self.variant == D.MASTER and max(self.score) > 0:
            self.round_start = max(range(self.n), key=self.score.__getitem__)

    def _end_turn(self, action: Action) -> None:
        p = self.current
        tw = self.towers[p]
        left = tw[action.tower]
        tw[action.tower] = -1  # A6: the turn's tower is used up
        added = 0
        for i, a in enumerate(action.spread):
            if a:
                tw[i] += a
                added += a
        self.supply += left - added  # what does not fit goes back (A6, W4)
        self.last_reveal_step = self.step
        n = self.n
        self.turn_in_round += 1
        if self.turn_in_round < n:
            self.current = (self.round_start + self.turn_in_round) % n
            self._start_turn()
            return
        self.turn_in_round = 0
        self.rnd += 1
        if self.rnd < self.rounds():
            self._new_start_player()
            self.current = self.round_start
            self._start_turn()
            return
        self._end_phase()

    def _end_phase(self) -> None:
        """W11: W4 -> scoring (W5-W8) -> king (W9) or the end (E1)."""
        for seat in range(self.n):  # W4 (every slot is used up by now, so nothing is left)
            self.supply += sum(b for b in self.towers[seat] if b > 0)
            self.towers[seat] = []
        _score_phase(self)
        self.ap = 0
        if self.phase == D.PHASES - 1:
            self.stage = Stage.OVER
            return
        self.stage = Stage.KING_MOVE
        low = min(self.score)
        order = [(self.round_start + i) % self.n for i in range(self.n)]
        self.current = next(s for s in order if self.score[s] == low)  # W9: ties by turn order

    # --- the end ---------------------------------------------------------------------------------
    def scores(self) -> list[int]:
        return list(self.score)

    def winners(self) -> list[int]:
        """E2: the highest score wins; players tied (only possible at 0) share the win."""
        best = max(self.score)
        return [s for s in range(self.n) if self.score[s] == best]

    def ranking(self) -> list[int]:
        """E2: seats by score, highest first (ties at 0 in seat order)."""
        return sorted(range(self.n), key=lambda s: (-self.score[s], s))

    # --- text ------------------------------------------------------------------------------------
    def summary(self) -> str:
        """A compact, complete, human-readable description (used by golden transcripts)."""
        over = self.stage == Stage.OVER
        to_act = "-" if over else self.colour_of(self.current)
        fixed = f"t{self.fixed + 1}" if self.fixed >= 0 else "-"
        lines = [f"step {self.step} {self.setup.variant} stage {self.stage.name.lower()} phase {self.phase + 1} "
                 f"round {self.rnd + 1} turn {self.turn} to act {to_act} ap {self.ap} bought {self.bought} "
                 f"card {'played' if self.card_played else '-'} tower {fixed} supply {self.supply}"
                 f"{' keeping' if self.keeping else ''}"]
        marks = {-1: ".", -2: "K"}
        for y in range(D.SIZE):
            row = []
            for x in range(D.SIZE):
                q = y * D.SIZE + x
                piece = self.piece_at(q)
                row.append(f"{self.heights[q]}{marks.get(piece) or self.colour_of(piece)[0]}")
            lines.append(f"  {y + 1} " + " ".join(row))
        lines.append("  castles " + " ".join(f"{len(square_list(m))}/{max(self.heights[q] for q in square_list(m))}"
                                             for m in self.castles()))
        if self.variant == D.BASE:
            lines.append(f"  deck {' '.join(D.CARD_IDS[c] for c in reversed(self.deck))}")
        if self.master_card >= 0:
            lines.append(f"  master {D.MASTER_CARDS[self.master_card].ident}")
        for seat in range(self.n):
            towers = ",".join("-" if b < 0 else str(b) for b in self.towers[seat])
            played = " ".join(D.CARD_IDS[t] for t in range(D.NUM_CARD_TYPES) for _ in range(self.played[seat][t]))
            line = (f"  {self.colour_of(seat)}: score {self.score[seat]} supply {self.ksupply[seat]} "
                    f"towers [{towers}] hand {' '.join(D.CARD_IDS[t] for t in self.hand(seat)) or '-'} "
                    f"played {played or '-'}")
            if self.variant == D.OWN_DECK:
                deck = " ".join(D.CARD_IDS[c] for c in reversed(self.decks[seat]))
                line += f" deck {deck or '-'} known {self.known_top[seat]}/{self.known_bottom[seat]}"
            lines.append(line)
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<Torres state step {self.step} {self.stage.name} seat {self.current + 1}>"


def replay(setup: Setup, actions: list[Action] | list[str]) -> State:
    """The state after applying `actions` (objects or text) to a new game. Raises at the first bad one."""
    return history.replay(setup, actions)  # type: ignore[return-value]  # the registry finds this game


def new_game(num_players: int = 2, seed: int = 0, start_player: int = 0, colours: tuple[int, ...] = (),
             variant: str = "base") -> State:
    """A fresh game (S1-S5)."""
    return State(Setup(num_players, seed, start_player, tuple(colours), variant))


# the rules split over modules that work on a State; imported last, as they need State's module
from .explain import reason as _reason  # noqa: E402
from .moves import after_add as _after_add  # noqa: E402
from .view import player_view  # noqa: E402
from .moves import buy as _buy, generate as _generate  # noqa: E402
from .scoring import score_phase as _score_phase  # noqa: E402
