"""Behind a reverse proxy: the client's address is read from the forwarded header only on
connections from a trusted proxy, and every per-address limit counts that address. Tested
against the header's rules directly, against the server with forged headers, and behind a
real HAProxy (Debian's package) ending TLS on loopback, with the configuration the
documentation gives (docs/proxy/haproxy.cfg)."""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import socket
import ssl
import subprocess
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed

from chickenfoot.net.forwarded import ProxyTrust, counted_as, forwarded_for, parse_address
from chickenfoot.net.limits import Limits
from chickenfoot.net.protocol import (
    CreateTable,
    Denied,
    Seated,
    ServerFrame,
    WatchTable,
    read_server,
    write,
)
from chickenfoot.net.server import TableServer
from tests.net.online import options, wait_for
from tests.net.processes import self_signed

CONFIG = Path(__file__).parents[2] / "docs" / "proxy" / "haproxy.cfg"


def headers(**values: str) -> Headers:
    """Request headers (``X_Forwarded_For`` for X-Forwarded-For)."""
    return Headers([(name.replace("_", "-"), value) for name, value in values.items()])


# ----- the header's rules ------------------------------------------------------------------------


def test_a_forwarded_header_counts_only_from_a_trusted_proxy() -> None:
    trust = ProxyTrust.of(["10.0.0.0/8", "127.0.0.1"])
    forged = headers(X_Forwarded_For="203.0.113.9")
    assert trust.client("198.51.100.7", forged) == ("198.51.100.7", None)
    assert trust.client("10.1.2.3", forged) == ("203.0.113.9", None)
    # Read from its end: what the client wrote before the proxy's entry is not believed, and
    # chained trusted proxies are passed over.
    chained = headers(X_Forwarded_For="6.6.6.6, 203.0.113.9, 10.9.9.9")
    assert trust.client("127.0.0.1", chained) == ("203.0.113.9", None)
    everyone_trusted = headers(X_Forwarded_For="10.0.0.1")
    assert trust.client("10.0.0.2", everyone_trusted) == ("10.0.0.1", None)


def test_a_trusted_proxy_whose_header_names_nobody_counts_as_itself() -> None:
    trust = ProxyTrust.of(["127.0.0.1"])
    assert trust.client("127.0.0.1", headers()) == (
        "127.0.0.1",
        "a trusted proxy sent no X-Forwarded-For header",
    )
    unknown = headers(X_Forwarded_For="unknown")
    assert trust.client("127.0.0.1", unknown) == (
        "127.0.0.1",
        "a trusted proxy forwarded no address",
    )


def test_only_the_header_the_operator_names_is_read() -> None:
    trust = ProxyTrust.of(["127.0.0.1"], "forwarded")
    assert trust.header == "Forwarded"
    both = headers(X_Forwarded_For="6.6.6.6", Forwarded='for="[2001:db8:1:2::7]:4711"')
    assert trust.client("127.0.0.1", both) == ("2001:db8:1:2::/64", None)
    assert forwarded_for(['for=192.0.2.60;proto=http;by=203.0.113.43, for="_hidden"']) == [
        "192.0.2.60",
        '"_hidden"',
    ]


def test_addresses_are_read_as_the_limits_count_them() -> None:
    assert parse_address("192.0.2.1:8080") == parse_address("192.0.2.1")
    assert parse_address("::ffff:192.0.2.1") == parse_address("192.0.2.1")
    assert parse_address("[::1]:99") == parse_address("::1")
    assert parse_address("example.org") is None
    address = parse_address("2001:db8:aa:bb:1:2:3:4")
    assert address is not None
    assert counted_as(address) == "2001:db8:aa:bb::/64", "a home's /64 is one address"


@pytest.mark.parametrize(
    ("addresses", "header", "words"),
    [
        (["proxy.example"], "X-Forwarded-For", "'proxy.example' is not an IP address"),
        (["127.0.0.1"], "X-Real-IP", "--forwarded-header: X-Forwarded-For or Forwarded"),
    ],
)
def test_a_trust_that_cannot_be_read_is_refused_in_words(
    addresses: list[str], header: str, words: str
) -> None:
    with pytest.raises(ValueError, match=words):
        ProxyTrust.of(addresses, header)


# ----- the server --------------------------------------------------------------------------------


@asynccontextmanager
async def serving(limits: Limits, trust: ProxyTrust) -> AsyncIterator[tuple[TableServer, str]]:
    """A table server on 127.0.0.1 trusting ``trust``'s proxies, and its address."""
    server = TableServer(limits, proxies=trust)
    port = await server.start("127.0.0.1", 0)
    try:
        yield server, f"127.0.0.1:{port}"
    finally:
        await server.close()


async def first_answer(connection: ClientConnection, hello: str) -> ServerFrame | str:
    """What the server answers ``hello`` with (the close's reason if it closed first)."""
    with contextlib.suppress(ConnectionClosed):  # refused at the door: the answer waits
        await connection.send(hello)
    try:
        return read_server(await asyncio.wait_for(connection.recv(), 30))
    except ConnectionClosed as closed:
        return closed.rcvd.reason if closed.rcvd is not None else "closed"


def reason(answer: ServerFrame | str) -> str:
    """A refusal's reason, ``seated``, or the close's reason."""
    if isinstance(answer, Denied):
        return answer.reason
    return "seated" if isinstance(answer, Seated) else str(answer)


