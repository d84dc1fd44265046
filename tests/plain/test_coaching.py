"""The coach in the plain mode: the replay's ``a`` (the move just read) and ``a game``, and
the game's ``c`` once it is over; the same words as the full-screen app, a line at a time."""

from __future__ import annotations

from pathlib import Path

from chickenfoot.plain.console import speakable
from chickenfoot.plain.table import PlainTable
from chickenfoot.record.model import SeatConfig
from chickenfoot.saves.database import open_store
from chickenfoot.text.coach import analysis_lines, coach_for, decision_lines, play_line
from tests.kit import Kit, short_rules
from tests.plain.scripted import ScriptedConsole
from tests.plain.test_app import finished_game, games, run
from tests.plain.test_table import computer, first_fitting, person, session_of


def test_the_replay_judges_the_move_just_read(kit: type[Kit]) -> None:
    game = finished_game(kit)
    (record,) = games()
    coach = coach_for(record)
    index = coach.decision_indices([0])[0]
    console = run("r", str(game), "a", "go", f"go {index + 1}", "a", "q", "", "q")
    text = console.text
    assert "No move yet: step forward, then a judges the move just read." in text
    expected = decision_lines(coach.judge(index), ("Ana", "Bea"))
    assert "\n".join(map(speakable, expected)) in text


def test_the_replay_analyses_the_whole_game(kit: type[Kit]) -> None:
    game = finished_game(kit)
    (record,) = games()
    console = run("r", str(game), "a game", "q", "", "q")
    analysis = coach_for(record).analyse([0])
    assert analysis is not None
    text = console.text
    assert "Analysing the play of Ana: every decision is played out in imagined deals" in text
    assert "\n".join(map(speakable, analysis_lines(analysis, ("Ana", "Bea")))) in text


def test_the_round_in_play_at_a_shared_keyboard_is_not_judged(kit: type[Kit]) -> None:
    people = (SeatConfig(name="Ana", player="human"), SeatConfig(name="Bea", player="human"))
    record = kit.record_until(
        kit.short_rules(2), people, 4, lambda state: len(state.board.played) > 2
    )
    assert record is not None
    game = kit.stored(record)
    console = run("r", str(game), "end", "a", "a game", "q", "", "q")
    text = console.text
    hidden = (
        "Round 1 is still in play at a shared keyboard: its hands stay hidden, so it is "
        "analysed for nobody."
    )
    assert text.count(hidden) == 2, "the move just read and the whole game"
    assert "decisions with a choice" in text and "Verdict:" not in text


def test_the_game_over_says_how_well_each_person_played(tmp_path: Path) -> None:
    session = session_of(tmp_path, person("Ana"), computer("Bea"), rules=short_rules(2))

    def coach_at_the_end(console: ScriptedConsole) -> str:
        if "Final ranking:" in console.text and "play: " not in console.text:
            return "c"
        return "" if "Final ranking:" in console.text else first_fitting(console)

    console = ScriptedConsole(["c", *[coach_at_the_end] * 200])
    PlainTable(session, console).play()
    text = console.text
    assert "The coach judges the play once the game is over." in text
    assert "c: how well each person played (the coach)." in text
    store = open_store()
    try:
        (summary,) = store.games()
        record = store.record(summary.id)
    finally:
        store.close()
    analysis = coach_for(record).analyse([0])
    assert analysis is not None
    assert speakable(play_line(analysis.summary(0), ("Ana", "Bea"))) in console.said
