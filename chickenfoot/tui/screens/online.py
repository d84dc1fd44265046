"""Online tables in the app: joining one, its lobby, and a seat at it in the game screen.

- :class:`JoinScreen`: the table's address (``CODE@HOST:PORT``, as the creator shared it), a
  name, and whether to watch; a seat held there before (its token is in the data folder) is
  taken back.
- :class:`OnlineGameScreen`: the same game screen as a game played here
  (:class:`~chickenfoot.tui.screens.game.TableScreen`), a client of an
  :class:`~chickenfoot.net.online_seat.OnlineSeat` (the seat the plain mode plays through
  too) instead of a table host in this process. Until
  the game starts, :class:`LobbyScreen` covers it: the code and the line to share, who has
  joined, who watches, and for the creator the key that starts the game. The top bar says
  when the connection is down and when it tries again; the seats say who lost their
  connection (with the seconds their seat still waits) and which computer covers whom.
- The finished game is kept in this machine's store, with every hand, like any other.
"""

from __future__ import annotations

from typing import cast
from weakref import WeakKeyDictionary

from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Input, Label, Static

from chickenfoot.lang import N_, _
from chickenfoot.net.online_seat import OnlineSeat
from chickenfoot.net.protocol import Hello
from chickenfoot.net.remote import Received, TableAddress
from chickenfoot.net.seating import (
    JOIN_ADDRESS_EXAMPLE,
    JOIN_ADDRESS_LABEL,
    JOIN_NAME_LABEL,
    JOIN_WATCH_LABEL,
    join_address,
    save_finished,
)
from chickenfoot.net.tokens import SeatBook
from chickenfoot.text import online
from chickenfoot.tui.footer import WordsFooter
from chickenfoot.tui.keymap import key_in_words, keymap_of, text_keys
from chickenfoot.tui.messages import JoinOnline, LeaveGame
from chickenfoot.tui.screens.game import CHECKED_ACTIONS, TableScreen
from chickenfoot.tui.widgets.checkbox import StateCheckbox
from chickenfoot.tui.widgets.typing import TypingInput

_TYPED: WeakKeyDictionary[App[object], tuple[str, str]] = WeakKeyDictionary()
"""What each app's Join a table form had typed (address, name) when it last closed."""


