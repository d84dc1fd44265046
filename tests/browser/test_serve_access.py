"""Only the server's own page plays: hosts, tokens and origins checked before any game starts,
on real connections to 127.0.0.1 made as a hostile page would make them."""

from __future__ import annotations

import sys
import urllib.error
import urllib.request

import pytest

from chickenfoot.cli import browser_access
from chickenfoot.cli.browser_access import (
    FOREIGN_ORIGIN,
    HOST_REFUSAL,
    NO_TOKEN,
    WRONG_TOKEN,
    Access,
    Focus,
    Keys,
    Ping,
    Resize,
    browser_message,
    terminal_size,
)
from tests.browser.connections import games_of, open_connection
from tests.browser.server import DEADLINE_SECONDS, Served, wait_until

TOKEN = "s3cret-token"
LOOPBACK = Access.of("127.0.0.1", 8000, "http://127.0.0.1:8000", TOKEN)

needs_proc = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the test counts a server's processes in /proc"
)


# ----- the checks, without a server ----------------------------------------------------------


@pytest.mark.parametrize(
    "host", ["127.0.0.1:8000", "localhost:8000", "LOCALHOST:8000", "[::1]:8000", "localhost.:8000"]
)
def test_a_loopback_server_answers_for_its_own_names(host: str) -> None:
    assert LOOPBACK.answers_for(host)


@pytest.mark.parametrize(
    "host",
    [
        None,
        "",
        "evil.example:8000",  # a name an attacker points at 127.0.0.1 (DNS rebinding)
        "evil.example",
        "127.0.0.1:8001",
        "127.0.0.1",  # port 80
        "192.168.1.5:8000",
        "127.0.0.1:8000/path",
        "user@127.0.0.1:8000",
        "127.0.0.1:99999",
    ],
)
def test_a_loopback_server_answers_for_no_other_host(host: str | None) -> None:
    assert not LOOPBACK.answers_for(host)


def test_a_server_on_every_address_answers_for_addresses_and_its_names() -> None:
    everywhere = Access.of("0.0.0.0", 8000, "http://gamebox:8000", TOKEN)
    for host in ("gamebox:8000", "192.168.1.5:8000", "[fe80::1]:8000", "localhost:8000"):
        assert everywhere.answers_for(host), host
    for host in ("evil.example:8000", "192.168.1.5:8001"):
        assert not everywhere.answers_for(host), host


def test_behind_a_proxy_the_public_address_is_the_page() -> None:
    proxied = Access.of("127.0.0.1", 8000, "https://games.example.org", TOKEN)
    assert proxied.answers_for("games.example.org")
    assert proxied.is_own_origin("https://games.example.org")
    assert not proxied.is_own_origin("https://evil.example")


@pytest.mark.parametrize(
    ("origin", "own"),
    [
        ("http://127.0.0.1:8000", True),
        ("http://localhost:8000", True),
        ("http://evil.example", False),
        ("http://evil.example:8000", False),
        ("https://127.0.0.1:8000", False),
        ("null", False),  # a sandboxed frame or a file
        ("", False),
        (None, False),
        ("http://127.0.0.1:8000/page", False),
        ("file://", False),
    ],
)
def test_only_the_servers_own_page_is_its_origin(origin: str | None, own: bool) -> None:
    assert LOOPBACK.is_own_origin(origin) is own


def test_refusals_are_in_plain_words_and_come_in_order() -> None:
    own = "http://127.0.0.1:8000"
    assert LOOPBACK.game_refusal("127.0.0.1:8000", own, TOKEN) is None
    assert LOOPBACK.game_refusal("evil.example:8000", own, TOKEN) == HOST_REFUSAL
    assert LOOPBACK.game_refusal("127.0.0.1:8000", own, None) == NO_TOKEN
    assert LOOPBACK.game_refusal("127.0.0.1:8000", own, TOKEN + "x") == WRONG_TOKEN
    assert LOOPBACK.game_refusal("127.0.0.1:8000", "http://evil.example", TOKEN) == FOREIGN_ORIGIN
    assert LOOPBACK.page_refusal("127.0.0.1:8000", TOKEN) is None
    assert NO_TOKEN == (
        "This address lacks its token: open the whole address that chickenfoot serve printed "
        "(it ends with ?token=...)."
    )


