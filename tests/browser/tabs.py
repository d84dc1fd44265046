"""A real browser tab for the ``chickenfoot serve`` tests: headless Chromium driven by
Playwright (the system's Chromium, never a browser of its own: there is no ``playwright
install``). The page's terminal is drawn on a canvas, so a tab reads what the app sends it
instead: a script in the page keeps the text of every frame from the server, and the tests wait
for words to appear there (escape sequences removed when searched). What the page says to a
screen reader is read from its live regions: another script keeps every announcement put
there (:meth:`Tab.heard`), with the time it was put there."""

from __future__ import annotations

import base64
import json
import re
import shutil
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from tests.browser.server import DEADLINE_SECONDS

if TYPE_CHECKING:
    from playwright.sync_api import Page

CHROMIUM = shutil.which("chromium")
"""The system's Chromium (the tests are skipped without it)."""

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-proxy-server",
]
WAIT_MS = DEADLINE_SECONDS * 1000

KEEP_SHOWN = r"""
(() => {
    const decoder = new TextDecoder();
    window.chickenfootShown = "";
    window.chickenfootArrived = [];
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
        constructor(...args) {
            super(...args);
            this.addEventListener("message", (event) => {
                if (typeof event.data !== "string") {
                    const text = decoder.decode(event.data, {stream: true});
                    window.chickenfootShown += text;
                    for (const found of text.matchAll(/\x1b\]7700;([A-Za-z0-9+\/=]*)\x07/g)) {
                        window.chickenfootArrived.push({at: Date.now() / 1000, data: found[1]});
                    }
                }
            });
        }
    };
})();
"""
"""Keeps the text of every binary frame the page receives (what the terminal draws), and
when each announcement the game sent arrived (its escape sequence, before the page's handler
takes it)."""

HEAR = """
(() => {
    window.chickenfootHeard = [];
    document.addEventListener("DOMContentLoaded", () => {
        for (const id of ["speech-polite", "speech-urgent"]) {
            const region = document.getElementById(id);
            if (region === null) continue;
            new MutationObserver((changes) => {
                for (const change of changes) {
                    for (const node of change.addedNodes) {
                        window.chickenfootHeard.push({
                            urgent: id === "speech-urgent",
                            text: node.textContent,
                            at: Date.now() / 1000,
                        });
                    }
                }
            }).observe(region, {childList: true});
        }
    });
})();
"""
"""Keeps every announcement the page puts in its live regions: which region, the words, and
when (seconds since the epoch, as Python's ``time.time()`` counts them)."""

HEARD_SINCE = r"""
([pattern, start]) => window.chickenfootHeard.slice(start)
    .some((said) => new RegExp(pattern).test(said.text))
"""
"""True once an announcement from number ``start`` on matches ``pattern``."""

FOCUSED = "document.activeElement?.classList.contains('xterm-helper-textarea')"
"""True once the keyboard goes to the terminal."""

SHOWN_SINCE = r"""
([words, start]) => window.chickenfootShown.slice(start)
    .replace(/\x1b\[[0-9;?<>=]*[ -\/]*[@-~]/g, "")
    .includes(words)
"""
"""True once ``words`` were drawn after position ``start`` of the kept text."""

DRAWN_SINCE = r"""
([pattern, start]) => new RegExp(pattern).test(window.chickenfootShown.slice(start))
"""
"""True once the kept text after position ``start``, escape sequences and all, matches
``pattern`` (how a style drawn around a character is seen: the cursor of a focused field)."""

LAST_TEXT = r"""
() => window.chickenfootShown.slice(-3000).replace(/\x1b\[[0-9;?<>=]*[ -\/]*[@-~]/g, " ")
"""
"""The end of the kept text, escape sequences made spaces (to say what was drawn last)."""

ALL_TEXT = r"""
() => window.chickenfootShown.replace(/\x1b\[[0-9;?<>=]*[ -\/]*[@-~]/g, "")
"""
"""Every word drawn so far, escape sequences removed."""

LAST_PLACES = r"""
(phrases) => {
    const text = window.chickenfootShown.replace(/\x1b\[[0-9;?<>=]*[ -\/]*[@-~]/g, "");
    return phrases.map((phrase) => text.lastIndexOf(phrase));
}
"""
"""Where each phrase was last drawn in the kept text, escape sequences removed (-1: never)."""


@dataclass(frozen=True)
class Said:
    """One announcement the page made: in its urgent region (said at once) or its polite one
    (said in turn), its words, and when (``time.time()`` seconds)."""

    urgent: bool
    text: str
    at: float


