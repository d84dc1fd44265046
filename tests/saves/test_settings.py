"""Settings: reading never fails, never blocks and is fast; remembered texts are plain."""

from __future__ import annotations

import json
import time
from functools import partial
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chickenfoot.record.model import SeatConfig
from chickenfoot.saves.display import SETTINGS_MAX_BYTES
from chickenfoot.saves.settings import (
    DEFAULT_SEATS,
    Settings,
    SetupChoice,
    is_field_text,
    is_plain_number,
    load_settings,
    save_settings,
    update_settings,
    with_language,
)

DENIED_WORDS = ("Input should", "Errno", "Traceback", "Expecting", "invalid literal")


def write(path: Path, content: str | bytes) -> Path:
    path.write_bytes(
        content.encode("utf-8", "surrogatepass") if isinstance(content, str) else content
    )
    return path


@pytest.mark.parametrize(
    "text",
    ["0", "7", "123", "9" * 18],
)
def test_plain_numbers(text: str) -> None:
    assert is_plain_number(text)


@pytest.mark.parametrize("text", ["", " 1", "1 ", "-1", "+1", "1.5", "²", "²³", "١٢", "５", "1_0"])
def test_not_plain_numbers(text: str) -> None:
    assert not is_plain_number(text)


def test_too_many_digits_is_not_plain() -> None:
    assert is_plain_number("123", max_digits=3) and not is_plain_number("1234", max_digits=3)


def setup_document(**changes: object) -> dict[str, object]:
    """A settings document as the app writes it, with ``changes`` to its set-up."""
    setup = json.loads(Settings().model_dump_json())["setup"]
    setup.update(changes)
    return {"version": 1, "setup": setup}


def test_unicode_digits_in_fields_and_seed_are_dropped(tmp_path: Path) -> None:
    path = write(
        tmp_path / "settings.json",
        json.dumps(
            setup_document(
                fields={"hand_size": "²", "rounds": "١٢", "arms": "4", "draw": "one"}, seed="²³"
            )
        ),
    )
    loaded = load_settings(path)
    assert loaded.problem is None
    assert loaded.setup.fields == {"arms": "4", "draw": "one"}
    assert loaded.setup.seed == ""


def test_choices_must_be_one_of_theirs() -> None:
    choice = SetupChoice(fields={"set_size": "7", "drawn_tile": "must_play", "colour": "red"})
    assert choice.fields == {"drawn_tile": "must_play"}


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("[" * 30_000 + "]" * 30_000, "nested too deeply"),
        ('{"a": ' * 10_000, "nested too deeply"),
        ('{"version": 1, "version": 1}', 'version: the field "version" is written 2 times'),
        (
            '{"version": 1, "setup": {"seed": 5}}',
            "setup.seed: must be text in quotes, not a number",
        ),
        ('{"version": 1, "setup": {"seats": []}}', "setup.seats: must hold at least 2 items"),
        (
            '{"version": 1, "setup": {"seats": [{"name": "A\\u202e", "player": "human"}, '
            '{"name": "B", "player": "human"}]}}',
            "U+202E",
        ),
        ('{"version": 2}', "written by another version of chickenfoot"),
        ("[]", "it holds no JSON object"),
        ("\udcff", "not UTF-8 text"),
        ('{"version": NaN}', "NaN is not a number JSON allows"),
        ('{"version": ' + "9" * 5000 + "}", "a number 5000 digits long"),
    ],
    ids=lambda value: value[:30],
)
def test_a_bad_settings_file_gives_the_defaults_and_says_why(
    tmp_path: Path, content: str, problem: str
) -> None:
    path = write(tmp_path / "settings.json", content)
    loaded = load_settings(path)
    assert loaded.setup == SetupChoice() and loaded.setup.seats == DEFAULT_SEATS
    assert loaded.problem is not None and problem in loaded.problem
    assert loaded.problem.startswith(f"{path}: ") and loaded.problem.endswith(
        "; using the defaults"
    )
    assert "\n" not in loaded.problem and not any(word in loaded.problem for word in DENIED_WORDS)


