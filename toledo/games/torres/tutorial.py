"""Torres's guided first game: a fixed deal, the whole game as a script, the steps that teach it.

Red (the learner, the first seat) plays a gentle Blue in the base game. The script is a full
two-player game (seed 9) whose Red turns were chosen to show each rule early: one line per turn, the
actions in order. The steps are data only (`toledo.core.tutorial`); their words are the catalogue
domain `tutorial_torres`. Which rules a beginner needs, and so which the steps must cover:
`docs/tutorial.md`.
"""

from __future__ import annotations

from ...core.tutorial import FORWARD, NEXT, PLAY, Step, Tutorial

DOMAIN = "tutorial_torres"

_TURNS: tuple[str, ...] = (
    "knight d1",  # Red
    "knight a5, king h4",  # Blue
    "place c1, pass c1 e1, buy, build c1 t1, end t1",  # Red
    "build h5 t1, place a6, build f8 t1, buy, end t1",  # Blue
    "play k14, build b1 t2, build c1 t2, step d1 c1, build a1 t2, pass e1 c2, step c2 c3, end t2",  # Red
    "build f4 t2, build a4 t2, build a4 t2, score 2, play k13 a6 a3, end t2",  # Blue
    "build e1 t3, build f1 t3, build g1 t3, buy, buy, end t3",  # Red
    "step a3 a2, step a2 a1, build b1 t3, step a1 b1, build h5 t3, end t3",  # Blue
    "build h1 t4, build a2 t4, build b2 t4, play k17 a1 d2, buy, buy, end t4",  # Red
    "build e1 t4, build h2 t4, score 3, end t4",  # Blue
    "king d1",  # Red
    "play k12 c1 t1, end t2 t1+1",  # Red
    "build g6 t1, build h1 t1, build a6 t1, buy, step a5 a4, end t1",  # Blue
    "build a1 t1, build e2 t1, build g2 t1, buy, buy, end t1",  # Red
    "build f3 t2, build a7 t2, build b2 t2, step b1 b2, buy, end t2",  # Blue
    "place b1, build c4 t3, build c4 t3, step c3 c4, play k15, build d4 t3, buy, end t3",  # Red
    "build e2 t3, build e1 t3, pass b2 e2, step e2 e1, build a7 t3, end t3",  # Blue
    "build d5 t4, build e5 t4, buy, buy, score 1, end t4",  # Red
    "build e8 t4, place e2, build a6 t4, build h1 t4, end t4",  # Blue
    "king stay",  # Red
    "buy, buy, play k15, pass b1 h3, step h3 h4, step h4 h5, score 1, score 1, end t1",  # Red
    "pass e2 g3, play k16 g3 f4, build e7 t1, place f1, build b1 t1, end t1",  # Blue
    "build b1 t2, buy, buy, score 1, score 1, end t2",  # Red
    "build c7 t2, build a6 t2, pass f1 b3, build d2 t2, pass b3 d3, play k10 d3 d2, end t2",  # Blue
    "buy, buy, score 1, score 1, score 1, end t3",  # Red
    "step d2 e2, build h2 t3, build d4 t3, build a8 t3, step f4 e4, end t3",  # Blue
    "build d4 t4, step c4 d4, play k17 a2 a3, buy, buy, score 1, end t4",  # Red
    "pass a4 a7, pass e2 b3, pass b3 b6, build g2 t4, build a3 t4, end t4",  # Blue
)
SCRIPT: tuple[str, ...] = tuple(action for turn in _TURNS for action in turn.split(", "))


def _step(id: str, rules: str, at: int, do: str = NEXT, expect: tuple[str, ...] = (),
          light: tuple[str, ...] = ()) -> Step:
    return Step(id, tuple(rules.split()), f"{DOMAIN}_{id}", at, do, expect, light)


STEPS: tuple[Step, ...] = (
    _step("welcome", "D2 D3", 0),
    _step("knight", "S6", 0, PLAY, ("knight d1",)),
    _step("king", "S7 D4", 3),
    _step("points", "A1 W1", 3),
    _step("place", "A2", 3, PLAY, ("place c1",)),
    _step("pass", "A4", 4, PLAY, ("pass c1 e1",)),
    _step("buy", "A7 K1 K2", 5, PLAY, ("buy",)),
    _step("build", "A5 A6", 6, PLAY, ("build c1 t1",)),
    _step("end", "A10", 7, PLAY, ("end t1",)),
    _step("card", "A8 K3", 13, PLAY, ("play k14",)),
    _step("grow", "A5", 14, PLAY, ("build b1 t2",)),
    _step("height", "D6", 15, PLAY, ("build c1 t2",)),
    _step("climb", "A3", 16, PLAY, ("step d1 c1",)),
    _step("join", "A5 D3", 17, PLAY, ("build a1 t2",)),
    _step("through", "A4 A3", 18, PLAY, ("pass e1 c2", "step c2 c3", "end t2")),
    _step("track", "A9", 27),
    _step("phase_one", "", 27, FORWARD),
    _step("scoring", "W5", 50),
    _step("bonus", "W6", 50),
    _step("king_move", "W9", 50, PLAY, ("king d1",)),
    _step("towers", "W2 A6 K12", 51, PLAY, ("play k12 c1 t1", "end t2 t1+1")),
    _step("phase_two", "W1", 59, FORWARD),
    _step("king_stay", "W9", 96, PLAY, ("king stay",)),
    _step("phase_three", "W1", 97, FORWARD),
    _step("over", "E1 E2", len(SCRIPT)),
)

TUTORIAL = Tutorial(game="torres", seed=9, learner=0, seats=("human", "easy"), script=SCRIPT, steps=STEPS,
                    domain=DOMAIN)
