"""The plain mode's reading commands: the table read aloud from what one seat client shows.

:class:`TableReading` answers the commands that ask and change nothing (``h`` the hand, ``e``
the open ends, ``s`` the seats, ``t`` the whole table, ``l`` one line, ``r`` the last moves,
``w`` where the game stands, ``rounds``, ``rules``), in the words of
:mod:`chickenfoot.text.spoken`, from the seat client's view alone: a game played here and a
seat at an online table read the same way. Imports no Textual.
"""

from __future__ import annotations

from chickenfoot.plain.console import Console
from chickenfoot.play.client import SeatClient
from chickenfoot.play.wire import RoundEnded
from chickenfoot.rules import Tile
from chickenfoot.text.describe import board_requirement
from chickenfoot.text.ruleset import rules_summary
from chickenfoot.text.spoken import (
    end_line,
    ends_lines,
    hand_lines,
    line_text,
    round_score_lines,
    seat_lines,
    table_lines,
)
from chickenfoot.text.words import plural, seat_name

LAST_MOVES = 5
"""How many lines ``r`` repeats unless told."""


class TableReading:
    """Reads the table a seat client shows, a command at a time, to a console."""

    def __init__(self, client: SeatClient, console: Console) -> None:
        self.client = client
        self.console = console

    def fits(self) -> dict[int, tuple[str, ...]]:
        """Hand index -> the keys of the ends that tile fits now (the rules' answer)."""
        labels = self.client.labels()
        return {
            index: tuple(labels.get(end, end) for end in ends)
            for index, ends in self.client.playable().items()
        }

    def hand(self) -> None:
        """``h``: the hand shown, each tile with the ends it fits on the person's turn."""
        client = self.client
        view = client.seat_view
        if view is None:
            self.console.say("No hand is shown now: every hand is hidden.")
            return
        fits = self.fits() if client.on_turn else None
        fresh = client.fresh_tiles.get(view.seat, frozenset())
        name = seat_name(client.names, view.seat)
        self.console.say(*hand_lines(name, client.hand(), view.rules, fits, fresh))

    def ends(self) -> None:
        """``e``: every open end, what it needs, and (on turn) the tiles that fit it."""
        client = self.client
        view = client.view
        assert view is not None
        fitting: dict[str, list[Tile]] | None = None
        if client.on_turn:
            fitting = {}
            hand = client.hand()
            for index, ends in sorted(client.playable().items()):
                for end in ends:
                    fitting.setdefault(end, []).append(hand[index])
        self.console.say(*ends_lines(view.board, client.labels(), fitting))

    def seats(self) -> None:
        """``s``: every seat's tiles in hand and score, and whose turn it is."""
        client = self.client
        view = client.view
        assert view is not None
        turn = None if view.over or isinstance(client.prompt, RoundEnded) else view.turn
        self.console.say(
            *seat_lines(client.names, view.hand_counts, view.totals, turn, client.table.computers)
        )

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
            self.console.say("Type l and an end's key or a line, e.g. l b or l B.2.")
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
            self.console.say(f"No line or open end is called {typed} now.")

    def last(self, words: list[str]) -> None:
        """``r`` or ``r N``: the last moves of the round again (:data:`LAST_MOVES` unless
        told)."""
        count = LAST_MOVES
        if words and words[0].isdigit():
            count = max(1, int(words[0]))
        log = self.client.log
        self.console.say(*(log[-count:] if log else ["Nothing has happened yet this round."]))

    def where(self, waiting: list[str]) -> None:
        """``w``: the round, the boneyard and what the board needs, then ``waiting`` (what the
        table waits for, in the table's own words)."""
        view = self.client.view
        assert view is not None
        rules = view.rules
        self.console.say(
            f"Round {view.round_number} of {rules.round_count}, with "
            f"{view.round_double}|{view.round_double}; boneyard "
            f"{plural(view.boneyard_count, 'tile')}; {board_requirement(view.board)}.",
            *waiting,
        )

    def rounds(self) -> None:
        """``rounds``: every seat's score, round by round."""
        view = self.client.view
        assert view is not None
        self.console.say(*round_score_lines(self.client.names, view.round_scores))

    def rules(self) -> None:
        """``rules``: the rules of this game, in short phrases."""
        self.console.say(*rules_summary(self.client.table.rules))
