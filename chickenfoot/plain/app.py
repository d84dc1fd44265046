"""The plain mode's menu, saved games and settings: the whole app a line at a time.

:func:`run_plain` opens the main menu (New game, Continue, Join a table, Load game, Replays,
Statistics, the setting that starts this mode every time, Help, Quit), or goes straight to a
saved game to continue or replay. Each list is said one item a line, numbered; a person
answers with the number or the word, and an empty line says the list again. Games are played
at a :class:`~chickenfoot.plain.table.PlainTable`, online tables (made from New game, or
joined) at a :class:`~chickenfoot.plain.online.PlainOnlineTable`, replays watched in a
:class:`~chickenfoot.plain.replay.PlainReplay`. Problems (a broken file, a game open in
another window, a folder that refuses writes) are said in one line of plain words, and the
menu goes on. The end of the input (Ctrl+D) leaves the app, every game saved.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

from chickenfoot.lang import N_, _
from chickenfoot.net.protocol import CreateTable, Hello
from chickenfoot.net.remote import TableAddress
from chickenfoot.net.seating import (
    JOIN_ADDRESS_LABEL,
    JOIN_NAME_LABEL,
    JOIN_WATCH_LABEL,
    hello_for,
    join_address,
)
from chickenfoot.net.tokens import HeldSeat, SeatBook, latest_to_continue
from chickenfoot.plain import language
from chickenfoot.plain.console import Console, is_yes, yes_or_no
from chickenfoot.plain.online import open_online
from chickenfoot.plain.replay import watch
from chickenfoot.plain.setup import OnlineChosen, ask_setup
from chickenfoot.plain.table import Outcome, game_help, open_table
from chickenfoot.play.session import GameSession, OpenElsewhere
from chickenfoot.record.model import GameRecord, RecordError
from chickenfoot.record.summary import GameId, GameSummary
from chickenfoot.saves.database import open_store
from chickenfoot.saves.jsonformat import load_record
from chickenfoot.saves.settings import Settings, load_settings, update_settings
from chickenfoot.saves.store import GameStore, Incoming, StoreError
from chickenfoot.text import prompts
from chickenfoot.text.describe import save_status
from chickenfoot.text.rating import report_with_ratings
from chickenfoot.text.stats import counted_text
from chickenfoot.text.words import listed_seats

WELCOME = N_(
    "Chicken Foot, plain mode: one line at a time, for screen readers. "
    "Answer each question with a number or a word, then Enter; ? says what you can type."
)
"""Said first (translated where said, as every constant here)."""

FROM_APP = N_(
    "You left the full-screen app for this mode. chickenfoot --plain starts here; to start "
    "here every time, choose Plain mode every time in this menu."
)
"""Said first when the full-screen app's menu chose this mode."""

# Translators: the letters typed at the menu are the English items' first letters (n, c, j,
# l, r, s, p, h, q): they work in every language.
MENU_HELP = N_(
    "Type the number of an item, or its first letter (q quits). An empty line says the menu "
    "again. In a game, ? lists the game's commands; the same letters work at every table:"
)
"""How the menu works, said before the game's commands by ``help``."""

DATE_FORMAT = "%Y-%m-%d %H:%M"


class Quit(Exception):
    """The person's input ended: leave the app (every game is saved)."""


def save_line(summary: GameSummary) -> str:
    """One saved game in a list: its number in the store, the players, where it stands and
    when it was last played."""
    names = listed_seats(summary.names, summary.taken_over)
    when = summary.updated.astimezone().strftime(DATE_FORMAT)
    # Translators: a saved game in a list: "12: Ana, Ben; round 3 of 9; played 2026-03-01 20:15".
    return _("{game}: {players}; {status}; played {when}").format(
        game=summary.id, players=names, status=save_status(summary), when=when
    )


