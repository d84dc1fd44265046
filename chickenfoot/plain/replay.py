"""A replay, a line at a time: step through a saved game and hear every move.

:class:`PlainReplay` walks a :class:`~chickenfoot.play.replay.ReplayView` (the replay viewer's
own model, so it shows what the viewer shows: every hand, except in the round still in play
of a game people share a keyboard in, which stays hidden as a spectator sees it). Each step
forward says the move in the log's words; the table, the ends, a line, the seats and every
hand are read with the same commands as at a game's table. ``take`` starts a new game from
the position (the replayed game is untouched). ``a`` is the coach's verdict on the move just
read, ``a game`` its analysis of the whole game (:mod:`chickenfoot.plain.coaching`).
"""

from __future__ import annotations

from typing import Literal

from chickenfoot.bots import DEFAULT_LEVEL
from chickenfoot.bots.coach import Coach
from chickenfoot.lang import N_, _, ngettext, pgettext
from chickenfoot.plain.coaching import analysed, judged
from chickenfoot.plain.console import Console
from chickenfoot.plain.setup import PERSON_TYPED, PLAYERS, person_typed, player_typed
from chickenfoot.plain.table import not_a_command
from chickenfoot.play.keys import end_keys
from chickenfoot.play.replay import ReplayView
from chickenfoot.play.session import GameSession
from chickenfoot.record.model import GameRecord, SeatConfig
from chickenfoot.rules import Tile, hand_points
from chickenfoot.saves.store import GameStore
from chickenfoot.text.coach import (
    analysis_lines,
    coach_for,
    hidden_rounds,
    hidden_text,
    how_text,
    nothing_at_hand,
    seats_to_analyse,
)
from chickenfoot.text.describe import board_requirement
from chickenfoot.text.setup_form import who_plays_question
from chickenfoot.text.spoken import (
    ends_lines,
    line_text,
    round_score_lines,
    seat_lines,
    table_lines,
)
from chickenfoot.text.words import shown_name

# Translators: the commands typed (n, b, ], [, start, end, go, round, h, e, t, l, s, rounds,
# w, a, a game, take, q) stay as they are.
REPLAY_HELP = (
    N_(
        "Enter or n: the next move. b: one move back. ] the next round, [ the previous round "
        "(its deal). start, end: the first deal, the last move. go and a number: that move. "
        "round: every move to the end of this round."
    ),
    N_(
        "h every hand. e the open ends. t the whole table. l and a key or line reads one line. "
        "s the seats' tiles and scores; rounds the scores round by round. w where the replay "
        "stands."
    ),
    N_(
        "a: the coach's verdict on the move just read; a game: the coach on the whole game "
        "(each person's marks, costliest moves, skill and luck)."
    ),
    N_("take: play on from here, a new game (each seat's player is asked). q: back."),
)
"""The replay's commands, as ``?`` reads them (translated where said)."""

Taken = GameSession | Literal["quit"] | None
"""How a replay was left: a game taken over, the input ended, or back (None)."""


