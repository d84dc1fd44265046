"""The web server of ``chickenfoot serve``: chickenfoot's page, guarded, and one game per tab.

:class:`BrowserServer` is textual-serve's ``Server`` with its routes made here:

- ``/?token=...``: the page (chickenfoot's template, ``templates/app_index.html``), only
  for a host this server answers for and with its token; the page's connection back
  carries the token in its path;
- ``/ws/{token}``: a tab's game. Before any process starts, the host, the token and the
  origin are checked (:class:`~chickenfoot.cli.browser_access.Access`) and the number of
  games in play is counted against the cap; a refusal is a plain-text page in plain words.
  The game runs as :class:`TabGame`; each message of the page is read by
  :func:`~chickenfoot.cli.browser_access.browser_message`, so only what the page sends, in
  bounds, reaches the game;
- ``/static/...``: the page's scripts and styles (textual-serve's).

textual-serve's download route is left out: the game delivers no files. This module imports
aiohttp and textual-serve, so :mod:`chickenfoot.cli.serve` imports it only when it serves.
"""

from __future__ import annotations

import asyncio
import os
import sys
import threading
from collections.abc import Sequence
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from chickenfoot.cli.browser_access import (
    Access,
    Focus,
    Keys,
    Ping,
    Resize,
    browser_message,
    full_house,
    terminal_size,
)

FONT_SIZES = (8, 48)
"""The font sizes (in pixels) a page may ask for with ``?fontsize=``."""
DEFAULT_FONT_SIZE = 16

SECURITY_HEADERS = {
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
}
"""Sent with every answer: the token never leaves in a ``Referer``, and no other site may
frame the page."""


class TabGame(AppService):
    """One tab's game: textual-serve's app service, started without a shell, in a process
    group of its own, with the tab's environment added to the server's."""

    def __init__(self, command: Sequence[str], environment: dict[str, str], **kwargs: Any):
        super().__init__(" ".join(command), **kwargs)
        self.words = tuple(command)
        self.environment = environment

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        """Start the game (textual-serve runs its command through a shell instead)."""
        environment = {**self._build_environment(width=width, height=height), **self.environment}
        self._process = process = await asyncio.create_subprocess_exec(
            *self.words,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=environment,
            # Its own process group: Ctrl+C in the server's terminal reaches the server only,
            # which then tells each game to quit (saving first).
            start_new_session=sys.platform != "win32",
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process


class BrowserServer(Server):
    """textual-serve's server, guarded by ``access``, at most ``max_tabs`` games at once,
    each running ``tab_command`` with ``tab_environment`` added; quiet, and closing the open
    tabs' games when it stops (``quit_time`` seconds at most)."""

    def __init__(
        self,
        tab_command: Sequence[str],
        *,
        access: Access,
        max_tabs: int,
        tab_environment: dict[str, str],
        quit_time: float,
        **options: Any,
    ) -> None:
        super().__init__(" ".join(tab_command), **options)
        self.tab_command = tuple(tab_command)
        self.access = access
        self.max_tabs = max_tabs
        self.tab_environment = tab_environment
        self.quit_time = quit_time
        self.tabs: set[asyncio.Task[Any]] = set()
        """The connections of the open tabs, each running its own game."""

    async def make_app(self) -> web.Application:
        """The web application: the page, the tabs' connections and the static files."""
        app = web.Application()
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket),
                web.get("/ws/{token}", self.handle_websocket, name="websocket"),
                web.static("/static", self.statics_path, name="static"),
            ]
        )
        app.on_response_prepare.append(_add_security_headers)
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    async def on_startup(self, app: web.Application) -> None:
        """Print nothing (the command has said where to play)."""

    async def on_shutdown(self, app: web.Application) -> None:
        """Close every tab's connection now: each tells its game to quit (its game waits for
        its latest save first); wait for them, ``quit_time`` at most."""
        closing = list(self.tabs)
        for tab in closing:
            tab.cancel()
        if closing:
            await asyncio.wait(closing, timeout=self.quit_time)
            await games_quit(self.quit_time)

    # ----- the page ----------------------------------------------------------------------------

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page, for this server's host with its token; a plain refusal otherwise."""
        token = request.query.get("token")
        refusal = self.access.page_refusal(request.headers.get("Host"), token)
        if refusal is not None:
            return refused(403, refusal)
        if len(self.tabs) >= self.max_tabs:
            return refused(503, full_house(self.max_tabs))
        response = aiohttp_jinja2.render_template(
            "app_index.html", request, self.page_context(request)
        )
        response.headers["Cache-Control"] = "no-store"
        return response

    def page_context(self, request: web.Request) -> dict[str, Any]:
        """What the page template is given (textual-serve's names): its font size, the
        address of its connection (with the token), of the static files, and its title."""
        router = request.app.router
        websocket_path = router["websocket"].url_for(token=self.access.token)
        websocket_url = f"{self.public_url}{websocket_path}"
        scheme, rest = websocket_url.split(":", 1)
        return {
            "font_size": _font_size(request.query.get("fontsize")),
            "app_websocket_url": ("wss:" if scheme == "https" else "ws:") + rest,
            "config": {
                "static": {
                    "url": f"{self.public_url}{router['static'].url_for(filename='/')}".rstrip("/")
                    + "/"
                }
            },
            "application": {"name": self.title},
        }

    # ----- a tab's game ------------------------------------------------------------------------

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:  # type: ignore[override]
        """Run one tab's game, once its connection is checked and there is room for it;
        refuse it in plain words (before any process starts) otherwise."""
        refusal = self.access.game_refusal(
            request.headers.get("Host"),
            request.headers.get("Origin"),
            request.match_info.get("token"),
        )
        if refusal is not None:
            return refused(403, refusal)
        if len(self.tabs) >= self.max_tabs:
            return refused(503, full_house(self.max_tabs))
        tab = asyncio.current_task()
        assert tab is not None
        self.tabs.add(tab)  # counted before the first await: no two tabs take the last place
        try:
            return await self.run_tab(request)
        finally:
            self.tabs.discard(tab)

    async def run_tab(self, request: web.Request) -> web.WebSocketResponse:
        """Start the tab's game and relay between it and the page until either ends."""
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE_BYTES)
        width, height = terminal_size(request.query.get("width"), request.query.get("height"))
        game: TabGame | None = None
        try:
            await websocket.prepare(request)
            game = TabGame(
                self.tab_command,
                self.tab_environment,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=websocket.close,
                download_manager=self.download_manager,
            )
            await game.start(width, height)
            await relay(websocket, game)
        except asyncio.CancelledError:
            await websocket.close()
        except ConnectionError:
            pass  # the page went away: its game is told to quit below
        finally:
            if game is not None:
                await game.stop()
        return websocket


