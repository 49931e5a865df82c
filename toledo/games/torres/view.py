"""What one seat may see (I1-I4): a frozen value, built by `player_view`.

A `PlayerView` holds every public fact plus the viewer's own secrets: his hand, the cards he bought
this turn and, in the own-deck variant, the cards he put back on his deck and where and the top cards
he has just paid to look at. Never another player's hand (except in the master version, where nothing
is hidden), never a deck's order.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from . import data as D
from .board import components, square_list
from .stage import Stage

if TYPE_CHECKING:
    from .state import State


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    num_players: int
    colours: tuple[int, ...]
    start_player: int
    variant: str
    step: int
    stage: Stage
    current: int  # -1 once the game is over
    phase: int  # 0-based
    round: int  # 0-based round within the phase
    round_start: int  # the seat that began the current round
    turn_in_round: int
    placed: int  # setup placements made in the current setup stage
    turn: int
    last_reveal_step: int
    heights: tuple[int, ...]  # per square
    pieces: tuple[int, ...]  # per square: -1 free, a seat for a knight, -2 the king
    castle: tuple[int, ...]  # per square: castle number (castles numbered by lowest square), -1 ground
    king: int
    supply: int  # the general supply of blocks
    knight_supply: tuple[int, ...]
    towers: tuple[tuple[int, ...], ...]  # per seat, per slot: blocks, -1 for a slot used up
    scores: tuple[int, ...]
    ap: int
    bought: int
    card_played: bool
    fixed_tower: int  # the turn's tower slot, -1 before the first block
    keeping: bool  # V2: the player on turn has bought and is choosing the card he keeps (the cards are his to see)
    hand: tuple[int, ...]  # the viewer's cards, counted by type
    hands: tuple[tuple[int, ...] | None, ...]  # the hands the viewer sees (his own; all in the master version)
    hand_sizes: tuple[int, ...]
    fresh: tuple[int, ...]  # the viewer's cards bought this turn, when it is his turn (else zeros: between a
    # phase's last turn and the king's move they would show another player's purchase)
    played: tuple[tuple[int, ...], ...]  # per seat, cards played, counted by type
    deck_size: int  # the common deck (base game)
    deck_sizes: tuple[int, ...]  # own decks (own-deck variant)
    deck_known: tuple[tuple[int, int], ...]  # own decks: how many top / bottom cards their owner knows
    deck_top: tuple[int, ...]  # the viewer's known top cards, topmost first
    deck_bottom: tuple[int, ...]  # the viewer's known bottom cards, the bottom card last
    master_card: int  # -1 outside the master version

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data (for the browser)."""
        out = asdict(self)
        out["stage"] = self.stage.name.lower()
        out["deck_known"] = [list(pair) for pair in self.deck_known]
        return out


def player_view(st: State, seat: int) -> PlayerView:
    """Everything `seat` may see of `st`."""
    if not isinstance(seat, int) or not 0 <= seat < st.n:
        raise ValueError(f"no seat {seat!r} in a {st.n}-player game")
    n = st.n
    castle = [-1] * D.SQUARES
    for number, m in enumerate(components(st.blocks)):
        for q in square_list(m):
            castle[q] = number
    master = st.variant == D.MASTER
    own_deck = st.decks[seat]
    vt, vb = st.known_top[seat], st.known_bottom[seat]
    return PlayerView(
        seat=seat, num_players=n, colours=st.setup.colours, start_player=st.setup.start_player,
        variant=st.setup.variant, step=st.step, stage=st.stage, current=st.current_player, phase=st.phase,
        round=st.rnd, round_start=st.round_start, turn_in_round=st.turn_in_round, placed=st.placed, turn=st.turn,
        last_reveal_step=st.last_reveal_step, heights=tuple(st.heights),
        pieces=tuple(st.piece_at(q) for q in range(D.SQUARES)), castle=tuple(castle), king=st.king,
        supply=st.supply, knight_supply=tuple(st.ksupply), towers=tuple(tuple(t) for t in st.towers),
        scores=tuple(st.score), ap=st.ap, bought=st.bought, card_played=st.card_played, fixed_tower=st.fixed,
        keeping=st.keeping,
        hand=tuple(st.hands[seat]),
        hands=tuple(tuple(st.hands[s]) if master or s == seat else None for s in range(n)),
        hand_sizes=tuple(sum(h) for h in st.hands),
        fresh=tuple(st.fresh) if seat == st.current_player and st.stage == Stage.TURN else (0,) * D.NUM_CARD_TYPES,
        played=tuple(tuple(p) for p in st.played), deck_size=len(st.deck),
        deck_sizes=tuple(len(d) for d in st.decks), deck_known=tuple(zip(st.known_top, st.known_bottom)),
        deck_top=tuple(own_deck[len(own_deck) - vt:][::-1]) if vt else (),
        deck_bottom=tuple(own_deck[:vb][::-1]), master_card=st.master_card,
    )
