"""``chickenfoot host``: run a table server for online games (``chickenfoot/net``).

One asyncio process holds every table; people join with ``chickenfoot join CODE@HOST:PORT``
or from the menu (Join a table). It listens on 127.0.0.1 (this machine only) unless
``--host`` names another address, and then says what it exposes. ``--certfile`` and
``--keyfile`` make it speak TLS (``wss://``). ``--table`` makes a table at once (the rule
flags of ``simulate``, the seats with ``--seats``), prints its code and join line, and starts
its game once every person's seat is taken; the table's moves are printed as a spectator
sees them. Ctrl+C (or SIGTERM) stops the server; every game stays saved, in ``chickenfoot.db``
in the data folder or, with ``--store postgresql://…`` (or ``$CHICKENFOOT_STORE``), in that
PostgreSQL database.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import logging
import re
import signal
import ssl
import sys
from pathlib import Path
from typing import Any, TextIO

from chickenfoot.bots import BOT_LEVELS
from chickenfoot.cli.common import EXIT_OK, fail, interrupted, summary
from chickenfoot.cli.options import (
    add_rule_options,
    add_store_option,
    positive_int,
    rules_error_text,
    rules_from_args,
)
from chickenfoot.cli.serve import ServeProblem, listen, port_number
from chickenfoot.lang import N_, _, ngettext
from chickenfoot.net.forwarded import FORWARDED_HEADERS, ProxyTrust
from chickenfoot.net.headless import LogPrinter
from chickenfoot.net.lease import LEASE
from chickenfoot.net.limits import Limits
from chickenfoot.net.oplog import LOGGER, JsonLines, TextLines
from chickenfoot.net.protocol import (
    CODE_ALPHABET,
    DEFAULT_GRACE,
    SeatPlan,
    TableOptions,
    code_letters,
)
from chickenfoot.net.remote import DEFAULT_PORT, TableAddress
from chickenfoot.net.server import ServerStore, TableServer
from chickenfoot.net.table import OnlineTable
from chickenfoot.play.client import SpectatorClient
from chickenfoot.play.wire import HostMessage
from chickenfoot.record.model import SEED_BITS
from chickenfoot.record.problems import printable
from chickenfoot.rules import RuleSetError
from chickenfoot.saves.choice import chosen_address, open_chosen_store
from chickenfoot.saves.output import write_line
from chickenfoot.saves.store import StoreError

DEFAULT_HOST = "127.0.0.1"
STOPPING = N_("Stopping: every table is saved and comes back when the server starts again.")
"""What the host says once stopped (translated where shown)."""
FIXED_DEAL_WARNING = N_(
    "chickenfoot host: warning: --seed fixes the table's deal: whoever knows the seed knows "
    "every hand (for tests and demonstrations; everybody at the table is told)."
)
"""The warning of a ``--seed`` (translated where shown)."""
PEOPLE_NAMES = ("Ana", "Bea", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
"""The names a ``--table``'s people's seats are planned under (each joiner brings their own)."""


def add_parsers(commands: Any) -> None:
    """Add ``host`` to the subcommands ``commands``."""
    host = commands.add_parser(
        "host",
        help=summary("host"),
        description=_(
            "Run a table server for online games. People join a table with "
            "'chickenfoot join CODE@HOST:PORT' (or Join a table in the menu). It listens on "
            "this machine only ({address}) unless --host says otherwise. Ctrl+C stops it; "
            "every game stays saved."
        ).format(address=DEFAULT_HOST),
    )
    host.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help=_(
            "The address to listen on (default: {address}, this machine only); "
            "0.0.0.0 listens on every address of this machine."
        ).format(address=DEFAULT_HOST),
    )
    host.add_argument(
        "--port",
        type=port_number,
        default=DEFAULT_PORT,
        help=_("The port to listen on (default: {port}; 0 picks a free one).").format(
            port=DEFAULT_PORT
        ),
    )
    host.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help=_(
            "A reverse proxy in front of this server (an address, or a network such as "
            "10.0.0.0/8; repeat it for several): on connections from it the client's address "
            "is read from the header --forwarded-header names, and every per-address limit "
            "counts that address. A forwarded header from any other address is ignored."
        ),
    )
    host.add_argument(
        "--forwarded-header",
        choices=FORWARDED_HEADERS,
        type=_header_name,
        default="X-Forwarded-For",
        help=_("The header the trusted proxies name the client in (default: X-Forwarded-For)."),
    )
    host.add_argument("--certfile", type=Path, help=_("A TLS certificate (PEM): serve wss://."))
    host.add_argument("--keyfile", type=Path, help=_("The certificate's private key (PEM)."))
    table = host.add_argument_group(_("a table made at start"))
    table.add_argument(
        "--table",
        action="store_true",
        help=_(
            "Make a table now and print its code; its game starts once every person's "
            "seat is taken."
        ),
    )
    table.add_argument(
        "--seats",
        default=None,
        metavar="LIST",
        # Translators: 'person' and the levels are typed as they are: keep them.
        help=_(
            "The table's seats, comma-separated: 'person' (someone who joins) or a computer "
            "level ({levels}); one per player (default: people only)."
        ).format(levels=", ".join(BOT_LEVELS)),
    )
    table.add_argument(
        "--grace",
        type=float,
        default=DEFAULT_GRACE,
        metavar="SECONDS",
        help=_(
            "How long a dropped person's seat waits before a computer covers it "
            "(default: {seconds:g})."
        ).format(seconds=DEFAULT_GRACE),
    )
    table.add_argument(
        "--cover",
        choices=tuple(BOT_LEVELS),
        default="hard",
        help=_("The level of the computer that covers a dropped seat (default: hard)."),
    )
    table.add_argument("--no-hints", action="store_true", help=_("People may not ask for hints."))
    table.add_argument(
        "--pause",
        type=float,
        default=0.6,
        metavar="SECONDS",
        help=_("The pause before each computer move (default: 0.6)."),
    )
    table.add_argument(
        "--seed",
        type=int,
        default=None,
        help=_(
            "For tests and demonstrations only: deal the --table's game from this seed (the "
            "same hands every time; everybody at the table is told the deal is fixed). Without "
            "it, every table is dealt from a secret of the server's own."
        ),
    )
    add_rule_options(host)
    add_store_option(host)
    shared = host.add_argument_group(
        _(
            "several servers on one PostgreSQL store (docs/architecture.md, README: Run a "
            "public server)"
        )
    )
    shared.add_argument(
        "--advertise",
        type=_server_url,
        metavar="URL",
        help=_(
            "Where the other servers reach this one, to relay a client to a table it runs "
            "(default: ws:// and the address and port it listens on; this machine's name when "
            "it listens on every address)."
        ),
    )
    shared.add_argument(
        "--lease",
        type=_lease_seconds,
        default=LEASE,
        metavar="SECONDS",
        help=_(
            "How long this server's lease on its tables runs unless renewed (default: "
            "{seconds:g}): once it runs out, after the server died or was cut off, another "
            "server takes its tables over."
        ).format(seconds=LEASE),
    )
    shared.add_argument(
        "--code-letters",
        type=_code_letters,
        default=CODE_ALPHABET,
        metavar="LETTERS",
        help=_(
            "The characters this server's new table codes start with, written out or as "
            "ranges (A-R): give each server its own, and a proxy can send a table's players "
            "straight to the server that made it (docs/proxy/haproxy-servers.cfg) rather than "
            "through another that relays them (default: any)."
        ),
    )
    host.add_argument(
        "--log-json",
        action="store_true",
        help=_(
            "Write the operator's log (standard error: tables opened, started, finished and "
            "closed, refusals) as one JSON object a line, for machines."
        ),
    )
    host.add_argument(
        "--sync-every-move",
        action="store_true",
        help=_(
            "Wait for the disk after every move: a power cut then loses nothing either "
            "(by default a move survives the server being killed, and reaches the disk within "
            "moments; waiting every time makes each move slower)."
        ),
    )
    host.add_argument(
        "--move-times",
        type=Path,
        default=None,
        metavar="FILE",
        help=_(
            "Time every move a client makes, at the server, and write one line per move to "
            "FILE once stopped: when its last frame was sent (monotonic seconds), the "
            "milliseconds from reading the client's frame to then, and the milliseconds of CPU "
            "time the server used meanwhile (for benchmarks)."
        ),
    )
    limits = host.add_argument_group(_("limits"))
    defaults = Limits()
    limits.add_argument(
        "--max-tables",
        type=positive_int,
        default=defaults.max_tables,
        metavar="N",
        help=_("The most tables at once (default: {count}).").format(count=defaults.max_tables),
    )
    limits.add_argument(
        "--per-address",
        type=int,
        default=defaults.per_address,
        metavar="N",
        help=_("The most connections from one address (default: {count}; 0: no limit).").format(
            count=defaults.per_address
        ),
    )
    limits.add_argument(
        "--new-tables",
        type=int,
        default=defaults.making_burst,
        metavar="N",
        help=_(
            "The most tables one address may make at once, then one every {seconds:g} "
            "seconds (default: {count}; 0: no limit)."
        ).format(seconds=defaults.making_every, count=defaults.making_burst),
    )
    limits.add_argument(
        "--open-tables",
        type=int,
        default=defaults.lonely_per_address,
        metavar="N",
        help=_(
            "The most tables one address may hold open that nobody else joined "
            "(default: {count}; 0: no limit)."
        ).format(count=defaults.lonely_per_address),
    )
    limits.add_argument(
        "--lobby-expiry",
        type=float,
        default=defaults.lobby_expiry,
        metavar="SECONDS",
        help=_(
            "A table not started, with nobody connected, closes after this "
            "(default: {seconds:g}, 15 minutes)."
        ).format(seconds=defaults.lobby_expiry),
    )
    limits.add_argument(
        "--game-expiry",
        type=float,
        default=defaults.game_expiry,
        metavar="SECONDS",
        help=_(
            "A game in play with nobody connected closes after this (it stays saved; "
            "default: {seconds:g}, 12 hours)."
        ).format(seconds=defaults.game_expiry),
    )
    host.set_defaults(run=run)


def _header_name(text: str) -> str:
    """A forwarded header's name as the choices spell it, whatever its case."""
    return next((name for name in FORWARDED_HEADERS if name.lower() == text.lower()), text)


