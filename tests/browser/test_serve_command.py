"""``chickenfoot serve`` without a browser: its plain-word refusals, its page, its signals."""

from __future__ import annotations

import asyncio
import signal
import socket
import threading
import urllib.request
from collections.abc import Iterator

import pytest

from chickenfoot import cli
from chickenfoot.cli import browser_server, serve
from chickenfoot.saves.paths import data_dir
from tests.browser.server import DEADLINE_SECONDS, Served


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run ``chickenfoot ARGV`` in this process; its exit status, stdout and stderr."""
    try:
        status = cli.main(list(argv))
    except SystemExit as exit_:  # argparse's own errors
        status = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def busy_port() -> Iterator[int]:
    """A loopback port that something else listens on."""
    with socket.create_server(("127.0.0.1", 0)) as taken:
        yield taken.getsockname()[1]


def test_a_port_in_use_is_refused_in_plain_words(
    capsys: pytest.CaptureFixture[str], busy_port: int
) -> None:
    assert run(capsys, "serve", "--port", str(busy_port)) == (
        2,
        "",
        f"chickenfoot serve: error: port {busy_port} is in use: choose another with --port\n",
    )


@pytest.mark.parametrize(
    ("host", "message"),
    [
        (
            "192.0.2.1",  # an address reserved for documentation: never this machine's
            "'192.0.2.1' is not an address of this machine: choose another with --host, "
            "such as 127.0.0.1",
        ),
        (
            "a..b",  # not a host name at all: refused before any look-up
            "cannot find the host 'a..b': name an address of this machine with --host, "
            "such as 127.0.0.1",
        ),
        ("", "no host given: name an address with --host, such as 127.0.0.1"),
    ],
)
def test_a_bad_host_is_refused_in_plain_words(
    capsys: pytest.CaptureFixture[str], host: str, message: str
) -> None:
    assert run(capsys, "serve", "--host", host, "--port", "0") == (
        2,
        "",
        f"chickenfoot serve: error: {message}\n",
    )


@pytest.mark.parametrize(
    ("port", "message"),
    [("65536", "65536 is not a port: from 0 to 65535"), ("http", "'http' is not a whole number")],
)
def test_a_bad_port_is_refused_in_plain_words(
    capsys: pytest.CaptureFixture[str], port: str, message: str
) -> None:
    status, out, err = run(capsys, "serve", "--port", port)
    assert (status, out) == (2, "")
    assert err.endswith(f"chickenfoot serve: error: argument --port: {message}\n")


@pytest.mark.parametrize("url", ["example.org", "https://", "http://host:port", "ftp://a.b"])
def test_a_public_url_is_a_web_address(capsys: pytest.CaptureFixture[str], url: str) -> None:
    assert run(capsys, "serve", "--public-url", url) == (
        2,
        "",
        f"chickenfoot serve: error: {url!r} is not a web address such as https://games.example.org\n",
    )


@pytest.mark.parametrize(
    ("count", "message"),
    [("0", "0 tabs could not play: give 1 or more"), ("many", "'many' is not a whole number")],
)
def test_a_bad_tab_cap_is_refused_in_plain_words(
    capsys: pytest.CaptureFixture[str], count: str, message: str
) -> None:
    status, out, err = run(capsys, "serve", "--max-tabs", count)
    assert (status, out) == (2, "")
    assert err.endswith(f"chickenfoot serve: error: argument --max-tabs: {message}\n")


def test_only_an_address_other_machines_reach_gets_the_warning() -> None:
    for address in ("127.0.0.1", "::1"):
        assert not any("Other machines" in line for line in serve.announcement("u", address))
    url = "http://192.0.2.1:8000/?token=abc"
    lines = serve.announcement(url, "192.0.2.1", max_tabs=3)
    assert lines[0] == f"Chicken Foot is served at {url}: open it in a web browser."
    assert lines[1] == "Each browser tab plays its own game (3 games at once at most)."
    assert (
        "Other machines can connect. Anyone with this address (its token included) can play, "
        f"and continue, replay, delete and save copies of the games in {data_dir()} (a tab "
        "reaches no file outside it). Nothing is encrypted: anyone who can watch this network "
        "can read the address and the games."
    ) in lines
    assert lines[-1] == "Ctrl+C stops the server."


def test_the_address_to_open() -> None:
    assert serve.default_url("127.0.0.1", 8000) == "http://127.0.0.1:8000"
    assert serve.default_url("::1", 8001) == "http://[::1]:8001"
    assert serve.default_url("0.0.0.0", 80) == f"http://{socket.gethostname()}:80"


def test_the_page_is_served_and_ctrl_c_stops_in_plain_words(served: Served) -> None:
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(served.url, timeout=DEADLINE_SECONDS) as response:
        page = response.read().decode("utf-8")
    assert "Chicken Foot" in page
    assert f"{served.base.replace('http', 'ws', 1)}/ws/" in page, "the page connects back here"
    assert f"Games are saved in {served.data / 'chickenfoot.db'}\n" in served.announced
    assert "Other machines" not in served.announced, "only this machine can connect"
    assert served.stop(signal.SIGINT) == (130, "", "chickenfoot serve: stopped (Ctrl+C)\n")


def test_sigterm_stops_quietly(served: Served) -> None:
    assert served.stop(signal.SIGTERM) == (0, "", "")


async def test_stopping_waits_for_asyncio_to_hear_that_each_game_ended() -> None:
    # Python 3.11 reaps each child in a thread that then tells the loop; on a busy machine
    # that news can come late, and asyncio warns if the loop has closed by then. A thread
    # standing in for a slow one must have finished before games_quit returns.
    release = threading.Event()
    slow = threading.Thread(target=release.wait, name="asyncio-waitpid-test", daemon=True)
    slow.start()
    loop = asyncio.get_running_loop()
    loop.call_later(0.3, release.set)
    started = loop.time()
    await browser_server.games_quit(timeout=5.0)
    assert not slow.is_alive()
    assert loop.time() - started >= 0.25