class PlainApp:
    """The menu and everything it opens, through one console."""

    def __init__(self, console: Console, store: GameStore | None = None) -> None:
        """``store`` None opens the store of the data folder (:class:`StoreError` if it
        cannot be opened)."""
        self.console = console
        self.store = open_store() if store is None else store

    def say(self, *lines: str) -> None:
        """Say ``lines``."""
        self.console.say(*lines)

    def ask(self, prompt: str = "> ") -> str:
        """Ask, and return the answer; :class:`Quit` once the input has ended."""
        answer = self.console.ask(prompt)
        if answer is None:
            raise Quit
        return answer

    def yes(self, question: str) -> bool:
        """Ask a yes-or-no question; True for y or yes."""
        return is_yes(self.ask(yes_or_no(question)))

    # ----- the menu -------------------------------------------------------------------------------

    def run(
        self,
        load: GameId | None = None,
        replay: GameRecord | None = None,
        *,
        from_app: bool = False,
    ) -> int:
        """Open the menu (first continuing ``load`` or replaying ``replay``, if given) and go on
        until the person quits; the exit status. ``from_app``: the full-screen app's menu
        chose this mode (how to start it next time is said first)."""
        self.say(_(WELCOME))
        if from_app and not load_settings().display.plain:
            self.say(_(FROM_APP))
        problem = load_settings().problem
        if problem is not None:
            self.say(_("Settings: {problem}").format(problem=problem))
        with suppress(StoreError):  # a dead holder never blocks anyway
            self.store.release_dead()
        try:
            if load is not None:
                self.continue_game(load)
            elif replay is not None:
                self.watch(replay)
            self.menu()
        except Quit:
            pass
        finally:
            self.store.close()
        self.say(_("Goodbye."))
        return 0

    def menu_items(self) -> list[tuple[str, str, Callable[[], bool]]]:
        """The menu now: (first word, what it says, what it does: True quits)."""
        items: list[tuple[str, str, Callable[[], bool]]] = [("new", _("New game"), self.new_game)]
        try:
            unfinished = self.store.latest_unfinished()
        except StoreError as error:
            self.say(str(error))
            unfinished = None
        latest = latest_to_continue(unfinished, SeatBook().latest())
        if isinstance(latest, HeldSeat):
            held = latest
            about = _("Continue (your seat at the online table {address})").format(
                address=held.address
            )
            items.append(("continue", about, lambda: self.take_back_seat(held)))
        elif latest is not None:
            about = _("Continue (game {game}: {players}, {status})").format(
                game=latest.id, players=", ".join(latest.names), status=save_status(latest)
            )
            game = latest.id
            items.append(("continue", about, lambda: self.continue_game(game)))
        plain = load_settings().display.plain
        items += [
            ("join", _("Join a table"), self.join_table),
            ("load", _("Load game"), lambda: self.saves(replays=False)),
            ("replays", _("Replays"), lambda: self.saves(replays=True)),
            ("statistics", _("Statistics"), self.statistics),
            (
                "plain",
                _("Plain mode every time: on (this chooses it)")
                if plain
                else _("Plain mode every time: off (this chooses it)"),
                self.toggle_plain,
            ),
            ("language", language.menu_text(), self.choose_language),
            ("help", _("Help"), self.help),
            ("quit", _("Quit"), lambda: True),
        ]
        return items

    def menu(self) -> None:
        """The main menu, until Quit."""
        while True:
            items = self.menu_items()
            self.say(_("Main menu:"))
            self.say(*(f"{number}: {text}" for number, (_w, text, _d) in enumerate(items, 1)))
            while True:
                answer = self.ask().lower()
                if not answer:
                    self.say(*(f"{n}: {text}" for n, (_w, text, _d) in enumerate(items, 1)))
                    continue
                if answer in ("?", "h"):
                    answer = "help"
                chosen = _choose(answer, [word for word, _t, _d in items])
                if chosen is None:
                    self.say(
                        _("{answer} is not on the menu: type 1 to {count}.").format(
                            answer=answer, count=len(items)
                        )
                    )
                    continue
                if items[chosen][2]():
                    return
                break

    def choose_language(self) -> bool:
        """Choose the language (remembered)."""
        language.choose_language(self.say, self.ask)
        return False

    def help(self) -> bool:
        """Say how this mode works."""
        self.say(_(MENU_HELP), *game_help())
        return False

    def toggle_plain(self) -> bool:
        """Turn on or off starting in plain mode every time (the setting)."""

        def change(settings: Settings) -> Settings:
            display = settings.display.model_copy(update={"plain": not settings.display.plain})
            return settings.model_copy(update={"display": display})

        try:
            plain = update_settings(change).display.plain
        except OSError as error:
            self.say(_("Could not save the setting: {problem}").format(problem=error))
            return False
        if plain:
            self.say(
                _("chickenfoot now starts in plain mode; chickenfoot --no-plain opens the app.")
            )
        else:
            self.say(
                _("chickenfoot now opens the full-screen app; chickenfoot --plain opens this.")
            )
        return False

    # ----- games ---------------------------------------------------------------------------------

    def new_game(self) -> bool:
        """The set-up, then the game."""
        chosen = ask_setup(self.console)
        if chosen is None:
            return False
        if isinstance(chosen, OnlineChosen):
            hello = CreateTable(options=chosen.options, name=chosen.creator)
            return self.online(TableAddress.parse(chosen.server), hello)
        rules, seats, seed = chosen
        try:
            session = GameSession.new(rules, seats, seed, self.store)
        except OSError as error:
            self.say(could_not_save_new(error))
            return False
        return self.play(session)

    def play(self, session: GameSession) -> bool:
        """Play ``session`` (and the games played again after it)."""
        outcome: Outcome = open_table(session, self.console)
        while outcome == "again":
            record = session.record
            try:
                session = GameSession.new(record.rules, record.seats, None, self.store)
            except OSError as error:
                self.say(could_not_save_new(error))
                return False
            outcome = open_table(session, self.console)
        if outcome == "quit":
            raise Quit
        return False

    def join_table(self) -> bool:
        """Join a table: its address, a name, and whether to watch; a seat held there before
        (its token is in the data folder) is taken back."""
        book = SeatBook()
        held = book.seats()
        if held:
            self.say(
                _(
                    "You hold a seat at {address}: Continue in the menu takes it back, "
                    "and so does joining that table again."
                ).format(address=held[0].address)
            )
        typed = self.ask(
            _("{label}? (Enter: back to the menu) ").format(label=_(JOIN_ADDRESS_LABEL))
        )
        if not typed:
            return False
        address = join_address(typed)
        if isinstance(address, str):
            self.say(address)
            return False
        name = self.ask(
            _("{label}? (Enter: the seat's own name) ").format(label=_(JOIN_NAME_LABEL))
        )
        watch = self.yes(_("{label}?").format(label=_(JOIN_WATCH_LABEL)))
        return self.online(address, hello_for(address, name, watch=watch, book=book), book)

    def take_back_seat(self, held: HeldSeat) -> bool:
        """Continue at the online table where ``held`` is this user's seat (its token takes
        it back)."""
        address = join_address(held.address)
        if isinstance(address, str):
            self.say(address)
            return False
        book = SeatBook()
        return self.online(address, hello_for(address, held.name, watch=False, book=book), book)

    def online(self, address: TableAddress, hello: Hello, book: SeatBook | None = None) -> bool:
        """Play at the online table at ``address``, its first frame ``hello``."""
        outcome = open_online(address, hello, self.console, store=self.store, book=book)
        if outcome == "quit":
            raise Quit
        return False

    def continue_game(self, game: GameId, *, force: bool = False) -> bool:
        """Continue game ``game`` of the store."""
        try:
            session = GameSession.load(game, self.store, force=force)
        except OpenElsewhere as elsewhere:
            return self.open_elsewhere(elsewhere)
        except (RecordError, OSError) as error:
            self.say(str(error))
            return False
        if session.state.over:
            session.close()
            self.say(_("Game {game} is over: watch it under Replays.").format(game=game))
            return False
        return self.play(session)

    def open_elsewhere(self, elsewhere: OpenElsewhere) -> bool:
        """The game is open in another window: a copy, watch it, or take it anyway."""
        self.say(prompts.open_elsewhere(str(elsewhere)))
        self.say(_("c: play a copy. w: watch it. t: take it here anyway. Enter: back."))
        answer = self.ask().lower()
        record = elsewhere.record
        if answer in ("c", "copy"):
            return self.copy(record)
        if answer in ("w", "watch"):
            return self.watch(record)
        if answer in ("t", "take"):
            return self.continue_game(elsewhere.game, force=True)
        return False

    def copy(self, record: GameRecord) -> bool:
        """Play a copy of ``record`` from where it stands."""
        try:
            session = GameSession.take_over(record, len(record.actions), record.seats, self.store)
        except (ValueError, OSError) as error:
            self.say(_("Cannot take over: {problem}").format(problem=error))
            return False
        return self.play(session)

    def watch_game(self, game: GameId) -> bool:
        """Replay game ``game`` of the store."""
        try:
            record = self.store.record(game)
        except (RecordError, OSError) as error:
            self.say(str(error))
            return False
        return self.watch(record)

    def watch(self, record: GameRecord) -> bool:
        """Replay ``record``."""
        taken = watch(record, self.console, self.store)
        if taken is None:
            return False
        if taken == "quit":
            raise Quit
        return self.play(taken)

    # ----- the saved games -----------------------------------------------------------------------

    def saves(self, *, replays: bool) -> bool:
        """Load game (``replays``: Replays): the games of the store, the most recently played
        first, each by its number."""
        while True:
            try:
                summaries = self.store.games()
            except StoreError as error:
                self.say(str(error))
                return False
            if not summaries and replays:
                self.say(_("Replays: none yet. o and a path opens a saved-game file."))
            elif not summaries:
                self.say(_("Saved games: none yet. o and a path opens a saved-game file."))
            else:
                self.say(
                    _("Replays, the most recently played first:")
                    if replays
                    else _("Saved games, the most recently played first:")
                )
                self.say(*(save_line(summary) for summary in summaries))
            self.say(
                _(
                    "A game's number replays it; r and a number replays; x and a number "
                    "deletes; o and a path opens a file; Enter goes back."
                )
                if replays
                else _(
                    "A game's number opens it (continue, or replay a finished one); r and a "
                    "number replays; x and a number deletes; o and a path opens a file; Enter "
                    "goes back."
                )
            )
            answer = self.ask()
            if not answer:
                return False
            command, _space, rest = answer.partition(" ")
            command = command.lower()
            if command == "o" and rest.strip():
                self.open_file(Path(rest.strip()).expanduser(), watch=replays)
                continue
            number_text = rest.strip() if command in ("r", "x") else command
            by_number = {summary.id: summary for summary in summaries}
            if not number_text.isdigit() or int(number_text) not in by_number:
                self.say(
                    _("{answer}: type a game's number from the list, or Enter to go back.").format(
                        answer=answer
                    )
                )
                continue
            summary = by_number[int(number_text)]
            if command == "x":
                self.delete(summary)
            elif replays or command == "r" or summary.finished:
                self.watch_game(summary.id)
            else:
                self.continue_game(summary.id)

    def open_file(self, path: Path, *, watch: bool) -> bool:
        """Open the saved-game file ``path``: its replay (``watch``, or a finished game, the
        file as it is), or, for an unfinished game, add it to the store and continue it."""
        try:
            record = load_record(path)
            if watch or record.finished:
                return self.watch(record)
            ((game, _imported),) = self.store.import_records([Incoming(record, str(path))])
        except (RecordError, OSError) as error:
            self.say(str(error))
            return False
        return self.continue_game(game)

    def delete(self, summary: GameSummary) -> None:
        """Delete the game of ``summary`` after asking (not while another window has it)."""
        what = ", ".join(summary.names)
        question = _("Delete game {game} ({players})? This cannot be undone.")
        if not self.yes(question.format(game=summary.id, players=what)):
            self.say(_("Kept."))
            return
        try:
            holder = self.store.holder(summary.id)
            if holder is not None:
                # Translators: {holder} says who has it open: "open in another chickenfoot ...".
                busy = _("Game {game} is {holder}: close it there first.")
                self.say(busy.format(game=summary.id, holder=holder.describe()))
                return
            self.store.delete(summary.id)
        except StoreError as error:
            self.say(
                _("Could not delete game {game}: {problem}").format(game=summary.id, problem=error)
            )
            return
        self.say(_("Deleted game {game}.").format(game=summary.id))

    def statistics(self) -> bool:
        """The statistics of the finished games, section by section."""
        try:
            stats = self.store.statistics()
            placings = self.store.placings()
        except StoreError as error:
            self.say(str(error))
            return False
        self.say(counted_text(stats))
        for section in report_with_ratings(stats, placings):
            self.say(section.title, *section.lines)
        return False


def could_not_save_new(error: OSError) -> str:
    """Why a new game could not be started: its file could not be written."""
    return _("Could not save the new game: {problem}").format(problem=error)


def _choose(answer: str, words: list[str]) -> int | None:
    """The item ``answer`` chooses: its number, its word, or the word's first letter."""
    if answer.isdigit():
        number = int(answer)
        return number - 1 if 1 <= number <= len(words) else None
    for index, word in enumerate(words):
        if answer == word or answer == word[0]:
            return index
    return None


def run_plain(
    console: Console | None = None,
    *,
    load: GameId | None = None,
    replay: GameRecord | None = None,
    store: GameStore | None = None,
    from_app: bool = False,
) -> int:
    """Run the plain mode on ``console`` (standard input and output by default) with ``store``
    (None: the store of the data folder); the exit status (2, with one line, when the store
    cannot be opened). ``from_app``: the full-screen app's menu chose it."""
    console = console or Console()
    try:
        app = PlainApp(console, store)
    except StoreError as error:
        console.say(_("{program}: error: {message}").format(program="chickenfoot", message=error))
        return 2
    return app.run(load=load, replay=replay, from_app=from_app)