class Tab:
    """One browser tab showing the served game, and the address of every request it made
    (pages, scripts, styles, fonts, websockets...)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.requested: list[str] = []
        page.on("request", lambda request: self.requested.append(request.url))
        page.on("websocket", lambda websocket: self.requested.append(websocket.url))

    def accessible_text(self) -> str:
        """The page as a screen reader gets it: its accessibility tree, as text."""
        return self.page.locator("body").aria_snapshot(timeout=WAIT_MS)

    def heard(self, start: int = 0) -> list[Said]:
        """What the page announced, from announcement number ``start`` on."""
        said: list[dict[str, object]] = self.page.evaluate(
            "(start) => window.chickenfootHeard.slice(start)", start
        )
        return [Said(bool(one["urgent"]), str(one["text"]), float(str(one["at"]))) for one in said]

    def arrived(self) -> list[tuple[float, dict[str, object]]]:
        """Every announcement the game sent the page, as it arrived: when (``time.time()``
        seconds), and what (the JSON the game wrote)."""
        found: list[dict[str, str]] = self.page.evaluate("window.chickenfootArrived")
        return [
            (float(one["at"]), json.loads(base64.b64decode(one["data"]).decode("utf-8")))
            for one in found
        ]

    def wait_to_hear(self, pattern: str, start: int = 0, within: float | None = None) -> None:
        """Wait until an announcement from number ``start`` on matches the regular expression
        ``pattern`` (``within`` seconds at most; the long deadline by default)."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        timeout = WAIT_MS if within is None else max(1.0, within * 1000)
        try:
            self.page.wait_for_function(HEARD_SINCE, arg=[pattern, start], timeout=timeout)
        except PlaywrightTimeout:
            said = [one.text for one in self.heard(start)][-5:]
            raise AssertionError(f"{pattern!r} was not announced; the last said: {said}") from None

    def mark(self) -> int:
        """Where the text drawn so far ends (for :meth:`wait_for`'s ``since``)."""
        length: int = self.page.evaluate("window.chickenfootShown.length")
        return length

    def wait_for(self, words: str, since: int = 0) -> None:
        """Wait until ``words`` are drawn after the mark ``since``."""
        self._wait(SHOWN_SINCE, [words, since], repr(words))

    def wait_for_drawn(self, pattern: str, since: int = 0) -> None:
        """Wait until what was sent after the mark ``since`` (escape sequences included)
        matches the regular expression ``pattern``."""
        self._wait(DRAWN_SINCE, [pattern, since], f"a match of {pattern!r}")

    def _wait(self, script: str, argument: list[object], what: str) -> None:
        """Wait until ``script(argument)`` is true in the page; fail naming ``what`` and the
        words drawn last."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            self.page.wait_for_function(script, arg=argument, timeout=WAIT_MS)
        except PlaywrightTimeout:
            words = re.findall(r"[^\s\x00-\x1f]+", self.page.evaluate(LAST_TEXT))
            raise AssertionError(
                f"{what} was not drawn; the last words: {' '.join(words)}"
            ) from None

    def press(self, *keys: str) -> None:
        """Type ``keys`` (Playwright key names) into the terminal."""
        for key in keys:
            self.page.keyboard.press(key)

    def type(self, text: str) -> None:
        """Type ``text`` character by character."""
        self.page.keyboard.type(text)

    def click_row(self, words: str, across: float) -> None:
        """Click the terminal's row showing ``words``, ``across`` (0 to 1) of the way along
        it (the page's screen reader rows lie over the terminal's)."""
        row = self.page.locator(".xterm-accessibility-tree > div", has_text=words).first
        box = row.bounding_box(timeout=WAIT_MS)
        assert box is not None, f"no row shows {words!r}"
        self.page.mouse.click(box["x"] + box["width"] * across, box["y"] + box["height"] / 2)

    def last_match(self, pattern: str) -> re.Match[str] | None:
        """The last match of the regular expression ``pattern`` in the words drawn so far
        (escape sequences removed), or None."""
        text: str = self.page.evaluate(ALL_TEXT)
        found = list(re.finditer(pattern, text))
        return found[-1] if found else None

    def last_places(self, phrases: Sequence[str]) -> list[int]:
        """Where each of ``phrases`` was last drawn (-1: never), in order."""
        places: list[int] = self.page.evaluate(LAST_PLACES, list(phrases))
        return places


@contextmanager
def open_tab(url: str, profile: Path) -> Iterator[Tab]:
    """A headless Chromium tab (with the fresh profile folder ``profile``) showing ``url``."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch_persistent_context(
            str(profile),
            executable_path=CHROMIUM,
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 800},
            timeout=WAIT_MS,
        )
        try:
            page = browser.new_page()
            tab = Tab(page)  # records every request from here on
            # Only this machine: anything else is refused (and the test fails on it).
            page.route(re.compile(r"^(?!https?://127\.0\.0\.1[:/])"), lambda route: route.abort())
            page.add_init_script(KEEP_SHOWN)
            page.add_init_script(HEAR)
            page.goto(url, timeout=WAIT_MS)
            page.wait_for_function(FOCUSED, timeout=WAIT_MS)  # the page focuses the game
            yield tab
        finally:
            browser.close()
