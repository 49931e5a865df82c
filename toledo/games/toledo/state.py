"""The rules core: one mutable game state with legal actions, apply, terminal and scores.

Rule ids (S1, M6, ...) refer to the project's numbered rules specification. Randomness enters only
through the setup's seed: the deal and each reshuffle of the discard pile use their own
`random.Random` seeded from it, so a game is fully determined by its setup and action list.
"""

from __future__ import annotations

import random

from . import actions as A
from . import data as D
from .actions import Action, Kind
from ...core import history
from ...core.state_base import StateBase
from .duel import reveal_rounds
from .moves import generate
from .outcome import ToledoOutcome
from .records import RULES_REVISION, Duel, DuelRound, Phase, PublicFacts, Score, Setup, fame_points, score_of
from .view import PlayerView, player_view
from .state_text import summary, why_illegal

# re-exported: the names every caller knows from here
__all__ = ["RULES_REVISION", "Duel", "DuelRound", "Phase", "PublicFacts", "Score", "Setup", "State", "fame_points",
           "new_game", "replay"]


_NUM_FENCING = len(D.FENCING_NAMES)
_MOVEMENT_BIT = 1 << D.Fencing.MOVEMENT
_DUEL_BITS = (1 << D.Fencing.VIOLET) | (1 << D.Fencing.BROWN) | (1 << D.Fencing.TEAL)
_ALL_TILES = (1 << D.TILES_PER_PLAYER) - 1
_ALCAZAR = D.ALCAZAR
_LEAST_METAL = min(sword.metal for sword in D.SWORDS)
_OVER = Phase.OVER
# enum members as plain names: `advance` and the rules it calls compare against them on every action
# of every playout, and an enum's attribute costs several times a module name
_START, _FULL, _USING, _CONTINUE = Phase.START, Phase.FULL, Phase.USE, Phase.CONTINUE
_SWORD_CHOICE, _FENCE_CHOICE, _CARRY_CHOICE = Phase.SWORD, Phase.FENCE, Phase.CARRY
_MOVE, _EXTRA, _RETURN, _CHALLENGE, _USE, _PAY = Kind.MOVE, Kind.EXTRA, Kind.RETURN, Kind.CHALLENGE, Kind.USE, Kind.PAY
_CARRY, _SKIP, _SWORD, _FENCE, _END, _PASS = Kind.CARRY, Kind.SKIP, Kind.SWORD, Kind.FENCE, Kind.END, Kind.PASS
_DRAW, _PLACE = Kind.DRAW, Kind.PLACE
_BUSINESS, _TAVERN, _ARTIST = D.SpaceKind.BUSINESS, D.SpaceKind.TAVERN, D.SpaceKind.ARTIST
_METAL, _GEM, _SWORDSMITH = D.Business.METAL, D.Business.GEM, D.Business.SWORD


def _chance(seed: int, what: str) -> random.Random:
    """The one source of randomness: a generator per chance event, derived from the setup's seed."""
    return random.Random(f"toledo:{seed}:{what}")


