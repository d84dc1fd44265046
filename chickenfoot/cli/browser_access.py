"""Who may use ``chickenfoot serve``, and what a browser may send it: pure checks, no server.

A web page the user visits elsewhere can make their browser open connections to the game's
server (cross-site WebSocket hijacking), and a host name an attacker controls can be made
to point at this machine (DNS rebinding). So the server (:mod:`chickenfoot.cli.serve`) asks
:class:`Access` three questions before it shows its page or starts a game:

- the **host**: the ``Host`` a request names must be one the server answers for (the
  printed address, the address it listens on; on loopback also ``localhost``);
- the **token**: a secret made at start and printed in the address, as notebook servers
  do; the page is given only with it, and the page's connection carries it;
- the **origin**: a connection that starts a game must come from the server's own page.

Everything a tab's browser sends afterwards is read by :func:`browser_message`, which keeps
only the messages the page sends, with their values in bounds, and :func:`terminal_size`
clamps the size a tab asks for.
"""

from __future__ import annotations

import ipaddress
import json
import secrets
import socket
from dataclasses import dataclass
from typing import Any, Final
from urllib.parse import urlsplit

from chickenfoot.lang import N_, _, ngettext

TOKEN_BYTES: Final = 24
"""The token's randomness, in bytes (32 characters in the address)."""

LOOPBACK_NAMES: Final = frozenset({"localhost", "127.0.0.1", "::1"})
"""Names of this machine that only this machine reaches."""

DEFAULT_SIZE: Final = (80, 24)
"""The terminal size of a tab that does not say (or says nonsense)."""
WIDTH_RANGE: Final = (20, 320)
HEIGHT_RANGE: Final = (8, 100)
"""The columns and lines a tab's terminal may have: enough for a large window with a small
font; beyond, every tab would cost the server far more memory for nothing a player sees."""

PING_MAX_LENGTH: Final = 64
"""The longest ping a page may send (the server sends it back)."""


