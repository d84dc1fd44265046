"""A table screen's voice: what a browser tab's page says aloud, and the one-key questions.

:class:`TableVoice` follows the table screen's seat client with an
:class:`~chickenfoot.play.announce.Announcer` each time the screen shows it anew, and hands
every announcement (one per move, the person's turn with what happened since their last one,
a result, why a key did nothing) to the page, when a browser tab shows the game
(:func:`~chickenfoot.tui.served.page_of`); in a terminal it says nothing (a screen reader
reads the screen there, or the plain mode speaks).

The one-key questions of the plain mode work here too (the game's ``H``, ``E``, ``S``, ``W``,
``N``: the hand, the open ends, the seats, where the game stands, what happened since your
last turn): :meth:`TableVoice.ask` words the answer, which the screen shows on its news line
and the page says. ``R`` has the page say its last announcement again, ``V`` changes how much
it says (every move, a summary at your turn, or only your turn): the page keeps that setting.
"""

from __future__ import annotations

from typing import Any

from textual.binding import Binding, BindingType
from textual.screen import Screen

from chickenfoot.lang import N_, _
from chickenfoot.play.announce import (
    Announcement,
    Announcer,
    digest,
    ends_said,
    hand_said,
    seats_said,
    status_said,
    where_said,
)
from chickenfoot.play.client import SeatClient
from chickenfoot.text.digest import sentences
from chickenfoot.tui.served import page_of

SAY_BINDINGS: list[BindingType] = [
    Binding(
        "H",
        "say('hand')",
        N_("Say my hand"),
        show=False,
        id="game.say-hand",
        tooltip=N_("Your hand tile by tile, with the ends each fits (said aloud in a browser tab)"),
    ),
    Binding(
        "E",
        "say('ends')",
        N_("Say the open ends"),
        show=False,
        id="game.say-ends",
        tooltip=N_("What the table needs, and every open end with what fits it"),
    ),
    Binding(
        "S",
        "say('seats')",
        N_("Say the seats"),
        show=False,
        id="game.say-seats",
        tooltip=N_("Every seat's tiles in hand and total score, and whose turn it is"),
    ),
    Binding(
        "W",
        "say('where')",
        N_("Say where the game stands"),
        show=False,
        id="game.say-where",
        tooltip=N_("The round, the boneyard, what the table needs and what it waits for"),
    ),
    Binding(
        "N",
        "say('since')",
        N_("Say what happened since your last turn"),
        show=False,
        id="game.say-since",
        tooltip=N_("Every move since your last turn, and the chicken foot still open"),
    ),
    Binding(
        "R",
        "say('again')",
        N_("Say the last announcement again"),
        show=False,
        id="game.say-again",
        tooltip=N_("A browser tab says its last announcement again"),
    ),
    Binding(
        "V",
        "say('level')",
        N_("How much is said"),
        show=False,
        id="game.say-level",
        tooltip=N_("A browser tab says every move, a summary at your turn, or only your turn"),
    ),
]
"""The one-key questions (see the module's description): capitals, since the letters choose
open ends; their words are marked for the catalogues, translated where they are shown."""

NO_PAGE = N_(
    "A browser tab says this aloud (chickenfoot serve); here, a screen reader reads the screen."
)
"""What ``R`` and ``V`` say in a terminal, where no page speaks (translated when said)."""


class TableVoice:
    """The voice of the table ``screen`` shows through ``client`` (see the module's
    description): composed into the screen, which calls it as it shows the client anew."""

    def __init__(self, screen: Screen[Any], client: SeatClient) -> None:
        self.screen = screen
        self.client = client
        self.announcer = Announcer()

    def follow(self) -> None:
        """Say what is new at the table since the screen last showed it (in a browser tab)."""
        said = self.announcer.follow(self.client)
        page = page_of(self.screen.app)
        if page is not None:
            for announcement in said:
                page.announce(announcement.as_json())

    def news(self, line: str) -> None:
        """News of the table that is not a move (who joined, lost their connection, is back):
        shown on the news line, and said when the reader is free."""
        self.client.tell(line)
        self.announcer.told(self.client)
        page = page_of(self.screen.app)
        if page is not None:
            page.announce(Announcement("news", line).as_json())

    def ask(self, question: str) -> str | None:
        """The answer to a one-key question, to show on the news line (the page then says it),
        or None when the page alone answers (``again``, ``level``)."""
        if question in ("again", "level"):
            page = page_of(self.screen.app)
            if page is None:
                return _(NO_PAGE)
            page.announce(Announcement("repeat" if question == "again" else "level").as_json())
            return None
        return sentences(answer_lines(question, self.client)) or None


def answer_lines(question: str, client: SeatClient) -> list[str]:
    """The lines that answer ``question`` (``hand``, ``ends``, ``seats``, ``where`` or
    ``since``: see :data:`SAY_BINDINGS`) about ``client``'s table."""
    if question == "hand":
        return hand_said(client)
    if question == "ends":
        return ends_said(client)
    if question == "seats":
        return seats_said(client)
    if question == "where":
        return [where_said(client), status_said(client)]
    found = digest(client)
    return [found.text] if found is not None else [_("You play no seat at this table.")]
