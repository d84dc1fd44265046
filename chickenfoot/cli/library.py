"""``chickenfoot games``, ``export`` and ``import``: the games in the store, and JSON files.

- ``chickenfoot games [--unfinished | --finished]``: one line per game (its number, when it
  was last played, the seats, where it stands), the most recent first.
- ``chickenfoot export GAME... --to FOLDER`` or ``export --all --to FOLDER``: each game as a
  JSON file that ``load``, ``replay``, ``verify`` and any other copy of chickenfoot read. A
  file holds every deck, so that the game can be continued from it; for a round in play at
  one keyboard, a line on stderr says the file holds its hands.
- ``chickenfoot import PATH...``: files, or folders of them, through the strict loader; each
  file gets one line (added, extended, already there, or why it cannot be read), and the
  status is 1 when any could not be read.

Each takes ``--store postgresql://…`` (or ``$CHICKENFOOT_STORE``) for a PostgreSQL store; by
default the games are in ``chickenfoot.db`` in the data folder, and every command that reads
it first imports the saves folder of older versions, once (:func:`open_cli_store`). A store
that cannot be opened is one line and status 2.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from chickenfoot.cli.common import EXIT_FAILED, EXIT_OK, fail, interrupted, summary
from chickenfoot.cli.options import add_store_option
from chickenfoot.cli.simulate import ProgressBar
from chickenfoot.lang import N_, _, ngettext
from chickenfoot.record.model import RecordError
from chickenfoot.record.problems import printable
from chickenfoot.saves.choice import chosen_address, open_chosen_store
from chickenfoot.saves.exchange import Exported, export_games, import_files, import_old_saves
from chickenfoot.saves.output import write_line
from chickenfoot.saves.paths import saves_dir
from chickenfoot.saves.store import (
    GameFilter,
    GameStore,
    Imported,
    ImportOutcome,
    StoreError,
)
from chickenfoot.text.describe import save_status

DATE_FORMAT = "%Y-%m-%d %H:%M"

IMPORTED_WORDS = {
    Imported.ADDED: N_("added as game {game}"),
    Imported.EXTENDED: N_("game {game}: its later moves added"),
    Imported.ALREADY: N_("already there as game {game}"),
}
"""What importing a file did (translated where shown)."""


def add_parsers(commands: Any) -> None:
    """Add ``games``, ``export`` and ``import`` to the subcommands ``commands``."""
    games = commands.add_parser(
        "games",
        help=summary("games"),
        description=_(
            "List every game (its number, when it was last played, the seats and "
            "where it stands), the most recent first."
        ),
    )
    which = games.add_mutually_exclusive_group()
    which.add_argument("--unfinished", action="store_true", help=_("Only the unfinished games."))
    which.add_argument("--finished", action="store_true", help=_("Only the finished games."))
    add_store_option(games)
    games.set_defaults(
        run=lambda args: list_games(
            "unfinished" if args.unfinished else "finished" if args.finished else "all",
            args.store,
        )
    )

    export = commands.add_parser(
        "export",
        help=summary("export"),
        description=_(
            "Write games from the store as JSON files that load, replay, verify and "
            "any other copy of chickenfoot read (`chickenfoot games` lists the numbers)."
        ),
    )
    export.add_argument("games", type=int, nargs="*", metavar="GAME", help=_("A game's number."))
    export.add_argument("--all", action="store_true", help=_("Every game in the store."))
    export.add_argument(
        "--to", type=Path, required=True, metavar="FOLDER", help=_("Where to write the files.")
    )
    add_store_option(export)
    export.set_defaults(run=lambda args: export_command(args.games, args.all, args.to, args.store))

    import_command = commands.add_parser(
        "import",
        help=summary("import"),
        description=_(
            "Add saved-game files (or every *.json file of a folder) to the store. A "
            "game already there is not added twice; a file that cannot be read is listed with "
            "the reason."
        ),
    )
    import_command.add_argument(
        "paths",
        type=Path,
        nargs="+",
        metavar="PATH",
        help=_("A saved game, or a folder of them."),
    )
    add_store_option(import_command)
    import_command.set_defaults(run=lambda args: import_command_run(args.paths, args.store))


class ProgressLine:
    """``progress(done, total)`` drawn as a progress bar on stderr, from its first call (when
    the total is known); :meth:`stop` ends the bar."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.started = time.perf_counter()
        self.bar: ProgressBar | None = None

    def __call__(self, done: int, total: int) -> None:
        """``done`` of ``total`` files handled so far."""
        if self.bar is None:
            self.bar = ProgressBar(total, sys.stderr, self.label)
        elif done:
            self.bar.advance(time.perf_counter() - self.started, done - self.bar.done)

    def stop(self) -> None:
        """End the bar (if it was drawn)."""
        if self.bar is not None:
            self.bar.stop()


