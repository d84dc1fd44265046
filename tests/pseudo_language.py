"""A catalogue for tests: every message marked, so a test sees what came from the catalogue.

:class:`Marked` gives each message between ``⟦`` and ``⟧`` (its placeholders kept, so the
code's ``.format`` fills them as it would a translation), except the few it is given a
translation of: a test reads which lines went through ``chickenfoot.lang`` and which did not,
and can answer a question in that language's own words.
"""

from __future__ import annotations

import gettext

OPEN, CLOSE = "⟦", "⟧"


class Marked(gettext.NullTranslations):
    """Every message marked ``⟦...⟧``, or translated as ``given`` says (a message, or a
    ``(context, message)`` pair, to its translation)."""

    def __init__(self, given: dict[str | tuple[str, str], str] | None = None) -> None:
        super().__init__()
        self.given = given or {}

    def _of(self, message: str, context: str | None = None) -> str:
        key: str | tuple[str, str] = message if context is None else (context, message)
        return self.given.get(key, f"{OPEN}{message}{CLOSE}")

    def gettext(self, message: str) -> str:
        return self._of(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self._of(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self._of(message, context)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self._of(msgid1 if n == 1 else msgid2, context)


def marked(text: str) -> bool:
    """True if ``text`` holds a message that came from the catalogue."""
    return OPEN in text and CLOSE in text