def test_tokens_are_fresh_and_long() -> None:
    tokens = {browser_access.new_token() for _ in range(20)}
    assert len(tokens) == 20
    assert all(len(token) >= 32 for token in tokens)


@pytest.mark.parametrize(
    ("asked", "given"),
    [
        (("100", "40"), (100, 40)),
        (("3000", "1000"), (320, 100)),
        ((3000, 1000), (320, 100)),
        (("1", "1"), (20, 8)),
        (("-5", "0"), (20, 8)),
        (("wide", None), (80, 24)),
        (("9" * 400, "24"), (80, 24)),
        ((True, 30.5), (80, 24)),
    ],
)
def test_terminal_sizes_are_clamped(asked: tuple[object, object], given: tuple[int, int]) -> None:
    assert terminal_size(*asked) == given


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('["stdin", "n"]', Keys("n")),
        ('["stdin", "\\ud800x"]', Keys("?x")),  # a lone surrogate never reaches the game
        ('["resize", {"width": 5000, "height": 50}]', Resize(320, 50)),
        ('["resize", {"width": "x"}]', Resize(80, 24)),
        ('["ping", "1700000000"]', Ping("1700000000")),
        ('["focus"]', Focus(focused=True)),
        ('["blur"]', Focus(focused=False)),
        ('["ping", "' + "x" * 65 + '"]', None),
        ('["stdin", 5]', None),
        ('["stdin"]', None),
        ('["resize", [80, 24]]', None),
        ('["quit"]', None),
        ('{"stdin": "n"}', None),
        ("[]", None),
        ("not json", None),
        ("[" * 100_000, None),
    ],
)
def test_only_the_pages_messages_in_bounds_reach_a_game(text: str, message: object) -> None:
    assert browser_message(text) == message


# ----- real connections ----------------------------------------------------------------------


def fetch(url: str, host: str | None = None) -> tuple[int, str, dict[str, str]]:
    """GET ``url`` (naming ``host``, if given); its status, text and headers."""
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(request, timeout=DEADLINE_SECONDS) as response:
            return response.status, response.read().decode("utf-8"), dict(response.headers)
    except urllib.error.HTTPError as refusal:
        return refusal.code, refusal.read().decode("utf-8"), dict(refusal.headers)


def test_the_page_needs_the_token_and_the_servers_host(served: Served) -> None:
    status, page, headers = fetch(served.url)
    assert status == 200
    assert f"{served.base.replace('http', 'ws', 1)}/ws/{served.token}" in page
    assert headers["Referrer-Policy"] == "no-referrer", "the token never leaves in a Referer"
    assert headers["Cache-Control"] == "no-store"
    assert fetch(served.base + "/")[:2] == (403, NO_TOKEN + "\n")
    assert fetch(served.base + "/?token=guess")[:2] == (403, WRONG_TOKEN + "\n")
    rebound = f"evil.example:{served.place[1]}"  # a page whose name now points here
    assert fetch(served.url, host=rebound)[:2] == (403, HOST_REFUSAL + "\n")


@needs_proc
def test_a_foreign_page_wrong_host_or_bad_token_starts_no_game(served: Served) -> None:
    own = f"/ws/{served.token}?width=80&height=24"
    refused = [
        (own, {"origin": "http://evil.example"}, FOREIGN_ORIGIN),
        (own, {"origin": None}, FOREIGN_ORIGIN),
        (own, {"host": f"evil.example:{served.place[1]}"}, HOST_REFUSAL),
        ("/ws?width=80&height=24", {}, NO_TOKEN),
        ("/ws/not-the-token", {}, WRONG_TOKEN),
        (f"/ws/{served.token[:-1]}", {}, WRONG_TOKEN),
    ]
    for path, how, words in refused:
        with open_connection(served, path, **how) as answer:  # type: ignore[arg-type]
            assert (answer.status, answer.text) == (403, words + "\n"), (path, how)
            assert games_of(served.process.pid) == [], f"{path} {how} started a game"
    with open_connection(served, own) as answer:  # the page's own connection: a game starts
        assert answer.status == 101
        wait_until(lambda: len(games_of(served.process.pid)) == 1, "the tab's game to start")
