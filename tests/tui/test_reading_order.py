"""Hebrew in the full screen reads right to left in a terminal that does not reorder: each line
drawn is sent in the order it is seen, tiles and keys left to right inside it, each character
keeping its style, the borders in place; the table stays as laid (see
:mod:`chickenfoot.tui.reading_order`)."""

from __future__ import annotations

import gettext

from rich.segment import Segment
from rich.style import Style
from textual.app import ComposeResult
from textual.color import Color
from textual.geometry import Region
from textual.screen import ModalScreen
from textual.widgets import RichLog, Static

from chickenfoot.lang import _, speaking
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.reading_order import RightToLeftLines, display
from chickenfoot.tui.widgets import StatusLine, TableView
from tests.kit import find_record, short_rules, stored
from tests.kit import seats as seats_of
from tests.tui.conftest import person_on_turn, screen_lines, wait_for

PLAY = "Play {tile} on the end {key}."
HEBREW_PLAY = "שחק את {tile} על הקצה {key}."
"""A made-up catalogue's one message: "Play {tile} on the end {key}." in Hebrew."""


class HebrewTranslations(gettext.NullTranslations):
    """A made-up Hebrew catalogue of one message."""

    def gettext(self, message: str) -> str:
        """The Hebrew of :data:`PLAY`, else the English."""
        return HEBREW_PLAY if message == PLAY else message


def test_a_hebrew_sentence_is_sent_in_the_order_it_is_seen() -> None:
    assert display("שחק את 3|5 על הקצה ‹ab›.") == ".‹ab› הצקה לע 3|5 תא קחש"


def test_tiles_keys_and_signed_numbers_stay_left_to_right() -> None:
    assert display("6|12 ו-0|0") == "0|0-ו 6|12"
    assert display("הקש ctrl+s או ^p") == "^p וא ctrl+s שקה"
    assert display("ניקוד -5") == "-5 דוקינ"


def test_brackets_are_mirrored_and_points_stay_after_their_letters() -> None:
    assert display("(שלום)") == "(םולש)"
    assert display("שָׁלוֹם") == "םוֹלשָׁ"


def test_english_alone_keeps_its_order_its_room_moving_to_the_left() -> None:
    assert display("Ana 3|5   ") == "   Ana 3|5"


def test_each_character_keeps_its_style_and_the_border_stays() -> None:
    bold, red, frame = Style(bold=True), Style(color="red"), Style(color="blue")
    line = [Segment("│", frame), Segment("שלום ", bold), Segment("3|5", red), Segment("  │", frame)]
    assert RightToLeftLines().apply(line, Color(0, 0, 0)) == [
        Segment("│  ", frame),
        Segment("3|5", red),
        Segment(" םולש", bold),
        Segment("│", frame),
    ]


class Sentence(ModalScreen[None]):
    """A dialog of one sentence through the catalogue, a tile and a key in it, and a log
    longer than its room (a scroll bar over its lines' right end)."""

    DEFAULT_CSS = "#log { width: 30; height: 5; border: round $primary; }"

    def compose(self) -> ComposeResult:
        yield Static(_(PLAY).format(tile="3|5", key="‹a›"), id="sentence")
        yield RichLog(id="log")

    def on_mount(self) -> None:
        log = self.query_one(RichLog)
        log.border_title = "יומן"
        for number in range(10, 20):
            log.write(f"שורה {number} ביומן")


async def test_a_widget_of_the_app_draws_hebrew_right_to_left_its_tile_left_to_right() -> None:
    """The dialog's sentence reads right to left; the menu beneath it is drawn once, not
    reordered again by the dialog's screen (which draws it as its background)."""
    with speaking("he", HebrewTranslations()):
        app = ChickenFootApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(Sentence())
            await wait_for(pilot, lambda: isinstance(app.screen, Sentence), "the sentence")
            await pilot.pause()
            lines = [line.strip() for line in screen_lines(app)]
    assert ".‹a› הצקה לע 3|5 תא קחש" in lines
    assert any("ןמויב 19 הרוש  │" in line for line in lines), (
        "the log's last line whole, against its scroll bar (two cells), not under it"
    )
    assert any("╭─ ןמוי ─" in line for line in lines), "its frame's title in its place"
    assert "└───┬───┘" in lines, "the menu's logo beneath the dialog: a drawing, laid as drawn"


async def test_the_table_stays_as_laid_while_the_words_round_it_turn() -> None:
    game = stored(find_record(short_rules(2), seats_of("human", "casual"), lambda state: True))
    app = ChickenFootApp(load=game, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await person_on_turn(pilot)
        table, status = screen.query_one(TableView), screen.query_one(StatusLine)
        drawn = {}
        for code in ("en", "he"):
            with speaking(code, HebrewTranslations()):
                drawn[code] = [
                    [strip.text for strip in widget.render_lines(Region(0, 0, *widget.outer_size))]
                    for widget in (table, status)
                ]
    (table_en, status_en), (table_he, status_he) = drawn["en"], drawn["he"]
    assert table_he == table_en, "the table is a drawing: laid as it is in every language"
    assert status_he != status_en, "the status line's words read right to left"
    assert status_he == [display(line) for line in status_en], (
        "each line as the bidirectional algorithm lays it out right to left"
    )
