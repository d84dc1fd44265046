"""Hostile files (tests/saves/hostile.py) are refused in plain words by every door: the
loader, ``python -m chickenfoot.saves.jsonformat``, ``chickenfoot load`` and ``chickenfoot replay
--text``; in one line, without a traceback, within seconds, and without changing the file.

Each command-line tool checks the whole corpus in one process (a driver calls the command's
``main`` once per file, with a 5-second alarm each, capturing what it prints through streams
of the console's own encoding), so the test stays fast; the app itself is never started.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from chickenfoot.record.model import RecordError
from chickenfoot.saves.jsonformat import load_record
from tests.saves.hostile import Hostile, make_corpus

ROOT = Path(__file__).resolve().parents[2]

DENIED = (
    "Traceback",
    "Input should",
    "valid integer",
    "invalid literal",
    "Errno",
    "set_int_max_str_digits",
    "Exceeds the limit",
    "object has no attribute",
    "unhashable",
    "NoneType",
    "codec can't",
    "Expecting",
    "Unterminated string",
    "Extra data",
    "Invalid control character",
    "Invalid \\escape",
    "Unexpected UTF-8 BOM",
    "(char ",
    "pydantic",
    "ValidationError",
    "For further information",
    "input_value",
    "input_type",
    "Value error",
    "Assertion failed",
    "KeyError",
    "TypeError",
    "ValueError",
    "RecursionError",
    "UnicodeDecodeError",
    "UnicodeEncodeError",
    "surrogates not allowed",
    "not subscriptable",
    "not iterable",
    "object of type",
    "int()",
)
"""Python's and Pydantic's own wording: never in a message to the user. ("JSON" is allowed:
"not valid JSON" is plain words.)"""

SECONDS_PER_FILE = 60
"""How long one file may take before the test calls it a hang. It catches hangs, not slowness
(what a file costs is measured in ``bench_loading``), so it is generous: a loaded machine never
reaches it."""


def denied_words(text: str) -> list[str]:
    return [word for word in DENIED if word in text]


Fingerprint = dict[str, tuple[int, int, str]]


def fingerprint(folder: Path) -> Fingerprint:
    """Every entry of ``folder``: its kind, modification time and (for regular files) hash."""
    prints: Fingerprint = {}
    for entry in os.scandir(folder):
        status = entry.stat(follow_symlinks=False)
        digest = ""
        if entry.is_file(follow_symlinks=False):
            with open(entry.path, "rb") as file:
                digest = hashlib.file_digest(file, "sha256").hexdigest()
        prints[entry.name] = (status.st_mode, status.st_mtime_ns, digest)
    return prints


@pytest.fixture(scope="module")
def corpus() -> Iterator[list[Hostile]]:
    """The hostile files, in a folder with a short path (a socket needs one)."""
    folder = Path(tempfile.mkdtemp(prefix="cf"))
    try:
        yield make_corpus(folder)
    finally:
        shutil.rmtree(folder)


def test_the_corpus_is_large_and_varied(corpus: list[Hostile]) -> None:
    assert len(corpus) >= 150
    assert sum(hostile.refused is True for hostile in corpus) >= 150
    assert any(hostile.refused is False for hostile in corpus)


def load_within(path: Path, seconds: float) -> GameOutcome:
    """What loading ``path`` gives: "loaded" or the error text; fails if it hangs."""
    outcome: list[GameOutcome] = []

    def load() -> None:
        try:
            load_record(path)
        except RecordError as error:
            outcome.append(str(error))
        except BaseException as error:  # reported by the test
            outcome.append(error)
        else:
            outcome.append(None)

    worker = threading.Thread(target=load, daemon=True)
    worker.start()
    worker.join(seconds)
    assert outcome, f"loading {path.name} blocked for over {seconds} s"
    return outcome[0]


GameOutcome = str | BaseException | None
"""The error text of a refused file, the exception that escaped, or None for a file that loads."""


def test_the_loader_refuses_every_hostile_file_in_plain_words(corpus: list[Hostile]) -> None:
    folder = corpus[0].path.parent
    before = fingerprint(folder)
    problems = []
    refused = 0
    for hostile in corpus:
        outcome = load_within(hostile.path, SECONDS_PER_FILE)
        if isinstance(outcome, BaseException):
            problems.append(f"{hostile.what}: {type(outcome).__name__} escaped: {outcome}")
            continue
        if outcome is None:
            if hostile.refused is True:
                problems.append(f"{hostile.what}: loaded, but must be refused")
            continue
        refused += 1
        if hostile.refused is False:
            problems.append(f"{hostile.what}: refused, but must load: {outcome}")
        if "\n" in outcome or not outcome.startswith(f"{hostile.path}: "):
            problems.append(f"{hostile.what}: not one line naming the file: {outcome!r}")
        if denied_words(outcome):
            problems.append(f"{hostile.what}: says {denied_words(outcome)}: {outcome}")
    assert problems == []
    assert refused >= 150
    assert fingerprint(folder) == before


DRIVER = """
import io, json, signal, sys, time, traceback
from chickenfoot.cli import build_parser, games

