"""``chickenfoot`` (play), ``chickenfoot load FILE|GAME`` and ``replay FILE|GAME [--text]``.

``load`` continues a game: a file is imported into the store first (a game the store has
already is continued, not copied), a number names a game of the store. ``replay`` reads a
file as it is, or a game of the store. A bad file (anything but a regular file, not a saved
game, an illegal move...) or an unknown game number is refused with one line and status 2
before the app starts; Ctrl+C stops with one line and status 130; neither ever prints a
traceback. The transcript of ``replay --text`` is written in what the
console's encoding can show. The Textual app is imported only when it is started, so
``replay --text`` never loads it, and saved games are read only by the commands that open
one, so ``chickenfoot`` reaches its menu without loading the rules first.
"""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chickenfoot.cli.common import EXIT_OK, fail, interrupted, summary
from chickenfoot.lang import N_, _

if TYPE_CHECKING:  # the modules of saved games are imported by the commands that open one
    from chickenfoot.record.model import GameRecord
    from chickenfoot.record.summary import GameId

# Translators: the keys stay as they are; keep each line within 80 columns.
REPLAY_KEYS = N_("""\
keys of the replay viewer:
  ← →                one move back / forward
  [ ]  PgUp PgDn     the previous / next round
  Home End           the first / last move
  Space              play / pause
  + -                faster / slower (0.5 to 16 moves a second)
  o                  the table, or the outline
  s                  the scores, round by round
  a                  the coach's analysis: the move at hand, and the whole game
  t                  take over from here: a new game from this position
  Esc                close the replay

In an unfinished game that people play at one keyboard, the round still in play keeps its
hands and drawn tiles hidden, in the viewer and in the --text transcript.""")
"""The replay viewer's keys, as ``replay --help`` ends (translated where shown)."""


SAVED_GAME_HELP = N_("A saved game (.json), or a game's number.")
"""The help of a command's FILE|GAME (translated where shown)."""


def add_plain_option(parser: argparse.ArgumentParser, default: object = argparse.SUPPRESS) -> None:
    """The ``--plain`` / ``--no-plain`` option (on the command, and on play, load and replay:
    given after them, it is still heard)."""
    parser.add_argument(
        "--plain",
        action=argparse.BooleanOptionalAction,
        default=default,
        help=_(
            "Play a line at a time, for screen readers: nothing is drawn full-screen. "
            "--no-plain opens the full-screen app even when the setting starts the plain mode."
        ),
    )


def add_parsers(commands: Any) -> None:
    """Add ``play``, ``load`` and ``replay`` to the subcommands ``commands``."""
    play = commands.add_parser(
        "play", help=summary("play"), description=_("Start the terminal app.")
    )
    add_plain_option(play)
    play.set_defaults(run=lambda args: run_app(plain=args.plain))

    load_command = commands.add_parser(
        "load",
        help=summary("load"),
        description=_(
            "Open the app continuing a saved game: a file (imported into the store "
            "first) or the number of a game in the store (see `chickenfoot games`)."
        ),
    )
    load_command.add_argument("game", metavar="FILE|GAME", help=_(SAVED_GAME_HELP))
    add_plain_option(load_command)
    load_command.set_defaults(run=lambda args: load(args.game, plain=args.plain))

    replay_command = commands.add_parser(
        "replay",
        help=summary("replay"),
        description=_("Watch a saved game move by move, or print it."),
        epilog=_(REPLAY_KEYS),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    replay_command.add_argument("game", metavar="FILE|GAME", help=_(SAVED_GAME_HELP))
    replay_command.add_argument(
        "--text",
        action="store_true",
        help=_("Print the whole game as a text transcript instead of opening the app."),
    )
    add_plain_option(replay_command)
    replay_command.set_defaults(
        run=lambda args: replay(args.game, text=args.text, plain=args.plain)
    )


def run_app(
    load: GameId | None = None, replay: GameRecord | None = None, *, plain: bool | None = None
) -> int:
    """Start the Textual app (imported only now: the other commands do not need it), or the
    plain mode (``plain``; None: as the settings say), which never imports Textual; the app's
    menu may also end it for the plain mode."""
    if plain is None:
        from chickenfoot.saves.display import read_display

        plain = read_display().plain
    if plain:
        from chickenfoot.plain.app import run_plain

        return run_plain(load=load, replay=replay)
    with collector_paused():
        from chickenfoot.tui.app import run_app as run

    return run(load=load, replay=replay, plain=plain_from_app)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Import the app (Textual and some 400 modules) without the garbage collector.

    Every module loaded makes long-lived objects, and the collector would look through all of
    them again and again while they load. It is paused meanwhile; then, if modules were loaded,
    everything is frozen (:func:`gc.freeze`: later collections skip it; modules live as long as
    the process anyway, and loading them leaves only a few hundred objects of garbage) and the
    collector runs again as before (if it ran), for everything made from then on.
    """
    was_enabled = gc.isenabled()
    modules = len(sys.modules)
    gc.disable()
    try:
        yield
    finally:
        if len(sys.modules) > modules:
            gc.freeze()
        if was_enabled:
            gc.enable()


def plain_from_app() -> int:
    """The plain mode, chosen in the full-screen app's menu: it goes on in the same terminal."""
    from chickenfoot.plain.app import run_plain

    return run_plain(from_app=True)


def game_number(text: str) -> GameId | None:
    """The game number ``text`` names, or None when it names a file: a whole number that is
    not the name of a file here."""
    return int(text) if text.isdigit() and not Path(text).exists() else None


def load(game: str, *, plain: bool | None = None) -> int:
    """``chickenfoot load FILE|GAME``: find (or import) the game, then continue it in the app."""
    from chickenfoot.cli.library import open_cli_store
    from chickenfoot.record.model import RecordError
    from chickenfoot.saves.jsonformat import load_record
    from chickenfoot.saves.store import Incoming, StoreError

    try:
        number = game_number(game)
        store = open_cli_store()
        try:
            if number is None:
                record = load_record(game)
                ((number, _imported),) = store.import_records([Incoming(record, str(Path(game)))])
            game_summary = store.summary(number)
        finally:
            store.close()
        if game_summary.finished:
            return fail(
                "load",
                _("game {game} is over: watch it with chickenfoot replay {game}").format(
                    game=number
                ),
            )
        return run_app(load=number, plain=plain)
    except (RecordError, StoreError) as error:
        return fail("load", str(error))
    except KeyboardInterrupt:
        return interrupted("load")


def replay(game: str, *, text: bool, plain: bool | None = None) -> int:
    """``chickenfoot replay FILE|GAME [--text]``: print a transcript, or open the replay
    viewer."""
    from chickenfoot.cli.library import open_cli_store
    from chickenfoot.record.model import RecordError
    from chickenfoot.saves.jsonformat import load_record
    from chickenfoot.saves.output import write_text
    from chickenfoot.saves.store import StoreError
    from chickenfoot.text.transcript import transcript

    try:
        number = game_number(game)
        if number is None:
            record = load_record(game)
        else:
            store = open_cli_store()
            try:
                record = store.record(number)
            finally:
                store.close()
        if not text:
            return run_app(replay=record, plain=plain)
        write_text(sys.stdout, transcript(record))
    except (RecordError, StoreError) as error:
        return fail("replay", str(error))
    except KeyboardInterrupt:
        return interrupted("replay")
    return EXIT_OK
