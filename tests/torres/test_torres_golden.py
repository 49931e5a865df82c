"""Golden playthroughs: regenerate each seeded Torres transcript and compare it line by line with
tests/torres/golden/. After an intended change, regenerate with `python -m tests.torres.golden_gen`
and review the diff."""

from __future__ import annotations

import pytest

from tests.torres import golden_gen


@pytest.mark.parametrize("players, variant, seed", golden_gen.GAMES)
def test_torres_golden_playthrough_is_unchanged(players, variant, seed):
    path = golden_gen.GOLDEN_DIR / golden_gen.file_name(players, variant, seed)
    expected = path.read_text(encoding="utf-8").splitlines()
    got = golden_gen.transcript(players, variant, seed)
    for number, (want, have) in enumerate(zip(expected, got), start=1):
        if want != have:
            pytest.fail(f"{path.name} line {number} differs (regenerate with python -m tests.torres.golden_gen "
                        f"if intended)\nexpected: {want}\n     got: {have}", pytrace=False)
    assert len(got) == len(expected), f"{path.name}: {len(got)} lines instead of {len(expected)}"


def test_torres_golden_files_hold_complete_games():
    names = {golden_gen.file_name(*game) for game in golden_gen.GAMES}
    assert len(names) == 9, "one per player count and variant"
    for players, variant, seed in golden_gen.GAMES:
        lines = (golden_gen.GOLDEN_DIR / golden_gen.file_name(players, variant, seed)).read_text(
            encoding="utf-8").splitlines()
        assert lines[0].startswith(f"# Torres golden playthrough: {players} players, variant {variant}")
        assert any(line.startswith("== final after") for line in lines)
        assert lines[-1].startswith("winners: ")
        steps = [line for line in lines if line.startswith("step ")]
        assert [int(line.split()[1]) for line in steps] == list(range(len(steps)))