def new_token() -> str:
    """A fresh secret for a server's address (URL-safe characters)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


Place = tuple[str, int]
"""A host name (lower case, IPv6 without brackets) and a port."""


def _place(host: str | None, default_port: int) -> Place | None:
    """The host name and port of a ``Host`` header (or an origin's network location);
    None if it is not one."""
    if not host:
        return None
    try:
        parts = urlsplit(f"//{host}")
        name, port = parts.hostname, parts.port
    except ValueError:
        return None
    if not name or parts.path or parts.query or parts.fragment or parts.username is not None:
        return None
    return name.rstrip("."), default_port if port is None else port


def _is_address(name: str) -> bool:
    """True if ``name`` is an IP address written out (no name a resolver could change)."""
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class Access:
    """What the server at a printed address lets in (see the module's docstring)."""

    token: str
    places: frozenset[Place]
    """The host names and ports the server answers for."""
    any_address_port: int | None
    """Listening on every address: any IP address written out, with this port, is fine too."""
    public_origin: tuple[str, Place]
    """The scheme and place of the printed address (its page's origin)."""

    @classmethod
    def of(cls, address: str, port: int, url: str, token: str) -> Access:
        """What a server listening on ``address``:``port`` and printed as ``url`` (without
        its token) lets in, with ``token``."""
        public = urlsplit(url)
        scheme = public.scheme.lower()
        public_place = _place(public.netloc, 443 if scheme == "https" else 80)
        assert public_place is not None, f"{url} is not a web address"
        places = {public_place, (address, port)}
        any_address = ipaddress.ip_address(address).is_unspecified
        if ipaddress.ip_address(address).is_loopback or any_address:
            places |= {(name, port) for name in LOOPBACK_NAMES}
        if any_address:
            places.add((socket.gethostname().lower(), port))
        return cls(token, frozenset(places), port if any_address else None, (scheme, public_place))

    def answers_for(self, host: str | None) -> bool:
        """True if the ``Host`` header ``host`` names this server (without a port, it may
        have come through a proxy for http or https)."""
        places = [_place(host, 80), _place(host, 443)]
        return any(place is not None and self._known(place) for place in places)

    def _known(self, place: Place) -> bool:
        name, port = place
        return place in self.places or (port == self.any_address_port and _is_address(name))

    def is_own_origin(self, origin: str | None) -> bool:
        """True if the ``Origin`` header ``origin`` is a page of this server."""
        if not origin:
            return False
        parts = urlsplit(origin)
        scheme = parts.scheme.lower()
        if scheme not in ("http", "https") or parts.path not in ("", "/"):
            return False
        place = _place(parts.netloc, 443 if scheme == "https" else 80)
        if place is None:
            return False
        return (scheme, place) == self.public_origin or (scheme == "http" and self._known(place))

    def token_matches(self, token: str | None) -> bool:
        """True if ``token`` is this server's (compared in constant time)."""
        return token is not None and secrets.compare_digest(token.encode(), self.token.encode())

    def page_refusal(self, host: str | None, token: str | None) -> str | None:
        """Why the page is not shown to a request for ``host`` with ``token``, in plain
        words; None if it is."""
        if not self.answers_for(host):
            return _(HOST_REFUSAL)
        if not token:
            return _(NO_TOKEN)
        if not self.token_matches(token):
            return _(WRONG_TOKEN)
        return None

    def game_refusal(self, host: str | None, origin: str | None, token: str | None) -> str | None:
        """Why no game is started for a connection to ``host`` from ``origin`` with
        ``token``, in plain words; None if one is."""
        refusal = self.page_refusal(host, token)
        if refusal is None and not self.is_own_origin(origin):
            return _(FOREIGN_ORIGIN)
        return refusal


HOST_REFUSAL = N_(
    "This server does not answer for that host name: open the whole address that "
    "chickenfoot serve printed."
)
NO_TOKEN = N_(
    "This address lacks its token: open the whole address that chickenfoot serve printed "
    "(it ends with ?token=...)."
)
WRONG_TOKEN = N_(
    "That token is not this server's (each start makes a new one): open the whole address "
    "that chickenfoot serve printed."
)
FOREIGN_ORIGIN = N_("Only this server's own page may start a game; this request came from another.")
"""Why a browser's request is refused (each translated where shown)."""


def full_house(max_tabs: int) -> str:
    """What a browser is told when ``max_tabs`` games are already being played."""
    busy = ngettext(
        "Chicken Foot is busy: this server plays one game at a time, and one is in play. "
        "Close another Chicken Foot tab, then reload this page.",
        "Chicken Foot is busy: this server plays {count} games at once, and {count} are in "
        "play. Close another Chicken Foot tab, then reload this page.",
        max_tabs,
    )
    return busy.format(count=max_tabs)


def _bounded(value: Any, bounds: tuple[int, int], default: int) -> int:
    """``value`` as a whole number within ``bounds`` (``default`` if it is not a number)."""
    if isinstance(value, str):
        try:
            value = int(value.strip()) if len(value) <= 12 else None
        except ValueError:
            value = None
    if not isinstance(value, int) or isinstance(value, bool):
        return default
    low, high = bounds
    return min(max(value, low), high)


def terminal_size(width: Any, height: Any) -> tuple[int, int]:
    """The columns and lines of a tab's terminal, from what the browser asked (text or
    numbers), each clamped to :data:`WIDTH_RANGE` and :data:`HEIGHT_RANGE`."""
    return (
        _bounded(width, WIDTH_RANGE, DEFAULT_SIZE[0]),
        _bounded(height, HEIGHT_RANGE, DEFAULT_SIZE[1]),
    )


@dataclass(frozen=True)
class Keys:
    """Keys typed (or text pasted) in the tab, as the terminal sends them."""

    text: str


@dataclass(frozen=True)
class Resize:
    """The tab's terminal has a new size (clamped)."""

    width: int
    height: int


@dataclass(frozen=True)
class Ping:
    """The page checks that the server is there; it is sent ``data`` back."""

    data: str


@dataclass(frozen=True)
class Focus:
    """The tab gained (or lost) the keyboard."""

    focused: bool


BrowserMessage = Keys | Resize | Ping | Focus
"""What a tab's page may say."""


def browser_message(text: str) -> BrowserMessage | None:
    """The message a tab's page sent as ``text`` (a JSON list such as ``["stdin", "n"]``),
    checked and bounded; None for anything else, which the server ignores."""
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return None
    kind, values = envelope[0], envelope[1:]
    if kind in ("focus", "blur") and not values:
        return Focus(kind == "focus")
    if len(values) != 1:
        return None
    value = values[0]
    if kind == "stdin" and isinstance(value, str):
        return Keys(value.encode("utf-8", "replace").decode("utf-8"))
    if kind == "ping" and isinstance(value, str) and len(value) <= PING_MAX_LENGTH:
        return Ping(value)
    if kind == "resize" and isinstance(value, dict):
        return Resize(*terminal_size(value.get("width"), value.get("height")))
    return None
