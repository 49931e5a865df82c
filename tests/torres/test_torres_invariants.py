"""Random-play invariants over 2, 3 and 4 players and every variant.

After every action: the 92 blocks are conserved (board + towers + general supply), so are each
player's 6 knights and the cards; every castle is at most as high as its area (D6); one piece per
square; AP never negative; scores never fall, and change only by A9 or at a scoring (W8 bumps only
raise them). Illegal actions (random texts, actions of other seats and moments) are refused and leave
the state unchanged. The same seed and the same actions give the same states and views.
"""

from __future__ import annotations

import random

import pytest

from tests.torres.helpers import check_invariants
from toledo.core.errors import IllegalActionError, ToledoError
from toledo.games.torres import data as D
from toledo.games.torres.actions import Action, Kind, parse
from toledo.games.torres.stage import Stage
from toledo.games.torres.state import State, new_game

CONFIGS = [(n, v) for v in D.VARIANTS for n in (2, 3, 4)]
GAMES_PER_CONFIG = 4
WORDS = ["place", "step", "pass", "build", "buy", "play", "score", "end", "king", "knight", "block", "stay",
         "a1", "d4", "h8", "c3", "e5", "t1", "t2", "t4", "t1+1", "t2+3", "k10", "k14", "k17", "k19", "top",
         "bottom", "1", "5", "9", "zz", "", "-"]


def random_text(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randrange(1, 5)))


def fingerprint(st: State) -> tuple[object, ...]:
    return (st.summary(), st.step, st.ap, st.bought, tuple(st.fresh), st.card_played, st.fixed, st.last_reveal_step,
            tuple(map(tuple, st.decks)), tuple(st.known_top), tuple(st.known_bottom), st.round_start, st.turn_in_round)


def check_refused(st: State, action: Action) -> None:
    before = fingerprint(st)
    with pytest.raises(IllegalActionError):
        st.apply(action)
    assert fingerprint(st) == before


def play(n: int, variant: str, seed: int) -> list[Action]:
    st = new_game(n, seed=seed, variant=variant)
    rng = random.Random(f"inv:{n}:{variant}:{seed}")
    seen: list[Action] = []  # actions met earlier (often another seat's, or another moment's)
    check_invariants(st)
    while not st.is_terminal():
        legal = st.legal_actions()
        action = legal[rng.randrange(len(legal))]
        seen.append(action)
        if rng.random() < 0.08:  # an illegal attempt first: a random text or an earlier action
            try:
                other = parse(random_text(rng)) if rng.random() < 0.5 else rng.choice(seen)
            except ToledoError:
                other = None
            if other is not None and other not in legal:
                check_refused(st, other)
        scores = st.score[:]
        p, phase, stage = st.current, st.phase, st.stage
        st.apply(action)
        check_invariants(st)
        for seat in range(n):
            assert st.score[seat] >= scores[seat], "a score fell"
        changed = [s for s in range(n) if st.score[s] != scores[s]]
        if changed:
            scored = action.kind is Kind.END and (st.phase != phase or st.stage in (Stage.KING_MOVE, Stage.OVER))
            assert scored or (action.kind is Kind.SCORE and changed == [p]), \
                f"scores changed outside A9 and the scorings: {action}"
        assert st.ap >= 0
        assert all(-1 <= b <= D.MAX_TOWER for t in st.towers for b in t), "a tower above 3 blocks"
        assert stage != Stage.OVER
    assert st.stage == Stage.OVER and st.current_player == -1 and st.legal_actions() == ()
    return list(st.history)


@pytest.mark.parametrize("n, variant", CONFIGS)
def test_random_play_keeps_every_invariant(n, variant):
    for g in range(GAMES_PER_CONFIG):
        play(n, variant, seed=1000 * n + g)


@pytest.mark.parametrize("n, variant", CONFIGS)
def test_same_seed_same_actions_same_states_and_views(n, variant):
    seed = 77 + n
    history = play(n, variant, seed)
    a, b = new_game(n, seed=seed, variant=variant), new_game(n, seed=seed, variant=variant)
    for i, action in enumerate(history):
        a.apply(action)
        b.apply(parse(str(action)))
        if i % 11 == 0 or i == len(history) - 1:
            assert a.summary() == b.summary()
            assert a.legal_actions() == b.legal_actions()
            for seat in range(n):
                assert a.view(seat) == b.view(seat)
    assert a.scores() == b.scores()


def test_illegal_texts_and_other_seats_actions_are_refused_cleanly():
    st = new_game(3, seed=2)
    while st.stage != Stage.TURN:
        st.apply(st.legal_actions()[0])
    me = st.current
    # a step of a knight that is not the mover's, and a clearly impossible build
    other_knight = next(q for q in range(64) if st.knight_masks[(me + 1) % 3] >> q & 1)
    target = next(q for q in (other_knight - 8, other_knight + 8, other_knight - 1, other_knight + 1)
                  if 0 <= q < 64)
    check_refused(st, parse(f"step {D.SQUARE_NAMES[other_knight]} {D.SQUARE_NAMES[target]}"))
    check_refused(st, parse("king stay"))
    check_refused(st, parse("score 9"))
    before = fingerprint(st)
    for text in ("", "jump a1", "step a1", "build z9 t1", "end t9", "score 0", "x" * 200, "buy k10 top k10"):
        with pytest.raises(ToledoError):
            st.apply(parse(text))
    assert fingerprint(st) == before
    with pytest.raises(IllegalActionError):
        st.apply("end t1")  # type: ignore[arg-type]
    assert fingerprint(st) == before