class JoinScreen(ModalScreen[None]):
    """Join a table: its address, a name, and whether to watch."""

    CSS_PATH = "online.tcss"
    KEY_WIDGETS = (TypingInput, Checkbox)
    """The widgets that can have the keyboard here: their keys count when keys are changed."""
    TYPED_KEYS = text_keys()
    """Keys typed into the text fields, which have the keyboard: no binding may take them."""
    TYPED_KEYS_DO = N_("type into its fields")
    BINDINGS = [
        Binding("ctrl+s", "join", N_("Join"), id="join.join", tooltip=N_("Join the table")),
        Binding("escape", "dismiss", N_("Back"), id="join.back", tooltip=N_("Close this form")),
    ]

    def __init__(self, name: str = "") -> None:
        super().__init__()
        self.default_name = name

    def compose(self) -> ComposeResult:
        """The address, the name, watching, and why the address cannot be used (what was
        typed before Esc closed the form comes back)."""
        held = SeatBook().seats()
        typed_address, typed_name = _TYPED.get(self.app, ("", ""))
        with Vertical(id="join-box") as box:
            box.border_title = _("Join a table")
            yield Label(_(JOIN_ADDRESS_LABEL), markup=False)
            yield TypingInput(
                typed_address or (held[0].address if held else ""),
                placeholder=JOIN_ADDRESS_EXAMPLE,
                id="join-address",
            )
            yield Static("", id="join-problem", markup=False)
            yield Label(_(JOIN_NAME_LABEL), markup=False)
            yield TypingInput(typed_name or self.default_name, id="join-name", max_length=24)
            yield StateCheckbox(_(JOIN_WATCH_LABEL), id="join-watch")
            keymap = keymap_of(self.app)
            join = key_in_words(self.BINDINGS, "join.join", keymap)
            back = key_in_words(self.BINDINGS, "join.back", keymap)
            note = (
                _("You hold a seat at {address}: joining it again takes it back.").format(
                    address=held[0].address
                )
                if held
                else _("Enter or {join} joins; {back} goes back.").format(join=join, back=back)
            )
            yield Static(note, id="join-note", markup=False)
        yield WordsFooter(compact=True)

    def on_input_submitted(self) -> None:
        """Enter in a field joins."""
        self.action_join()

    def on_input_changed(self) -> None:
        """Keep what is typed for the next time the form opens (Esc loses nothing)."""
        address = self.query_one("#join-address", Input).value
        _TYPED[self.app] = (address, self.query_one("#join-name", Input).value)

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
        Binding("ctrl+s", "start", N_("Start"), id="lobby.start", tooltip=N_("Deal the game now")),
        Binding(
            "ctrl+w",
            "watching",
            # Translators: a key's word in the footer: let people watch the table, or not.
            N_("Watching"),
            id="lobby.watching",
            tooltip=N_("Let people watch the table, or not (the table's creator)"),
        ),
        Binding("escape", "leave", N_("Leave"), id="lobby.leave", tooltip=N_("Leave the table")),
    ]

    def __init__(self, game: OnlineGameScreen) -> None:
        super().__init__()
        self.game = game
        self.said = ""
        """Why the last key did nothing, under the lobby."""

    def compose(self) -> ComposeResult:
        """The table's code, its join line, its seats, and what happens next."""
        with Vertical(id="lobby-box") as box:
            box.border_title = _("Online table")
            yield Static("", id="lobby-text", markup=False)
        yield WordsFooter(compact=True)

    def on_mount(self) -> None:
        """Show what is known so far."""
        self.show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Start is the creator's key (none at a table that starts by itself), and so is
        watching."""
        if action == "watching":
            return self.game.seat.creator
        return self.game.seat.can_start if action == "start" else True

    def show(self) -> None:
        """Write the lobby as the table is now."""
        keymap = keymap_of(self.app)
        seat = self.game.seat
        if seat.problem is not None:
            leave = key_in_words(self.BINDINGS, "lobby.leave", keymap)
            lines = [*seat.lobby_lines(""), "", _("{key} goes back.").format(key=leave)]
        else:
            lines = seat.lobby_lines(key_in_words(self.BINDINGS, "lobby.start", keymap))
        said = ["", self.said] if self.said else []
        texts = list(self.query("#lobby-text").results(Static))
        if not texts:  # not composed yet (or closing): once it is drawn
            self.call_after_refresh(self._show_once_drawn)
        for text in texts:
            text.update("\n".join([*lines, *said]))
        self.refresh_bindings()

    def _show_once_drawn(self) -> None:
        if self.is_attached and self.query("#lobby-text"):
            self.show()

    def action_start(self) -> None:
        """The creator starts the game (or is told why it cannot start now)."""
        self.said = self.game.seat.start_game() or ""
        self.show()

    def action_watching(self) -> None:
        """The creator turns watching off, or on again."""
        self.said = self.game.seat.set_watching() or ""
        self.show()

    def action_leave(self) -> None:
        """Leave the table (a seat taken stays yours: joining again takes it back)."""
        self.game.lobby = None  # what the table still sends is no longer shown here
        self.dismiss(None)
        self.game.post_message(LeaveGame())


class OnlineGameScreen(TableScreen):
    """A seat (or a spectator's place) at an online table, in the game screen: the table
    screen over an :class:`~chickenfoot.net.online_seat.OnlineSeat`, which follows the link
    and decides what a key does while the connection is down."""

    CSS_PATH = TableScreen.CSS_PATH
    BINDINGS = [
        Binding(
            "ctrl+g",
            "cover_lost",
            N_("Computer plays"),
            id="online.cover",
            tooltip=N_(
                "A computer plays a lost person's seat now, until they are back "
                "(the table's creator)"
            ),
        ),
    ]

    def __init__(
        self, address: TableAddress, hello: Hello, *, outline: bool = False, book: SeatBook
    ) -> None:
        self.seat = OnlineSeat(address, hello, book=book)
        super().__init__(self.seat, outline=outline)
        self.lobby: LobbyScreen | None = None
        self.kept: str | None = None
        """Where the finished game was kept, in words."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Handing a lost seat to a computer is the creator's key, while a seat is lost; no
        key of the game works once the window left the table."""
        if self.seat.left and action in CHECKED_ACTIONS:
            return False
        if action == "cover_lost":
            return self.seat.can_cover
        return super().check_action(action, parameters)

    def action_cover_lost(self) -> None:
        """The creator hands every lost seat to a computer now (until its person is back)."""
        self.client.tell(self.seat.cover_lost())
        self.refresh_view()

    def on_mount(self) -> None:
        """Show the lobby until the game starts (the table screen connects, and reconnects
        after every loss)."""
        self.lobby = LobbyScreen(self)
        self.app.push_screen(self.lobby)
        self.set_interval(1.0, self._tick)

    def _tick(self) -> None:
        """Count down the seconds a lost seat still waits, and those before the link tries
        again."""
        if self.seat.lost_seats() or self.seat.out_of_reach:
            self.refresh_view()
            if self.lobby is not None:
                self.lobby.show()

    def take(self, message: object) -> None:
        """Take in a frame of the server or news of the link (see :class:`OnlineSeat`)."""
        heard = self.seat.take(cast(Received, message))  # the seat is the screen's link
        for line in heard.news:
            self.voice.news(line)
        if heard.game_log:
            self.dialogs.game_log()
        if heard.record is not None:
            self._save_finished(heard.record)
        if heard.dealt and self.lobby is not None:
            self.lobby.dismiss(None)
            self.lobby = None
        if heard.changed:
            self.refresh_bindings()
        if self.lobby is not None:
            self.lobby.show()

    @work(thread=True, group="keep")
    def _save_finished(self, record_json: str) -> None:
        """Keep the finished game in this machine's store (every hand revealed), through a
        connection of this thread's own."""
        store = getattr(self.app, "store", None)
        if store is None:
            return
        try:
            mine = store.reopen()
        except OSError as error:
            self.app.call_from_thread(self.client.tell, online.not_saved(str(error)))
            return
        try:
            game, words = save_finished(mine, record_json, str(self.seat.address))
        finally:
            mine.close()
        if game is not None:
            self.kept = _("game {number}").format(number=game)

        self.app.call_from_thread(self.client.tell, words)