def open_cli_store(address: str | None = None) -> GameStore:
    """The PostgreSQL store at ``address``; or (None) ``chickenfoot.db`` in the data folder,
    with the saves folder of older versions imported into it the first time (a progress bar
    on a terminal; one line on stderr says what was imported). Raises :class:`StoreError` if
    it cannot be opened."""
    store = open_chosen_store(address)
    if address is not None:  # a shared database: this computer's old saves stay out of it
        return store
    progress = ProgressLine(_("importing the old saves"))
    try:
        outcomes = import_old_saves(store, progress)
    finally:
        progress.stop()
    if outcomes:
        added = sum(1 for outcome in outcomes if outcome.problem is None)
        imported = ngettext(
            "chickenfoot: imported {added} of {count} file from {folder} "
            "(the files stay where they are)",
            "chickenfoot: imported {added} of {count} files from {folder} "
            "(the files stay where they are)",
            len(outcomes),
        )
        folder = printable(str(saves_dir()))
        write_line(sys.stderr, imported.format(added=added, count=len(outcomes), folder=folder))
        for outcome in outcomes:
            if outcome.problem is not None:
                write_line(sys.stderr, "  " + unreadable(outcome.problem))
    return store


def list_games(which: GameFilter, store_option: str | None = None) -> int:
    """``chickenfoot games``: one line per game, the most recent first."""
    try:
        store = open_cli_store(chosen_address(store_option))
        try:
            for summary in store.games(which):
                when = summary.updated.astimezone().strftime(DATE_FORMAT)
                write_line(
                    sys.stdout,
                    f"{summary.id:>6}  {when}  {save_status(summary):<22}  "
                    f"{', '.join(summary.names)}",
                )
        finally:
            store.close()
    except StoreError as error:
        return fail("games", str(error))
    except KeyboardInterrupt:
        return interrupted("games")
    return EXIT_OK


def export_command(
    games: list[int], every: bool, folder: Path, store_option: str | None = None
) -> int:
    """``chickenfoot export``: each game as a JSON file in ``folder``."""
    if every == bool(games):
        return fail("export", _("name the games to export (their numbers), or give --all"))
    try:
        store = open_cli_store(chosen_address(store_option))
        try:
            chosen = [summary.id for summary in store.games()] if every else games
            for exported in export_games(store, chosen, folder):
                write_line(sys.stdout, printable(str(exported.path)))
                if exported.shown.file_holds_secrets:
                    write_line(sys.stderr, secrets_note(exported))
        finally:
            store.close()
    except (StoreError, RecordError) as error:
        return fail("export", str(error))
    except OSError as error:
        return fail("export", str(error))
    except KeyboardInterrupt:
        return interrupted("export")
    return EXIT_OK


def secrets_note(exported: Exported) -> str:
    """The line that warns of a file holding the hands of a round in play at one keyboard."""
    private = exported.shown.private_round
    assert private is not None
    return _(
        "chickenfoot export: note: {file} holds the hands of round {round}, still in play at "
        "one keyboard, and the decks to come: keep it from the players until the game is over"
    ).format(file=printable(str(exported.path)), round=private + 1)


def outcome_line(outcome: ImportOutcome) -> str:
    """What importing one file did, in one line."""
    if outcome.problem is not None:
        return unreadable(outcome.problem)
    assert outcome.imported is not None
    what = _(IMPORTED_WORDS[outcome.imported]).format(game=outcome.game)
    return f"{printable(str(outcome.path))}: {what}"


def unreadable(problem: object) -> str:
    """The line of a file that cannot be imported: ``problem`` says why."""
    return _("cannot be read: {problem}").format(problem=problem)


def import_command_run(paths: list[Path], store_option: str | None = None) -> int:
    """``chickenfoot import PATH...``: add the files to the store, one line each."""
    progress = ProgressLine(_("importing"))
    try:
        store = open_cli_store(chosen_address(store_option))
        try:
            outcomes = import_files(store, paths, progress)
        finally:
            progress.stop()
            store.close()
    except StoreError as error:
        return fail("import", str(error))
    except KeyboardInterrupt:
        return interrupted("import")
    for outcome in outcomes:
        write_line(sys.stdout if outcome.problem is None else sys.stderr, outcome_line(outcome))
    return EXIT_FAILED if any(outcome.problem is not None for outcome in outcomes) else EXIT_OK
