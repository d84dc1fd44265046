"""The Load screen: every saved game in a table, to continue, replay or delete; or any file.

The table lists the autosaves and other saves in the saves folder (newest first) with the
date, the seats, the round and whether the game is finished; broken files are listed too,
with their error, so they can be seen and deleted. Enter opens the highlighted game: in the
Load screen an unfinished game is continued and a finished one replayed, in the Replays
screen every game is replayed. ``c`` continues, ``r`` replays, Delete (or ``x``) deletes
after a confirmation, ``o`` opens a file anywhere by its path (in a browser tab: only inside
the data folder). Files are only read here
(or deleted when asked), never written; a file that does not load shows its one-line error
below the table, and in a notification when opened.
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
from textual.widgets import DataTable, Footer, Input, Static

from chickenfoot.saves.paths import confined_to_data_dir, data_dir, leaves_data_dir
from chickenfoot.saves.storage import SaveSummary, list_saves, saves_dir, summarize
from chickenfoot.text.describe import save_status
from chickenfoot.text.words import plural
from chickenfoot.tui.commands import PaletteCommand, binding_commands
from chickenfoot.tui.messages import ContinueGame, OpenReplay
from chickenfoot.tui.screens.confirm import ConfirmScreen
from chickenfoot.tui.widgets.typing import TypingInput

DATE_FORMAT = "%Y-%m-%d %H:%M"
SEATS_WIDTH = 34
ERROR_STYLE = "bold $text-error"
MUTED_STYLE = "$text-muted"


def date_text(summary: SaveSummary) -> str:
    """When the file was last saved, in local time: "2026-11-30 18:43"."""
    return summary.modified.astimezone().strftime(DATE_FORMAT)


def path_text(path: Path) -> str:
    """A saved game's file: its name when it is in the saves folder, else its whole path."""
    return path.name if path.parent == saves_dir() else str(path)


def seats_text(summary: SaveSummary) -> str:
    """The seats' names (and "taken over" for a game taken over from a replay, so it can be
    told from the original), or the problem of a broken file."""
    if summary.error is not None:
        return "cannot be read (see below)"
    names = ", ".join(summary.names)
    return f"{names} (taken over)" if summary.taken_over else names


