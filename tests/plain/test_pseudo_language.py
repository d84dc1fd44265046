"""No English left behind in the plain mode: a whole game, from the menu through the set-up,
every round and the ranking back to the menu, speaking the pseudo-language
(:mod:`tests.pseudo`), says no word that did not come through the catalogue. The player reads
the lines (turned back into English) to answer them, as a person reads their own language.
And Hebrew is written in logical order: nothing in the plain mode reorders a line."""

from __future__ import annotations

import gettext
import io
from pathlib import Path

from chickenfoot.lang import speaking
from chickenfoot.plain.app import PlainApp
from chickenfoot.plain.console import Console
from chickenfoot.plain.table import PlainTable
from chickenfoot.text.setup_form import SPARE_NAMES
from tests.kit import short_rules
from tests.plain.scripted import Answer, ScriptedConsole
from tests.plain.test_table import answer_to, computer, person, session_of
from tests.pseudo import PSEUDO, Allowance, PseudoTranslations, english, unmarked


class ReadingConsole(ScriptedConsole):
    """A scripted console that keeps apart what the program says and what the person types."""

    def __init__(self, script: list[Answer]) -> None:
        super().__init__(script)
        self.typed: dict[int, str] = {}
        """Each line holding an answer (a prompt and what was typed), by its place in said."""

    def _type(self, prompt: str, answer: Answer) -> str:
        typed = super()._type(prompt, answer)
        self.typed[len(self.said) - 1] = typed
        return typed

    def program_lines(self) -> list[str]:
        """Every line the program said, each prompt without the answer typed after it."""
        return [
            line[: len(line) - len(self.typed[index])] if index in self.typed else line
            for index, line in enumerate(self.said)
        ]


def not_from_the_catalogue(console: ReadingConsole, allowance: Allowance) -> str:
    """Each line the program said with words outside the markers, numbered, and the words ("":
    none)."""
    found = []
    for number, line in enumerate(console.program_lines(), start=1):
        if words := unmarked(line, allowance):
            found.append(f"line {number}: {', '.join(words)} in {line!r}")
    if not found:
        return ""
    return "\n".join([f"{len(found)} lines say words not from the catalogue:", *found])


def reading_player(console: ScriptedConsole) -> str:
    """A person who reads the lines in their own language (here turned back into English):
    they play the first tile offered, draw or pass as told, go on at each round's end, and
    leave the menu once the game is over."""
    text = english(console.text)
    if "Final ranking:" in text:
        return "q" if "Main menu:" in text.rsplit("Final ranking:", 1)[1] else ""
    return answer_to(english(console.said[-1]) if console.said else "")


SET_UP: list[Answer] = [
    "n",
    *("s", "2", "Ana", "person", "Bea", "casual"),
    *("r", "1", "1"),  # the double-6 set
    *("r", "10", "2"),  # two rounds
    *("n", "11"),  # a seed
    "",  # start
]


def test_a_whole_game_says_only_the_catalogue_s_words(data_dir: Path) -> None:
    console = ReadingConsole([*SET_UP, *[reading_player] * 400])
    with speaking(PSEUDO, PseudoTranslations()):
        assert PlainApp(console).run() == 0
    text = english(console.text)
    assert "Final ranking:" in text, "the game was played to its end"
    names = ("Ana", "Bea", *SPARE_NAMES)  # the players', and those the set-up offers
    report = not_from_the_catalogue(console, Allowance(names=names, literals=(str(data_dir),)))
    assert not report, report


def test_the_check_finds_a_word_said_outside_the_catalogue(tmp_path: Path) -> None:
    session = session_of(tmp_path, person("Ana"), computer("Bea"), rules=short_rules(2, 1))
    console = ReadingConsole(["3 a", "h"])
    with speaking(PSEUDO, PseudoTranslations()):
        PlainTable(session, console).play()
    console.say("Round 1 (6|6): Ana plays 3|4.", "⟦Ŕöûñð 1⟧ 6|6 Bea draws")
    report = not_from_the_catalogue(console, Allowance(names=("Ana", "Bea")))
    assert report.splitlines()[-2:] == [
        f"line {len(console.said) - 1}: Round, plays in 'Round 1 (6|6): Ana plays 3|4.'",
        f"line {len(console.said)}: draws in '⟦Ŕöûñð 1⟧ 6|6 Bea draws'",
    ]
    typed = [f"line {index + 1}:" for index in console.typed]
    assert len(typed) == 2, "3 a and h"
    assert not any(line.startswith(tuple(typed)) for line in report.splitlines()), (
        "what the person typed is never checked"
    )


HEBREW = "שחק את {tile} על הקצה {key}."
"""A Hebrew sentence with a tile and a key in it (Play {tile} on the end {key}.)"""


class HebrewTranslations(gettext.NullTranslations):
    """A made-up catalogue of one message."""

    def gettext(self, message: str) -> str:
        """The Hebrew of the one message, else the English."""
        return HEBREW if message == "Play {tile} on the end {key}." else message


def test_hebrew_is_written_in_logical_order() -> None:
    from chickenfoot.lang import _

    writer = io.StringIO()
    with speaking("he", HebrewTranslations()):
        line = _("Play {tile} on the end {key}.").format(tile="3|5", key="a")
        Console(reader=io.StringIO(), writer=writer).say(line, "אנה plays 3|5")
    assert writer.getvalue() == "שחק את 3|5 על הקצה a.\nאנה plays 3|5\n", "nothing reordered"
