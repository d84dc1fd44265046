"""Whose connection this is: the client's address, also behind a reverse proxy.

Every per-address rule of the table server (connections at once, tables made, tables open
that nobody joined, the wait after a wrong guess) counts by the client's address. A server
reached directly sees it as the connection's peer. Behind a reverse proxy (HAProxy, nginx,
Caddy: one that ends TLS, say) every connection comes from the proxy, so the proxy tells who
its client was in a header: ``X-Forwarded-For`` (the usual one) or ``Forwarded`` (RFC 7239).

A header is trusted only from the proxies the operator names (:class:`ProxyTrust`,
``chickenfoot host --trusted-proxy ADDRESS``), and only the header the operator names: any
client can send either header, so one that is not the proxy's own would let a stranger
choose their address. Each proxy appends the address it saw at the end of the header, so the
header is read from its end: past the addresses of trusted proxies (several may be chained),
the first one is the client's. An entry that is no address (``unknown``, an obfuscated name)
is not a client's: the connection counts as the proxy's own then, which holds such clients
together to the limits of one address rather than letting them choose one.

An IPv6 client counts by its /64 network: one home or machine is given a whole /64, so its
addresses are one address to the limits.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network

ForwardedHeader = Literal["X-Forwarded-For", "Forwarded"]
FORWARDED_HEADERS: tuple[ForwardedHeader, ...] = ("X-Forwarded-For", "Forwarded")

IPV6_PREFIX = 64
"""An IPv6 client counts by the network of this many leading bits."""


class Headers(Protocol):
    """The request's headers as the WebSocket library gives them."""

    def get_all(self, key: str) -> list[str]:
        """Every value of header ``key``, in the order received."""


def parse_address(text: str) -> IPAddress | None:
    """``text`` as an IP address (an IPv4 address mapped into IPv6 as IPv4; a port or the
    brackets around an IPv6 address dropped), or None if it is none."""
    text = text.strip().strip('"')
    bracketed = re.fullmatch(r"\[([0-9A-Fa-f:.]+)\](?::\d+)?", text)
    if bracketed:
        text = bracketed.group(1)
    elif re.fullmatch(r"[0-9.]+:\d+", text):
        text = text.split(":")[0]
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def counted_as(address: IPAddress) -> str:
    """What the per-address limits count ``address`` as: itself, or an IPv6 address's /64."""
    if isinstance(address, ipaddress.IPv6Address):
        network = ipaddress.IPv6Network((address, IPV6_PREFIX), strict=False)
        return str(network)
    return str(address)


def forwarded_for(values: Iterable[str]) -> list[str]:
    """The ``for=`` of each element of the ``Forwarded`` header's ``values`` (RFC 7239), in
    order; an element without one gives an empty string."""
    found = []
    for value in values:
        for element in _split_outside_quotes(value, ","):
            chosen = ""
            for pair in _split_outside_quotes(element, ";"):
                name, _, given = pair.partition("=")
                if name.strip().lower() == "for":
                    chosen = given.strip()
            found.append(chosen)
    return found


def _split_outside_quotes(text: str, separator: str) -> list[str]:
    """``text`` split at each ``separator`` that is not inside double quotes."""
    parts: list[str] = []
    current: list[str] = []
    quoted = False
    for char in text:
        if char == '"':
            quoted = not quoted
        if char == separator and not quoted:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return [part for part in (part.strip() for part in parts) if part]


@dataclass(frozen=True)
class ProxyTrust:
    """The reverse proxies whose forwarded header this server believes, and which header
    (see the module's description). No proxies: every connection is its peer's."""

    proxies: tuple[Network, ...] = ()
    header: ForwardedHeader = "X-Forwarded-For"

    @classmethod
    def of(cls, addresses: Sequence[str], header: str = "X-Forwarded-For") -> ProxyTrust:
        """The trust of ``addresses`` (each an address or a network such as 10.0.0.0/8);
        :class:`ValueError` in plain words for one that is neither."""
        networks = []
        for text in addresses:
            try:
                networks.append(ipaddress.ip_network(text.strip(), strict=False))
            except ValueError:
                raise ValueError(
                    f"--trusted-proxy: {text!r} is not an IP address or network "
                    "(such as 127.0.0.1 or 10.0.0.0/8)"
                ) from None
        chosen = next((name for name in FORWARDED_HEADERS if name.lower() == header.lower()), None)
        if chosen is None:
            raise ValueError(f"--forwarded-header: {' or '.join(FORWARDED_HEADERS)}")
        return cls(tuple(networks), chosen)

    def trusts(self, address: IPAddress) -> bool:
        """True if ``address`` is one of the trusted proxies'."""
        return any(address in network for network in self.proxies)

    def client(self, peer: str, headers: Headers | None) -> tuple[str, str | None]:
        """Whose connection from ``peer`` with the request's ``headers`` this is, as the
        limits count it; and why a trusted proxy's header could not be read (None: it could,
        or the peer is no trusted proxy)."""
        peer_address = parse_address(peer)
        if peer_address is None:
            return peer, None
        if not self.trusts(peer_address) or headers is None:
            return counted_as(peer_address), None
        values = headers.get_all(self.header)
        entries = (
            forwarded_for(values)
            if self.header == "Forwarded"
            else [part for value in values for part in value.split(",")]
        )
        if not entries:
            return counted_as(peer_address), f"a trusted proxy sent no {self.header} header"
        client = peer_address
        for entry in reversed(entries):
            address = parse_address(entry)
            if address is None:
                return counted_as(peer_address), "a trusted proxy forwarded no address"
            client = address
            if not self.trusts(address):
                break
        return counted_as(client), None
