"""One game at the table, line by line: the plain mode's game screen.

:class:`PlainTable` is a client of the game's table like every screen of the app: it makes
the :class:`~chickenfoot.play.host.TableHost` over the session and joins it through a
:class:`~chickenfoot.play.link.LocalLink` as a :class:`~chickenfoot.play.client.SeatClient` of
the people's seats (a :class:`~chickenfoot.play.client.SpectatorClient` when only computers
play), so it only ever knows what those seats may see. The host runs without pauses
(:meth:`~chickenfoot.play.host.TableHost.pump`): the computers move at once, and every move is
announced as a line, in the log's words, before the person is asked for theirs.

A person answers with a line: a tile and an end's key plays (``3 b``: tile 3 of the hand on
end b; ``5|6 b``: the tile by its numbers; the key may be left out when the tile fits one end
only), a word or its first letter does the rest (:data:`GAME_HELP` lists them). An empty line
repeats what the table waits for, or goes on where the table waits for Enter (a hand-off, a
dead draw, a round's result).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from chickenfoot.bots.coach import Coach
from chickenfoot.lang import N_, _, ngettext
from chickenfoot.plain.coaching import analysed
from chickenfoot.plain.console import Console, is_yes, yes_or_no
from chickenfoot.plain.reading import TableReading
from chickenfoot.plain.typed_play import typed_play
from chickenfoot.play.announce import digest, starts_turn, status_said, turn_line
from chickenfoot.play.client import SeatClient, SpectatorClient
from chickenfoot.play.host import TableHost
from chickenfoot.play.link import LocalLink
from chickenfoot.play.session import GameSession
from chickenfoot.play.wire import (
    ClientMessage,
    DeadDraw,
    GameEnded,
    HintGiven,
    NoHint,
    PassKeyboard,
    Refused,
    RoundEnded,
    Update,
    YourTurn,
)
from chickenfoot.rules import Play
from chickenfoot.saves.copies import SavePathError, resolve_save_path
from chickenfoot.text import prompts
from chickenfoot.text.coach import coach_for, decision_line, play_line, seats_to_analyse
from chickenfoot.text.deal import recorded_deal_text
from chickenfoot.text.transcript import ranking_lines, round_result_lines
from chickenfoot.text.words import seat_name

Outcome = Literal["menu", "again", "quit"]
"""How a game left: back to the menu, a new game with the same table, or quit (input over)."""

SAVE_COPY = prompts.PLAIN_KEYS.save_copy
"""How the plain mode saves a copy of the game, as its help and notices name it."""

# Translators: the game's commands, as help reads them. The commands typed (3 b, d, k, p, h,
# e, s, rounds, t, l, r, log, w, n, rules, deal, i, u, q) stay as they are in every language.
GAME_HELP = (
    N_(
        "Play: type a tile and an end's key: 3 b plays tile 3 of your hand on end b; "
        "5|6 b names the tile by its numbers. Leave out the key when the tile fits one end only."
    ),
    N_("d draw, k keep the tile you drew, p pass."),
    N_("h your hand, with the ends each tile fits. e the open ends and what each needs."),
    N_(
        "s every seat's tiles and score; rounds the scores round by round. t the whole table. "
        "l and a key or line reads one line: l b, l B.2."
    ),
    N_("r the last moves again (r 10: the last ten). log every move of the game."),
    N_(
        "w where the game stands and whose turn it is. n what happened since your last turn. "
        "rules the rules of this game. deal a finished round's deal. "
        "i a hint. u take back (alone against computers)."
    ),
    # Translators: {save} is the command that saves a copy (save): it stays as it is.
    N_("{save} saves a copy of the game. q back to the menu: the game stays saved."),
    N_("An empty line says again what the table waits for, or goes on where it waits for Enter."),
)
"""The game's commands, as ``help`` (or ``?``) reads them (:func:`game_help`: in the
player's language)."""


def game_help() -> tuple[str, ...]:
    """The game's commands (:data:`GAME_HELP`) in the player's language."""
    return tuple(_(line).format(save=SAVE_COPY) for line in GAME_HELP)


WELCOME_LINES = 8
"""How many lines of the round so far a game says when it opens (``log`` has the rest)."""