def start_app(load=None, replay=None, plain=None):
    print("the app would start")
    return 0

games.run_app = start_app
seconds = int(sys.argv[1])
separator = sys.argv.index("--")
command, files = sys.argv[2:separator], sys.argv[separator + 1:]
if hasattr(signal, "SIGALRM"):
    def stuck(number, frame):
        raise TimeoutError("still running after the alarm")
    signal.signal(signal.SIGALRM, stuck)
console_out, console_err = sys.stdout, sys.stderr
parser = build_parser()  # once: what main() does for each command, but the parsing
results = []
for path in files:
    streams = [io.TextIOWrapper(io.BytesIO(), encoding=stream.encoding, errors=stream.errors)
               for stream in (console_out, console_err)]
    sys.stdout, sys.stderr = streams
    crash = None
    started = time.perf_counter()
    if hasattr(signal, "SIGALRM"):
        signal.alarm(seconds)
    try:
        arguments = parser.parse_args([command[0], path, *command[1:]])
        status = arguments.run(arguments)
    except SystemExit as exit_:
        status = exit_.code
    except BaseException:
        status, crash = None, traceback.format_exc()
    finally:
        if hasattr(signal, "SIGALRM"):
            signal.alarm(0)
        sys.stdout, sys.stderr = console_out, console_err
    texts = []
    for stream in streams:
        stream.flush()
        texts.append(stream.buffer.getvalue().decode(stream.encoding, "replace"))
    results.append({"path": path, "status": status, "out": texts[0], "err": texts[1],
                    "crash": crash, "seconds": time.perf_counter() - started})
