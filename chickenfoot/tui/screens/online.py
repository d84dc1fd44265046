"""Online tables in the app: joining one, its lobby, and a seat at it in the game screen.

- :class:`JoinScreen`: the table's address (``CODE@HOST:PORT``, as the creator shared it), a
  name, and whether to watch; a seat held there before (its token is in the data folder) is
  taken back.
- :class:`OnlineGameScreen`: the same game screen as a game played here
  (:class:`~chickenfoot.tui.screens.game.TableScreen`), fed by a
  :class:`~chickenfoot.net.remote.RemoteLink` instead of a table host in this process. Until
  the game starts, :class:`LobbyScreen` covers it: the code and the line to share, who has
  joined, who watches, and for the creator the key that starts the game. The top bar says
  when the connection is down and when it tries again; the seats say who lost their
  connection (with the seconds their seat still waits) and which computer covers whom.
- The finished game is kept in this machine's store, with every hand, like any other.
"""

from __future__ import annotations

import time
from dataclasses import replace

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Footer, Input, Label, Static

from chickenfoot.net.presence import status_news
from chickenfoot.net.protocol import (
    CoverSeat,
    Denied,
    FinishedGame,
    Hello,
    Replaced,
    Seated,
    SeatState,
    StartGame,
    TableGone,
    TableStatus,
    WatchTable,
)
from chickenfoot.net.remote import LinkStatus, RemoteLink, TableAddress
from chickenfoot.net.seating import (
    JOIN_ADDRESS_EXAMPLE,
    JOIN_ADDRESS_LABEL,
    JOIN_NAME_LABEL,
    JOIN_WATCH_LABEL,
    follow_seat,
    join_address,
    keep_finished,
    lobby_lines,
)
from chickenfoot.net.tokens import SeatBook
from chickenfoot.play.client import SeatClient, SpectatorClient
from chickenfoot.play.shown import SeatsShown, StatusShown
from chickenfoot.play.wire import GameEnded, Welcome
from chickenfoot.text import online
from chickenfoot.tui.keymap import key_in_words, keymap_of, text_keys
from chickenfoot.tui.messages import JoinOnline, LeaveGame
from chickenfoot.tui.screens.game import CHECKED_ACTIONS, GAME_BINDINGS, TableScreen
from chickenfoot.tui.widgets.typing import TypingInput


class JoinScreen(ModalScreen[None]):
    """Join a table: its address, a name, and whether to watch."""

    CSS_PATH = "online.tcss"
    KEY_WIDGETS = (TypingInput, Checkbox)
    """The widgets that can have the keyboard here: their keys count when keys are changed."""
    TYPED_KEYS = text_keys()
    """Keys typed into the text fields, which have the keyboard: no binding may take them."""
    TYPED_KEYS_DO = "type into its fields"
    BINDINGS = [
        Binding("ctrl+s", "join", "Join", id="join.join", tooltip="Join the table"),
        Binding("escape", "dismiss", "Back", id="join.back", tooltip="Close this form"),
    ]

    def __init__(self, name: str = "") -> None:
        super().__init__()
        self.default_name = name

    def compose(self) -> ComposeResult:
        """The address, the name, watching, and why the address cannot be used."""
        held = SeatBook().seats()
        with Vertical(id="join-box") as box:
            box.border_title = "Join a table"
            yield Label(JOIN_ADDRESS_LABEL)
            yield TypingInput(
                held[0].address if held else "",
                placeholder=JOIN_ADDRESS_EXAMPLE,
                id="join-address",
            )
            yield Static("", id="join-problem", markup=False)
            yield Label(JOIN_NAME_LABEL)
            yield TypingInput(self.default_name, id="join-name", max_length=24)
            yield Checkbox(JOIN_WATCH_LABEL, id="join-watch")
            keymap = keymap_of(self.app)
            join = key_in_words(self.BINDINGS, "join.join", keymap)
            back = key_in_words(self.BINDINGS, "join.back", keymap)
            note = (
                f"You hold a seat at {held[0].address}: joining it again takes it back."
                if held
                else f"Enter or {join} joins; {back} goes back."
            )
            yield Static(note, id="join-note", markup=False)
        yield Footer(compact=True)

    def on_input_submitted(self) -> None:
        """Enter in a field joins."""
        self.action_join()

    def action_join(self) -> None:
        """Join the table, or say why its address cannot be used."""
        text = self.query_one("#join-address", Input).value
        problem = self.query_one("#join-problem", Static)
        address = join_address(text)
        if isinstance(address, str):
            problem.update(address)
            return
        name = self.query_one("#join-name", Input).value.strip()
        watch = self.query_one("#join-watch", Checkbox).value
        self.dismiss(None)
        self.app.post_message(JoinOnline(str(address), name, watch))