class PlainSeat:
    """A table read and played a line at a time through one seat client: what it says and
    what each line typed asks. A game played here (:class:`PlainTable`) and a seat at an
    online table (:class:`~chickenfoot.plain.online.PlainOnlineTable`) send the messages and
    keep the game each their own way."""

    GAME_OVER_CHOICES = N_("Enter: back to the menu. a: play again with the same seats and rules.")
    """What the person may do once the game is over (translated where said)."""
    PLAY_AGAIN = True
    """Whether ``a`` plays the game again with the same seats and rules once it is over."""
    DIGEST_AT_TURN = False
    """Whether a turn starts with what happened since the person's last one, when that tells
    more than the moves said just before (at an online table, where the others' moves come
    while the person reads or types; here they come all at once, right before the turn)."""

    def __init__(self, client: SeatClient, console: Console) -> None:
        self.client = client
        self.console = console
        self.reading = TableReading(client, console)
        """Answers the commands that read the table."""
        self._said_lines = 0
        self._restarts = 0
        self._unsaved: str | None = None
        self._status: tuple[object, object] = (None, None)
        """The view and prompt the table's wait was last said for."""
        self._went_on: object = None
        """The round's result this keyboard went on from (Enter does not go on twice)."""

    # ----- what the table does its own way -------------------------------------------------------

    def _send(self, message: ClientMessage | None) -> None:
        """Send ``message`` (None: the client said why not) and say what it brought."""
        raise NotImplementedError

    def _take_back(self) -> None:
        """Take back the person's last move."""
        raise NotImplementedError

    def _save_copy(self, words: list[str]) -> None:
        """``save NAME``: a copy of the game in a file."""
        raise NotImplementedError

    def _leave(self) -> Outcome | None:
        """Leave the table (None: the person stays)."""
        raise NotImplementedError

    def _say_deal(self) -> None:
        """A finished round's deal, as it was dealt."""
        raise NotImplementedError

    def _say_game_log(self) -> None:
        """Every move of the game."""
        raise NotImplementedError

    # ----- what the table says -------------------------------------------------------------------

    def _say_log(self) -> None:
        log = self.client.log
        if self.client.log_restarts != self._restarts:
            first = self._restarts == 0
            self._restarts = self.client.log_restarts
            # A game opening says the end of the round so far; a take-back says nothing again.
            self._said_lines = max(0, len(log) - WELCOME_LINES) if first else len(log)
            if first and self._said_lines:
                earlier = ngettext(
                    "{count} earlier line of this round: log reads them.",
                    "{count} earlier lines of this round: log reads them.",
                    self._said_lines,
                )
                self.console.say(earlier.format(count=self._said_lines))
        self.console.say(*log[self._said_lines :])
        self._said_lines = len(log)

    def _say_feedback(self) -> None:
        if self.client.feedback:
            self.console.say(self.client.feedback)

    def _say_status(self) -> None:
        """Say what the table waits for, once per change."""
        view, prompt = self._status
        now = self.client.prompt
        if view is not self.client.view or prompt is not now:
            self._status = (self.client.view, now)
            if self.DIGEST_AT_TURN and starts_turn(prompt, now) and self.client.seat_view:
                found = digest(self.client)
                if found is not None and found.sums_up:
                    self.console.say(found.text)
            self.console.say(*self.status_lines())

    # ----- what the table waits for --------------------------------------------------------------

    def _name(self, seat: int) -> str:
        return seat_name(self.client.names, seat)

    def status_lines(self) -> list[str]:
        """What the table waits for now, in a line or a few."""
        client = self.client
        prompt = client.prompt
        if isinstance(prompt, GameEnded):
            return [*ranking_lines(prompt.result, client.names), _(self.GAME_OVER_CHOICES)]
        if isinstance(prompt, RoundEnded):
            # The log has just said how the round ended and its scores; once this keyboard went
            # on, the table may still wait for the others to see the result.
            return [
                *round_result_lines(prompt.result, client.names, scores=False),
                status_said(client),
            ]
        if isinstance(prompt, DeadDraw):
            return [prompts.dead_draw(self._name(prompt.seat), prompt.tile)]
        if isinstance(prompt, PassKeyboard):
            return [prompts.pass_to(self._name(prompt.seat))]
        if isinstance(prompt, YourTurn) and client.seat_view is not None:
            return [turn_line(client)]
        return [prompts.waiting_for(self._name(prompt.seat))]

    # ----- commands ------------------------------------------------------------------------------

    def _handle(self, line: str) -> Outcome | None:
        """Do what ``line`` asks; an outcome when the game is left."""
        words = line.split()
        command = words[0].lower() if words else ""
        rest = words[1:]
        if command == "":
            return self._enter()
        play = typed_play(self.client, line)
        if isinstance(play, Play):
            self._send(self._act(play))
            return None
        if play is not None:
            self.console.say(play)
            return None
        if command in ("q", "quit", "menu", "leave"):
            return self._leave()
        if (
            command in ("a", "again")
            and isinstance(self.client.prompt, GameEnded)
            and self.PLAY_AGAIN
        ):
            return "again"
        action = self._commands().get(command)
        if action is None:
            self.console.say(not_a_command(line))
            return None
        action(rest)
        return None

    def _commands(self) -> dict[str, Callable[[list[str]], None]]:
        client, reading = self.client, self.reading
        commands: dict[str, Callable[[list[str]], None]] = {
            "?": lambda _words: self.console.say(*game_help()),
            "help": lambda _words: self.console.say(*game_help()),
            "h": lambda _words: reading.hand(),
            "hand": lambda _words: reading.hand(),
            "e": lambda _words: reading.ends(),
            "ends": lambda _words: reading.ends(),
            "s": lambda _words: reading.seats(),
            "scores": lambda _words: reading.seats(),
            "t": lambda _words: reading.table(),
            "table": lambda _words: reading.table(),
            "l": reading.line,
            "line": reading.line,
            "r": reading.last,
            "last": reading.last,
            "w": lambda _words: reading.where(self.status_lines()),
            "where": lambda _words: reading.where(self.status_lines()),
            "n": lambda _words: reading.since(),
            "news": lambda _words: reading.since(),
            "since": lambda _words: reading.since(),
            "log": lambda _words: self._say_game_log(),
            "d": lambda _words: self._send(client.draw()),
            "draw": lambda _words: self._send(client.draw()),
            "k": lambda _words: self._send(client.keep()),
            "keep": lambda _words: self._send(client.keep()),
            "p": lambda _words: self._send(client.pass_turn()),
            "pass": lambda _words: self._send(client.pass_turn()),
            "i": lambda _words: self._send(client.ask_hint()),
            "hint": lambda _words: self._send(client.ask_hint()),
            "u": lambda _words: self._take_back(),
            "undo": lambda _words: self._take_back(),
            "save": self._save_copy,
            "rules": lambda _words: reading.rules(),
            "rounds": lambda _words: reading.rounds(),
            "deal": lambda _words: self._say_deal(),
        }
        return commands

    def _enter(self) -> Outcome | None:
        """An empty line: go on where the table waits for Enter, else say again what it waits
        for."""
        client = self.client
        prompt = client.prompt
        if isinstance(prompt, PassKeyboard):
            self._send(client.show_hand())
        elif isinstance(prompt, RoundEnded) and self._went_on is prompt:
            self.console.say(status_said(client))  # the table waits for the others to see it
        elif isinstance(prompt, DeadDraw | RoundEnded):
            self._went_on = prompt
            self._send(client.proceed())
            if client.prompt is prompt:
                self.console.say(status_said(client))
        elif isinstance(prompt, GameEnded):
            return "menu"
        else:
            self.console.say(*self.status_lines())
        return None

    def _act(self, play: Play) -> ClientMessage | None:
        """The message that plays ``play``, through the client's own choosing."""
        client = self.client
        client.selection.tile, client.selection.end = play.tile, play.target
        return client.play()


