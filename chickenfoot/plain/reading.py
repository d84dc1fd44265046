"""The plain mode's reading commands: the table read aloud from what one seat client shows.

:class:`TableReading` answers the commands that ask and change nothing (``h`` the hand, ``e``
the open ends, ``s`` the seats, ``t`` the whole table, ``l`` one line, ``r`` the last moves,
``w`` where the game stands, ``n`` what happened since the person's last turn, ``rounds``,
``rules``), in the words of :mod:`chickenfoot.play.announce` (which a browser tab's page
says too) and :mod:`chickenfoot.text.spoken`, from the seat client's view alone: a game played
here and a seat at an online table read the same way. Imports no Textual.
"""

from __future__ import annotations

from chickenfoot.lang import _
from chickenfoot.plain.console import Console
from chickenfoot.play.announce import digest, ends_said, hand_said, seats_said, where_said
from chickenfoot.play.client import SeatClient
from chickenfoot.text.ruleset import rules_summary
from chickenfoot.text.spoken import end_line, line_text, round_score_lines, table_lines

LAST_MOVES = 5
"""How many lines ``r`` repeats unless told."""


class TableReading:
    """Reads the table a seat client shows, a command at a time, to a console."""

    def __init__(self, client: SeatClient, console: Console) -> None:
        self.client = client
        self.console = console

    def hand(self) -> None:
        """``h``: the hand shown, each tile with the ends it fits on the person's turn."""
        self.console.say(*hand_said(self.client))

    def ends(self) -> None:
        """``e``: every open end, what it needs, and (on turn) the tiles that fit it."""
        self.console.say(*ends_said(self.client))

    def seats(self) -> None:
        """``s``: every seat's tiles in hand and score, and whose turn it is."""
        self.console.say(*seats_said(self.client))

    def since(self) -> None:
        """``n``: what happened since the person's last turn, in one paragraph."""
        found = digest(self.client)
        self.console.say(found.text if found is not None else _("You play no seat at this table."))

    def table(self) -> None:
        """``t``: the whole table, line by line."""
        view = self.client.view
        assert view is not None
        self.console.say(*table_lines(view.board, self.client.labels()))

    def line(self, words: list[str]) -> None:
        """``l KEY`` or ``l LINE``: one line of the table, named by an end's key or its id."""
        view = self.client.view
        assert view is not None
        board, labels = view.board, self.client.labels()
        if not words:
            self.console.say(_("Type l and an end's key or a line, e.g. l b or l B.2."))
            return
        typed = words[0]
        target = next((end for end, label in labels.items() if label == typed.lower()), None)
        line_id = target if target is not None else typed.upper()
        line = board.lines_by_id.get(line_id)
        if line is not None:
            self.console.say(line_text(board, line, labels))
        elif target is not None:
            value = board.value_at(target)
            assert value is not None, "a key names an open end"
            self.console.say(end_line(board, target, value, typed.lower(), None))
        else:
            self.console.say(_("No line or open end is called {name} now.").format(name=typed))

    def last(self, words: list[str]) -> None:
        """``r`` or ``r N``: the last moves of the round again (:data:`LAST_MOVES` unless
        told)."""
        count = LAST_MOVES
        if words and words[0].isdigit():
            count = max(1, int(words[0]))
        log = self.client.log
        self.console.say(*(log[-count:] if log else [_("Nothing has happened yet this round.")]))

    def where(self, waiting: list[str]) -> None:
        """``w``: the round, the boneyard and what the board needs, then ``waiting`` (what the
        table waits for, in the table's own words)."""
        self.console.say(where_said(self.client), *waiting)

    def rounds(self) -> None:
        """``rounds``: every seat's score, round by round."""
        view = self.client.view
        assert view is not None
        self.console.say(*round_score_lines(self.client.names, view.round_scores))

    def rules(self) -> None:
        """``rules``: the rules of this game, in short phrases."""
        self.console.say(*rules_summary(self.client.table.rules))
