"""The driver of a browser tab's game: Textual's web driver, bound to the life of its server.

``chickenfoot serve`` runs each tab's game as a process of its own whose standard input is a
pipe from the server (keys, sizes, "quit"). Only the server holds that pipe's other end, so
when the server ends, however it ends (Ctrl+C, a crash, ``kill -9``), the system closes it and
the game reads the end of its input. Textual's :class:`~textual.drivers.web_driver.WebDriver`
then only stops reading; :class:`ServedDriver` also quits the app, as if the server had said
"quit": the game's latest move is committed and the game given back (its holder forgotten), so no
tab outlives its server or keeps a game held.

Why the pipe and not a signal: the end of a pipe is seen on every system (``prctl``'s
parent-death signal is Linux only), it needs nothing of the server at its end (which a
``kill -9`` never gives), and it cannot be missed (a server that died before the game
started leaves a pipe that is already closed, where a parent-death signal set too late is
never sent). The server names this driver in the tab's ``TEXTUAL_DRIVER``.

**What the page announces.** The game's announcements for a screen reader (each move, the
person's turn, a result, why a key did nothing: :mod:`chickenfoot.play.announce`) reach the
page in the terminal's own stream, as an escape sequence of their own (:meth:`ServedDriver.
announce`: ``OSC 7700 ; <base64 of the JSON> BEL``). The page hands xterm.js a handler for
that sequence (``terminal.parser.registerOscHandler``), which puts each announcement in the
page's live regions and draws nothing; a terminal without the handler ignores it, as every
terminal ignores an OSC it does not know. docs/browser.md (*What the page says*) says why.
"""

from __future__ import annotations

import base64
import json
import os
from collections.abc import Mapping
from functools import partial
from typing import Any
from weakref import WeakKeyDictionary

from textual import messages
from textual.app import App
from textual.drivers.web_driver import WebDriver

ANNOUNCE = 7700
"""The number of the OSC escape sequence that carries an announcement to the page (one no
terminal uses: the page's handler takes it, any other terminal ignores it)."""

_DRIVERS: WeakKeyDictionary[App[Any], ServedDriver] = WeakKeyDictionary()
"""The driver of each app a browser tab runs (one per process)."""


def _write_to_server(fileno: int, data: bytes) -> int:
    """Write ``data`` to the server's pipe ``fileno``; nothing once the server is gone (the
    app is quitting by then)."""
    try:
        return os.write(fileno, data)
    except (BrokenPipeError, ConnectionResetError):
        return len(data)


class ServedDriver(WebDriver):
    """Textual's web driver that quits the app when its server goes away."""

    def __init__(
        self,
        app: App[Any],
        *,
        debug: bool = False,
        mouse: bool = True,
        size: tuple[int, int] | None = None,
    ) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self._write = partial(_write_to_server, self.fileno)
        _DRIVERS[app] = self

    def announce(self, said: Mapping[str, object]) -> None:
        """Give the page one announcement (see the module's description): JSON, in base64 so
        that nothing in it (a player's name) can end the sequence early."""
        data = base64.b64encode(json.dumps(said).encode("utf-8")).decode("ascii")
        self.write(f"\x1b]{ANNOUNCE};{data}\x07")

    def run_input_thread(self) -> None:
        """Read the server's keys and messages until the app stops, or until the server's
        end of the pipe closes: then quit the app (it saves its game first)."""
        super().run_input_thread()
        if not self.exit_event.is_set():
            self._app.post_message(messages.ExitApp())


def page_of(app: App[Any]) -> ServedDriver | None:
    """The driver of ``app`` if a browser tab's page shows it (None: a terminal does)."""
    return _DRIVERS.get(app)