print(json.dumps(results))
"""
"""``DRIVER SECONDS COMMAND [OPTIONS] -- FILE...`` runs ``chickenfoot COMMAND FILE [OPTIONS]``
for each file as the console script would (the parser is built once), each stopped by an
alarm after SECONDS."""

RECORD_CHECKER = [sys.executable, "-m", "chickenfoot.saves.jsonformat"]

CONSOLES = {
    "utf-8": {"PYTHONIOENCODING": "utf-8"},
    "ascii": {"LC_ALL": "C", "LANG": "C", "PYTHONIOENCODING": "ascii"},
}


def run_tool(
    arguments: list[str], console: str, timeout: float
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        arguments,
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        timeout=timeout,
        check=False,
        cwd=ROOT,
        env={**os.environ, **CONSOLES[console]},
    )


@pytest.mark.parametrize(
    ("command", "console"),
    [(["load"], "ascii"), (["replay", "--text"], "utf-8"), (["replay", "--text"], "ascii")],
    ids=["load-ascii", "replay-text-utf8", "replay-text-ascii"],
)
def test_the_commands_refuse_every_hostile_file_in_one_line(
    corpus: list[Hostile], command: list[str], console: str
) -> None:
    folder = corpus[0].path.parent
    before = fingerprint(folder)
    files = [str(hostile.path) for hostile in corpus]
    finished = run_tool(
        [sys.executable, "-c", DRIVER, str(SECONDS_PER_FILE), *command, "--", *files],
        console,
        timeout=120,
    )
    assert finished.returncode == 0, finished.stderr[-2000:]
    results = json.loads(finished.stdout)
    assert [result["path"] for result in results] == files
    problems = []
    for hostile, result in zip(corpus, results, strict=True):
        err, status = result["err"], result["status"]
        if result["crash"]:
            problems.append(f"{hostile.what}: {result['crash']}")
            continue
        if result["seconds"] > SECONDS_PER_FILE:
            problems.append(f"{hostile.what}: took {result['seconds']:.1f} s")
        expected = {True: {2}, False: {0}, None: {0, 2}}[hostile.refused]
        if status not in expected:
            problems.append(f"{hostile.what}: status {status}, not {expected}: {err}")
        if status == 2:
            prefix = f"chickenfoot {command[0]}: error: {hostile.path}: "
            if not err.startswith(prefix) or err.count("\n") != 1 or result["out"]:
                problems.append(f"{hostile.what}: not one line naming the file: {err!r}")
        elif err:
            problems.append(f"{hostile.what}: printed {err!r}")
        if denied_words(err):
            problems.append(f"{hostile.what}: says {denied_words(err)}: {err}")
    assert problems == []
    assert fingerprint(folder) == before


def test_the_record_checker_refuses_every_hostile_file_in_one_line(
    corpus: list[Hostile],
) -> None:
    folder = corpus[0].path.parent
    before = fingerprint(folder)
    finished = run_tool(
        [*RECORD_CHECKER, *(str(hostile.path) for hostile in corpus)], "utf-8", timeout=120
    )
    assert finished.returncode == 1
    assert "Traceback" not in finished.stderr
    refusals = finished.stderr.splitlines()
    loaded = finished.stdout.splitlines()
    assert len(refusals) + len(loaded) == len(corpus)
    by_file = {line.split(": ", 1)[0]: line for line in [*refusals, *loaded]}
    problems = []
    for hostile in corpus:
        line = by_file.get(str(hostile.path))
        if line is None:
            problems.append(f"{hostile.what}: no line names it")
            continue
        refused = line in refusals
        if hostile.refused is not None and refused != hostile.refused:
            problems.append(f"{hostile.what}: {'refused' if refused else 'loaded'}: {line}")
        if denied_words(line):
            problems.append(f"{hostile.what}: says {denied_words(line)}: {line}")
    assert problems == []
    assert fingerprint(folder) == before


def test_import_refuses_every_hostile_file_in_one_line_and_imports_the_rest(
    corpus: list[Hostile],
) -> None:
    folder = corpus[0].path.parent
    before = fingerprint(folder)
    finished = run_tool(
        [sys.executable, "-m", "chickenfoot", "import", str(folder)], "ascii", timeout=300
    )
    assert finished.returncode == 1
    assert "Traceback" not in finished.stderr
    refusals = finished.stderr.splitlines()
    imported = finished.stdout.splitlines()
    problems = []
    for hostile in corpus:
        if not os.path.lexists(hostile.path):
            continue  # a file that is not there is not in the folder
        said = [line for line in [*refusals, *imported] if str(hostile.path) in line]
        if len(said) != 1:
            problems.append(f"{hostile.what}: {len(said)} lines name it")
            continue
        refused = said[0] in refusals
        if hostile.refused is not None and refused != hostile.refused:
            problems.append(f"{hostile.what}: {'refused' if refused else 'imported'}: {said[0]}")
        if refused and not said[0].startswith(f"cannot be read: {hostile.path}: "):
            problems.append(f"{hostile.what}: not one line naming the file: {said[0]}")
        if denied_words(said[0]):
            problems.append(f"{hostile.what}: says {denied_words(said[0])}: {said[0]}")
    assert problems == []
    assert fingerprint(folder) == before