class LobbyScreen(ModalScreen[None]):
    """The lobby of an online table, over its game screen until the game starts."""

    CSS_PATH = "online.tcss"
    BINDINGS = [
        Binding("ctrl+s", "start", "Start", id="lobby.start", tooltip="Deal the game now"),
        Binding("escape", "leave", "Leave", id="lobby.leave", tooltip="Leave the table"),
    ]

    def __init__(self, game: OnlineGameScreen) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        """The table's code, its join line, its seats, and what happens next."""
        with Vertical(id="lobby-box") as box:
            box.border_title = "Online table"
            yield Static("", id="lobby-text", markup=False)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        """Show what is known so far."""
        self.show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Start is the creator's key (none at a table that starts by itself)."""
        if action == "start":
            seated, status = self.game.remote.seated, self.game.status
            by_itself = status is not None and status.starts_by_itself
            return seated is not None and seated.creator and not by_itself
        return True

    def show(self) -> None:
        """Write the lobby as the table is now."""
        self.query_one("#lobby-text", Static).update("\n".join(self.game.lobby_lines()))
        self.refresh_bindings()

    def action_start(self) -> None:
        """The creator starts the game."""
        self.game.remote.send(StartGame())

    def action_leave(self) -> None:
        """Leave the table (a seat taken stays yours: joining again takes it back)."""
        self.game.lobby = None  # what the table still sends is no longer shown here
        self.dismiss(None)
        self.game.post_message(LeaveGame())