MAX_MESSAGE_BYTES = 64 * 1024
"""The largest message a tab's page may send (a paste of text, at most)."""


async def relay(websocket: web.WebSocketResponse, game: TabGame) -> None:
    """Pass the page's keys, size, focus and pings to ``game`` until the page goes; anything
    else the page sends is ignored."""
    async for message in websocket:
        if message.type != WSMsgType.TEXT:
            continue
        match browser_message(message.data):
            case Keys(text):
                await game.send_bytes(text.encode("utf-8"))
            case Resize(width, height):
                await game.set_terminal_size(width, height)
            case Ping(data):
                await websocket.send_json(["pong", data])
            case Focus(focused):
                await (game.focus() if focused else game.blur())
            case None:
                pass


async def games_quit(timeout: float) -> None:
    """Wait (``timeout`` seconds at most) until every tab's game process has ended, been
    reaped, and asyncio's watcher has told the loop so, so that no news of an exit comes
    after the server's event loop has closed (asyncio would then print its own warnings).
    The tabs' games are this process's only children."""
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


def refused(status: int, words: str) -> web.Response:
    """A plain-text page saying ``words``, with ``status``."""
    return web.Response(status=status, text=words + "\n", content_type="text/plain")


def _font_size(text: str | None) -> int:
    """The page's font size from ``?fontsize=``, within :data:`FONT_SIZES`."""
    try:
        size = int(text) if text is not None and len(text) <= 4 else DEFAULT_FONT_SIZE
    except ValueError:
        size = DEFAULT_FONT_SIZE
    return min(max(size, FONT_SIZES[0]), FONT_SIZES[1])


async def _add_security_headers(request: web.Request, response: web.StreamResponse) -> None:
    """Add :data:`SECURITY_HEADERS` to every answer."""
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
