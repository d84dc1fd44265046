"""The Load screen: the games of the store in a table, to continue, replay or delete; or a file.

The table lists the games, the most recently played first, with when they were last played,
the seats, the round and whether the game is finished. It is filled from the store a page at
a time (:data:`PAGE`, one indexed query each): moving down past the last row shown brings the
next page, so it opens at once with any number of games. Enter opens the highlighted game: in
the Load screen an unfinished game is continued and a finished one replayed, in the Replays
screen every game is replayed. ``c`` continues, ``r`` replays, Delete (or ``x``) deletes
after a confirmation, ``o`` opens a saved-game file anywhere by its path (an unfinished one
is imported into the store and continued; in a browser tab, only a file inside the data
folder, a bare name being taken in the exports folder).
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.events import ScreenResume
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static

from chickenfoot.lang import N_, _, ngettext, pgettext
from chickenfoot.record.summary import GameId, GameSummary
from chickenfoot.saves.paths import confined_to_data_dir, data_dir, exports_dir, leaves_data_dir
from chickenfoot.saves.store import GameStore, StoreError
from chickenfoot.text.describe import save_status
from chickenfoot.text.words import listed_seats
from chickenfoot.tui.commands import PaletteCommand, binding_commands
from chickenfoot.tui.footer import FittedFooter
from chickenfoot.tui.keymap import key_in_words, keymap_of
from chickenfoot.tui.messages import ContinueGame, OpenFile, OpenReplay
from chickenfoot.tui.screens.confirm import ConfirmScreen
from chickenfoot.tui.widgets.typing import TypingInput

DATE_FORMAT = "%Y-%m-%d %H:%M"
SEATS_WIDTH = 26
MUTED_STYLE = "$text-muted"
PAGE = 100
"""Games read from the store at a time."""


def date_text(summary: GameSummary) -> str:
    """When the game was last played, in local time: "2026-11-30 18:43"."""
    return summary.updated.astimezone().strftime(DATE_FORMAT)


def seats_text(summary: GameSummary) -> str:
    """The seats' names (and "(copy)" for a game copied from another, so it can be told from
    the original: see :func:`~chickenfoot.text.words.listed_seats`)."""
    return listed_seats(summary.names, summary.taken_over)


class LoadScreen(Screen[None]):
    """The saved games: continue one, replay one, delete one, or open any file."""

    CSS_PATH = "load.tcss"
    KEY_WIDGETS = (DataTable, TypingInput)
    """The widgets that can have the keyboard here: their keys count when keys are changed."""

    BINDINGS = [
        Binding("enter", "open", N_("Open"), show=False, id="load.open"),
        Binding(
            "c",
            "continue_game",
            N_("Continue"),
            id="load.continue",
            tooltip=N_("Play the highlighted game on where it stopped"),
        ),
        Binding(
            "r",
            "replay",
            N_("Replay"),
            id="load.replay",
            tooltip=N_("Watch the highlighted game move by move"),
        ),
        Binding(
            "delete,x",
            "delete",
            N_("Delete"),
            key_display="Del/x",
            id="load.delete",
            tooltip=N_("Remove the highlighted game from the store, after asking"),
        ),
        Binding(
            "o",
            "open_path",
            N_("Open file…"),
            id="load.open-file",
            tooltip=N_("Type the path of a saved-game file"),
        ),
        Binding("escape", "back", N_("Back"), id="load.back", tooltip=N_("Close this list")),
    ]

    def __init__(self, store: GameStore, replays: bool = False) -> None:
        super().__init__()
        self.store = store
        self.replays = replays
        self.summaries: list[GameSummary] = []
        self.total = 0
        """How many games the store holds (the table shows the first pages of them)."""
        self.lists_shown = 0
        """How many times the list has been read and shown (it is read again on every return
        to this screen): waiting for it to grow is waiting for a fresh list."""

    def key(self, binding_id: str) -> str:
        """The key of this screen's command ``binding_id`` as a sentence names it (the
        player's own, if changed)."""
        return key_in_words(self.BINDINGS, binding_id, keymap_of(self.app))

    # ----- layout and contents -----------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """Title, the table (or a note when there is nothing), details, the path input, footer."""
        title = _("Replays: choose a game to watch") if self.replays else _("Load a saved game")
        yield Static(title, id="load-title", markup=False)
        table: DataTable[str | Text] = DataTable(id="saves", cursor_type="row", zebra_stripes=True)
        table.add_column(pgettext("a table's heading", "Game"), key="game")
        # Translators: a table's heading: when the game was last played.
        table.add_column(pgettext("a table's heading", "Played"), key="date")
        seats = pgettext("a table's heading", "Seats")
        table.add_column(seats, key="seats", width=SEATS_WIDTH)
        table.add_column(pgettext("a table's heading", "Round"), key="round")
        yield table
        yield Static(id="load-empty", markup=False)
        yield Static(id="load-detail")
        cancel = self.key("load.back")
        yield TypingInput(
            placeholder=_("Path of a saved-game file (Enter opens, {key} cancels)").format(
                key=cancel
            ),
            id="load-path",
        )
        yield FittedFooter()

    def on_mount(self) -> None:
        """Fill the table."""
        self.query_one("#load-path", Input).display = False
        self.query_one("#saves", DataTable).display = False
        self.query_one("#load-empty", Static).update(_("Looking up the saved games…"))

    def on_screen_resume(self, event: ScreenResume) -> None:
        """Shown (first, or back from a game or a replay): list the games, which may have
        changed (the path input, if a file was opened from it, is closed)."""
        if self.query_one("#load-path", Input).display:
            self._hide_path_input()
        self.refresh_list()

    def refresh_list(self) -> None:
        """Ask the store for the first page of games (in a thread) and show it."""
        self._read_page(0, max(PAGE, len(self.summaries)))

    @work(thread=True, group="saves", exclusive=True)
    def _read_page(self, offset: int, limit: int) -> None:
        try:
            total = self.store.count()
            page = self.store.games(limit=limit, offset=offset)
        except StoreError as error:
            self.app.call_from_thread(self._tell, str(error))
            return
        if offset:
            self.app.call_from_thread(self._add_page, page, total)
        else:
            self.app.call_from_thread(self.show_saves, page, total)

    def _tell(self, problem: str) -> None:
        self.notify(problem, severity="error", markup=False)

    def _add_row(self, table: DataTable[str | Text], summary: GameSummary) -> None:
        table.add_row(
            str(summary.id),
            date_text(summary),
            Text(seats_text(summary), no_wrap=True, overflow="ellipsis"),
            save_status(summary),
            key=str(summary.id),
        )

    def show_saves(self, summaries: list[GameSummary], total: int | None = None) -> None:
        """Show ``summaries`` (of ``total`` games) in the table, keeping the highlighted
        game if it is still there."""
        table = self.query_one("#saves", DataTable)
        current = self.selected
        self.summaries = summaries
        self.total = len(summaries) if total is None else total
        table.clear()
        for summary in summaries:
            self._add_row(table, summary)
        ids = [summary.id for summary in summaries]
        if current is not None and current.id in ids:
            table.move_cursor(row=ids.index(current.id))
        table.display = bool(summaries)
        empty = self.query_one("#load-empty", Static)
        empty.display = not summaries
        empty.update(
            _(
                "No saved games yet: a new game is saved as it is played.\n"
                "Press {key} to open a saved-game file."
            ).format(key="o")
        )
        self._show_detail()
        self.refresh_bindings()
        if summaries and not self.query_one("#load-path", Input).display:
            table.focus()
        self.lists_shown += 1

    def _add_page(self, page: list[GameSummary], total: int) -> None:
        """Add the next page of games below the rows shown."""
        table = self.query_one("#saves", DataTable)
        shown = {summary.id for summary in self.summaries}
        self.total = total
        for summary in page:
            if summary.id not in shown:
                self.summaries.append(summary)
                self._add_row(table, summary)
        self._show_detail()

    @property
    def selected(self) -> GameSummary | None:
        """The highlighted saved game, or None when the list is empty."""
        if not self.summaries:
            return None
        row = self.query_one("#saves", DataTable).cursor_row
        return self.summaries[row] if 0 <= row < len(self.summaries) else None

    @on(DataTable.RowHighlighted, "#saves")
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_detail()
        self.refresh_bindings()
        if event.cursor_row >= len(self.summaries) - 1 and len(self.summaries) < self.total:
            self._read_page(len(self.summaries), PAGE)

    def _show_detail(self) -> None:
        """The highlighted game: where it stands, its moves, when it was dealt, its file."""
        detail = self.query_one("#load-detail", Static)
        summary = self.selected
        if summary is None:
            detail.update("")
            return
        started = summary.created.astimezone().strftime(DATE_FORMAT)
        where = _("game {number} of {count}").format(number=summary.id, count=self.total)
        if summary.source:
            where += " · " + _("imported from {file}").format(file=summary.source)
        actions = ngettext(
            "{status} · {count} action · started {date}",
            "{status} · {count} actions · started {date}",
            summary.actions,
        ).format(status=save_status(summary), count=summary.actions, date=started)
        detail.update(Content.assemble((where, MUTED_STYLE), "\n", actions))

    # ----- keys ------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide the keys that need a highlighted game when the list is empty; the Replays
        screen offers no Continue. A finished game keeps its Continue key: pressing it says
        why it cannot work."""
        if action in ("continue_game", "replay", "open", "delete") and self.selected is None:
            return False
        return not (action == "continue_game" and self.replays)

    @on(DataTable.RowSelected, "#saves")
    def _row_selected(self) -> None:
        self.action_open()

    def action_open(self) -> None:
        """Enter: replay (Replays screen, or a finished game), else continue."""
        summary = self.selected
        if summary is None:
            return
        if self.replays or summary.finished:
            self.action_replay()
        else:
            self.action_continue_game()

    def action_continue_game(self) -> None:
        """Continue the highlighted game (a finished one cannot be: say so)."""
        summary = self.selected
        if summary is None:
            return
        if summary.finished:
            self.notify(
                _(
                    "That game is finished and cannot be continued: press {key} to replay it."
                ).format(key=self.key("load.replay")),
                severity="warning",
                markup=False,
            )
            return
        self.post_message(ContinueGame(summary.id))

    def action_replay(self) -> None:
        """Open the replay of the highlighted game."""
        summary = self.selected
        if summary is not None:
            self.post_message(OpenReplay(summary.id))

    def action_delete(self) -> None:
        """Delete the highlighted game after asking."""
        summary = self.selected
        if summary is None:
            return
        # Translators: what separates the names of a list ("Ann, Bob, Cleo").
        names = pgettext("list of names", ", ").join(summary.names)
        question = _("Delete game {number} ({names}, {status})? This cannot be undone.").format(
            number=summary.id, names=names, status=save_status(summary)
        )

        def answered(delete: bool | None) -> None:
            if delete:
                self._delete(summary.id)

        confirm = ConfirmScreen(
            question, yes=_("Delete"), no=pgettext("a saved game, not deleted", "Keep")
        )

        self.app.push_screen(confirm, answered)

    @work(thread=True, group="delete")
    def _delete(self, game: GameId) -> None:
        """Delete ``game`` from the store, unless another window plays it."""
        try:
            holder = self.store.holder(game)
            if holder is not None:
                self.app.call_from_thread(
                    self._tell,
                    _("Game {number} is {where}: close it there first.").format(
                        number=game, where=holder.describe()
                    ),
                )
                return
            self.store.delete(game)
        except StoreError as error:
            self.app.call_from_thread(
                self._tell,
                _("Could not delete game {number}: {reason}").format(number=game, reason=error),
            )
            return
        self.app.call_from_thread(self._deleted, game)

    def _deleted(self, game: GameId) -> None:
        self.notify(_("Deleted game {number}.").format(number=game), markup=False)
        self.show_saves(
            [summary for summary in self.summaries if summary.id != game], self.total - 1
        )
        self.refresh_list()

    def action_open_path(self) -> None:
        """Show the path input."""
        path_input = self.query_one("#load-path", Input)
        path_input.display = True
        path_input.focus()

    @on(Input.Submitted, "#load-path")
    def _path_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text:
            back = self.key("load.back")
            self.notify(
                _("Type the path of a saved game, or press {key}.").format(key=back),
                severity="warning",
                markup=False,
            )
            return
        path = Path(text).expanduser()
        if confined_to_data_dir() and not path.is_absolute():
            path = exports_dir() / path
        if leaves_data_dir(path):
            self.notify(
                _(
                    "In a browser tab, games open only from the data folder ({folder}): "
                    "choose one in the list, or type the name of a file in its exports folder."
                ).format(folder=data_dir()),
                severity="error",
                markup=False,
            )
            return
        # The input stays until the game opens over this screen (a bad path is told, and
        # can be corrected); coming back here closes it.
        self.post_message(OpenFile(path, watch=self.replays))

    def _hide_path_input(self) -> None:
        path_input = self.query_one("#load-path", Input)
        path_input.value = ""
        path_input.display = False
        if self.summaries:
            self.query_one("#saves", DataTable).focus()

    def palette_commands(self) -> list[PaletteCommand]:
        """What the keys offer for the highlighted game (when there is one)."""
        return binding_commands(self)

    def action_back(self) -> None:
        """Escape: close the path input if it is open, else go back."""
        if self.query_one("#load-path", Input).display:
            self._hide_path_input()
            return
        self.app.pop_screen()
