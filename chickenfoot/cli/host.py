"""``chickenfoot host``: run a table server for online games (``chickenfoot/net``).

One asyncio process holds every table; people join with ``chickenfoot join CODE@HOST:PORT``
or from the menu (Join a table). It listens on 127.0.0.1 (this machine only) unless
``--host`` names another address, and then says what it exposes. ``--certfile`` and
``--keyfile`` make it speak TLS (``wss://``). ``--table`` makes a table at once (the rule
flags of ``simulate``, the seats with ``--seats``), prints its code and join line, and starts
its game once every person's seat is taken; the table's moves are printed as a spectator
sees them. Ctrl+C (or SIGTERM) stops the server; every game stays saved.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import signal
import ssl
import sys
from pathlib import Path
from typing import Any, TextIO

from chickenfoot.bots import BOT_LEVELS
from chickenfoot.cli.common import EXIT_OK, fail, interrupted, summary
from chickenfoot.cli.options import (
    add_rule_options,
    positive_int,
    rules_error_text,
    rules_from_args,
)
from chickenfoot.cli.serve import ServeProblem, listen, port_number
from chickenfoot.net.headless import LogPrinter
from chickenfoot.net.limits import Limits
from chickenfoot.net.protocol import DEFAULT_GRACE, SeatPlan, TableOptions
from chickenfoot.net.remote import DEFAULT_PORT, TableAddress
from chickenfoot.net.server import TableServer
from chickenfoot.net.table import OnlineTable
from chickenfoot.play.client import SpectatorClient
from chickenfoot.play.wire import HostMessage
from chickenfoot.rules import RuleSetError
from chickenfoot.saves.output import write_line

DEFAULT_HOST = "127.0.0.1"
STOPPING = "Stopping: every table is saved and comes back when the server starts again."
PEOPLE_NAMES = ("Ana", "Bea", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
"""The names a ``--table``'s people's seats are planned under (each joiner brings their own)."""


def add_parsers(commands: Any) -> None:
    """Add ``host`` to the subcommands ``commands``."""
    host = commands.add_parser(
        "host",
        help=summary("host"),
        description="Run a table server for online games. People join a table with "
        "'chickenfoot join CODE@HOST:PORT' (or Join a table in the menu). It listens on this "
        f"machine only ({DEFAULT_HOST}) unless --host says otherwise. Ctrl+C stops it; every "
        "game stays saved.",
    )
    host.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help=f"The address to listen on (default: {DEFAULT_HOST}, this machine only); "
        "0.0.0.0 listens on every address of this machine.",
    )
    host.add_argument(
        "--port",
        type=port_number,
        default=DEFAULT_PORT,
        help=f"The port to listen on (default: {DEFAULT_PORT}; 0 picks a free one).",
    )
    host.add_argument("--certfile", type=Path, help="A TLS certificate (PEM): serve wss://.")
    host.add_argument("--keyfile", type=Path, help="The certificate's private key (PEM).")
    table = host.add_argument_group("a table made at start")
    table.add_argument(
        "--table",
        action="store_true",
        help="Make a table now and print its code; its game starts once every person's "
        "seat is taken.",
    )
    table.add_argument(
        "--seats",
        default=None,
        metavar="LIST",
        help="The table's seats, comma-separated: 'person' (someone who joins) or a computer "
        f"level ({', '.join(BOT_LEVELS)}); one per player (default: people only).",
    )
    table.add_argument(
        "--grace",
        type=float,
        default=DEFAULT_GRACE,
        metavar="SECONDS",
        help=f"How long a dropped person's seat waits before a computer covers it "
        f"(default: {DEFAULT_GRACE:g}).",
    )
    table.add_argument(
        "--cover",
        choices=tuple(BOT_LEVELS),
        default="hard",
        help="The level of the computer that covers a dropped seat (default: hard).",
    )
    table.add_argument("--no-hints", action="store_true", help="People may not ask for hints.")
    table.add_argument(
        "--pause",
        type=float,
        default=0.6,
        metavar="SECONDS",
        help="The pause before each computer move (default: 0.6).",
    )
    table.add_argument("--seed", type=int, default=None, help="Deal the same game every time.")
    add_rule_options(host)
    host.add_argument(
        "--sync-every-move",
        action="store_true",
        help="Wait for the disk after every move: a power cut then loses nothing either "
        "(by default a move survives the server being killed, and reaches the disk within "
        "moments; waiting every time makes each move slower).",
    )
    host.add_argument(
        "--move-times",
        type=Path,
        default=None,
        metavar="FILE",
        help="Time every move a client makes, at the server, and write one line per move to "
        "FILE once stopped: when its last frame was sent (monotonic seconds), the "
        "milliseconds from reading the client's frame to then, and the milliseconds of CPU "
        "time the server used meanwhile (for benchmarks).",
    )
    limits = host.add_argument_group("limits")
    defaults = Limits()
    limits.add_argument(
        "--max-tables",
        type=positive_int,
        default=defaults.max_tables,
        metavar="N",
        help=f"The most tables at once (default: {defaults.max_tables}).",
    )
    limits.add_argument(
        "--per-address",
        type=int,
        default=defaults.per_address,
        metavar="N",
        help=f"The most connections from one address (default: {defaults.per_address}; "
        "0: no limit).",
    )
    limits.add_argument(
        "--lobby-expiry",
        type=float,
        default=defaults.lobby_expiry,
        metavar="SECONDS",
        help="A table not started, with nobody connected, closes after this "
        f"(default: {defaults.lobby_expiry:g}, 15 minutes).",
    )
    limits.add_argument(
        "--game-expiry",
        type=float,
        default=defaults.game_expiry,
        metavar="SECONDS",
        help="A game in play with nobody connected closes after this (it stays saved; "
        f"default: {defaults.game_expiry:g}, 12 hours).",
    )
    host.set_defaults(run=run)


def table_options(args: argparse.Namespace) -> TableOptions:
    """The ``--table`` a command line describes (``ValueError`` in words if it cannot be)."""
    try:
        rules = rules_from_args(args)
    except RuleSetError as error:
        raise ValueError(rules_error_text(error)) from None
    words = [word.strip() for word in (args.seats or "").split(",") if word.strip()]
    words = words or ["person"] * rules.players
    if len(words) != rules.players:
        raise ValueError(
            f"--seats lists {len(words)} seats but the rules have {rules.players} players "
            "(set --players)"
        )
    plans = []
    for seat, word in enumerate(words):
        if word == "person":
            plans.append(SeatPlan(name=PEOPLE_NAMES[seat]))
        elif word in BOT_LEVELS:
            plans.append(SeatPlan(name=f"{word.capitalize()} {seat + 1}", computer=word))  # type: ignore[arg-type]
        else:
            raise ValueError(
                f"--seats: {word!r} is neither 'person' nor a level ({', '.join(BOT_LEVELS)})"
            )
    if not 0 <= args.grace <= 3600:
        raise ValueError("--grace: from 0 to 3600 seconds")
    if not 0 <= args.pause <= 10:
        raise ValueError("--pause: from 0 to 10 seconds")
    return TableOptions(
        rules=rules,
        seats=tuple(plans),
        cover=args.cover,
        grace=args.grace,
        hints=not args.no_hints,
        pause=args.pause,
        seed=args.seed,
    )


def tls_context(certfile: Path | None, keyfile: Path | None) -> ssl.SSLContext | None:
    """The TLS context of ``--certfile``/``--keyfile`` (None: plain); ``ValueError`` in
    words when they cannot be used."""
    if certfile is None and keyfile is None:
        return None
    if certfile is None:
        raise ValueError("--keyfile needs --certfile")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(certfile, keyfile)
    except (OSError, ssl.SSLError) as error:
        reason = getattr(error, "strerror", None) or getattr(error, "reason", None) or "unusable"
        raise ValueError(f"cannot use the certificate {certfile}: {str(reason).lower()}") from None
    return context


def run(args: argparse.Namespace) -> int:
    """``chickenfoot host``: serve tables until stopped; the exit status."""
    try:
        options = table_options(args) if args.table else None
        tls = tls_context(args.certfile, args.keyfile)
    except ValueError as problem:
        return fail("host", str(problem))
    limits = Limits(
        max_tables=args.max_tables,
        per_address=max(0, args.per_address),
        lobby_expiry=args.lobby_expiry,
        game_expiry=args.game_expiry,
    )
    try:
        listening = listen(args.host, args.port)
    except ServeProblem as problem:
        return fail("host", str(problem))
    times: TextIO | None = None
    if args.move_times is not None:
        try:
            times = args.move_times.open("w", encoding="utf-8")
        except OSError as problem:
            listening.close()
            reason = (problem.strerror or "cannot be written").lower()
            return fail("host", f"cannot write {args.move_times}: {reason}")
    try:
        stopped_by = asyncio.run(
            _serve(listening, args.host, limits, options, tls, args.sync_every_move, times)
        )
    except KeyboardInterrupt:
        stopped_by = signal.SIGINT
    finally:
        if times is not None:
            times.close()
    return interrupted("host") if stopped_by == signal.SIGINT else EXIT_OK


def say(text: str) -> None:
    """Print one line at once (the host's output is read as it comes)."""
    write_line(sys.stdout, text)
    sys.stdout.flush()


async def _serve(
    listening: Any,
    host: str,
    limits: Limits,
    options: TableOptions | None,
    tls: ssl.SSLContext | None,
    sync_every_move: bool,
    times: TextIO | None = None,
) -> int:
    timed: list[tuple[float, float, float]] = []  # written once stopped: no disk write per move

    server = TableServer(
        limits,
        sync_every_move=sync_every_move,
        steady_collector=True,
        move_times=(lambda when, took, cpu: timed.append((when, took, cpu))) if times else None,
    )
    address, port = listening.getsockname()[:2]
    await server.start(sock=listening, tls=tls)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    stopped_by: list[int] = []

    def stopping(signum: int) -> None:
        stopped_by.append(signum)
        stop.set()
        for handled in (signal.SIGINT, signal.SIGTERM):  # a second one stops it at once
            loop.remove_signal_handler(handled)

    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signum, stopping, signum)
    shown = TableAddress(_shown_host(host), port, secure=tls is not None)
    for line in announcement(shown, address):
        say(line)
    if options is not None:
        table = server.create_table(options)
        table.auto_start = True
        narrate(table)
        say(f"table {table.code}: chickenfoot join {shown.with_code(table.code)}")
    try:
        await stop.wait()
        say(STOPPING)
    finally:
        await server.close()
        if times is not None:
            times.writelines(
                f"{when:.6f} {seconds * 1000:.3f} {cpu * 1000:.3f}\n"
                for when, seconds, cpu in timed
            )
    return stopped_by[0] if stopped_by else signal.SIGINT


def _shown_host(host: str) -> str:
    """The host name to give players: this machine's name for a wildcard address."""
    import socket

    return socket.gethostname() if host in ("0.0.0.0", "::") else host


def announcement(shown: TableAddress, address: str) -> list[str]:
    """What the command says once it listens: where, who can connect, how to stop."""
    scheme = "wss" if shown.secure else "ws"
    lines = [f"chickenfoot tables are served at {scheme}://{shown.host}:{shown.port}"]
    if ipaddress.ip_address(address).is_loopback:
        lines.append("Only this machine can connect (use --host to let others in).")
    else:
        lines.append(
            f"Other machines can connect to {address} port {shown.port}: anyone who can reach "
            "it can make tables and, with a table's code, join or watch it."
            + ("" if shown.secure else " The traffic is not encrypted (see --certfile).")
        )
    lines.append("Ctrl+C stops the server (every game stays saved).")
    return lines


def narrate(table: OnlineTable) -> None:
    """Print ``table``'s moves as a spectator sees them."""
    client = SpectatorClient()
    printer = LogPrinter(lambda line: say(f"{table.code} {line}"))

    def heard(message: HostMessage) -> None:
        client.receive(message)
        printer.follow(client)

    table.observers.append(heard)
