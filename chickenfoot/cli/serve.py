"""``chickenfoot serve [--host HOST] [--port PORT] [--public-url URL]``: play in a web browser.

textual-serve runs a small web server (aiohttp) whose page shows a terminal in the browser;
every tab that opens the page starts its own ``chickenfoot play`` process, so each tab plays
its own game. Every one of those processes uses the data folder of the ``serve`` command
(``CHICKENFOOT_DATA_DIR``, or the user's), so the games are saved, continued and replayed
just as in the terminal.

The server listens on 127.0.0.1 unless ``--host`` names another address; there is no
password, so anyone who can reach the address can play and open the saved games. The port
is bound here, before the server starts: a port in use, an unknown host or an address that
is not this machine's is refused with one line and status 2. Ctrl+C (or SIGTERM) stops the
server and every game it runs (each is saved after every move), without a traceback.
"""

from __future__ import annotations

import argparse
import errno
import ipaddress
import os
import shlex
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from chickenfoot.cli.common import EXIT_OK, fail, interrupted, summary
from chickenfoot.saves.output import write_line
from chickenfoot.saves.paths import DATA_DIR_VARIABLE, data_dir, saves_dir

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
TITLE = "Chicken Foot"
WILDCARD_HOSTS = ("0.0.0.0", "::")
"""Hosts that listen on every address of the machine."""
TAB_QUIT_TIME = 10.0
"""Seconds a stopping server waits for the open tabs' games to quit (each saves first)."""
PAGE_TEMPLATES = Path(__file__).with_name("templates")
"""chickenfoot's own page (``app_index.html``): nothing fetched from elsewhere, and xterm.js's
screen reader mode on (docs/browser.md)."""


class ServeProblem(Exception):
    """Why the server cannot start, in plain words (one line)."""


def add_parser(commands: Any) -> None:
    """Add ``serve`` to the subcommands ``commands``."""
    serve_command = commands.add_parser(
        "serve",
        help=summary("serve"),
        description="Serve the game to web browsers: open the address it prints, and each "
        "tab plays its own game, saved in the same folder as in the terminal. There is no "
        "password: anyone who can reach the address can play and open the saved games, so "
        f"it listens on this machine only ({DEFAULT_HOST}) unless --host says otherwise. "
        "Ctrl+C stops it.",
    )
    serve_command.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help=f"The address to listen on (default: {DEFAULT_HOST}, this machine only); "
        "0.0.0.0 listens on every address of this machine, so other machines can connect.",
    )
    serve_command.add_argument(
        "--port",
        type=port_number,
        default=DEFAULT_PORT,
        help=f"The port to listen on (default: {DEFAULT_PORT}; 0 picks a free one).",
    )
    serve_command.add_argument(
        "--public-url",
        default=None,
        metavar="URL",
        help="The address browsers open, when it is not http://HOST:PORT (for example behind "
        "a proxy, or with --host 0.0.0.0 when other machines know this one by another name).",
    )
    serve_command.set_defaults(run=lambda args: serve(args.host, args.port, args.public_url))


def port_number(text: str) -> int:
    """Parse ``--port``: a whole number from 0 to 65535."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{value} is not a port: from 0 to 65535")
    return value


def serve(host: str, port: int, public_url: str | None = None) -> int:
    """``chickenfoot serve``: listen on ``host``:``port`` until stopped; the exit status."""
    if public_url is not None and not public_url.startswith(("http://", "https://")):
        return fail("serve", f"{public_url!r} is not a web address: it starts with http://")
    try:
        listening = listen(host, port)
    except ServeProblem as problem:
        return fail("serve", str(problem))
    except KeyboardInterrupt:
        return interrupted("serve")
    address, bound_port = listening.getsockname()[:2]
    url = public_url.rstrip("/") if public_url else default_url(host, bound_port)
    with listening:
        # Each tab's process inherits this environment: pin the data folder for all of them.
        os.environ[DATA_DIR_VARIABLE] = str(data_dir().absolute())

        def ready() -> None:
            for line in announcement(url, address):
                write_line(sys.stdout, line)
            sys.stdout.flush()

        try:
            stopped_by = run_server(listening, url, ready)
        except KeyboardInterrupt:
            stopped_by = signal.SIGINT
    return interrupted("serve") if stopped_by == signal.SIGINT else EXIT_OK


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host``:``port``; :class:`ServeProblem` says why not."""
    if not host:
        raise ServeProblem("no host given: name an address with --host, such as 127.0.0.1")
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError):
        raise ServeProblem(
            f"cannot find the host {host!r}: name an address of this machine with --host, "
            "such as 127.0.0.1"
        ) from None
    family, _kind, _protocol, _name, address = found[0]
    try:
        return socket.create_server(address[:2], family=family)
    except OSError as error:
        raise ServeProblem(_bind_problem(error, host, port)) from None