def test_a_huge_settings_file_is_refused_without_reading_it(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    with open(path, "wb") as file:
        file.truncate(2 * 1024**3)  # sparse: no disk space used
    started = time.perf_counter()
    loaded = load_settings(path)
    assert time.perf_counter() - started < 1
    assert loaded.problem is not None and "larger than the 64.0 KiB" in loaded.problem
    assert SETTINGS_MAX_BYTES == 64 * 1024


def test_a_file_in_place_of_the_folder_cannot_be_saved_to_in_words(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("")
    with pytest.raises(OSError, match="is a file, not a folder") as caught:
        save_settings(Settings(), tmp_path / "data" / "settings.json")
    assert "Errno" not in str(caught.value)


def test_a_missing_file_gives_the_defaults_silently(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "nowhere.json") == Settings()


def test_what_is_saved_loads_back(tmp_path: Path) -> None:
    choice = SetupChoice(
        seats=DEFAULT_SEATS[:2], preset="trains", fields={"rounds": "3", "draw": "one"}, seed="9"
    )
    save_settings(Settings(setup=choice), tmp_path / "settings.json")
    assert load_settings(tmp_path / "settings.json") == Settings(setup=choice)


def test_a_problem_written_in_the_file_is_not_taken_from_it(tmp_path: Path) -> None:
    path = write(tmp_path / "settings.json", '{"version": 1, "problem": "fake"}')
    assert load_settings(path).problem is None


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=20)
    | st.sampled_from(["²", "9", "cross", "human", "computer", "greedy", "\u202e"]),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "version",
                    "setup",
                    "seats",
                    "fields",
                    "seed",
                    "preset",
                    "name",
                    "player",
                    "level",
                    "hand_size",
                    "set_size",
                    "draw",
                    "x",
                ]
            ),
            children,
            max_size=5,
        )
    ),
    max_leaves=12,
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(document=json_values)
def test_any_json_gives_settings(tmp_path: Path, document: object) -> None:
    path = write(tmp_path / "settings.json", json.dumps({"version": 1, "setup": document}))
    loaded = load_settings(path)
    assert isinstance(loaded, Settings)
    assert all(is_field_text(name, text) for name, text in loaded.setup.fields.items())
    assert loaded.setup.seed == "" or is_plain_number(loaded.setup.seed)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(content=st.binary(max_size=300))
def test_any_bytes_give_settings(tmp_path: Path, content: bytes) -> None:
    loaded = load_settings(write(tmp_path / "settings.json", content))
    assert isinstance(loaded, Settings)
    assert loaded.problem is None or "\n" not in loaded.problem


def test_a_set_up_remembered_keeps_the_display_and_the_other_way_round() -> None:
    update_settings(
        lambda s: s.model_copy(update={"display": s.display.model_copy(update={"theme": "nord"})})
    )
    seats = (
        SeatConfig(name="Zoë", player="human"),
        SeatConfig(name="Max", player="computer", level="hard"),
    )
    update_settings(lambda s: s.model_copy(update={"setup": SetupChoice(seats=seats)}))
    settings = load_settings()
    assert settings.display.theme == "nord" and settings.setup.seats == seats


@pytest.mark.parametrize("keys", [{"game.hint": "H", "typo.here": ["x"]}, ["not", "an", "object"]])
def test_the_keymap_is_kept_as_written_when_other_settings_are_remembered(
    tmp_path: Path, keys: object
) -> None:
    """The app checks the keymap; remembering a theme or a set-up never drops an entry."""
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"version": 1, "keys": keys}), encoding="utf-8")
    update_settings(
        lambda s: s.model_copy(update={"display": s.display.model_copy(update={"theme": "nord"})}),
        path,
    )
    written = json.loads(path.read_text(encoding="utf-8"))
    assert written["keys"] == keys and written["display"]["theme"] == "nord"


@pytest.mark.parametrize(("written", "read"), [("true", True), ("false", False), ('"yes"', False)])
def test_starting_in_the_plain_mode_is_remembered_and_only_as_yes_or_no(
    tmp_path: Path, written: str, read: bool
) -> None:
    path = write(tmp_path / "settings.json", f'{{"version": 1, "display": {{"plain": {written}}}}}')
    settings = load_settings(path)
    assert settings.display.plain is read
    assert settings.problem is None


def test_the_language_chosen_is_remembered_beside_the_rest_of_the_display() -> None:
    update_settings(
        lambda s: s.model_copy(update={"display": s.display.model_copy(update={"theme": "nord"})})
    )
    update_settings(partial(with_language, "gl"))
    assert (load_settings().display.language, load_settings().display.theme) == ("gl", "nord")
    update_settings(partial(with_language, None))  # the system's language again
    assert load_settings().display.language is None