def _server_url(text: str) -> str:
    """``text`` if it is a WebSocket server's address (ws:// or wss://, no path)."""
    if not re.fullmatch(r"wss?://[^/\s]+", text.strip()):
        raise argparse.ArgumentTypeError(
            _("{text} is not a server's address: give ws://HOST:PORT or wss://HOST:PORT").format(
                text=printable(text)
            )
        )
    return text.strip()


def _lease_seconds(text: str) -> float:
    """``text`` as a lease's seconds (from 1 to 600)."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = 0.0
    if not 1 <= seconds <= 600:
        raise argparse.ArgumentTypeError(
            _("{text}: give seconds from 1 to 600").format(text=printable(text))
        )
    return seconds


def _code_letters(text: str) -> str:
    """``text`` as the characters a server's codes start with."""
    try:
        return code_letters(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(printable(str(error))) from None


def table_options(args: argparse.Namespace) -> TableOptions:
    """The ``--table`` a command line describes (``ValueError`` in words if it cannot be)."""
    try:
        rules = rules_from_args(args)
    except RuleSetError as error:
        raise ValueError(rules_error_text(error)) from None
    words = [word.strip() for word in (args.seats or "").split(",") if word.strip()]
    words = words or ["person"] * rules.players
    if len(words) != rules.players:
        seats = ngettext(
            "--seats lists {count} seat but the rules have {players} players (set --players)",
            "--seats lists {count} seats but the rules have {players} players (set --players)",
            len(words),
        )
        raise ValueError(seats.format(count=len(words), players=rules.players))
    plans = []
    for seat, word in enumerate(words):
        if word == "person":
            plans.append(SeatPlan(name=PEOPLE_NAMES[seat]))
        elif word in BOT_LEVELS:
            plans.append(SeatPlan(name=f"{word.capitalize()} {seat + 1}", computer=word))  # type: ignore[arg-type]
        else:
            # Translators: 'person' and the levels are typed as they are: keep them.
            refusal = _("--seats: {word} is neither 'person' nor a level ({levels})")
            raise ValueError(refusal.format(word=repr(word), levels=", ".join(BOT_LEVELS)))
    if not 0 <= args.grace <= 3600:
        raise ValueError(_("--grace: from 0 to 3600 seconds"))
    if not 0 <= args.pause <= 10:
        raise ValueError(_("--pause: from 0 to 10 seconds"))
    return TableOptions(
        rules=rules,
        seats=tuple(plans),
        cover=args.cover,
        grace=args.grace,
        hints=not args.no_hints,
        pause=args.pause,
    )


def tls_context(certfile: Path | None, keyfile: Path | None) -> ssl.SSLContext | None:
    """The TLS context of ``--certfile``/``--keyfile`` (None: plain); ``ValueError`` in
    words when they cannot be used."""
    if certfile is None and keyfile is None:
        return None
    if certfile is None:
        raise ValueError(_("--keyfile needs --certfile"))
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(certfile, keyfile)
    except (OSError, ssl.SSLError) as error:
        reason = getattr(error, "strerror", None) or getattr(error, "reason", None) or _("unusable")
        raise ValueError(
            _("cannot use the certificate {file}: {reason}").format(
                file=certfile, reason=str(reason).lower()
            )
        ) from None
    return context


def run(args: argparse.Namespace) -> int:
    """``chickenfoot host``: serve tables until stopped; the exit status."""
    try:
        options = table_options(args) if args.table else None
        tls = tls_context(args.certfile, args.keyfile)
        proxies = ProxyTrust.of(args.trusted_proxy, args.forwarded_header)
        if args.seed is not None and not args.table:
            raise ValueError(_("--seed fixes the deal of the --table: add --table"))
        if args.seed is not None and not 0 <= args.seed < 2**SEED_BITS:
            raise ValueError(_("--seed: from 0 to {highest}").format(highest=2**SEED_BITS - 1))
    except ValueError as problem:
        return fail("host", str(problem))
    if args.seed is not None:
        write_line(sys.stderr, _(FIXED_DEAL_WARNING))
    limits = Limits(
        max_tables=args.max_tables,
        per_address=max(0, args.per_address),
        making_burst=max(0, args.new_tables),
        lonely_per_address=max(0, args.open_tables),
        lobby_expiry=args.lobby_expiry,
        game_expiry=args.game_expiry,
    )
    try:
        store = open_chosen_store(
            chosen_address(args.store), sync_every_commit=args.sync_every_move
        )
    except StoreError as problem:
        return fail("host", str(problem))
    try:
        return _run_with(args, store, limits, options, tls, proxies)
    finally:
        store.close()


def _run_with(
    args: argparse.Namespace,
    store: ServerStore,
    limits: Limits,
    options: TableOptions | None,
    tls: ssl.SSLContext | None,
    proxies: ProxyTrust,
) -> int:
    """``chickenfoot host`` on ``store``, once it is open: listen and serve until stopped
    (trusting ``proxies``' forwarded addresses)."""
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
            reason = (problem.strerror or _("cannot be written")).lower()
            return fail(
                "host",
                _("cannot write {file}: {reason}").format(file=args.move_times, reason=reason),
            )
    operator_log(json_lines=args.log_json)
    try:
        stopped_by = asyncio.run(
            _serve(listening, args, store, limits, options, tls, times, proxies)
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
    args: argparse.Namespace,
    store: ServerStore,
    limits: Limits,
    options: TableOptions | None,
    tls: ssl.SSLContext | None,
    times: TextIO | None,
    proxies: ProxyTrust,
) -> int:
    host, seed = args.host, args.seed
    timed: list[tuple[float, float, float]] = []  # written once stopped: no disk write per move

    server = TableServer(
        limits,
        store,
        steady_collector=True,
        proxies=proxies,
        advertise=args.advertise,
        lease=args.lease,
        code_letters=args.code_letters,
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
    if server.restored:
        say(brought_back(server))
    if options is not None:
        table = server.create_table(options, seed=seed)
        table.auto_start = True
        narrate(table)
        # Translators: {code} is the table's code; the command after it is typed as it is.
        say(
            _("table {code}: chickenfoot join {address}").format(
                code=table.code, address=shown.with_code(table.code)
            )
        )
    try:
        await stop.wait()
        say(_(STOPPING))
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
    url = f"{scheme}://{shown.host}:{shown.port}"
    lines = [_("chickenfoot tables are served at {url}").format(url=url)]
    if ipaddress.ip_address(address).is_loopback:
        lines.append(_("Only this machine can connect (use --host to let others in)."))
    elif shown.secure:
        lines.append(
            _(
                "Other machines can connect to {address} port {port}: anyone who can reach "
                "it can make tables and, with a table's code, join or watch it."
            ).format(address=address, port=shown.port)
        )
    else:
        lines.append(
            _(
                "Other machines can connect to {address} port {port}: anyone who can reach "
                "it can make tables and, with a table's code, join or watch it. The traffic "
                "is not encrypted (see --certfile)."
            ).format(address=address, port=shown.port)
        )
    lines.append(_("Ctrl+C stops the server (every game stays saved)."))
    return lines


def brought_back(server: TableServer) -> str:
    """What a server that kept tables says when it starts again: how many it brought back."""
    tables = [server.tables[code] for code in server.restored if code in server.tables]
    games = sum(1 for table in tables if table.host is not None)
    lobbies = len(tables) - games
    tables_text = ngettext("{count} table", "{count} tables", len(tables))
    games_text = ngettext("{count} game in play", "{count} games in play", games)
    lobbies_text = ngettext("{count} lobby", "{count} lobbies", lobbies)
    # Translators: "Brought back 3 tables kept from the last run: 2 games in play, 1 lobby."
    return _("Brought back {tables} kept from the last run: {games}, {lobbies}.").format(
        tables=tables_text.format(count=len(tables)),
        games=games_text.format(count=games),
        lobbies=lobbies_text.format(count=lobbies),
    )


def operator_log(*, json_lines: bool) -> None:
    """Write the operator's log (and the server's own warnings) to standard error, as text
    or as JSON lines."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonLines() if json_lines else TextLines())
    for name in (LOGGER, "chickenfoot.net"):
        logger = logging.getLogger(name)
        logger.addHandler(handler)
        logger.setLevel(logging.INFO if name == LOGGER else logging.WARNING)
        logger.propagate = False


def narrate(table: OnlineTable) -> None:
    """Print ``table``'s moves as a spectator sees them."""
    client = SpectatorClient()
    printer = LogPrinter(lambda line: say(f"{table.code} {line}"))

    def heard(message: HostMessage) -> None:
        client.receive(message)
        printer.follow(client)

    table.observers.append(heard)
