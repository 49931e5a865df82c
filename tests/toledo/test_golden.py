"""Golden playthroughs: regenerate each seeded transcript and compare it line by line with tests/golden/.

After an intended change to the rules or the text forms, regenerate with `python -m tests.toledo.golden_gen`
(see tests/golden_gen.py) and review the diff.
"""

from __future__ import annotations

import pytest

from tests.toledo import golden_gen


@pytest.mark.parametrize("players, seed", golden_gen.GAMES)
def test_golden_playthrough_is_unchanged(players, seed):
    path = golden_gen.GOLDEN_DIR / golden_gen.file_name(players, seed)
    expected = path.read_text(encoding="utf-8").splitlines()
    got = golden_gen.transcript(players, seed)
    for number, (want, have) in enumerate(zip(expected, got), start=1):
        if want != have:
            pytest.fail(f"{path.name} line {number} differs (regenerate with python -m tests.toledo.golden_gen if intended)\n"
                        f"expected: {want}\n     got: {have}", pytrace=False)
    assert len(got) == len(expected), f"{path.name}: {len(got)} lines instead of {len(expected)}"


def test_golden_files_hold_complete_games():
    for players, seed in golden_gen.GAMES:
        lines = (golden_gen.GOLDEN_DIR / golden_gen.file_name(players, seed)).read_text(encoding="utf-8").splitlines()
        assert lines[0].startswith(f"# Toledo golden playthrough: {players} players")
        assert sum(line.startswith("== step ") for line in lines) == golden_gen.DETAILED_STEPS
        assert any(line.startswith("== final after") for line in lines)
        assert lines[-1].startswith("winners: ")
        assert sum(line.startswith("score ") for line in lines) == players