class OnlineGameScreen(TableScreen):
    """A seat (or a spectator's place) at an online table, in the game screen."""

    CSS_PATH = TableScreen.CSS_PATH
    BINDINGS = [
        Binding(
            "ctrl+g",
            "cover_lost",
            "Computer plays",
            id="online.cover",
            tooltip="A computer plays a lost person's seat now, until they are back "
            "(the table's creator)",
        ),
    ]
    PLAY_AGAIN = False
    """The table's people are at other screens: no game of theirs is dealt at this keyboard
    (a new online game is made from New game)."""

    def __init__(
        self, address: TableAddress, hello: Hello, *, outline: bool = False, book: SeatBook
    ) -> None:
        self.address = address
        self.book = book
        self.remote = RemoteLink(address, hello)
        watching = isinstance(hello, WatchTable)
        client = SpectatorClient() if watching else SeatClient()
        super().__init__(client, self.remote, outline=outline)
        self.status: TableStatus | None = None
        self.status_at = 0.0
        """When :attr:`status` came (monotonic seconds): a lost seat's wait counts down from
        then."""
        self.connection: LinkStatus | None = None
        self.problem: str | None = None
        """Why the table cannot be reached or was left (the link ended)."""
        self.lobby: LobbyScreen | None = None
        self.kept: str | None = None
        """Where the finished game was kept, in words."""

    def lost_seats(self) -> list[int]:
        """The seats whose person lost their connection and whose wait is counting down."""
        if self.status is None:
            return []
        return [number for number, seat in enumerate(self.status.seats) if seat.waiting is not None]

    @property
    def left(self) -> bool:
        """True once this window is no longer at the table (another window took its seat, or
        the table closed) before the game's end: nothing it shows changes any more."""
        return self.problem is not None and not isinstance(self.client.prompt, GameEnded)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Handing a lost seat to a computer is the creator's key, while a seat is lost; no
        key of the game works once the window left the table."""
        if self.left and action in CHECKED_ACTIONS:
            return False
        if action == "cover_lost":
            seated = self.remote.seated
            return seated is not None and seated.creator and bool(self.lost_seats())
        return super().check_action(action, parameters)

    def action_cover_lost(self) -> None:
        """The creator hands every lost seat to a computer now (until its person is back)."""
        for seat in self.lost_seats():
            self.remote.send(CoverSeat(seat=seat))

    def start_table(self) -> None:
        """Connect (and reconnect after every loss); show the lobby until the game starts."""
        self.run_worker(self.remote.run(), name="link", group="table")
        self.lobby = LobbyScreen(self)
        self.app.push_screen(self.lobby)
        self.set_interval(1.0, self._tick)

    def close_table(self) -> None:
        """Leave the table (the seat stays ours: its token takes it back)."""
        self.remote.close()

    def on_screen_suspend(self) -> None:
        """A screen came on top: nothing waits for this screen at an online table."""

    def on_screen_resume(self) -> None:
        """Back on top: show any result the table waits for."""
        self.follow_prompt()

    def _tick(self) -> None:
        """Count down the seconds a lost seat still waits."""
        if self.status is not None and any(s.waiting for s in self.status.seats):
            self.refresh_view()

    # ----- what the link brings --------------------------------------------------------------

    def take(self, message: object) -> None:
        """Take in a frame of the server or news of the link."""
        follow_seat(
            self.book,
            str(self.address),
            message,
            token=self.remote.token,
            seated=self.remote.seated is not None,
        )
        if isinstance(message, LinkStatus):
            self.connection = message
            if message.ended:
                self.problem = message.problem
                self.client.tell(message.problem or "You left the table")
                self.refresh_bindings()
        elif isinstance(message, TableStatus):
            for line in status_news(self.status, message):
                self.client.tell(line)
            self.status, self.status_at = message, time.monotonic()
            self.refresh_bindings()
        elif isinstance(message, Denied):
            self.client.tell(message.text)
        elif isinstance(message, FinishedGame):
            self._keep_finished(message.record)
        elif not isinstance(message, (Seated, TableGone, Replaced)):
            if isinstance(message, Welcome) and self.lobby is not None:
                self.lobby.dismiss(None)
                self.lobby = None
            super().take(message)
        if self.lobby is not None and self.lobby.is_mounted:
            self.lobby.show()

    def receive(self) -> None:
        """Show what came (the lobby too)."""
        super().receive()
        if self.lobby is not None and self.lobby.is_mounted:
            self.lobby.show()

    @work(thread=True, group="keep")
    def _keep_finished(self, record_json: str) -> None:
        """Keep the finished game in this machine's store (every hand revealed), through a
        connection of this thread's own."""
        store = getattr(self.app, "store", None)
        if store is None:
            return
        try:
            mine = store.reopen()
        except OSError as error:
            self.app.call_from_thread(self.client.tell, online.not_kept(str(error)))
            return
        try:
            game, words = keep_finished(mine, record_json, str(self.address))
        finally:
            mine.close()
        if game is not None:
            self.kept = f"game {game}"
        self.app.call_from_thread(self.client.tell, words)

    # ----- what is shown -----------------------------------------------------------------------

    def connection_text(self) -> str:
        """The link's state while it is down."""
        status = self.connection
        if self.problem is not None:
            return f"⚡ {self.problem}"
        if status is None or status.connected:
            return ""
        if status.retry_in is not None:
            return f"⚡ {online.reconnecting(status.problem, status.retry_in, status.attempt)}"
        return "⚡ connecting…"

    def seats_with_presence(self, seats: SeatsShown) -> SeatsShown:
        """Each person's seat says when its person is away, and who covers it."""
        status = self.status
        if status is None or len(status.seats) != len(seats.names):
            return seats
        names = []
        for name, seat in zip(seats.names, status.seats, strict=True):
            if seat.computer is None and seat.covered_by is not None:
                name = f"{name} ({seat.covered_by} plays)"
            elif seat.computer is None and seat.taken and not seat.connected:
                left = self.seconds_left(seat)
                wait = f" {online.clock(left)}" if left is not None else ""
                name = f"{name} lost{wait}"
            names.append(name)
        return replace(seats, names=tuple(names))

    def seconds_left(self, seat: SeatState) -> float | None:
        """How long ``seat``'s lost person has before a computer plays for them, now (None:
        nobody is counting down for that seat)."""
        if seat.waiting is None:
            return None
        return max(0.0, seat.waiting - (time.monotonic() - self.status_at))

    def status_with_presence(self, status: StatusShown) -> StatusShown:
        """Under the status, the seats whose person lost their connection, counting down to
        the computer that will play for them (the seconds tick by); once the window left the
        table, only that (and why)."""
        if self.left:
            menu = key_in_words(GAME_BINDINGS, "game.menu", keymap_of(self.app))
            return StatusShown(online.left_table(menu), "error", status.news)
        if self.status is None:
            return status
        lost = [
            online.lost(seat.name, left)
            for seat in self.status.seats
            if (left := self.seconds_left(seat)) is not None
        ]
        return replace(status, news=" · ".join(lost)) if lost else status

    def lobby_lines(self) -> list[str]:
        """What the lobby says now."""
        keymap = keymap_of(self.app)
        if self.problem is not None:
            leave = key_in_words(LobbyScreen.BINDINGS, "lobby.leave", keymap)
            return [self.problem, "", f"{leave} goes back."]
        start_key = key_in_words(LobbyScreen.BINDINGS, "lobby.start", keymap)
        return lobby_lines(self.address, self.remote.seated, self.status, start_key=start_key)