class PlainTable(PlainSeat):
    """A game played here, through a seat client of its own table host (see the module's
    description)."""

    GAME_OVER_CHOICES = N_(
        "Enter: back to the menu. a: play again with the same seats and rules. "
        "c: how well each person played (the coach)."
    )

    def __init__(self, session: GameSession, console: Console) -> None:
        people = session.humans
        super().__init__(SeatClient() if people else SpectatorClient(), console)
        self.session = session
        self.host = TableHost(session, pause=0.0)
        self.link = LocalLink(self.host, people)
        self._coach: Coach | None = None

    def _commands(self) -> dict[str, Callable[[list[str]], None]]:
        """The table's commands, and ``c``: the coach on the people's play once it is over."""
        commands = super()._commands()
        commands["c"] = commands["coach"] = lambda _words: self._say_play()
        return commands

    def _say_play(self) -> None:
        """Each person's play in a line, and their costliest moves (the game's result says the
        same), analysed now with its progress said."""
        if not isinstance(self.client.prompt, GameEnded):
            self.console.say(_("The coach judges the play once the game is over."))
            return
        record = self.session.record
        seats = seats_to_analyse(record)
        if not seats:
            self.console.say(
                _("Nobody played here: the computers' play is in the replay (a game).")
            )
            return
        if self._coach is None:
            self._coach = coach_for(record)
        names = self.client.names
        analysis = analysed(self.console, self._coach, seats, (), None)
        if analysis is None:
            return
        for seat in seats:
            summary = analysis.summary(seat)
            self.console.say(play_line(summary, names))
            self.console.say(*(decision_line(decision, names) for decision in summary.worst()))

    # ----- the loop ------------------------------------------------------------------------------

    def play(self) -> Outcome:
        """Play until the person leaves (or the input ends); the game is saved throughout and
        given back (its lock released) on the way out."""
        try:
            return self._loop()
        finally:
            self.host.close()
            self.link.close()
            self.session.close()

    def _loop(self) -> Outcome:
        self._catch_up()
        while not self.client.closed:
            self._say_status()
            line = self.console.ask()
            if line is None:
                return "quit"
            outcome = self._handle(line)
            if outcome is not None:
                return outcome
        return "menu"

    def _send(self, message: ClientMessage | None) -> None:
        """Send ``message`` (None: the client said why not) and take in the answer."""
        if message is None:
            self._say_feedback()
            return
        self.link.send(message)
        self._catch_up()

    def _catch_up(self) -> None:
        """Let the table move on (computers play at once) and say what happened: every new
        line of the log, the answer to what was asked, and a save that fell behind."""
        self._take_in()  # the welcome first: the round so far is not news
        self.host.pump()
        self._take_in()

    def _take_in(self) -> None:
        """Give the client every message waiting and say what they brought."""
        answered = False
        for message in self.link.drain():
            self.client.receive(message)
            restart = isinstance(message, Update) and message.restart
            answered |= isinstance(message, HintGiven | NoHint | Refused) or restart
        self._say_log()
        if answered:
            self._say_feedback()
        unsaved = self.client.unsaved_notice
        if unsaved != self._unsaved:
            self._unsaved = unsaved
            if unsaved:
                self.console.say(unsaved)
            else:
                self.console.say(_("The game is saved again."))

    def _take_back(self) -> None:
        message = self.client.take_back()
        if message is None:
            self.console.say(prompts.REFUSED_BY_HOST["nothing_to_take_back"])
            return
        self._send(message)

    def _save_copy(self, words: list[str]) -> None:
        if not words:
            self.console.say(
                _("Type save and a name, e.g. save {name}.").format(name=self.session.copy_name())
            )
            return
        try:
            path = resolve_save_path(" ".join(words))
        except SavePathError as problem:
            self.console.say(str(problem))
            return
        if path.exists():
            answer = self.console.ask(yes_or_no(_("{file} exists. Replace it?").format(file=path)))
            if not is_yes(answer):
                self.console.say(_("Not saved."))
                return
        try:
            self.session.save_as(path)
        except OSError as error:
            self.console.say(
                _("Could not save {file}: {problem}").format(
                    file=path, problem=prompts.save_problem(error)
                )
            )
            return
        self.console.say(_("Saved a copy as {file}.").format(file=path))

    def _leave(self) -> Outcome | None:
        """Back to the menu once the file holds every move; if it cannot, ask first."""
        if self.session.wait_committed():
            self.console.say(_("The game is saved: Continue in the menu picks it up."))
            return "menu"
        problem = prompts.save_problem(self.session.unsaved)
        question = _(
            "The latest moves are not saved ({problem}). Leave anyway? They are lost "
            "unless you save a copy first ({save})."
        ).format(problem=problem, save=SAVE_COPY)
        return "menu" if is_yes(self.console.ask(yes_or_no(question))) else None

    def _say_deal(self) -> None:
        """A finished round's deal, as it was dealt (only once the round is over)."""
        prompt = self.client.prompt
        view = self.client.view
        if isinstance(prompt, RoundEnded):
            number = prompt.result.round
        elif isinstance(prompt, GameEnded) and view is not None:
            number = view.round_number
        else:
            self.console.say(_("A round's deal is shown once the round is over."))
            return
        deal = recorded_deal_text(self.session.record, number, self.session.game)
        self.console.say(*deal.lines())

    def _say_game_log(self) -> None:
        self.link.send(self.client.ask_game_log())
        self._catch_up()
        self.console.say(*(self.client.game_log or []))


def not_a_command(line: str) -> str:
    """Why ``line`` does nothing: it is no command here."""
    return _("{line} is not a command here: ? lists them.").format(line=line)


def open_table(session: GameSession, console: Console) -> Outcome:
    """Play ``session`` at a plain table (see :class:`PlainTable`)."""
    return PlainTable(session, console).play()