async def test_a_forged_header_from_an_untrusted_address_changes_nothing() -> None:
    limits = Limits(per_address=1)
    async with serving(limits, ProxyTrust()) as (server, address):
        code = server.create_table(options(2)).code
        hello = write(WatchTable(code=code, name="Spy"))
        uri = f"ws://{address}/"
        forged = [
            {"X-Forwarded-For": f"203.0.113.{n}", "Forwarded": f"for=198.51.100.{n}"}
            for n in (1, 2)
        ]
        async with (
            connect(uri, proxy=None, additional_headers=forged[0]) as one,
            connect(uri, proxy=None, additional_headers=forged[1]) as two,
        ):
            answers = [await first_answer(one, hello), await first_answer(two, hello)]
        assert [reason(answer) for answer in answers] == ["seated", "too_many_connections"]


async def test_behind_a_trusted_proxy_each_forwarded_address_counts_alone() -> None:
    limits = Limits(per_address=1)
    async with serving(limits, ProxyTrust.of(["127.0.0.1"])) as (server, address):
        code = server.create_table(options(2)).code
        hellos = [write(WatchTable(code=code, name=name)) for name in ("Spy", "Eve", "Fay")]
        uri = f"ws://{address}/"
        named = [{"X-Forwarded-For": f"203.0.113.{n}"} for n in (1, 2, 1)]
        async with (
            connect(uri, proxy=None, additional_headers=named[0]) as one,
            connect(uri, proxy=None, additional_headers=named[1]) as two,
            connect(uri, proxy=None, additional_headers=named[2]) as again,
        ):
            answers = [
                await first_answer(c, hello)
                for c, hello in zip((one, two, again), hellos, strict=True)
            ]
        assert [reason(answer) for answer in answers] == [
            "seated",
            "seated",
            "too_many_connections",
        ]


# ----- behind a real HAProxy ---------------------------------------------------------------


@contextmanager
def haproxy(folder: Path, server_port: int) -> Iterator[int]:
    """HAProxy with the documented configuration, ending TLS on a port of 127.0.0.1 (the
    system's choice, handed to it as a listening socket) and passing to the table server at
    ``server_port``: the port players connect to."""
    certificate, key = self_signed(folder)
    pem = folder / "chickenfoot.pem"
    pem.write_text(certificate.read_text() + key.read_text())
    listening = socket.create_server(("127.0.0.1", 0))
    config = CONFIG.read_text()
    for documented, here in (
        ("bind :443", f"bind fd@{listening.fileno()}"),
        ("/etc/haproxy/chickenfoot.pem", str(pem)),
        ("127.0.0.1:8765", f"127.0.0.1:{server_port}"),
    ):
        assert documented in config, f"the documented configuration has {documented!r}"
        config = config.replace(documented, here)
    (folder / "haproxy.cfg").write_text(config)
    process = subprocess.Popen(
        ["haproxy", "-db", "-f", str(folder / "haproxy.cfg")],
        pass_fds=[listening.fileno()],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        yield int(listening.getsockname()[1])
    finally:
        process.terminate()
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(30)
        listening.close()


@pytest.mark.skipif(shutil.which("haproxy") is None, reason="HAProxy is not installed")
@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl is not installed")
async def test_behind_haproxy_the_limits_count_each_players_own_address(tmp_path: Path) -> None:
    limits = Limits(per_address=2, making_burst=0, lonely_per_address=1)
    async with serving(limits, ProxyTrust.of(["127.0.0.1"])) as (server, address):
        watched = server.create_table(options(2), seed=None).code
        with haproxy(tmp_path, int(address.split(":")[1])) as port:
            trusted = ssl.create_default_context(cafile=tmp_path / "cert.pem")
            uri = f"wss://127.0.0.1:{port}/"
            open_now: list[ClientConnection] = []

            async def ask(source: str, hello: str, forged: str | None = None) -> str:
                extra = {"X-Forwarded-For": forged} if forged else None
                connection = await connect(
                    uri,
                    ssl=trusted,
                    proxy=None,
                    local_addr=(source, 0),
                    additional_headers=extra,
                    open_timeout=30,
                )
                open_now.append(connection)
                answer = reason(await first_answer(connection, hello))
                if answer != "seated":  # refused: wait until the server counts it gone
                    await wait_for(lambda: server.door.open_from(source) < len(open_now), "")
                    open_now.remove(connection)
                return answer

            try:
                make = write(CreateTable(options=options(2), name="Ana"))
                # 127.0.0.2 makes its one table nobody joined; its second is refused, even
                # when it names another address itself.
                assert await ask("127.0.0.2", make) == "seated"
                assert await ask("127.0.0.2", make, forged="203.0.113.5") == (
                    "too_many_open_tables"
                )
                made = [table.made_by for table in server.tables.values()]
                assert "127.0.0.2" in made and "203.0.113.5" not in made
                # Its connections are capped; 127.0.0.3's are its own.
                watch = write(WatchTable(code=watched, name="Spy"))
                assert await ask("127.0.0.2", watch) == "seated"
                assert await ask("127.0.0.2", watch) == "too_many_connections"
                assert await ask("127.0.0.3", make) == "seated"
                assert await ask("127.0.0.3", write(WatchTable(code=watched, name="Eve"))) == (
                    "seated"
                )
                await wait_for(lambda: len(server.tables[watched].watchers) == 2, "both spectators")
            finally:
                for connection in open_now:
                    with contextlib.suppress(ConnectionClosed):
                        await connection.close()