class LoadScreen(Screen[None]):
    """The saved games: continue one, replay one, delete one, or open any file."""

    CSS_PATH = "load.tcss"

    BINDINGS = [
        Binding("enter", "open", "Open", show=False, id="load.open"),
        Binding(
            "c",
            "continue_game",
            "Continue",
            id="load.continue",
            tooltip="Play the highlighted game on where it stopped",
        ),
        Binding(
            "r",
            "replay",
            "Replay",
            id="load.replay",
            tooltip="Watch the highlighted game move by move",
        ),
        Binding(
            "delete,x",
            "delete",
            "Delete",
            key_display="Del/x",
            id="load.delete",
            tooltip="Remove the highlighted game's file, after asking",
        ),
        Binding(
            "o",
            "open_path",
            "Open file…",
            id="load.open-file",
            tooltip="Type the path of a saved game",
        ),
        Binding("escape", "back", "Back", id="load.back", tooltip="Close this list"),
    ]

    def __init__(self, replays: bool = False) -> None:
        super().__init__()
        self.replays = replays
        self.summaries: list[SaveSummary] = []
        self.lists_shown = 0
        """How many times the list has been read and shown (it is read again on every return
        to this screen): waiting for it to grow is waiting for a fresh list."""

    # ----- layout and contents -----------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """Title, the table (or a note when there is nothing), details, the path input, footer."""
        title = "Replays: choose a game to watch" if self.replays else "Load a saved game"
        yield Static(title, id="load-title", markup=False)
        table: DataTable[str | Text] = DataTable(id="saves", cursor_type="row", zebra_stripes=True)
        table.add_column("Saved", key="date")
        table.add_column("Seats", key="seats", width=SEATS_WIDTH)
        table.add_column("Round", key="round")
        yield table
        yield Static(id="load-empty", markup=False)
        yield Static(id="load-detail")
        yield TypingInput(
            placeholder="Path of a saved game (Enter opens, Escape cancels)", id="load-path"
        )
        yield Footer()

    def on_mount(self) -> None:
        """Fill the table."""
        self.query_one("#load-path", Input).display = False
        self.query_one("#saves", DataTable).display = False
        self.query_one("#load-empty", Static).update("Reading the saved games…")

    def on_screen_resume(self, event: ScreenResume) -> None:
        """Shown (first, or back from a game or a replay): list the files, which may have
        changed."""
        self.refresh_list()

    def refresh_list(self) -> None:
        """Read the saves folder in a thread (an unchanged file is remembered, so a second
        visit is quick) and show what is there; the count so far shows while it reads."""
        self._read_saves()

    @work(thread=True, group="saves", exclusive=True)
    def _read_saves(self) -> None:
        def progress(done: int, total: int) -> None:
            if total and not self.summaries:
                text = f"Reading the saved games… {done} of {total}"
                self.app.call_from_thread(self._show_progress, text)

        summaries = list_saves(progress=progress)
        self.app.call_from_thread(self.show_saves, summaries)

    def _show_progress(self, text: str) -> None:
        self.query_one("#load-empty", Static).update(text)

    def show_saves(self, summaries: list[SaveSummary]) -> None:
        """Show ``summaries`` in the table, keeping the highlighted file if it is still there."""
        table = self.query_one("#saves", DataTable)
        current = self.selected
        self.summaries = summaries
        table.clear()
        for summary in summaries:
            table.add_row(
                date_text(summary),
                Text(seats_text(summary), no_wrap=True, overflow="ellipsis"),
                save_status(summary),
                key=str(summary.path),
            )
        paths = [summary.path for summary in summaries]
        if current is not None and current.path in paths:
            table.move_cursor(row=paths.index(current.path))
        table.display = bool(summaries)
        empty = self.query_one("#load-empty", Static)
        empty.display = not summaries
        empty.update(
            f"No saved games yet in {saves_dir()}.\n"
            "Press o to open a saved game from anywhere else."
        )
        self._show_detail()
        self.refresh_bindings()
        if summaries and not self.query_one("#load-path", Input).display:
            table.focus()
        self.lists_shown += 1

    @property
    def selected(self) -> SaveSummary | None:
        """The highlighted saved game, or None when the list is empty."""
        if not self.summaries:
            return None
        row = self.query_one("#saves", DataTable).cursor_row
        return self.summaries[row] if 0 <= row < len(self.summaries) else None

    @on(DataTable.RowHighlighted, "#saves")
    def _highlighted(self) -> None:
        self._show_detail()
        self.refresh_bindings()

    def _show_detail(self) -> None:
        """The highlighted file's path, and what is in it or what is wrong with it."""
        detail = self.query_one("#load-detail", Static)
        summary = self.selected
        if summary is None:
            detail.update("")
            return
        if summary.error is not None:
            problem = summary.error.removeprefix(f"{summary.path}: ")
            detail.update(
                Content.assemble(
                    (path_text(summary.path), MUTED_STYLE),
                    "\n",
                    ("Cannot be read: ", ERROR_STYLE),
                    problem,
                )
            )
            return
        created = (
            f" · started {summary.created.astimezone().strftime(DATE_FORMAT)}"
            if summary.created is not None
            else ""
        )
        detail.update(
            Content.assemble(
                (path_text(summary.path), MUTED_STYLE),
                "\n",
                f"{save_status(summary)} · {plural(summary.actions, 'action')}{created}",
            )
        )

    # ----- keys ------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide the keys that need a highlighted game when the list is empty; the Replays
        screen offers no Continue. A finished or broken game keeps its keys: pressing them
        says why they cannot work."""
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
        if summary is None or not self._loads(summary):
            return
        if summary.finished:
            self.notify(
                "That game is finished and cannot be continued: press r to replay it.",
                severity="warning",
            )
            return
        self.post_message(ContinueGame(summary.path))

    def action_replay(self) -> None:
        """Open the replay of the highlighted game."""
        summary = self.selected
        if summary is None or not self._loads(summary):
            return
        self.post_message(OpenReplay(summary.path))

    def _loads(self, summary: SaveSummary) -> bool:
        """True if ``summary``'s file loads; else its error is shown."""
        if summary.error is None:
            return True
        self.notify(summary.error, title="Cannot open", severity="error", markup=False)
        return False

    def action_delete(self) -> None:
        """Delete the highlighted file after asking."""
        summary = self.selected
        if summary is None:
            return
        what = ", ".join(summary.names) if summary.ok else "this unreadable file"
        question = f"Delete {summary.path.name} ({what})? This cannot be undone."

        def answered(delete: bool | None) -> None:
            if delete:
                self._delete(summary.path)

        self.app.push_screen(ConfirmScreen(question, yes="Delete", no="Keep"), answered)

    def _delete(self, path: Path) -> None:
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        except OSError as error:
            self.notify(f"Could not delete {path}: {error}", severity="error", markup=False)
            return
        self.notify(f"Deleted {path.name}.", markup=False)
        self.show_saves([summary for summary in self.summaries if summary.path != path])
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
            self.notify("Type the path of a saved game, or press Escape.", severity="warning")
            return
        self._open_typed_path(Path(text).expanduser())

    @work(thread=True, group="path")
    def _open_typed_path(self, path: Path) -> None:
        """Read the typed file in a thread (a named pipe is refused, never waited on). In a
        browser tab a name is taken in the saves folder, and nothing outside the data folder
        is opened."""
        if confined_to_data_dir() and not path.is_absolute():
            path = saves_dir() / path
        if leaves_data_dir(path):
            self.app.call_from_thread(
                self.notify,
                f"In a browser tab, games open only from the data folder ({data_dir()}): "
                "choose one in the list, or type its name.",
                severity="error",
                markup=False,
            )
            return
        self.app.call_from_thread(self._open_summary, summarize(path))

    def _open_summary(self, summary: SaveSummary) -> None:
        if not self._loads(summary):
            return
        self._hide_path_input()
        if self.replays or summary.finished:
            self.post_message(OpenReplay(summary.path))
        else:
            self.post_message(ContinueGame(summary.path))

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
