"""The page ``chickenfoot serve`` sends, read as text (no browser): chickenfoot's own, every
address on it this server's, its typeface from here, its terminal in screen reader mode.
(``test_in_browser.py`` checks the same in a real browser, request by request.)"""

from __future__ import annotations

import re
import urllib.request
from urllib.parse import urlsplit

from chickenfoot.cli.serve import PAGE_TEMPLATES
from tests.browser.server import DEADLINE_SECONDS, Served

ADDRESS = re.compile(r"\b[a-z]+://[^\s\"'<>)]+")


def test_the_page_names_no_other_server(served: Served) -> None:
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(served.url, timeout=DEADLINE_SECONDS) as response:
        page = response.read().decode("utf-8")
    here = urlsplit(served.url).netloc
    addresses = ADDRESS.findall(page)
    assert addresses, "the page names its script, styles, typeface and websocket"
    assert [address for address in addresses if urlsplit(address).netloc != here] == []
    assert "fonts/RobotoMono-VariableFont_wght.ttf" in page
    assert "screenReaderMode = true" in page
    assert "<title>Chicken Foot</title>" in page and '<html lang="en">' in page
    served.stop()


def test_the_template_is_in_the_package() -> None:
    assert (PAGE_TEMPLATES / "app_index.html").is_file()
