"""The guided first games: each tutorial played to its last step by following its own step data only,
its words in every language, the beginner's rules of docs/tutorial.md all taught, and the lesson's
progress following the game's action list (saved, resumed, undone, left)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from toledo.ai.bots import bot_names, make_bot
from toledo.core import registry
from toledo.core.history import replay
from toledo.core.i18n import LANGUAGES, has_message, placeholders, template
from toledo.core.save import dumps, loads
from toledo.core.tutorial import DOMAIN, FORWARD, KINDS, NEXT, PLAY, Lesson, Tutorial, keys_to_click, tutorial_of

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("toledo", "torres")
TITLES = {"toledo": "Toledo", "torres": "Torres"}
SHARED_WORDS = ("tutorial_learn_game", "tutorial_learn_hint", "tutorial_title", "tutorial_step_of", "tutorial_next",
                "tutorial_hint", "tutorial_leave", "tutorial_your_move", "tutorial_hint_text", "tutorial_refused",
                "tutorial_watch", "tutorial_done", "tutorial_left")


def _tutorial(name: str) -> Tutorial:
    found = tutorial_of(name)
    assert found is not None, f"{name} has no tutorial"
    return found


def _beginner_rules(title: str) -> list[str]:
    """The rule ids docs/tutorial.md lists under '### <title>'."""
    text = (ROOT / "docs" / "tutorial.md").read_text(encoding="utf-8")
    section = text.split(f"### {title}\n", 1)[1].split("\n#", 1)[0]
    return re.findall(r"^- `([A-Z]\d+)`", section, re.MULTILINE)


@pytest.mark.parametrize("name", GAMES)
def test_every_beginner_rule_of_the_docs_is_taught_by_a_step(name: str) -> None:
    listed = _beginner_rules(TITLES[name])
    assert len(listed) >= 20 and len(set(listed)) == len(listed)
    untaught = sorted(set(listed) - _tutorial(name).rules())
    assert not untaught, f"{name}: rules listed in docs/tutorial.md but taught by no step: {untaught}"


@pytest.mark.parametrize("name", GAMES)
def test_the_steps_are_well_formed(name: str) -> None:
    tutorial = _tutorial(name)
    steps = tutorial.steps
    assert len({s.id for s in steps}) == len(steps)
    assert [s.at for s in steps] == sorted(s.at for s in steps)
    assert all(s.do in KINDS for s in steps)
    for step in steps:
        assert (step.do == PLAY) == bool(step.expect), step.id
        assert list(step.expect) == list(tutorial.script[step.at:step.end]), step.id
        assert all(re.fullmatch(r"[A-Z]\d+", rule) for rule in step.rules), step.id
    assert steps[-1].do == NEXT and steps[-1].at == len(tutorial.script)
    assert tutorial.seats[tutorial.learner] == "human"
    assert all(level in bot_names() for seat, level in enumerate(tutorial.seats) if seat != tutorial.learner)


@pytest.mark.parametrize("name", GAMES)
def test_the_tutorial_is_played_to_its_last_step_by_following_its_own_steps(name: str) -> None:
    tutorial = _tutorial(name)
    game = registry.get(name)
    state = game.new_state(tutorial.setup())
    lesson = Lesson.resume(tutorial, 0)
    shown: list[str] = []
    forwarding = False
    while not lesson.finished:
        played = len(state.history)
        lesson.sync(played)
        step = lesson.step
        if step is None:
            break
        if not shown or shown[-1] != step.id:
            shown.append(step.id)
        if lesson.needs_next(played):
            # a step waits for Next only on the learner's turn (or at the end): the computer never waits
            assert state.is_terminal() or state.current_player == tutorial.learner, f"{step.id} waits on the computer"
            forwarding = step.do == FORWARD
            lesson.press_next(played)
            continue
        expected = lesson.expected(played)
        if expected is not None:
            assert state.current_player == tutorial.learner, f"{step.id}: not the learner's move"
            action = game.parse_action(expected)
            assert action in state.legal_actions(), f"{step.id}: {expected} is not legal at {played}"
            assert lesson.check(played, action) is None
            state.apply(action)
            forwarding = False
            continue
        scripted = lesson.auto(played)
        assert scripted is not None, f"{step.id}: the lesson is stuck at {played}"
        if state.current_player == tutorial.learner:
            assert forwarding, f"the learner's {scripted} at {played} is played without a fast-forward"
        action = game.parse_action(scripted)
        assert action in state.legal_actions(), f"scripted {scripted} is not legal at {played}"
        state.apply(action)
    assert shown == [s.id for s in tutorial.steps]
    assert state.is_terminal() and len(state.history) == len(tutorial.script)
    assert lesson.finished and lesson.auto(len(tutorial.script)) is None
    assert state.winners() == [tutorial.learner]  # a first game the learner wins


@pytest.mark.parametrize("name", GAMES)
def test_every_step_has_its_words_in_every_language(name: str) -> None:
    tutorial = _tutorial(name)
    for lang in LANGUAGES:
        for step in tutorial.steps:
            text = template(step.words, lang, domains=(tutorial.domain,))
            assert text.strip() and not placeholders(text), (lang, step.id)
        for key in SHARED_WORDS:
            assert has_message(key, lang, domains=(DOMAIN,)), (lang, key)
    # the words differ by language (a copied English line would pass the checks above)
    step = tutorial.steps[0]
    assert len({template(step.words, lang, domains=(tutorial.domain,)) for lang in LANGUAGES}) == len(LANGUAGES)


def test_a_game_without_a_tutorial_has_none() -> None:
    assert "pebbles" in registry.names()
    assert tutorial_of("pebbles") is None


@pytest.mark.parametrize("name", GAMES)
def test_a_wrong_move_is_refused_with_the_step_and_the_move_meant(name: str) -> None:
    tutorial = _tutorial(name)
    game = registry.get(name)
    step = next(s for s in tutorial.steps if s.do == PLAY)
    state = replay(tutorial.setup(), list(tutorial.script[:step.at]))
    lesson = Lesson.resume(tutorial, step.at)
    while lesson.needs_next(step.at):
        lesson.press_next(step.at)
    assert lesson.step == step
    other = next(a for a in state.legal_actions() if str(a) != step.expect[0])
    refusal = lesson.check(step.at, other)
    assert refusal is not None and refusal.step == step and refusal.expected == step.expect[0]
    assert lesson.check(step.at, game.parse_action(step.expect[0])) is None


@pytest.mark.parametrize("name", GAMES)
def test_progress_is_the_action_list_saved_resumed_and_undone(name: str) -> None:
    tutorial = _tutorial(name)
    plays = [s for s in tutorial.steps if s.do == PLAY]
    middle = plays[len(plays) // 2]
    played = middle.at + len(middle.expect) - 1  # inside the step's own moves
    state = replay(tutorial.setup(), list(tutorial.script[:played]))
    _, again = loads(dumps(state))
    assert tutorial.on_script(again.history)
    resumed = Lesson.resume(tutorial, len(again.history))
    assert resumed.step == middle and resumed.expected(played) == tutorial.script[played]
    # a Next step is shown again on resume at its count; nothing else is repeated
    nexts = [s for s in tutorial.steps if s.do != PLAY and s.at > 0]
    first_next = nexts[0]
    at_next = Lesson.resume(tutorial, first_next.at)
    assert at_next.step == next(s for s in tutorial.steps if s.at == first_next.at)
    # undo: fewer actions take the lesson back
    resumed.sync(plays[0].at)
    assert resumed.step is not None and resumed.step.at <= plays[0].at
    assert resumed.index <= tutorial.steps.index(plays[0])


@pytest.mark.parametrize("name", GAMES)
def test_leaving_goes_on_as_a_normal_game_from_the_same_position(name: str) -> None:
    tutorial = _tutorial(name)
    game = registry.get(name)
    step = next(s for s in tutorial.steps if s.do == FORWARD)
    state = replay(tutorial.setup(), list(tutorial.script[:step.at]))
    before = [str(a) for a in state.history]
    bots = {seat: make_bot(level if level != "human" else "greedy", seat, name)
            for seat, level in enumerate(tutorial.seats)}
    for _ in range(40):
        if state.is_terminal():
            break
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    assert [str(a) for a in state.history[:len(before)]] == before
    assert len(state.history) > len(before)
    assert game.parse_action(str(state.history[-1])) == state.history[-1]


@pytest.mark.parametrize("name", GAMES)
def test_the_computer_s_scripted_move_is_known_without_the_page_syncing_first(name: str) -> None:
    tutorial = _tutorial(name)
    lesson = Lesson.resume(tutorial, 0)
    first = next(s for s in tutorial.steps if s.do == PLAY)
    while lesson.needs_next(first.at):
        lesson.press_next(first.at)
    after = first.end  # the learner played the step's moves; nobody told the lesson
    game = registry.get(name)
    state = replay(tutorial.setup(), list(tutorial.script[:after]))
    assert state.current_player != tutorial.learner  # each lesson's first move hands the turn on
    assert lesson.auto(after) == tutorial.script[after]
    assert game.parse_action(tutorial.script[after]) in state.legal_actions()


@pytest.mark.parametrize("name", GAMES)
def test_every_move_a_step_asks_for_is_played_by_clicking_the_keys_it_lights(name: str) -> None:
    """What the page lights: the game page's click keys for the step's move, clicked in order from the
    choice the page holds then (what stays picked after a move is not clicked again), play exactly that
    move at the last click and nothing before."""
    from toledo.core.page import page_of

    tutorial = _tutorial(name)
    page = page_of(name)
    game = registry.get(name)
    state = game.new_state(tutorial.setup())
    choice = page.fresh_choice()
    lit = 0
    for played, text in enumerate(tutorial.script):
        action = game.parse_action(text)
        step = next((s for s in tutorial.steps if s.do == PLAY and s.at <= played < s.end), None)
        if step is not None:
            keys = keys_to_click(page, state, choice, action)
            assert keys, f"{step.id}: nothing to light for {text}"
            for i, key in enumerate(keys):
                clicked = page.click(state, choice, key, "en")
                choice = clicked.choice
                assert (clicked.action == action) == (i == len(keys) - 1), f"{step.id}: {keys} at {key}"
            previous = state.current_player
            state.apply(action)
            if state.current_player != previous:
                choice = page.fresh_choice()
            lit += 1
        else:
            state.apply(action)
            choice = page.fresh_choice()
    assert state.is_terminal() and lit == sum(len(s.expect) for s in tutorial.steps)