def _bind_problem(error: OSError, host: str, port: int) -> str:
    """What a failed bind to ``host``:``port`` means, in plain words."""
    if error.errno == errno.EADDRINUSE:
        return f"port {port} is in use: choose another with --port"
    if error.errno == errno.EADDRNOTAVAIL:
        return (
            f"{host!r} is not an address of this machine: choose another with --host, "
            "such as 127.0.0.1"
        )
    if error.errno == errno.EACCES:
        return f"port {port} needs special permission here: choose another with --port"
    reason = (error.strerror or "refused").lower()
    return f"cannot listen on {host!r} port {port}: {reason}"


def default_url(host: str, port: int) -> str:
    """The address browsers open: ``http://HOST:PORT`` (the machine's name for a host that
    listens on every address; an IPv6 address in brackets)."""
    shown = socket.gethostname() if host in WILDCARD_HOSTS else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}"


def announcement(url: str, address: str) -> list[str]:
    """What the command says once it listens on ``address``: where to play, where the games
    are saved, who can connect (a warning unless only this machine can) and how to stop."""
    lines = [
        f"Chicken Foot is served at {url}: open it in a web browser.",
        "Each browser tab plays its own game.",
        f"Games are saved in {saves_dir()}",
    ]
    if not ipaddress.ip_address(address).is_loopback:
        lines.append(
            "Other machines can connect: anyone who can reach this address can play and open "
            "the saved games (there is no password)."
        )
    lines.append("Ctrl+C stops the server.")
    return lines


def tab_command() -> str:
    """The shell command each browser tab runs: this Python's ``chickenfoot play``."""
    words = [sys.executable, "-m", "chickenfoot", "play"]
    return subprocess.list2cmdline(words) if os.name == "nt" else shlex.join(words)


async def games_quit(timeout: float) -> None:
    """Wait (``timeout`` seconds at most) until every tab's game process has ended, been
    reaped, and asyncio's watcher has told the loop so, so that no news of an exit comes
    after the server's event loop has closed (asyncio would then print its own warnings).
    The tabs' games are this process's only children."""
    import asyncio

    if not hasattr(os, "waitid"):  # Windows: no way to ask, and no such warnings
        return
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        try:  # WNOWAIT: only look; asyncio's own watcher reaps the process
            os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            break
        await asyncio.sleep(0.05)
    # Python 3.11's watcher reaps each child in a thread of its own ("asyncio-waitpid-N"), which
    # then hands the news to the loop; on a busy machine that can come after the reaping by
    # a while, and the warning is printed if the loop has closed by then.
    while loop.time() < deadline and any(
        "waitpid-" in thread.name and thread.is_alive() for thread in threading.enumerate()
    ):
        await asyncio.sleep(0.02)
    await asyncio.sleep(0)  # let the watcher's news of the last exit be handled


def run_server(listening: socket.socket, url: str, ready: Callable[[], None]) -> int:
    """Serve the game on ``listening`` until SIGINT or SIGTERM; the signal that stopped it.
    ``ready()`` is called once both signals stop the server cleanly.

    textual-serve's ``Server`` binds by host and port, logs every request and leaves open
    tabs to time out when it stops; here it serves the socket bound beforehand, quietly, and
    closes every tab when it stops. asyncio, textual-serve and aiohttp are imported only now:
    the other commands do not need them.
    """
    import asyncio

    from aiohttp import web
    from aiohttp.web_runner import GracefulExit
    from textual_serve.server import Server

    tabs: set[asyncio.Task[Any]] = set()
    """The connections of the open tabs, each running its own game."""

    class BrowserServer(Server):
        """textual-serve's server, quiet, closing the open tabs' games when it stops."""

        async def on_startup(self, app: web.Application) -> None:
            """Print nothing (the command has said where to play)."""

        async def on_shutdown(self, app: web.Application) -> None:
            """Close every tab's connection now: each tells its game to quit (its game waits
            for its latest save first); wait for them, :data:`TAB_QUIT_TIME` at most."""
            closing = list(tabs)
            for tab in closing:
                tab.cancel()
            if closing:
                await asyncio.wait(closing, timeout=TAB_QUIT_TIME)
                await games_quit(TAB_QUIT_TIME)

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            """Run one tab's game (textual-serve's handler), remembering its connection."""
            tab = asyncio.current_task()
            assert tab is not None
            tabs.add(tab)
            try:
                return await super().handle_websocket(request)
            finally:
                tabs.discard(tab)

    host, port = listening.getsockname()[:2]
    server = BrowserServer(
        tab_command(),
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
        server._make_app(),
        sock=listening,
        loop=loop,
        handle_signals=False,
        print=None,
        access_log=None,
    )
    return stopped_by[0] if stopped_by else signal.SIGINT
