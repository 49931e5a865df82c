"""Toledo's guided first game: a fixed deal, the whole game as a script, the steps that teach it.

Red (the learner, the first seat) plays a gentle Blue. The script is a full two-player game (seed 32) whose
Red turns were chosen to show each rule early: one line per turn, the actions in order. The steps are
data only (`toledo.core.tutorial`); their words are the catalogue domain `tutorial_toledo`. Which rules
a beginner needs, and so which the steps must cover: `docs/tutorial.md`.
"""

from __future__ import annotations

from ...core.tutorial import FORWARD, NEXT, PLAY, Step, Tutorial

DOMAIN = "tutorial_toledo"

_TURNS: tuple[str, ...] = (
    "place gem2 1",  # Red
    "place gem1 6",  # Blue
    "place metal2 2",  # Red
    "place fence1 19",  # Blue
    "place gem1 3",  # Red
    "place fence2 15",  # Blue
    "place sword2 14",  # Red
    "place gem2 7",  # Blue
    "place metal1 4",  # Red
    "move 5Td 1, pay 1Va, end",  # Blue
    "move 1Td 1, use, move 1Na 2, use, move 1Nd 1, use, end",  # Red
    "place metal1 18",  # Blue
    "place sword1 12",  # Red
    "place metal2 8",  # Blue
    "draw",  # Red
    "move 2Va 2, pay 6Bd, move 2Va 1, use, move 2Ta 2, pay 6Ta, end",  # Blue
    "move 5Vd 3, pay 2Ba, move 5Nd 3, pay 3Ta, end",  # Red
    "place sword1 11",  # Blue
    "draw",  # Red
    "return 2",  # Blue
    "move 2Bd 3, use, sword 2/1/0, end",  # Red
    "draw",  # Blue
    "move 1Ta 1, use, end",  # Red
    "move 3Bd 1, pay 4Vd, end",  # Blue
    "draw",  # Red
    "place sword2 16",  # Blue
    "draw",  # Red
    "move 1Vd 1, use, sword 6/2/1, end",  # Blue
    "move 5Ta 4, pay 3Na, move 5Td 4, pay 3Va, end",  # Red
    "draw",  # Blue
    "move 1Ba 5, use, end",  # Red
    "move 6Td 2, use, end",  # Blue
    "draw",  # Red
    "draw",  # Blue
    "place fence2 9",  # Red
    "move 5Bd 3, pay 6Na, end",  # Blue
    "move 3Ba 2, use, end",  # Red
    "move 3Vd 2, pay 4Ba, fence movement, extra 2Vd 3, use, end",  # Blue
    "move 4Ba 4, use, sword 8/1/3, move 4Bd 5, pay 2Vd, move 4Va 5, use, fence violet, move 4Bd 5, pay 6Va, move 4Ta 1, pay 2Bd, move 4Nd 1, challenge blue, end",  # Red
    "draw",  # Blue
    "move 6Va 4, carry 8/1/3, move 6Vd 2, pay 3Ba, end",  # Red
    "extra 2Bd 3, skip, move 4Td 2, skip, end",  # Blue
    "draw",  # Red
    "move 5Va 2, skip, extra 3Bd 2, carry 6/2/1, end",  # Blue
    "draw",  # Red
    "draw",  # Blue
    "draw",  # Red
    "extra 4Va 3, skip, move 6Vd 1, skip, end",  # Blue
    "move 3Td 2, challenge blue, pay 3Td, end",  # Red
    "draw",  # Blue
    "place fence1 17",  # Red
    "move 1Ta 1, use, extra 5Ta 3, end",  # Blue
    "draw",  # Red
    "return 3",  # Blue
    "move 6Ba 1, use, fence brown, move 6Bd 2, skip, end",  # Red
    "draw",  # Blue
    "move 1Va 2, carry 2/1/0, move 1Vd 3, pay 3Vd, move 1Bd 1, pay 5Ba, move 1Bd 3, use, sword 6/1/2, end",  # Red
    "move 5Ba 3, pay 1Ba, extra 2Td 3, skip, move 5Ba 4, pay 6Bd, move 5Na 1, end",  # Blue
    "move 6Ta 3, carry 6/1/2, move 6Ta 5, skip, end",  # Red
    "extra 3Nd 5, pay 4Td, move 2Na 1, end",  # Blue
)
SCRIPT: tuple[str, ...] = tuple(action for turn in _TURNS for action in turn.split(", "))


def _step(id: str, rules: str, at: int, do: str = NEXT, expect: tuple[str, ...] = (),
          light: tuple[str, ...] = ()) -> Step:
    return Step(id, tuple(rules.split()), f"{DOMAIN}_{id}", at, do, expect, light)


STEPS: tuple[Step, ...] = (
    _step("welcome", "S1", 0),
    _step("turn", "A3", 0),
    _step("place", "A2", 0, PLAY, ("place gem2 1",)),
    _step("placing", "", 2, FORWARD),
    _step("move", "M1 M2", 12, PLAY, ("move 1Td 1",)),
    _step("use_own", "M5 U1 U4", 13, PLAY, ("use",)),
    _step("same_value", "M3", 14, PLAY, ("move 1Na 2", "use")),
    _step("metal", "U4", 16, PLAY, ("move 1Nd 1", "use")),
    _step("end", "M4", 18, PLAY, ("end",)),
    _step("forge_place", "A2 U5", 20, PLAY, ("place sword1 12",)),
    _step("draw", "A1", 22, PLAY, ("draw",)),
    _step("paid", "U1", 30),
    _step("tavern", "U2", 30, PLAY, ("move 5Vd 3", "pay 2Ba")),
    _step("artist", "U3", 32, PLAY, ("move 5Nd 3", "pay 3Ta", "end")),
    _step("draw_again", "A1", 36, PLAY, ("draw",)),
    _step("return", "A4", 38),
    _step("forge", "U5", 38, PLAY, ("move 2Bd 3", "use", "sword 2/1/0", "end")),
    _step("onwards", "", 43, FORWARD),
    _step("movement", "T1 T3", 83),
    _step("sword", "U5", 83, PLAY, ("move 4Ba 4", "use", "sword 8/1/3")),
    _step("same_again", "M3 U2", 86, PLAY, ("move 4Bd 5", "pay 2Vd")),
    _step("fence", "U6", 88, PLAY, ("move 4Va 5", "use", "fence violet")),
    _step("pay_other", "U1", 91, PLAY, ("move 4Bd 5", "pay 6Va", "move 4Ta 1", "pay 2Bd")),
    _step("full", "M6", 95, PLAY, ("move 4Nd 1",)),
    _step("duel", "D1 D2 D3", 96, PLAY, ("challenge blue",)),
    _step("won", "D4", 97, PLAY, ("end",)),
    _step("alcazar", "L1 L2", 99, PLAY, ("move 6Va 4", "carry 8/1/3")),
    _step("later", "L3", 101, FORWARD),
    _step("third", "E1", 160, PLAY, ("move 6Ta 3", "carry 6/1/2")),
    _step("final", "E1", 162, PLAY, ("move 6Ta 5", "skip", "end")),
    _step("scoring", "E2 E3", len(SCRIPT)),
)

TUTORIAL = Tutorial(game="toledo", seed=32, learner=0, seats=("human", "easy"), script=SCRIPT, steps=STEPS,
                    domain=DOMAIN)