class PlainReplay:
    """One saved game, replayed through one console."""

    def __init__(
        self, record: GameRecord, console: Console, store: GameStore | None = None
    ) -> None:
        self.store = store
        self.view = ReplayView(record)
        self.console = console
        self._coach: Coach | None = None

    @property
    def cursor_text(self) -> str:
        """Where the replay stands, in words."""
        return self.view.cursor.position_text

    def say_step(self) -> None:
        """The move (or deal) that led to the position now."""
        self.console.say(*self.view.log_lines(self.view.cursor.index))

    def run(self) -> Taken:
        """Replay until the person goes back (or takes over)."""
        view = self.view
        names = ", ".join(view.names)
        opening = ngettext(
            "Replay of {players}: {count} move; Enter steps, ? helps.",
            "Replay of {players}: {count} moves; Enter steps, ? helps.",
            view.cursor.total,
        )
        self.console.say(opening.format(players=names, count=view.cursor.total))
        if view.private_round is not None:
            self.console.say(
                _(
                    "Round {round} is still in play at one keyboard: its hands and drawn tiles "
                    "stay hidden."
                ).format(round=view.private_round + 1)
            )
        self.say_step()
        while True:
            answer = self.console.ask("> ")
            if answer is None:
                return "quit"
            command, _space, rest = answer.strip().partition(" ")
            command = command.lower()
            if command in ("q", "quit", "back"):
                return None
            if command == "take":
                taken = self.take_over()
                if taken is not None:
                    return taken
                continue
            self.command(command, rest.split())

    def command(self, command: str, words: list[str]) -> None:
        """Do one of the replay's commands (see :data:`REPLAY_HELP`)."""
        cursor = self.view.cursor
        if command in ("", "n", "next"):
            if cursor.forward():
                self.say_step()
            else:
                self.console.say(_("The end of the game: b steps back, q goes back."))
        elif command == "b":
            if cursor.back():
                # Translators: {position} is where the replay stands ("round 2, move 5 of 40").
                self.console.say(_("Back to {position}, after:").format(position=self.cursor_text))
                self.say_step()
            else:
                self.console.say(_("This is the first deal."))
        elif command in ("]", "[", "start", "end"):
            moved = {
                "]": cursor.next_round,
                "[": cursor.previous_round,
                "start": cursor.to_start,
                "end": cursor.to_end,
            }[command]()
            self.console.say(self.cursor_text if moved else _("The replay cannot go there."))
            self.say_step()
        elif command in ("go", "g"):
            self.go(words)
        elif command in ("a", "analyse", "analysis"):
            self.analyse(words)
        elif command == "round":
            round_number = cursor.round_number
            while cursor.forward():
                self.say_step()
                if cursor.round_number != round_number:
                    break
        else:
            self.read(command, words)

    def coach(self) -> Coach:
        """The game's coach: made once, and kept with what it worked out."""
        if self._coach is None:
            self._coach = coach_for(self.view.record)
        return self._coach

    def analyse(self, words: list[str]) -> None:
        """The coach's verdict on the move just read, or (``a game``) on the whole game."""
        record = self.view.record
        names = self.view.names
        if words and words[0].lower() == "game":
            seats = seats_to_analyse(record) or seats_to_analyse(record, computers=True)
            hidden = hidden_rounds(record)
            who = ", ".join(names[seat] for seat in seats)
            analysis = analysed(self.console, self.coach(), seats, hidden, who)
            if analysis is not None:
                self.console.say(how_text(analysis), *map(hidden_text, hidden))
                self.console.say(*analysis_lines(analysis, names))
            return
        index = self.view.cursor.index - 1
        if index < 0:
            self.console.say(_("No move yet: step forward, then a judges the move just read."))
            return
        reason = nothing_at_hand(record, self.coach(), index)
        lines = [reason] if reason is not None else judged(self.console, self.coach(), index, names)
        if lines is not None:
            self.console.say(*lines)

    def go(self, words: list[str]) -> None:
        """Go to the move typed."""
        cursor = self.view.cursor
        if not words or not words[0].isdigit() or int(words[0]) > cursor.total:
            self.console.say(_("Type go and a move from 0 to {last}.").format(last=cursor.total))
            return
        cursor.seek(int(words[0]))
        self.console.say(self.cursor_text)
        self.say_step()

    def read(self, command: str, words: list[str]) -> None:
        """The commands that read the position."""
        shown = self.view.shown()
        public = self.view.cursor.state.public_view()
        board = public.board
        labels = end_keys(board)
        if command in ("h", "hands"):
            for seat, hand in enumerate(shown.hands):
                self.console.say(self.hand_line(seat, hand.tiles if not hand.hidden else None))
        elif command in ("e", "ends"):
            self.console.say(*ends_lines(board, labels, None))
        elif command in ("t", "table"):
            self.console.say(*table_lines(board, labels))
        elif command in ("l", "line"):
            typed = words[0] if words else ""
            target = next((end for end, key in labels.items() if key == typed.lower()), None)
            line = board.lines_by_id.get(target if target is not None else typed.upper())
            if line is None:
                self.console.say(
                    _("No line is called {name}: e lists the open ends.").format(name=typed)
                    if typed
                    else _("No line is called that: e lists the open ends.")
                )
            else:
                self.console.say(line_text(board, line, labels))
        elif command in ("s", "scores"):
            seats = shown.seats
            self.console.say(
                *seat_lines(seats.names, seats.counts, seats.totals, seats.turn, seats.computers)
            )
        elif command == "rounds":
            self.console.say(*round_score_lines(self.view.names, public.round_scores))
        elif command in ("w", "where"):
            needs = "" if public.over else f"; {board_requirement(board)}"
            self.console.say(f"{self.cursor_text}{needs}")
        elif command in ("?", "help"):
            self.console.say(*REPLAY_HELP)
        else:
            self.console.say(not_a_command(command))

    def hand_line(self, seat: int, tiles: tuple[Tile, ...] | None) -> str:
        """Seat ``seat``'s hand at this position: its tiles and their points, or (``tiles``
        None) that it is hidden; and whether the seat is on turn."""
        public = self.view.cursor.state.public_view()
        count = public.hand_counts[seat]
        name = self.view.names[seat]
        on_turn = seat == public.turn and not public.over
        if tiles is None:
            hidden = (
                ngettext(
                    "{name}: {count} tile, hidden, on turn",
                    "{name}: {count} tiles, hidden, on turn",
                    count,
                )
                if on_turn
                else ngettext(
                    "{name}: {count} tile, hidden", "{name}: {count} tiles, hidden", count
                )
            )
            return hidden.format(name=name, count=count)
        points = hand_points(tiles, public.rules.double_blank_points)
        shown = " ".join(str(tile) for tile in tiles) or pgettext("no tiles in hand", "none")
        # Translators: "Ana: 3 tiles worth 17: 5|6 0|2 4|4".
        held = (
            ngettext(
                "{name}: {count} tile worth {points}: {tiles}, on turn",
                "{name}: {count} tiles worth {points}: {tiles}, on turn",
                count,
            )
            if on_turn
            else ngettext(
                "{name}: {count} tile worth {points}: {tiles}",
                "{name}: {count} tiles worth {points}: {tiles}",
                count,
            )
        )
        return held.format(name=name, count=count, points=points, tiles=shown)

    def take_over(self) -> GameSession | None:
        """A new game from this position: who plays each seat now, asked seat by seat."""
        record = self.view.record
        seats: list[SeatConfig] = []
        for seat in record.seats:
            now = PERSON_TYPED if seat.player == "human" else (seat.level or DEFAULT_LEVEL)
            said_now = person_typed() if now == PERSON_TYPED else now
            answer = self.console.ask(who_plays_question(shown_name(seat.name), said_now))
            if answer is None:
                return None
            typed = player_typed(answer.lower() or now)
            if typed == PERSON_TYPED:
                seats.append(SeatConfig(name=seat.name, player="human"))
            elif typed in PLAYERS:
                seats.append(SeatConfig(name=seat.name, player="computer", level=typed))
            else:
                self.console.say(
                    _("{typed} is not a player: the replay goes on.").format(typed=typed)
                )
                return None
        try:
            return GameSession.take_over(record, self.view.cursor.index, tuple(seats), self.store)
        except (ValueError, OSError) as error:
            self.console.say(_("Cannot take over: {problem}").format(problem=error))
            return None


def watch(record: GameRecord, console: Console, store: GameStore | None = None) -> Taken:
    """Replay ``record`` (see :class:`PlainReplay`)."""
    return PlainReplay(record, console, store).run()