class State(StateBase):
    """A position in a game of Toledo. Mutable: `apply` changes it; `clone` and `child` copy it."""

    __slots__ = (
        "setup", "n", "seed", "capacity", "tile_owner", "tile_business", "occupants", "pawn_pos", "pawn_sword",
        "hands", "hand_values", "hand_sizes", "known", "draw_pile", "discard", "reshuffles", "metal", "gems",
        "metal_supply", "gem_supply", "sword_on_board", "swords_in_front", "fencing_board", "fencing_held",
        "paintings_stack", "paintings", "tiles_left", "current", "phase", "lead_value", "lead_card",
        "extra_used", "extra_value", "active_pawn", "final_turns_left", "turn", "history", "base_step", "last_duel",
        "last_reveal_step", "_legal",
    )

    def __init__(self, setup: Setup) -> None:
        n = setup.num_players
        self.setup = setup
        self.n = n
        self.seed = setup.seed
        # the road: capacity 0 = an empty business space (no pawn may stop there)
        self.capacity = [0] * (D.LAST_SPACE + 1)
        for space, kind in enumerate(D.SPACE_KINDS):
            if kind in (_TAVERN, _ARTIST):
                self.capacity[space] = D.PRINTED_CIRCLES
        self.tile_owner = [-1] * (D.LAST_SPACE + 1)
        self.tile_business = [-1] * (D.LAST_SPACE + 1)
        self.occupants: list[list[int]] = [[] for _ in range(D.LAST_SPACE + 1)]  # pawn ids on circles
        self.pawn_pos = [D.CATHEDRAL] * (n * D.PAWNS_PER_PLAYER)  # pawn id = seat * 5 + index (S1)
        self.pawn_sword = [-1] * (n * D.PAWNS_PER_PLAYER)
        # cards (S3): counted by kind; `known` = cards everyone saw arrive in a hand (payments)
        deck = [k for k in range(D.NUM_CARD_KINDS) for _ in range(D.CARD_COPIES[k])]
        _chance(setup.seed, "deal").shuffle(deck)
        self.hands = [[0] * D.NUM_CARD_KINDS for _ in range(n)]
        self.hand_values = [[0] * 7 for _ in range(n)]
        self.hand_sizes = [0] * n
        self.known = [[0] * D.NUM_CARD_KINDS for _ in range(n)]
        self.draw_pile = deck  # the top card is the last element
        self.discard = [0] * D.NUM_CARD_KINDS
        self.reshuffles = 0
        for _ in range(D.HAND_SIZE_AT_START):
            for seat in range(n):
                self._gain(seat, self.draw_pile.pop())
        self.metal, self.gems = [0] * n, [0] * n  # supplies (S4)
        self.metal_supply = D.METAL_SUPPLY
        self.gem_supply = D.GEM_SUPPLY
        self.sword_on_board = [True] * len(D.SWORDS)
        self.swords_in_front: list[list[int]] = [[] for _ in range(n)]
        self.fencing_board = list(D.FENCING_TILES_PER_KIND)
        self.fencing_held = [0] * n  # bit mask of fencing kinds
        self.paintings_stack = list(D.PAINTINGS_BOTTOM_TO_TOP)  # S2: top = last
        self.paintings: list[list[int]] = [[] for _ in range(n)]
        self.tiles_left = [_ALL_TILES] * n  # bit business * 2 + circles - 1
        # the turn
        self.current = setup.start_player
        self.phase = _START
        self.lead_value = 0  # 0 = no lead card yet this turn
        self.lead_card = -1
        self.extra_used = False
        self.extra_value = 0  # T2: the value of the movement tile's extra card this turn (0: none)
        self.active_pawn = -1
        self.final_turns_left = -1  # -1 = the final round has not begun (E1)
        self.turn = 1
        self.history: list[Action] = []
        self.base_step = 0  # actions before `history` began (a sampled state has no history)
        self.last_duel: Duel | None = None
        self.last_reveal_step = 0
        self._legal: tuple[Action, ...] | None = None

    # --- copying ---------------------------------------------------------------------------------
    def clone(self) -> State:
        other = State.__new__(State)
        for name in ("setup", "n", "seed", "reshuffles", "metal_supply", "gem_supply", "current", "phase",
                     "lead_value", "lead_card", "extra_used", "extra_value", "active_pawn", "final_turns_left", "turn",
                     "base_step", "last_duel", "last_reveal_step"):
            setattr(other, name, getattr(self, name))
        for name in ("capacity", "tile_owner", "tile_business", "pawn_pos", "pawn_sword", "hand_sizes",
                     "draw_pile", "discard", "metal", "gems", "sword_on_board", "fencing_board", "fencing_held",
                     "paintings_stack", "tiles_left", "history"):
            setattr(other, name, getattr(self, name)[:])
        for name in ("occupants", "hands", "hand_values", "known", "swords_in_front", "paintings"):
            setattr(other, name, [x[:] for x in getattr(self, name)])
        other._legal = self._legal
        return other

    # --- public queries (child, current_player and step: core.state_base) ------------------------
    def is_terminal(self) -> bool:
        return self.phase == _OVER

    def colour_of(self, seat: int) -> str:
        return D.COLOURS[self.setup.colours[seat]]

    def pawns_in_alcazar(self, seat: int) -> int:
        base = seat * D.PAWNS_PER_PLAYER
        return self.pawn_pos[base:base + D.PAWNS_PER_PLAYER].count(D.ALCAZAR)

    def hand(self, seat: int) -> list[int]:
        """The card kinds in a seat's hand, sorted (with repeats)."""
        return [k for k, count in enumerate(self.hands[seat]) for _ in range(count)]

    def view(self, seat: int) -> PlayerView:
        """What `seat` may see (I1)."""
        return player_view(self, seat)

    def has_movement_tile(self, seat: int) -> bool:
        return bool(self.fencing_held[seat] & _MOVEMENT_BIT)

    # --- legal actions ---------------------------------------------------------------------------
    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions in a deterministic order (by kind, then card, pawn, space...)."""
        if self._legal is None:
            self._legal = tuple(generate(self))
        return self._legal

    def _fee(self, space: int) -> int:
        """The minimum card to use `space` for the player to act (U1-U3); 0 = free."""
        kind = D.SPACE_KINDS[space]
        if kind == _BUSINESS:
            return 0 if self.tile_owner[space] == self.current else D.SPACE_FEES[space]
        if kind == _ARTIST:
            return max(3, D.SPACE_FEES[space])
        return D.SPACE_FEES[space]

    def _affordable_swords(self, seat: int) -> list[int]:
        metal, gems = self.metal[seat], self.gems[seat]
        return [i for i, s in enumerate(D.SWORDS) if self.sword_on_board[i] and s.metal <= metal and s.gems <= gems]

    def _fencing_options(self, seat: int) -> list[Action]:
        held = self.fencing_held[seat]
        full = held.bit_count() >= D.MAX_FENCING_TILES
        out = []
        for take in range(_NUM_FENCING):
            if held >> take & 1 or not self.fencing_board[take]:
                continue  # never two of a kind (U6)
            if full:
                out.extend(A.FENCE[take][back + 1] for back in range(_NUM_FENCING) if held >> back & 1)
            else:
                out.append(A.FENCE[take][0])
        return out

    def _use_possible(self, space: int) -> bool:
        """Can the pawn that just took a circle on `space` use it (U1-U8)?"""
        p = self.current
        fee = self._fee(space)
        if fee and not any(self.hand_values[p][fee:]):
            return False
        kind = D.SPACE_KINDS[space]
        if kind == _TAVERN:
            return True  # K2: a draw from empty piles simply takes nothing
        if kind == _ARTIST:
            return bool(self.paintings_stack)
        business = self.tile_business[space]
        if business == _METAL:
            return self.metal_supply > 0
        if business == _GEM:
            return self.gem_supply > 0
        if business == _SWORDSMITH:
            if self.metal[p] < _LEAST_METAL:
                return False
            metal, gems, on_board = self.metal[p], self.gems[p], self.sword_on_board
            for i, sword in enumerate(D.SWORDS):  # is any sword affordable (the first one found will do)
                if on_board[i] and sword.metal <= metal and sword.gems <= gems:
                    return True
            return False
        return bool(self._fencing_options(p))

    # --- applying --------------------------------------------------------------------------------
    def apply(self, action: Action, check: bool = True) -> ToledoOutcome:
        """Apply a legal action and tell what it did. Raises IllegalActionError (state unchanged) if it is
        not legal here."""
        if check:
            action = self.checked(action, A.own)
        kind = action.kind
        p = self.current
        hand, final = self.hand_sizes[p], self.final_turns_left
        if kind is _MOVE or kind is _EXTRA or kind is _RETURN:
            pawn = p * D.PAWNS_PER_PLAYER + action.pawn
        elif kind is _CHALLENGE or kind is _USE or kind is _PAY or kind is _CARRY:
            pawn = self.active_pawn
        else:
            pawn = -1
        source = self.pawn_pos[pawn] if pawn >= 0 else -1
        self.advance(action)
        arrived = (kind is _MOVE or kind is _EXTRA) and self.pawn_pos[pawn] == _ALCAZAR
        return ToledoOutcome(p, self.phase == _OVER, pawn, source, self.hand_sizes[p] - hand,
                             final < 0 <= self.final_turns_left, arrived)

    def advance(self, action: Action) -> None:
        """`apply` of an action known to be legal, telling nothing: the computer players' playouts
        apply millions and never read what an action did."""
        self._legal = None
        self.history.append(action)
        kind = action.kind
        p = self.current
        if kind is _MOVE or kind is _EXTRA:
            self._play_move(action)
        elif kind is _CHALLENGE:
            self._duel(action.colour)
        elif kind is _USE or kind is _PAY:
            self._use(action)
        elif kind is _SKIP:
            self.phase = _CONTINUE
        elif kind is _SWORD:
            sword = D.SWORDS[action.sword]
            self.sword_on_board[action.sword] = False
            self.swords_in_front[p].append(action.sword)
            self.metal[p] -= sword.metal
            self.gems[p] -= sword.gems
            self.metal_supply += sword.metal
            self.gem_supply += sword.gems
            self.phase = _CONTINUE
        elif kind is _FENCE:
            if action.give_back >= 0:
                self.fencing_held[p] &= ~(1 << action.give_back)
                self.fencing_board[action.give_back] += 1
            self.fencing_held[p] |= 1 << action.take
            self.fencing_board[action.take] -= 1
            self.phase = _CONTINUE
        elif kind is _CARRY:
            if action.sword >= 0:
                self.swords_in_front[p].remove(action.sword)
                self.pawn_sword[self.active_pawn] = action.sword
            self.phase = _CONTINUE
        elif kind is _END or kind is _PASS:
            self._end_turn()
        elif kind is _DRAW:
            self._draw(p, D.CARDS_PER_DRAW_ACTION)
            self.last_reveal_step = self.step
            self._end_turn()
        elif kind is _PLACE:
            space = action.space
            self.tile_owner[space] = p
            self.tile_business[space] = action.business
            self.capacity[space] = action.circles
            self.tiles_left[p] &= ~(1 << (action.business * 2 + action.circles - 1))
            self._end_turn()
        elif kind is _RETURN:
            pawn = p * D.PAWNS_PER_PLAYER + action.pawn
            self.occupants[self.pawn_pos[pawn]].remove(pawn)
            self.pawn_pos[pawn] = D.CATHEDRAL
            self._end_turn()

    def _gain(self, seat: int, card: int) -> None:
        self.hands[seat][card] += 1
        self.hand_values[seat][D.CARD_VALUE[card]] += 1
        self.hand_sizes[seat] += 1

    def _lose(self, seat: int, card: int) -> None:
        self.hands[seat][card] -= 1
        self.hand_values[seat][D.CARD_VALUE[card]] -= 1
        self.hand_sizes[seat] -= 1
        if self.known[seat][card]:
            self.known[seat][card] -= 1

    def _take_top(self) -> int:
        """The top card of the draw pile, reshuffling the discards first if it is empty (K1); -1 if none (K2)."""
        if not self.draw_pile:
            if not any(self.discard):
                return -1
            pile = [k for k in range(D.NUM_CARD_KINDS) for _ in range(self.discard[k])]
            self.discard = [0] * D.NUM_CARD_KINDS
            self.reshuffles += 1
            _chance(self.seed, f"reshuffle:{self.reshuffles}").shuffle(pile)
            self.draw_pile = pile
        return self.draw_pile.pop()

    def _draw(self, seat: int, count: int) -> None:
        for _ in range(count):
            card = self._take_top()
            if card < 0:
                return
            self._gain(seat, card)

    def _play_move(self, action: Action) -> None:
        p = self.current
        card = action.card
        value = D.CARD_VALUE[card]
        self._lose(p, card)
        if action.kind is _EXTRA:
            self.extra_used = True
            self.extra_value = value if self.setup.rules >= 2 else 0
            self.discard[card] += 1
        elif self.lead_value == 0:
            self.lead_value = value  # M1/T2: this card is the lead; it stays in front until the turn ends
            self.lead_card = card
        else:
            self.discard[card] += 1  # M4
        pawn = p * D.PAWNS_PER_PLAYER + action.pawn
        pos = self.pawn_pos[pawn]
        if self.phase != _FULL and D.CATHEDRAL < pos:
            self.occupants[pos].remove(pawn)
        dest = pos + value
        self.active_pawn = pawn
        if dest >= D.ENTRY_SPACES[0]:
            self.pawn_pos[pawn] = D.ALCAZAR  # L1
            self.phase = _CARRY_CHOICE if self.swords_in_front[p] else _CONTINUE
            return
        self.pawn_pos[pawn] = dest
        if len(self.occupants[dest]) < self.capacity[dest]:
            self._take_circle(pawn, dest)
        else:
            self.phase = _FULL  # M6

    def _take_circle(self, pawn: int, space: int) -> None:
        """M5/D4: the pawn takes a free circle and may use the space (M7)."""
        self.occupants[space].append(pawn)
        self.phase = _USING if self._use_possible(space) else _CONTINUE

    def _use(self, action: Action) -> None:
        p = self.current
        space = self.pawn_pos[self.active_pawn]
        kind = D.SPACE_KINDS[space]
        if action.kind is _PAY:
            card = action.card
            self._lose(p, card)
            owner = self.tile_owner[space]
            if kind == _BUSINESS and owner != p:
                self._gain(owner, card)  # U1: the owner receives it, in everyone's sight
                self.known[owner][card] += 1
            else:
                self.discard[card] += 1  # U2, U3
        self.phase = _CONTINUE
        if kind == _TAVERN:
            self._draw(p, D.CARDS_PER_TAVERN)
            self.last_reveal_step = self.step
        elif kind == _ARTIST:
            self.paintings[p].append(self.paintings_stack.pop())
            self.last_reveal_step = self.step
        else:
            business = self.tile_business[space]
            if business == _METAL:
                self.metal[p] += 1
                self.metal_supply -= 1
            elif business == _GEM:
                self.gems[p] += 1
                self.gem_supply -= 1
            elif business == _SWORDSMITH:
                self.phase = _SWORD_CHOICE
            else:
                self.phase = _FENCE_CHOICE

    def _reveal(self) -> int:
        """The top card, shown and discarded (-1: none left anywhere)."""
        card = self._take_top()
        if card >= 0:
            self.discard[card] += 1
        return card

    def _duel_tiles(self, seat: int) -> int:
        return self.fencing_held[seat] & _DUEL_BITS

    def _duel(self, colour: int) -> None:
        """D1-D6: reveal cards until someone has won two rounds."""
        p = self.current
        challenger = self.active_pawn
        space = self.pawn_pos[challenger]
        defender_seat = self.setup.colours.index(colour)
        defender = next(o for o in self.occupants[space] if o // D.PAWNS_PER_PLAYER == defender_seat)
        rounds = reveal_rounds(self._reveal, self._duel_tiles(p), self._duel_tiles(defender_seat))
        won = sum(r.challenger_won for r in rounds) == 2
        self.last_duel = Duel(p, defender_seat, space, rounds, won)
        self.last_reveal_step = self.step
        if won:
            self.occupants[space].remove(defender)  # D4
            self.pawn_pos[defender] = D.CATHEDRAL
            self._take_circle(challenger, space)
        else:
            self.pawn_pos[challenger] = D.CATHEDRAL
            self.phase = _CONTINUE  # D5

    def _end_turn(self) -> None:
        p = self.current
        if self.lead_card >= 0:
            self.discard[self.lead_card] += 1  # M4
        self.lead_card = -1
        self.lead_value = 0
        self.extra_used = False
        self.extra_value = 0
        self.active_pawn = -1
        self.last_reveal_step = self.step  # undo never reaches into a finished turn
        if self.final_turns_left >= 0:
            self.final_turns_left -= 1
        elif self.pawns_in_alcazar(p) >= D.ALCAZAR_PAWNS_TO_END:
            self.final_turns_left = self.n - 1  # E1
        if self.final_turns_left == 0:
            self.phase = _OVER
            return
        self.current = (p + 1) % self.n
        self.turn += 1
        self.phase = _START

    # --- explaining ------------------------------------------------------------------------------
    def why_illegal(self, action: Action) -> str:
        """A short reason why `action` is not legal now (or 'legal')."""
        found = A.own(action)
        return "not an action" if found is None else why_illegal(self, found)

    # --- the end ---------------------------------------------------------------------------------
    def score(self, seat: int) -> Score:
        """E2, as the game stands (final once the game is over)."""
        hand_value = sum(v * c for v, c in enumerate(self.hand_values[seat]))
        return score_of(self, seat, self.hand_sizes[seat], hand_value)

    def scores(self) -> list[Score]:
        return [self.score(s) for s in range(self.n)]

    def winners(self) -> list[int]:
        """E3: most points, then most cards in hand, then highest hand value; still tied, all share."""
        keys = [(s.total, s.cards_in_hand, s.hand_value) for s in self.scores()]
        best = max(keys)
        return [seat for seat, key in enumerate(keys) if key == best]

    # --- text ------------------------------------------------------------------------------------
    def summary(self) -> str:
        """A compact, complete, human-readable description (used by golden transcripts)."""
        return summary(self)

    def __repr__(self) -> str:
        return f"<State step {self.step} {self.phase.name} seat {self.current + 1}>"


def replay(setup: Setup, actions: list[Action] | list[str]) -> State:
    """The state after applying `actions` (objects or text) to a new game. Raises at the first bad one."""
    return history.replay(setup, actions)  # type: ignore[return-value]  # the registry finds this game


def new_game(num_players: int = 2, seed: int = 0, start_player: int = 0, colours: tuple[int, ...] = ()) -> State:
    """A fresh game (S1-S5)."""
    return State(Setup(num_players, seed, start_player, tuple(colours)))
