"""``chickenfoot join CODE@HOST:PORT``: play a seat at an online table.

With ``--computer LEVEL`` a computer player plays the seat without a screen and the table's
moves are printed as the seat sees them (scripts, tests and the benchmark use it); with
``--watch`` the table is watched the same way. Otherwise the game opens in the terminal app.
A seat's token is kept in the data folder (``online-seats.json``): joining the same table
again, after a restart or from a machine the file was copied to, takes the seat back. The
finished game is kept as an ordinary saved game.
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import signal
import sys
from typing import Any

from chickenfoot.bots import BOT_LEVELS, make_bot
from chickenfoot.cli.common import EXIT_FAILED, EXIT_OK, fail, interrupted, summary
from chickenfoot.lang import _, pgettext
from chickenfoot.net.headless import RemotePlayer
from chickenfoot.net.protocol import Hello, JoinTable, ReturnToSeat, WatchTable
from chickenfoot.net.remote import AddressError, Received, RemoteLink, TableAddress
from chickenfoot.net.tokens import SeatBook
from chickenfoot.saves.output import write_line


def add_parsers(commands: Any) -> None:
    """Add ``join`` to the subcommands ``commands``."""
    join = commands.add_parser(
        "join",
        help=summary("join"),
        description=_(
            "Join the online table CODE at the table server HOST:PORT (as printed by "
            "'chickenfoot host'). Joining again takes your seat back with the token kept in "
            "your data folder."
        ),
    )
    join.add_argument("table", metavar="CODE@HOST:PORT", help=_("The table's code and server."))
    join.add_argument(
        "--name",
        default=None,
        help=_("Your name at the table (default: your login name; with --computer, the seat's)."),
    )
    how = join.add_mutually_exclusive_group()
    how.add_argument(
        "--computer",
        choices=tuple(BOT_LEVELS),
        default=None,
        metavar="LEVEL",
        help=_("A computer player plays the seat, without a screen ({levels}).").format(
            levels=", ".join(BOT_LEVELS)
        ),
    )
    how.add_argument("--watch", action="store_true", help=_("Watch the table without a screen."))
    join.add_argument(
        "--think",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help=_("With --computer: wait this long before each answer (default: 0)."),
    )
    join.set_defaults(run=run)


def say(text: str) -> None:
    """Print one line at once."""
    write_line(sys.stdout, text)
    sys.stdout.flush()


def run(args: argparse.Namespace) -> int:
    """``chickenfoot join``: the exit status (0: the game ended)."""
    try:
        address = TableAddress.parse(args.table)
    except AddressError as problem:
        return fail("join", str(problem))
    if address.code is None:
        return fail(
            "join",
            _("{text} names no table: write it as CODE@HOST:PORT").format(text=repr(args.table)),
        )
    if args.computer is None and not args.watch:
        from chickenfoot.tui.app import run_app
        from chickenfoot.tui.messages import JoinOnline

        return run_app(join=JoinOnline(str(address), args.name or _login_name()))
    name = args.name or ("" if args.computer else _login_name())
    book = SeatBook()
    held = None if args.watch else book.find(str(address))
    hello: Hello
    if args.watch:
        hello = WatchTable(code=address.code, name=name or _("Spectator"))
    elif held is not None:
        hello = ReturnToSeat(code=address.code, token=held.token)
    else:
        hello = JoinTable(code=address.code, name=name)
    link = RemoteLink(address, hello)
    strategy = make_bot(args.computer) if args.computer else None

    from chickenfoot.net.seating import follow_seat

    def remember_token(item: Received) -> None:
        """Keep the seat's token while the table goes on (as the app does); forget it once
        nothing is left to take back."""
        seated = link.seated is not None
        follow_seat(book, str(address), item, token=link.token, seated=seated)

    player = RemotePlayer(
        link,
        strategy,
        level=args.computer or "casual",
        say=say,
        think=max(0.0, args.think),
        check=remember_token,
    )
    try:
        outcome = asyncio.run(_play(player))
    except KeyboardInterrupt:
        return interrupted("join")
    if outcome is None:
        return interrupted("join")
    if outcome.record is not None:
        save_finished_here(outcome.record, str(address))
    if outcome.result is None:
        why = outcome.problem or _("the table closed")
        write_line(sys.stderr, f"chickenfoot join: {why}")
        return EXIT_FAILED
    return EXIT_OK


async def _play(player: RemotePlayer) -> Any:
    loop = asyncio.get_running_loop()
    task = asyncio.ensure_future(player.play())
    for signum in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(signum, task.cancel)
        except NotImplementedError:
            break
    try:
        return await task
    except asyncio.CancelledError:
        return None


def save_finished_here(record_json: str, address: str) -> None:
    """Keep the finished game sent by the server in this machine's store, as an ordinary saved
    game, and say which game it became (or why it could not be kept)."""
    from chickenfoot.net.seating import save_finished
    from chickenfoot.saves.database import open_store
    from chickenfoot.text import online

    try:
        store = open_store()
    except OSError as problem:
        write_line(sys.stderr, f"chickenfoot join: {online.not_saved(str(problem))}")
        return
    try:
        game, words = save_finished(store, record_json, address)
    finally:
        store.close()
    if game is None:
        write_line(sys.stderr, f"chickenfoot join: {words}")
    else:
        say(words)


def _login_name() -> str:
    try:
        return getpass.getuser().capitalize()[:24] or _default_name()
    except (OSError, KeyError):
        return _default_name()


def _default_name() -> str:
    """The name of a person whose login name cannot be found."""
    return pgettext("a person's name when none is known", "Player")
