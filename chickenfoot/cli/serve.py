"""``chickenfoot serve [--host HOST] [--port PORT] [--public-url URL] [--max-tabs N]``: play
in a web browser.

textual-serve runs a small web server (aiohttp) whose page shows a terminal in the browser;
every tab that opens the page starts its own ``chickenfoot play`` process, so each tab plays
its own game. Every one of those processes uses the data folder of the ``serve`` command
(``CHICKENFOOT_DATA_DIR``, or the user's), so the games are saved, continued and replayed
just as in the terminal; a tab reads and writes no file outside that folder.

The server is safe to leave running: it answers only for its own host names, shows its page
only with the secret token printed in its address, and starts a game only for a connection
from that page (:mod:`chickenfoot.cli.browser_access`), so no other web site can drive it.
It runs :data:`DEFAULT_MAX_TABS` games at once unless told otherwise, each tab's terminal
size is clamped, and every tab's game ends when the server does, however it ends
(:mod:`chickenfoot.tui.served`). It listens on 127.0.0.1 unless ``--host`` names another
address. The port is bound here, before the server starts: a port in use, an unknown host
or an address that is not this machine's is refused with one line and status 2. Ctrl+C (or
SIGTERM) stops the server and every game it runs (each is saved after every move), without
a traceback.
"""

from __future__ import annotations

import argparse
import errno
import ipaddress
import os
import signal
import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from chickenfoot.cli.browser_access import Access, new_token
from chickenfoot.cli.common import EXIT_OK, fail, interrupted, summary
from chickenfoot.cli.options import not_whole_number
from chickenfoot.lang import _, ngettext
from chickenfoot.saves.database import database_path
from chickenfoot.saves.output import write_line
from chickenfoot.saves.paths import DATA_DIR_VARIABLE, ONLY_DATA_DIR_VARIABLE, data_dir

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
TITLE = "Chicken Foot"
WILDCARD_HOSTS = ("0.0.0.0", "::")
"""Hosts that listen on every address of the machine."""
DEFAULT_MAX_TABS = 8
"""How many tabs play at once unless ``--max-tabs`` says otherwise."""
TAB_QUIT_TIME = 10.0
"""Seconds a stopping server waits for the open tabs' games to quit (each saves first)."""
PAGE_TEMPLATES = Path(__file__).with_name("templates")
"""chickenfoot's own page (``app_index.html``): nothing fetched from elsewhere, and xterm.js's
screen reader mode on (docs/browser.md)."""


class ServeProblem(Exception):
    """Why the server cannot start, in plain words (one line)."""


def add_parsers(commands: Any) -> None:
    """Add ``serve`` to the subcommands ``commands``."""
    serve_command = commands.add_parser(
        "serve",
        help=summary("serve"),
        description=_(
            "Serve the game to web browsers: open the address it prints (its "
            "secret token included), and each tab plays its own game, saved in the same folder "
            "as in the terminal; a tab reads and writes files only in that folder. Anyone with "
            "the address can play there and open, delete and copy the saved games, so it "
            "listens on this machine only ({address}) unless --host says otherwise. Ctrl+C "
            "stops it."
        ).format(address=DEFAULT_HOST),
    )
    serve_command.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help=_(
            "The address to listen on (default: {address}, this machine only); "
            "0.0.0.0 listens on every address of this machine, so other machines can connect."
        ).format(address=DEFAULT_HOST),
    )
    serve_command.add_argument(
        "--port",
        type=port_number,
        default=DEFAULT_PORT,
        help=_("The port to listen on (default: {port}; 0 picks a free one).").format(
            port=DEFAULT_PORT
        ),
    )
    serve_command.add_argument(
        "--public-url",
        default=None,
        metavar="URL",
        help=_(
            "The address browsers open, when it is not http://HOST:PORT (for example behind "
            "a proxy, or with --host 0.0.0.0 when other machines know this one by another "
            "name)."
        ),
    )
    serve_command.add_argument(
        "--max-tabs",
        type=tab_count,
        default=DEFAULT_MAX_TABS,
        metavar="N",
        help=_(
            "How many tabs may play at once (default: {count}); each runs a game "
            "of its own, which takes memory. One more is shown a page saying so."
        ).format(count=DEFAULT_MAX_TABS),
    )
    serve_command.set_defaults(
        run=lambda args: serve(args.host, args.port, args.public_url, args.max_tabs)
    )


