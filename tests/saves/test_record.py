"""Saved-game records: building, replaying, saving atomically and loading with clear errors."""

from __future__ import annotations

import json
import os
import random
import sys
from collections.abc import Callable
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

import chickenfoot.saves.jsonformat as jsonformat_module
from chickenfoot.record.model import (
    FORMAT_VERSION,
    MAX_FILE_BYTES,
    Assist,
    GameRecord,
    RecordError,
    SeatConfig,
    most_actions,
)
from chickenfoot.rules import (
    Event,
    GameState,
    Pass,
    Play,
    RuleSet,
    apply,
    legal_actions,
    new_game,
    preset,
)
from chickenfoot.saves.jsonformat import (
    json_schema_text,
    load_record,
    parse_record,
    record_json,
    save_record,
)
from chickenfoot.saves.migrations import MIGRATIONS, supported_versions

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "tests" / "data" / "records"
SCHEMA_FILE = ROOT / "docs" / "save-format.schema.json"
FORMAT_DOC = ROOT / "docs" / "save-format.md"


def seats_for(count: int) -> tuple[SeatConfig, ...]:
    """``count`` seats: the first human, the others computer players."""
    names = ["Ana", "Bob", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana"]
    return tuple(
        SeatConfig(name=names[seat], player="human")
        if seat == 0
        else SeatConfig(name=names[seat], player="computer", level="random")
        for seat in range(count)
    )


def play_game(
    rules: RuleSet, seed: int, stop_after: int | None = None
) -> tuple[GameRecord, list[GameState], list[tuple[Event, ...]]]:
    """A record of a game played with seeded random legal actions, with every state and the
    events of every step, as the engine produced them while playing."""
    record = GameRecord.new(rules, seats_for(rules.players), seed=seed)
    state, events = new_game(rules, record.decks)
    states: list[GameState] = [state]
    all_events: list[tuple[Event, ...]] = [events]
    choices = random.Random(seed)
    while not state.over and (stop_after is None or len(record.actions) < stop_after):
        action = choices.choice(legal_actions(state))
        state, events = apply(state, action)
        record = record.appended(action)
        states.append(state)
        all_events.append(events)
    return record, states, all_events


@pytest.fixture(scope="module")
def finished_game() -> GameRecord:
    """A whole four-seat cross game."""
    return play_game(preset("cross", players=4), seed=3)[0]


@pytest.fixture
def saved_game(tmp_path: Path, finished_game: GameRecord) -> Path:
    """The finished game saved to a file."""
    path = tmp_path / "game.json"
    save_record(finished_game, path)
    return path


def document(path: Path) -> dict[str, Any]:
    """The JSON object in ``path``."""
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def write_document(path: Path, data: Any) -> Path:
    """Write ``data`` as JSON to ``path``."""
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def load_error(path: Path) -> RecordError:
    """The RecordError loading ``path`` raises (fails the test if it loads)."""
    with pytest.raises(RecordError) as caught:
        load_record(path)
    return caught.value


# ----- building and replaying ---------------------------------------------------------------------


RULE_VARIANTS = [
    pytest.param(preset("cross", players=4), id="cross-4"),
    pytest.param(preset("trains", players=2), id="trains-2"),
    pytest.param(preset("trains", players=8, set_size=12), id="trains-8-double-12"),
    pytest.param(
        preset("cross", players=3, set_size=6, draw="until_playable", rounds=4),
        id="cross-3-double-6-draw-until-playable",
    ),
]


@pytest.mark.parametrize("rules", RULE_VARIANTS)
def test_save_load_round_trip_reproduces_every_state(tmp_path: Path, rules: RuleSet) -> None:
    record, states, events = play_game(rules, seed=21)
    assert record.finished
    path = tmp_path / "saves" / "game.json"
    save_record(record, path)

    loaded = load_record(path)

    assert loaded == record
    replayed = list(loaded.replay())
    assert [state for state, _, _ in replayed] == states
    assert [step_events for _, step_events, _ in replayed] == events
    assert [action for _, _, action in replayed] == [None, *record.actions]
    assert loaded.final_state() == states[-1]


def test_unfinished_game_round_trip(tmp_path: Path) -> None:
    record, states, _ = play_game(preset("trains", players=4), seed=5, stop_after=120)
    path = tmp_path / "game.json"
    save_record(record, path)
    before, modified = path.read_bytes(), path.stat().st_mtime_ns
    loaded = load_record(path)
    assert (path.read_bytes(), path.stat().st_mtime_ns) == (before, modified)
    assert loaded == record
    assert not loaded.finished
    assert list(loaded.states()) == states
    assert len(loaded.actions) == 120


def test_appended_adds_one_action_and_leaves_the_original(finished_game: GameRecord) -> None:
    start = GameRecord.new(finished_game.rules, finished_game.seats, decks=finished_game.decks)
    first = legal_actions(start.final_state())[0]
    longer = start.appended(first)
    assert start.actions == ()
    assert longer.actions == (first,)
    assert longer.created == start.created and longer.decks == start.decks
    assert longer.final_state() == apply(start.final_state(), first)[0]


def test_appending_to_a_replayed_record_continues_from_its_final_state(
    finished_game: GameRecord,
) -> None:
    record = finished_game.truncated(0)
    for action in finished_game.actions[:40]:
        record.final_state()
        record = record.appended(action)
    fresh = GameRecord.model_validate(record.model_dump())
    assert record.final_state() == fresh.final_state() == list(finished_game.states())[40]


def test_replay_starts_with_the_deal(finished_game: GameRecord) -> None:
    state, events, action = next(finished_game.replay())
    assert action is None
    assert state.round_number == 1 and not state.over
    assert events[0].kind == "round_started"


def test_new_shuffles_from_the_seed_and_records_it() -> None:
    rules = preset("cross", players=2)
    one = GameRecord.new(rules, seats_for(2), seed=9)
    again = GameRecord.new(rules, seats_for(2), seed=9)
    other = GameRecord.new(rules, seats_for(2), seed=10)
    assert one.seed == 9 and one.decks == again.decks != other.decks
    assert one.format == "chickenfoot" and one.version == FORMAT_VERSION
    assert one.created.tzinfo == UTC


def test_new_refuses_seats_that_do_not_fit_the_rules() -> None:
    with pytest.raises(RecordError) as caught:
        GameRecord.new(preset("cross", players=4), seats_for(3))
    assert caught.value.where == "seats"
    assert caught.value.problem == "3 seats, but the rules are for 4 players"


def test_new_refuses_a_deck_with_a_tile_twice() -> None:
    rules = preset("cross", players=2, rounds=2)
    decks = GameRecord.new(rules, seats_for(2), seed=1).decks
    broken = (decks[0], (decks[1][1],) + decks[1][1:])
    with pytest.raises(RecordError) as caught:
        GameRecord.new(rules, seats_for(2), decks=broken)
    assert caught.value.where == "decks[1]"
    assert f"holds {decks[1][1]} twice" in caught.value.problem


def test_a_record_that_does_not_replay_names_the_action(finished_game: GameRecord) -> None:
    start = GameRecord.new(finished_game.rules, finished_game.seats, decks=finished_game.decks)
    wrong_seat = Pass(seat=(start.final_state().turn + 1) % 4)
    with pytest.raises(RecordError) as caught:
        start.appended(wrong_seat).final_state()
    assert caught.value.where == "actions[0]"
    assert caught.value.problem == "action 1 (round 1): it is not that seat's turn"


@pytest.mark.parametrize("seed", range(12))
def test_real_games_stay_well_under_the_action_limit(seed: int) -> None:
    choices = random.Random(seed)
    rules = preset(
        choices.choice(["cross", "trains"]),
        players=choices.choice([2, 5, 8]),
        set_size=12,
        draw=choices.choice(["one", "until_playable"]),
        rounds=2,
    )
    record = play_game(rules, seed)[0]
    assert len(record.actions) < most_actions(rules) / 2


def test_copies_do_not_inherit_the_remembered_final_state(finished_game: GameRecord) -> None:
    assert finished_game.final_state().over
    shorter = finished_game.model_copy(update={"actions": finished_game.actions[:3]})
    assert not shorter.final_state().over
    assert shorter.final_state() == list(finished_game.states())[3]


def test_game_id_is_stable_and_differs_between_games(finished_game: GameRecord) -> None:
    again = finished_game.truncated(10)
    later = finished_game.model_copy(
        update={"created": finished_game.created + timedelta(seconds=1)}
    )
    assert again.game_id == finished_game.game_id
    assert later.game_id != finished_game.game_id
    assert len(finished_game.game_id) == 8


# ----- seats and times ----------------------------------------------------------------------------


def test_seat_names_are_stripped_and_kept_literally() -> None:
    assert SeatConfig(name="  [b]Ana[/b] ", player="human").name == "[b]Ana[/b]"
    assert SeatConfig(name="x" * 24, player="human").name == "x" * 24


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"name": "   ", "player": "human"}, "at least 1 character"),
        ({"name": "x" * 25, "player": "human"}, "at most 24 characters"),
        ({"name": "Ana\x1b[2J", "player": "human"}, "control character"),
        ({"name": "Ana", "player": "computer"}, "needs a level"),
        ({"name": "Ana", "player": "human", "level": "greedy"}, "has no level"),
        ({"name": "Ana", "player": "robot"}, "'human' or 'computer'"),
    ],
)
def test_bad_seats_are_refused(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        SeatConfig.model_validate(fields)


def test_created_is_kept_in_utc(saved_game: Path) -> None:
    data = document(saved_game)
    data["created"] = "2026-11-30T20:00:00+02:00"
    loaded = load_record(write_document(saved_game, data))
    assert loaded.created == datetime(2026, 11, 30, 18, 0, tzinfo=UTC)
    assert loaded.created.utcoffset() == timedelta(0)
    assert GameRecord.model_validate(
        {**data, "created": datetime(2026, 1, 1, tzinfo=timezone(timedelta(hours=-5)))}
    ).created == datetime(2026, 1, 1, 5, tzinfo=UTC)


# ----- saving -------------------------------------------------------------------------------------


def test_save_creates_the_folder_and_leaves_no_temporary_file(
    tmp_path: Path, finished_game: GameRecord
) -> None:
    path = tmp_path / "deep" / "er" / "game.json"
    save_record(finished_game, path)
    assert sorted(p.name for p in path.parent.iterdir()) == ["game.json"]
    assert load_record(path) == finished_game


def test_saved_file_has_one_action_per_line(saved_game: Path, finished_game: GameRecord) -> None:
    text = saved_game.read_text(encoding="utf-8")
    action_lines = [line for line in text.splitlines() if line.lstrip().startswith('{"kind"')]
    assert len(action_lines) == len(finished_game.actions)
    assert '"tile": "' in text and text.endswith("}\n")


@pytest.mark.parametrize("failing", ["replace", "fsync"])
def test_failed_save_keeps_the_old_file_and_no_temporary(
    tmp_path: Path, finished_game: GameRecord, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    path = folder / "game.json"
    save_record(finished_game.truncated(5), path)
    before = path.read_bytes()

    def broken(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, failing, broken)
    with pytest.raises(OSError, match="cannot be written: the disk is full"):
        save_record(finished_game, path)
    monkeypatch.undo()

    assert path.read_bytes() == before
    assert [p.name for p in folder.iterdir()] == ["game.json"]
    assert load_record(path) == finished_game.truncated(5)


def test_save_replaces_an_existing_file(tmp_path: Path, finished_game: GameRecord) -> None:
    path = tmp_path / "game.json"
    save_record(finished_game.truncated(3), path)
    save_record(finished_game, path)
    assert load_record(path) == finished_game


# ----- loading bad files --------------------------------------------------------------------------

Maker = Callable[[Path], Path]
"""Makes a bad file from a good saved game at the given path; returns the bad file's path."""


def edit(change: Callable[[dict[str, Any]], object]) -> Maker:
    """A maker that edits the saved game's JSON object in place with ``change``."""

    def make(path: Path) -> Path:
        data = document(path)
        change(data)
        return write_document(path, data)

    return make


def raw(content: bytes) -> Maker:
    """A maker that replaces the file's bytes with ``content``."""

    def make(path: Path) -> Path:
        path.write_bytes(content)
        return path

    return make


def replace_text(old: str, new: str) -> Maker:
    """A maker that replaces the first ``old`` in the file's text with ``new``."""

    def make(path: Path) -> Path:
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        return path

    return make


def truncate(path: Path) -> Path:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    return path


def truncate_in_string(path: Path) -> Path:
    """Cut the file inside a string value: the text ends in an unterminated string."""
    data = path.read_bytes()
    opening = data.index(b': "', len(data) // 2) + len(b': "')
    path.write_bytes(data[: opening + 1])
    return path


def huge(path: Path) -> Path:
    with open(path, "r+b") as file:
        file.truncate(300 * 1024 * 1024)  # sparse: takes no disk space or time
    return path


def swap_tile(index: int, tile: object) -> Callable[[dict[str, Any]], object]:
    def change(data: dict[str, Any]) -> None:
        data["decks"][1][index] = tile

    return change


def aiming_at(target: str) -> Callable[[dict[str, Any]], object]:
    """A change that makes the first play aim at ``target``."""
    return lambda data: first_play(data).update(target=target)


def first_play(data: dict[str, Any]) -> dict[str, Any]:
    """The first play of a saved game's JSON object."""
    play: dict[str, Any] = next(a for a in data["actions"] if a["kind"] == "play")
    return play


BAD_FILES: list[tuple[str, Maker, str, str]] = [
    ("empty", raw(b""), "", "the file is empty"),
    (
        "binary",
        raw(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"),
        "",
        "binary data (a zero byte at offset 8)",
    ),
    (
        "latin-1",
        raw('{"format": "chickenfoot", "seats": "Jos\xe9"}'.encode("latin-1")),
        "line 1",
        "not UTF-8 text (byte 0xe9 at offset 39)",
    ),
    (
        "not JSON",
        raw(b'{\n  "format": "chickenfoot",\n  oops\n}'),
        "line 3, column 3",
        "not valid JSON: expected a field name in double quotes",
    ),
    (
        "text after JSON",
        raw(b'{"format": "chickenfoot"} {}'),
        "line 1, column 27",
        "not valid JSON: more text follows",
    ),
    ("truncated", truncate, "line ", "the file ends too early"),
    ("truncated in a string", truncate_in_string, "line ", "the file ends too early"),
    (
        "NaN",
        raw(b'{"format": "chickenfoot", "version": NaN}'),
        "",
        "NaN is not a number JSON allows",
    ),
    ("deeply nested", raw(b"[" * 100_000 + b"]" * 100_000), "", "nested too deeply"),
    (
        "huge number",
        raw(b'{"seed": ' + b"9" * 5000 + b"}"),
        "seed",
        "a number 5000 digits long: no number here may have more than 30 digits",
    ),
    (
        "a list",
        raw(b"[1, 2, 3]"),
        "",
        "not a chickenfoot saved game: the file holds a list, not an object",
    ),
    ("no format", edit(lambda d: d.pop("format")), "format", 'there is no "format" field'),
    (
        "other format",
        edit(lambda d: d.update(format="chess")),
        "format",
        'format is "chess", not "chickenfoot"',
    ),
    (
        "newer version",
        edit(lambda d: d.update(version=FORMAT_VERSION + 1)),
        "version",
        f"version {FORMAT_VERSION + 1} is newer than this program understands (it reads "
        f"versions 1 to {FORMAT_VERSION})",
    ),
    (
        "version zero",
        edit(lambda d: d.update(version=0)),
        "version",
        f"unknown version 0: this program reads versions 1 to {FORMAT_VERSION}",
    ),
    (
        "version text",
        edit(lambda d: d.update(version="1")),
        "version",
        'the version must be a whole number, not "1"',
    ),
    ("no version", edit(lambda d: d.pop("version")), "version", "there is no version field"),
    ("unknown field", edit(lambda d: d.update(colour="red")), "colour", 'unknown field "colour"'),
    (
        "unknown rules field",
        edit(lambda d: d["rules"].update(jokers=2)),
        "rules.jokers",
        'unknown field "jokers"',
    ),
    (
        "unknown action field",
        edit(lambda d: d["actions"][3].update(note="hi")),
        "actions[3].note",
        'unknown field "note"',
    ),
    (
        "missing actions",
        edit(lambda d: d.pop("actions")),
        "actions",
        'the field "actions" is missing',
    ),
    (
        "impossible rules",
        edit(lambda d: d["rules"].update(players=8, hand_size=7, arms=None)),
        "rules.hand_size",
        "impossible rules: 8 seats × 7 tiles = 56 tiles, but a double-9 set has only 55: "
        "use a double-12 set",
    ),
    (
        "bad rules value",
        edit(lambda d: d["rules"].update(set_size=7)),
        "rules.set_size",
        "7 is not allowed here: use 6, 9, 12, 15 or 18",
    ),
    (
        "seat count",
        edit(lambda d: d["seats"].pop()),
        "seats",
        "3 seats, but the rules are for 4 players",
    ),
    (
        "bad seat",
        edit(lambda d: d["seats"][1].update(level=None)),
        "seats[1]",
        "a computer player needs a level",
    ),
    (
        "tile twice",
        edit(lambda d: d["decks"][1].__setitem__(0, d["decks"][1][1])),
        "decks[1]",
        "round 2: the deck holds",
    ),
    (
        "tile of another set",
        edit(swap_tile(0, "10|10")),
        "decks[1]",
        "10|10 is not in a double-9 set",
    ),
    (
        "deck missing tiles",
        edit(lambda d: d["decks"][2].pop()),
        "decks[2]",
        "round 3: the deck has 54 tiles, but a double-9 set has 55",
    ),
    ("deck count", edit(lambda d: d["decks"].pop()), "decks", "9 decks for 10 rounds"),
    (
        "bad tile text",
        edit(lambda d: d["decks"][0].__setitem__(4, "3-5")),
        "decks[0][4]",
        "'3-5' is not a tile",
    ),
    (
        "millions of actions",
        edit(lambda d: d.update(actions=[{}] * 1_000_000)),
        "actions",
        "1000000 actions, but a game under these rules cannot take more than",
    ),
    (
        "bad action kind",
        edit(lambda d: d["actions"][2].update(kind="cheat")),
        "actions[2]",
        'unknown action kind "cheat": it must be "play", "draw" or "pass"',
    ),
    (
        "action without kind",
        edit(lambda d: d["actions"][1].pop("kind")),
        "actions[1]",
        'the action has no "kind"',
    ),
    (
        "bad action tile",
        edit(lambda d: d["actions"][0].update(tile="99|1")),
        "actions[0].tile",
        "ends go from 0 to 18",
    ),
    (
        "time out of range",
        edit(lambda d: d.update(created="9999-12-31T23:59:59-05:00")),
        "created",
        "9999-12-31T23:59:59-05:00 is out of range in UTC",
    ),
    (
        "escape codes in a field name",
        edit(lambda d: d.update({"\x1b[2Jevil\n": 1})),
        "\\x1b[2Jevil\\n",
        'unknown field "\\u001b[2Jevil\\n"',
    ),
    (
        "naive time",
        edit(lambda d: d.update(created="2026-11-30T18:00:00")),
        "created",
        "the time has no time zone",
    ),
    (
        "repeated top-level field",
        raw(b'{"format": "chickenfoot", "format": "chickenfoot", "version": 1}'),
        "format",
        'the field "format" is written 2 times: a field may appear only once',
    ),
    (
        "repeated rules field",
        replace_text('"players": 4,', '"players": 4, "players": 2,'),
        "rules.players",
        'the field "players" is written 2 times',
    ),
    (
        "repeated action field",
        replace_text('"seat": 0}', '"seat": 0, "seat": 1}'),
        "actions[",
        'the field "seat" is written 2 times',
    ),
    (
        "players as text",
        edit(lambda d: d["rules"].update(players="4")),
        "rules.players",
        'must be a whole number, not "4"',
    ),
    (
        "players as true",
        edit(lambda d: d["rules"].update(players=True)),
        "rules.players",
        "must be a whole number, not true",
    ),
    (
        "players as a decimal",
        edit(lambda d: d["rules"].update(players=4.0)),
        "rules.players",
        "must be a whole number, not 4.0",
    ),
    (
        "set size as text",
        edit(lambda d: d["rules"].update(set_size="9")),
        "rules.set_size",
        '"9" is not allowed here: use 6, 9, 12, 15 or 18',
    ),
    (
        "points for 0|0 too high",
        edit(lambda d: d["rules"].update(double_blank_points=1001)),
        "rules.double_blank_points",
        "must be at most 1000, not 1001",
    ),
    ("seed as text", edit(lambda d: d.update(seed="7")), "seed", 'must be a whole number, not "7"'),
    (
        "seed as true",
        edit(lambda d: d.update(seed=True)),
        "seed",
        "must be a whole number, not true",
    ),
    (
        "seed too large",
        edit(lambda d: d.update(seed=2**63)),
        "seed",
        "must be at most 9223372036854775807",
    ),
    (
        "created as Unix time",
        edit(lambda d: d.update(created=1_764_525_600)),
        "created",
        "the time must be text, not a number",
    ),
    (
        "created as Unix time in text",
        edit(lambda d: d.update(created="1764525600")),
        "created",
        '"1764525600" is not a date and time',
    ),
    (
        "created with unicode digits",
        edit(lambda d: d.update(created="２０２６-11-30T18:00:00Z")),
        "created",
        "is not a date and time",
    ),
    (
        "superscript digit in a deck tile",
        edit(swap_tile(0, "²|3")),
        "decks[1][0]",
        "'²|3' is not a tile: write tiles as 'low|high' with the digits 0 to 9",
    ),
    (
        "arabic-indic digit in an action tile",
        edit(lambda d: d["actions"][0].update(tile="٣|٥")),
        "actions[0].tile",
        "is not a tile: write tiles as",
    ),
    (
        "spaces in a tile",
        edit(swap_tile(0, " 3|5")),
        "decks[1][0]",
        "' 3|5' is not a tile",
    ),
    (
        "a tile as a list of booleans",
        edit(swap_tile(0, [True, False])),
        "decks[1][0]",
        "[true, false] is not a tile",
    ),
    (
        "seat as text",
        edit(lambda d: d["actions"][0].update(seat="0")),
        "actions[0].seat",
        'must be a whole number, not "0"',
    ),
    (
        "seat that does not exist",
        edit(lambda d: d["actions"][0].update(seat=9)),
        "actions[0].seat",
        "there is no seat 9: seats go from 0 to 3",
    ),
    (
        "an action kind that is a list",
        edit(lambda d: d["actions"][0].update(kind=["play"])),
        "actions[0]",
        'unknown action kind ["play"]',
    ),
    (
        "an action that is a number",
        edit(lambda d: d["actions"].__setitem__(0, 7)),
        "actions[0]",
        'an action is an object such as {"kind": "draw", "seat": 0}, not a number',
    ),
    (
        "unknown computer level",
        edit(lambda d: d["seats"][1].update(level="wizard")),
        "seats[1].level",
        "unknown computer player level 'wizard': this program knows beginner, casual, hard, "
        "expert, random, greedy",
    ),
    (
        "bidi override in a name",
        edit(lambda d: d["seats"][0].update(name="Ana\u202egnp.exe")),
        "seats[0].name",
        "the name contains U+202E (right-to-left override)",
    ),
    (
        "name as a number",
        edit(lambda d: d["seats"][0].update(name=7)),
        "seats[0].name",
        "must be text in quotes, not a number",
    ),
    (
        "second byte order mark",
        raw("\ufeff\ufeff{}".encode()),
        "line 1, column 1",
        "not valid JSON: a second byte order mark at the start of the text",
    ),
    (
        "decks as text",
        edit(lambda d: d.update(decks="all")),
        "decks",
        "must be a list, not text",
    ),
    (
        "after the end",
        edit(lambda d: d["actions"].append({"kind": "pass", "seat": 0})),
        "actions[",
        "the game was already over, yet the file has 1 more action",
    ),
    (
        "a lone surrogate in a name",
        edit(lambda d: d["seats"][0].update(name="Ana\ud800")),
        "seats[0].name",
        "holds \\ud800, half of a character (a lone surrogate): text may hold only whole ones",
    ),
    (
        "a number 31 digits long",
        edit(lambda d: d["rules"].update(players=10**30)),
        "rules.players",
        "a number 31 digits long: no number here may have more than 30 digits",
    ),
    (
        "a reserve larger than the set",
        edit(lambda d: d["rules"].update(reserve=10**20)),
        "rules.reserve",
        f"{10**20} tiles kept in the boneyard, but a double-9 set has only 55: keep at most 51",
    ),
    *(
        (
            f"a target {what}",
            edit(aiming_at(target)),
            "actions[",
            "names no end of a table: ends are named after their arm, A to H, and a chicken "
            "foot's toes after their line and number, such as B.2",
        )
        for what, target in (
            ("no end could have", "Q.7"),
            ("of 10,000 characters", "A" * 10_000),
            ("in markup", "[bold red]A[/]"),
        )
    ),
    (
        "a computer without a level",
        edit(lambda d: d["seats"][1].update(level=None)),
        "seats[1]",
        "a computer player needs a level, e.g. 'casual'",
    ),
]


@pytest.mark.parametrize(
    ("make", "where", "problem"),
    [case[1:] for case in BAD_FILES],
    ids=[case[0] for case in BAD_FILES],
)
def test_bad_file_gets_a_specific_message_and_is_not_changed(
    saved_game: Path, make: Maker, where: str, problem: str
) -> None:
    path = make(saved_game)
    before = path.read_bytes()
    modified = path.stat().st_mtime_ns

    error = load_error(path)

    assert error.path == path
    assert error.where.startswith(where) if where else error.where == ""
    assert problem in error.problem
    assert str(error) == ": ".join(part for part in (str(path), error.where, error.problem) if part)
    assert "\n" not in str(error)
    assert path.read_bytes() == before
    assert path.stat().st_mtime_ns == modified
    assert [p.name for p in path.parent.iterdir()] == [path.name]


def test_an_illegal_action_is_named_with_its_number_and_round(saved_game: Path) -> None:
    data = document(saved_game)
    record = GameRecord.model_validate(data)
    states = list(record.states())
    # The first action of round 2 that is a play: make its seat play a tile it does not hold.
    index = next(
        i
        for i, action in enumerate(record.actions)
        if states[i].round_number == 2 and isinstance(action, Play)
    )
    held = states[index].hands[record.actions[index].seat]
    missing = next(tile for tile in states[index].decks[1] if tile not in held)
    data["actions"][index]["tile"] = str(missing)
    error = load_error(write_document(saved_game, data))
    assert error.where == f"actions[{index}]"
    assert error.problem == f"action {index + 1} (round 2): the tile is not in the hand"


def test_too_large_file_is_refused_before_reading(saved_game: Path) -> None:
    error = load_error(huge(saved_game))
    assert error.where == ""
    assert error.problem == ("the file is 300.0 MiB, larger than the 4.0 MiB a saved game may be")
    assert MAX_FILE_BYTES == 4 * 1024 * 1024


def test_missing_file(tmp_path: Path) -> None:
    error = load_error(tmp_path / "nowhere.json")
    assert str(error) == f"{tmp_path / 'nowhere.json'}: no such file"


def test_folder_instead_of_file(tmp_path: Path) -> None:
    error = load_error(tmp_path)
    assert error.problem == "not a regular file: a folder"


def test_unreadable_file(saved_game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def denied(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "open", denied)
    error = load_error(saved_game)
    monkeypatch.undo()
    assert error.problem == "permission denied: the file cannot be read"


@pytest.mark.skipif(
    sys.platform == "win32" or os.geteuid() == 0, reason="needs POSIX permissions and no root"
)
def test_unreadable_file_for_real(saved_game: Path) -> None:
    saved_game.chmod(0)
    try:
        assert load_error(saved_game).problem == "permission denied: the file cannot be read"
    finally:
        saved_game.chmod(0o600)


def test_parse_record_errors_name_no_file() -> None:
    with pytest.raises(RecordError) as caught:
        parse_record("[]")
    assert caught.value.path is None
    assert str(caught.value) == "not a chickenfoot saved game: the file holds a list, not an object"


# ----- versions -----------------------------------------------------------------------------------


def sample_files() -> list[Path]:
    return sorted(SAMPLES.glob("v*.json"))


def test_there_is_a_sample_of_every_released_version() -> None:
    versions = {int(path.name.split("-")[0].removeprefix("v")) for path in sample_files()}
    assert set(range(1, FORMAT_VERSION + 1)) <= versions
    assert {"finished", "unfinished"} <= {
        path.stem.split("-", 1)[1]
        for path in sample_files()
        if path.name.startswith(f"v{FORMAT_VERSION}-")
    }


@pytest.mark.parametrize("path", sample_files(), ids=lambda path: path.name)
def test_every_sample_loads(path: Path, tmp_path: Path) -> None:
    record = load_record(path)
    assert record.version == FORMAT_VERSION
    assert record.finished == (path.stem.split("-", 1)[1] == "finished")
    copy = tmp_path / path.name
    save_record(record, copy)
    assert load_record(copy) == record


def test_migrations_upgrade_older_versions(
    saved_game: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An imagined version 0 called the seats "players"; a migration renames the field."""
    data = document(saved_game)
    data["version"] = 0
    data["players"] = data.pop("seats")
    path = write_document(saved_game, data)
    assert "unknown version" in load_error(path).problem

    def rename_players(old: dict[str, Any]) -> dict[str, Any]:
        new = dict(old)
        new["seats"] = new.pop("players")
        return new

    monkeypatch.setitem(MIGRATIONS, 0, rename_players)
    assert list(supported_versions()) == list(range(FORMAT_VERSION + 1))
    loaded = load_record(path)
    assert loaded.version == FORMAT_VERSION
    assert [seat.name for seat in loaded.seats] == [seat["name"] for seat in data["players"]]


def test_a_failing_migration_gets_a_message(
    saved_game: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = document(saved_game)
    data["version"] = 0
    monkeypatch.setitem(MIGRATIONS, 0, lambda old: old["players"])
    error = load_error(write_document(saved_game, data))
    assert error.problem == "cannot upgrade this version-0 file: 'players'"


# ----- the JSON Schema ----------------------------------------------------------------------------


def test_committed_schema_matches_the_models() -> None:
    assert SCHEMA_FILE.exists(), (
        "run: python -m chickenfoot.saves.jsonformat --schema > docs/save-format.schema.json"
    )
    assert SCHEMA_FILE.read_text(encoding="utf-8") == json_schema_text(), (
        "docs/save-format.schema.json is out of date: regenerate it with "
        "`python -m chickenfoot.saves.jsonformat --schema > docs/save-format.schema.json`"
    )


def test_the_documented_example_loads() -> None:
    text = FORMAT_DOC.read_text(encoding="utf-8")
    example = text.split("```json\n", 1)[1].split("```", 1)[0]
    record = parse_record(example)
    assert record_json(record) == example
    assert len(record.actions) == 8 and not record.finished


def test_the_documentation_names_every_field() -> None:
    text = FORMAT_DOC.read_text(encoding="utf-8")
    models = (GameRecord, SeatConfig, Assist, RuleSet, Play)
    missing = [name for model in models for name in model.model_fields if f"`{name}`" not in text]
    assert missing == [], f"docs/save-format.md does not describe {missing}"


def test_schema_describes_tiles_as_written() -> None:
    schema = json.loads(json_schema_text())
    assert schema["$defs"]["Tile"]["anyOf"][0]["type"] == "string"
    assert set(schema["required"]) >= {
        "format",
        "version",
        "created",
        "rules",
        "seats",
        "decks",
        "actions",
    }


def test_command_line_checks_files(
    saved_game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("[]", encoding="utf-8")
    assert jsonformat_module.main([str(saved_game)]) == 0
    assert jsonformat_module.main([str(saved_game), str(broken)]) == 1
    output = capsys.readouterr()
    assert f"{saved_game}: ok: " in output.out
    assert f"{broken}: not a chickenfoot saved game" in output.err


def test_records_storage_and_transcripts_import_no_textual() -> None:
    import subprocess

    code = (
        "import sys, chickenfoot.record.model, chickenfoot.saves.database\n"
        "import chickenfoot.saves.exchange, chickenfoot.saves.committer\n"
        "import chickenfoot.text.transcript\n"
        "loaded = sorted(name for name in sys.modules\n"
        "                if name.split('.')[0] in ('textual', 'rich'))\n"
        "print(loaded)\n"
        "sys.exit(1 if loaded else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, f"imported {result.stdout.strip()} {result.stderr}"


# ----- hints, take-backs and think times (version 2) -------------------------------------------


def test_hints_and_take_backs_are_kept_and_read_back(
    finished_game: GameRecord, tmp_path: Path
) -> None:
    played = finished_game.truncated(30)
    record = played.with_hint(0).taken_back(0, 24).with_hint(1)
    assert record.actions == played.actions[:24]
    assert record.assists == (
        Assist(kind="hint", seat=0, at=30),
        Assist(kind="take_back", seat=0, at=24, undone=played.actions[24:30]),
        Assist(kind="hint", seat=1, at=24),
    )
    assert record.hints_used() == (1, 1, 0, 0)
    assert record.take_backs() == (1, 0, 0, 0)
    path = tmp_path / "helped.json"
    save_record(record, path)
    assert load_record(path) == record
    assert load_record(path).final_state() == played.truncated(24).final_state()


def test_a_take_back_of_moves_never_played_is_refused(
    finished_game: GameRecord, tmp_path: Path
) -> None:
    record = finished_game.truncated(30).taken_back(0, 24)
    data = json.loads(record_json(record))
    data["assists"][0]["undone"] = data["assists"][0]["undone"][1:]  # skips the first move
    error = load_error(write_document(tmp_path / "game.json", data))
    assert error.where == "assists[0].undone[0]"
    assert "the rules forbid" in error.problem


def test_a_version_1_game_loads_with_no_assists() -> None:
    record = load_record(SAMPLES / "v1-unfinished.json")
    assert record.version == FORMAT_VERSION
    assert record.assists == ()
    assert record.hints_used() == (0, 0, 0, 0)


@pytest.mark.parametrize(
    ("seat", "problem"),
    [
        ({"name": "Ana", "player": "human", "level": None, "think_time": 1.0}, "human player"),
        ({"name": "Bob", "player": "computer", "level": "casual", "think_time": 1.0}, "casual"),
        ({"name": "Cy", "player": "computer", "level": "expert", "think_time": 0}, "0.01"),
        ({"name": "Cy", "player": "computer", "level": "expert", "think_time": 60}, "10"),
        ({"name": "Cy", "player": "computer", "level": "expert", "think_time": "1"}, "number"),
    ],
)
def test_only_an_expert_has_a_think_time_within_bounds(
    saved_game: Path, seat: dict[str, Any], problem: str
) -> None:
    data = document(saved_game)
    data["seats"][1] = seat
    error = load_error(write_document(saved_game, data))
    assert error.where == "seats[1]" or error.where.startswith("seats[1].")
    assert problem in error.problem


def test_an_expert_keeps_its_think_time(saved_game: Path) -> None:
    data = document(saved_game)
    data["seats"][1] = {"name": "Cy", "player": "computer", "level": "expert", "think_time": 0.5}
    record = load_record(write_document(saved_game, data))
    assert record.seats[1].think_time == 0.5
    assert '"think_time": 0.5' in record_json(record)
    assert "think_time" not in record_json(record).replace('"think_time": 0.5', "")


def test_chained_take_backs_are_each_checked_on_their_own_line(
    finished_game: GameRecord, tmp_path: Path
) -> None:
    """A take-back, moves played again, then a take-back further back: each take-back's line
    is rebuilt from the one after it and replayed, and a bad move in the older one is named."""
    again = finished_game.truncated(30).taken_back(0, 24)
    for action in finished_game.actions[24:28]:
        again = again.appended(action)
    record = again.taken_back(0, 20)
    path = tmp_path / "twice.json"
    save_record(record, path)
    assert load_record(path) == record
    data = json.loads(record_json(record))
    data["assists"][0]["undone"][-1] = data["assists"][0]["undone"][0]  # an impossible repeat
    error = load_error(write_document(tmp_path / "bad.json", data))
    assert error.where.startswith("assists[0].undone[")
