"""The plain mode's console: whole lines, plain punctuation, nothing that steers a terminal."""

from __future__ import annotations

import io

from chickenfoot.plain.console import Console, speakable


def test_the_apps_separators_become_plain_punctuation() -> None:
    assert speakable("Pass to Bea, then press Enter · every hand is hidden") == (
        "Pass to Bea, then press Enter; every hand is hidden"
    )
    assert speakable("Ada (computer) is thinking…") == "Ada (computer) is thinking..."


def test_nothing_unprintable_reaches_the_terminal() -> None:
    said = speakable("saves/\x1b[2Jgame\r.json")
    assert "\x1b" not in said and "\r" not in said
    assert said == "saves/\\x1b[2Jgame\\r.json"


def test_lines_are_written_whole_and_the_end_of_input_reads_as_none() -> None:
    written = io.StringIO()
    console = Console(io.StringIO("3 b\n"), written)
    console.say("one", "two")
    assert console.ask("> ") == "3 b"
    assert console.ask("> ") is None
    assert written.getvalue() == "one\ntwo\n> > \n"


def test_a_console_that_cannot_write_a_name_writes_a_question_mark() -> None:
    written = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    Console(io.StringIO(), written).say("Cé plays 5|6")
    written.seek(0)
    assert written.read() == "C? plays 5|6\n"
