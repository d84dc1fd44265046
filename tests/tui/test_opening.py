"""What each way into a game finds, without a screen: a game to play, a replay, a game to
continue, or a problem in plain words; and the games the app holds."""

from __future__ import annotations

from pathlib import Path

from chickenfoot.lang import speaking
from chickenfoot.rules import Pass
from chickenfoot.saves.database import open_store
from chickenfoot.tui.opening import (
    HeldGames,
    Play,
    Problem,
    Resume,
    Watch,
    file_game,
    latest,
    new_game,
    replay_of,
    stored_game,
    taken_over,
)
from tests.kit import Kit
from tests.pseudo import PSEUDO, PseudoTranslations, english, pseudo


def test_a_new_game_is_dealt_and_stored(kit: type[Kit]) -> None:
    store = open_store()
    opened = new_game(store, kit.short_rules(2), kit.seats("human", "computer"), 7)
    assert isinstance(opened, Play)
    assert [summary.id for summary in store.games()] == [opened.session.game]
    opened.session.close()
    store.close()


def test_a_stored_game_opens_to_play_and_its_replay_to_watch(kit: type[Kit]) -> None:
    record = kit.find_record(kit.short_rules(2), kit.seats("human", "computer"), kit.human_can_play)
    store = open_store()
    game = store.create(record)
    opened = stored_game(store, game, force=False)
    assert isinstance(opened, Play) and opened.session.record.actions == record.actions
    opened.session.close()
    replay = replay_of(store, game)
    assert isinstance(replay, Watch) and replay.title == f"game {game}"
    assert latest(store) == Resume(game)
    store.close()


def test_nothing_to_continue_is_a_warning_and_a_missing_game_a_problem() -> None:
    store = open_store()
    assert latest(store) == Problem("There is no unfinished game to continue.", "warning")
    missing = stored_game(store, 999, force=False)
    assert isinstance(missing, Problem) and missing.severity == "error" and missing.text
    store.close()


def test_a_file_is_watched_or_imported_to_continue(kit: type[Kit], tmp_path: Path) -> None:
    record = kit.find_record(kit.short_rules(2), kit.seats("human", "computer"), kit.human_can_play)
    path = kit.save(record, tmp_path)
    store = open_store()
    watched = file_game(store, path, watch=True)
    assert isinstance(watched, Watch) and watched.title == path.name
    assert store.games() == []  # watching imports nothing
    imported = file_game(store, path, watch=False)
    assert isinstance(imported, Resume)
    assert store.record(imported.game).actions == record.actions
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    bad = file_game(store, tmp_path / "bad.json", watch=False)
    assert isinstance(bad, Problem) and "bad.json" in bad.text
    store.close()


def test_a_take_over_from_an_impossible_point_says_why(kit: type[Kit]) -> None:
    record = kit.find_record(kit.short_rules(2), kit.seats("human", "computer"), kit.human_can_play)
    store = open_store()
    opened = taken_over(store, record, len(record.actions) + 5, record.seats)
    assert isinstance(opened, Problem) and opened.text.startswith("Cannot take over: ")
    store.close()


def test_a_take_over_of_an_action_the_rules_refuse_says_which_rule(kit: type[Kit]) -> None:
    record = kit.find_record(kit.short_rules(2), kit.seats("human", "computer"), kit.human_can_play)
    turn = record.final_state().turn
    refused = record.appended(Pass(seat=1 - turn))
    store = open_store()
    with speaking(PSEUDO, PseudoTranslations()):
        opened = taken_over(store, refused, len(refused.actions), refused.seats)
    assert isinstance(opened, Problem)
    assert pseudo("it is not that seat's turn") in opened.text
    assert english(opened.text).startswith("Cannot take over: ")
    store.close()


def test_held_games_are_given_back_once_off_the_screen(kit: type[Kit]) -> None:
    store = open_store()
    opened = new_game(store, kit.short_rules(2), kit.seats("human", "computer"), 3)
    assert isinstance(opened, Play)
    session = opened.session
    held = HeldGames()
    held.playing.append(session)
    held.put_away(session)  # saved: given back, not kept
    assert held.playing == [] and held.kept(session.game) is None
    held.close()
    store.close()