def port_number(text: str) -> int:
    """Parse ``--port``: a whole number from 0 to 65535."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(not_whole_number(text)) from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(
            _("{value} is not a port: from 0 to 65535").format(value=value)
        )
    return value


def tab_count(text: str) -> int:
    """Parse ``--max-tabs``: a whole number from 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(not_whole_number(text)) from None
    if value < 1:
        raise argparse.ArgumentTypeError(
            _("{value} tabs could not play: give 1 or more").format(value=value)
        )
    return value


def serve(
    host: str, port: int, public_url: str | None = None, max_tabs: int = DEFAULT_MAX_TABS
) -> int:
    """``chickenfoot serve``: listen on ``host``:``port`` until stopped, with at most
    ``max_tabs`` games at once; the exit status."""
    if public_url is not None and not is_web_address(public_url):
        return fail(
            "serve",
            _("{text} is not a web address such as https://games.example.org").format(
                text=repr(public_url)
            ),
        )
    try:
        listening = listen(host, port)
    except ServeProblem as problem:
        return fail("serve", str(problem))
    except KeyboardInterrupt:
        return interrupted("serve")
    address, bound_port = listening.getsockname()[:2]
    url = public_url.rstrip("/") if public_url else default_url(host, bound_port)
    access = Access.of(address, bound_port, url, new_token())
    with listening:
        # Each tab's process inherits this environment: pin the data folder for all of them.
        os.environ[DATA_DIR_VARIABLE] = str(data_dir().absolute())

        def ready() -> None:
            for line in announcement(f"{url}/?token={access.token}", address, max_tabs):
                write_line(sys.stdout, line)
            sys.stdout.flush()

        try:
            stopped_by = run_server(listening, url, ready, access, max_tabs)
        except KeyboardInterrupt:
            stopped_by = signal.SIGINT
    return interrupted("serve") if stopped_by == signal.SIGINT else EXIT_OK


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host``:``port``; :class:`ServeProblem` says why not."""
    if not host:
        raise ServeProblem(_("no host given: name an address with --host, such as 127.0.0.1"))
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError):
        raise ServeProblem(
            _(
                "cannot find the host {host}: name an address of this machine with --host, "
                "such as 127.0.0.1"
            ).format(host=repr(host))
        ) from None
    family, _kind, _protocol, _name, address = found[0]
    try:
        return socket.create_server(address[:2], family=family)
    except OSError as error:
        raise ServeProblem(_bind_problem(error, host, port)) from None


def _bind_problem(error: OSError, host: str, port: int) -> str:
    """What a failed bind to ``host``:``port`` means, in plain words."""
    if error.errno == errno.EADDRINUSE:
        return _("port {port} is in use: choose another with --port").format(port=port)
    if error.errno == errno.EADDRNOTAVAIL:
        return _(
            "{host} is not an address of this machine: choose another with --host, "
            "such as 127.0.0.1"
        ).format(host=repr(host))
    if error.errno == errno.EACCES:
        return _("port {port} needs special permission here: choose another with --port").format(
            port=port
        )
    reason = (error.strerror or _("refused")).lower()
    return _("cannot listen on {host} port {port}: {reason}").format(
        host=repr(host), port=port, reason=reason
    )


def default_url(host: str, port: int) -> str:
    """The address browsers open: ``http://HOST:PORT`` (the machine's name for a host that
    listens on every address; an IPv6 address in brackets)."""
    shown = socket.gethostname() if host in WILDCARD_HOSTS else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}"


def is_web_address(text: str) -> bool:
    """True if ``text`` is an ``http://`` or ``https://`` address naming a host."""
    try:
        parts = urlsplit(text)
        return parts.scheme in ("http", "https") and bool(parts.hostname) and parts.port != -1
    except ValueError:
        return False


