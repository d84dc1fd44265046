"""The display settings read before the app's first frame, without Pydantic: the same values
the whole settings give, every bad value its default, and never an error."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chickenfoot.saves.display import (
    BOT_DELAY_LIMIT,
    DEFAULT_BOT_DELAY,
    DEFAULT_THEME,
    Display,
    read_display,
)
from chickenfoot.saves.language_setting import SETTINGS_MAX_BYTES, read_language
from chickenfoot.saves.settings import load_settings


def write(path: Path, content: str | bytes) -> Path:
    path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    return path


def test_what_the_settings_hold_is_read(tmp_path: Path) -> None:
    path = write(
        tmp_path / "settings.json",
        json.dumps({"version": 1, "display": {"theme": "nord", "bot_delay": 1.5, "outline": True}}),
    )
    assert read_display(path) == Display(theme="nord", bot_delay=1.5, outline=True)


@pytest.mark.parametrize(
    "display",
    [
        {"theme": "x" * 41, "bot_delay": True, "outline": 1},
        {"theme": "", "bot_delay": BOT_DELAY_LIMIT + 0.1, "outline": "yes"},
        {"theme": "dark\u202e", "bot_delay": -1, "outline": None},
        {"theme": 7, "bot_delay": "0.2", "outline": []},
    ],
)
def test_each_value_that_cannot_be_used_is_its_default(
    tmp_path: Path, display: dict[str, object]
) -> None:
    path = write(tmp_path / "settings.json", json.dumps({"version": 1, "display": display}))
    assert read_display(path) == Display(DEFAULT_THEME, DEFAULT_BOT_DELAY, False)


@pytest.mark.parametrize(
    "content",
    [
        '{"version": 2, "display": {"theme": "nord"}}',
        '{"version": 1, "version": 1, "display": {"theme": "nord"}}',
        '[{"display": {"theme": "nord"}}]',
        '{"version": 1, "display": ["nord"]}',
        "\udcff",
        "",
    ],
)
def test_a_file_that_cannot_be_used_gives_the_defaults(tmp_path: Path, content: str) -> None:
    path = write(
        tmp_path / "settings.json",
        content.replace('"nord"}', '"nord", "language": "gl"}').encode("utf-8", "surrogatepass"),
    )
    assert read_display(path) == Display()
    assert read_language(path) is None


def test_the_language_alone_is_read_as_the_command_line_reads_it(tmp_path: Path) -> None:
    path = write(
        tmp_path / "settings.json", json.dumps({"version": 1, "display": {"language": "he"}})
    )
    assert read_language(path) == "he"
    assert read_language(tmp_path / "nowhere.json") is None
    (tmp_path / "folder.json").mkdir()
    assert read_language(tmp_path / "folder.json") is None
    os.mkfifo(tmp_path / "pipe.json")
    assert read_language(tmp_path / "pipe.json") is None, "a named pipe is not waited on"
    big = {"version": 1, "display": {"language": "gl"}, "pad": "x" * SETTINGS_MAX_BYTES}
    assert read_language(write(tmp_path / "big.json", json.dumps(big))) is None


def test_a_missing_file_or_a_folder_gives_the_defaults(tmp_path: Path) -> None:
    assert read_display(tmp_path / "nowhere.json") == Display()
    (tmp_path / "folder.json").mkdir()
    assert read_display(tmp_path / "folder.json") == Display()


display_values = (
    st.sampled_from(["gl", "es", "he", "en", "fr", "GL"])
    | st.none()
    | st.booleans()
    | st.integers(-(10**9), 10**9)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=45)
)


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    section=st.dictionaries(
        st.sampled_from(["theme", "bot_delay", "outline", "language", "other"]),
        display_values,
        max_size=5,
    )
)
def test_the_same_values_as_the_whole_settings(tmp_path: Path, section: dict[str, object]) -> None:
    path = write(tmp_path / "settings.json", json.dumps({"version": 1, "display": section}))
    whole = load_settings(path)
    assert whole.problem is None
    shown = whole.display
    assert read_display(path) == Display(
        shown.theme, shown.bot_delay, shown.outline, language=shown.language
    )
    assert read_language(path) == shown.language


@pytest.mark.parametrize(
    ("written", "read"),
    [("gl", "gl"), ("he", "he"), ("en", "en"), (None, None), ("fr", None), ("GL", None), (3, None)],
)
def test_the_language_is_one_chickenfoot_speaks_or_the_system_s(
    tmp_path: Path, written: object, read: str | None
) -> None:
    path = write(
        tmp_path / "settings.json", json.dumps({"version": 1, "display": {"language": written}})
    )
    assert read_display(path).language == read
    assert load_settings(path).display.language == read
    assert load_settings(path).problem is None


def test_reading_loads_neither_pydantic_nor_the_rules(tmp_path: Path) -> None:
    path = write(tmp_path / "settings.json", '{"version": 1, "display": {"theme": "nord"}}')
    script = (
        "import json, sys\n"
        "from pathlib import Path\n"
        "from chickenfoot.saves.display import read_display\n"
        f"assert read_display(Path({str(path)!r})).theme == 'nord'\n"
        "print(json.dumps(sorted(name for name in sys.modules\n"
        "    if name.split('.')[0] == 'pydantic' or name.startswith('chickenfoot.rules'))))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    )
    assert json.loads(result.stdout) == []


def test_the_keys_section_is_read_as_written(tmp_path: Path) -> None:
    keys = {"game.hint": "H", "menu.new": 5, "nothing.here": "x"}
    path = write(tmp_path / "settings.json", json.dumps({"version": 1, "keys": keys}))
    display = read_display(path)
    assert display.keymap == tuple(keys.items())
    assert display.keymap_problem is None
    assert display.theme == DEFAULT_THEME


@pytest.mark.parametrize("keys", [["game.hint", "H"], "game.hint=H", 7])
def test_a_keys_section_that_is_not_an_object_is_ignored_and_said_so(
    tmp_path: Path, keys: object
) -> None:
    path = write(
        tmp_path / "settings.json",
        json.dumps({"version": 1, "keys": keys, "display": {"theme": "nord"}}),
    )
    display = read_display(path)
    assert display.keymap == ()
    assert display.keymap_problem is not None and "keys section" in display.keymap_problem
    assert display.theme == "nord"