def announcement(url: str, address: str, max_tabs: int = DEFAULT_MAX_TABS) -> list[str]:
    """What the command says once it listens on ``address``: where to play (``url``, with
    its token), where the games are saved, what anyone with the address can do (a warning
    unless only this machine can connect) and how to stop."""
    at_once = ngettext(
        "Each browser tab plays its own game (one game at once at most).",
        "Each browser tab plays its own game ({count} games at once at most).",
        max_tabs,
    )
    lines = [
        _("Chicken Foot is served at {url}: open it in a web browser.").format(url=url),
        at_once.format(count=max_tabs),
        _("Games are saved in {file}").format(file=database_path()),
    ]
    if not ipaddress.ip_address(address).is_loopback:
        lines.append(
            _(
                "Other machines can connect. Anyone with this address (its token included) can "
                "play, and continue, replay, delete and save copies of the games in {folder} "
                "(a tab reaches no file outside it). Nothing is encrypted: anyone who can watch "
                "this network can read the address and the games."
            ).format(folder=data_dir())
        )
    lines.append(_("Ctrl+C stops the server."))
    return lines


def tab_command() -> list[str]:
    """The command each browser tab runs: this Python's ``chickenfoot play`` (in the language
    ``--language`` gave ``serve``, if it gave one)."""
    from chickenfoot.cli.language import language_given

    given = language_given()
    language = ["--language", given] if given is not None else []
    return [sys.executable, "-m", "chickenfoot", *language, "play"]


TAB_ENVIRONMENT = {
    "TEXTUAL_DRIVER": "chickenfoot.tui.served:ServedDriver",
    ONLY_DATA_DIR_VARIABLE: "1",
}
"""Set for every tab's game, beside textual-serve's own variables: the driver that quits when
the server goes (however it goes), and files only inside the data folder."""


def run_server(
    listening: socket.socket,
    url: str,
    ready: Callable[[], None],
    access: Access,
    max_tabs: int = DEFAULT_MAX_TABS,
) -> int:
    """Serve the game on ``listening`` until SIGINT or SIGTERM; the signal that stopped it.
    ``url`` is the printed address (without its token), ``access`` what it lets in, and
    ``max_tabs`` how many games may run at once. ``ready()`` is called once both signals
    stop the server cleanly.

    textual-serve's ``Server`` binds by host and port, logs every request, lets any page
    start a game and leaves open tabs to time out when it stops; here it serves the socket
    bound beforehand, quietly, only to its own page (:mod:`chickenfoot.cli.browser_server`),
    and closes every tab when it stops. asyncio, textual-serve and aiohttp are imported only
    now: the other commands do not need them.
    """
    import asyncio

    from aiohttp import web
    from aiohttp.web_runner import GracefulExit

    from chickenfoot.cli.browser_server import BrowserServer

    host, port = listening.getsockname()[:2]
    server = BrowserServer(
        tab_command(),
        access=access,
        max_tabs=max_tabs,
        tab_environment=TAB_ENVIRONMENT,
        quit_time=TAB_QUIT_TIME,
        host=host,
        port=port,
        title=TITLE,
        public_url=url,
        templates_path=PAGE_TEMPLATES,
    )
    loop = asyncio.new_event_loop()
    stopped_by: list[int] = []

    def stop(signum: int) -> None:
        stopped_by.append(signum)
        raise GracefulExit

    for signum in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(signum, stop, signum)
        except NotImplementedError:  # Windows: Ctrl+C arrives as KeyboardInterrupt
            break
    ready()
    web.run_app(
        server.make_app(),
        sock=listening,
        loop=loop,
        handle_signals=False,
        print=None,
        access_log=None,
    )
    return stopped_by[0] if stopped_by else signal.SIGINT
