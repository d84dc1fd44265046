"""The app's notices, under one policy: what the app, a screen or a widget tells the player
outside the screen's own lines (a key refused in the settings, a game that could not be
opened).

Every notice goes through the app's ``notify`` (Textual's widgets and screens call it too),
which hands it to :class:`Notices`:

- **One of a kind at a time.** A notice of the same kind as one shown or waiting (the same
  title, or the same words when it has no title) replaces it: two never stack.
- **Never over a dialog or a question.** While a modal screen is on top (a question, a dialog,
  the command palette, the theme picker), a notice waits, and one already shown is taken down
  to wait with it (keeping the time it had left); it is shown once no dialog is on top.
- **Never over the table.** A screen with a table and a log of its own (the game, a replay:
  :class:`TakesNotices`) takes its notices into its own lines: the news line under the table
  (where nothing is covered), and the log when the notice is long (several lines, or more than
  a line holds). It hides nothing there, so it gets them even while a dialog is over it.
- Elsewhere a notice is a toast in the top right corner (``app.tcss``) for its time. A long
  one stays over the screen it was given over (what the player just did there: a file that
  could not be opened), or one with room for it (:data:`ROOM_FOR_NOTICES`: the menu, whose
  corner holds only the logo); another screen coming on top (the help, a list, a form) takes
  it down, and it waits, with the time it had left, to be shown again on one of those.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from textual.content import Content
from textual.notifications import Notification, Notify, SeverityLevel

from chickenfoot.record.names import display_width

if TYPE_CHECKING:
    from textual.app import App
    from textual.screen import Screen

LINE_CELLS = 76
"""The widest notice a screen's news line holds whole (80 columns, less the margins): a
wider one, or one of several lines, is long."""


@dataclass(frozen=True)
class Notice:
    """One notice: its words, title, severity, time on screen (seconds) and whether its words
    are markup."""

    message: str
    title: str = ""
    severity: SeverityLevel = "information"
    timeout: float = 5.0
    markup: bool = False

    @property
    def kind(self) -> str:
        """What makes two notices the same kind: the title, or the words without one."""
        return self.title or self.message

    @property
    def lines(self) -> tuple[str, ...]:
        """The notice as lines of plain text, the title first (followed by a colon)."""
        words = Content.from_markup(self.message).plain if self.markup else self.message
        lines = [line for line in words.splitlines() if line.strip()] or [""]
        if self.title:
            lines[0] = f"{self.title}: {lines[0]}" if lines[0] else self.title
        return tuple(lines)

    @property
    def long(self) -> bool:
        """True for a notice of several lines, or wider than a news line holds."""
        return len(self.lines) > 1 or display_width(self.lines[0]) > LINE_CELLS


ROOM_FOR_NOTICES = "ROOM_FOR_NOTICES"
"""The class attribute (True) of a screen with room for long notices as toasts."""


@runtime_checkable
class TakesNotices(Protocol):
    """A screen that shows notices in its own lines, where they cover nothing."""

    def take_notice(self, notice: Notice) -> None:
        """Show ``notice`` (a long one in the log too)."""


@runtime_checkable
class Taker(TakesNotices, Protocol):
    """A screen that takes notices (mounted or not yet)."""

    @property
    def is_mounted(self) -> bool:
        """True once the screen is mounted (its widgets are there to take a notice)."""


@dataclass
class Held:
    """A notice the app holds: the screen it was given over (None: a dialog was on top), and
    Textual's notification while it is shown as a toast."""

    notice: Notice
    origin: Screen[Any] | None
    notification: Notification | None = None


class Notices:
    """The notices of ``app``: shown, waiting for a dialog to close, or given to a screen."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app
        self.held: dict[str, Held] = {}
        """The notices shown as toasts or waiting, by kind, oldest first."""

    def give(self, notice: Notice) -> None:
        """Show ``notice`` as the policy says (from any thread)."""
        if threading.get_ident() != self.app._thread_id:
            self.app.call_later(self.give, notice)  # posted to the app's thread: no waiting
            return
        screen = self.app.screen
        held = self.held.pop(notice.kind, None)
        if held is not None and held.notification is not None:
            self._take_down()
        self.held[notice.kind] = Held(notice, None if screen.is_modal else screen)
        self._place_all()

    @property
    def shown(self) -> list[Notification]:
        """The notices shown as toasts now."""
        return [held.notification for held in self.held.values() if held.notification]

    @property
    def waiting(self) -> list[Notice]:
        """The notices waiting to be shown."""
        return [held.notice for held in self.held.values() if held.notification is None]

    def showing(self, notification: Notification) -> bool:
        """True if ``notification`` is one to show now (not one taken down before Textual
        got to show it)."""
        return any(shown is notification for shown in self.shown)

    def screen_changed(self, screen: Screen[Any]) -> None:
        """Another screen is on top: take the toasts down, and place again what is held."""
        self._take_down()
        self._place_all()

    def _place_all(self) -> None:
        """Place every notice that waits, oldest first."""
        for held in list(self.held.values()):
            if held.notification is None:
                self._place(held)

    def _place(self, held: Held) -> None:
        """Give ``held``'s notice to the screen that takes notices, keep it waiting, or show
        it (a long one only on the screen it was given over, or one with room for it)."""
        notice, screen = held.notice, self.app.screen
        taker = self._taker()
        self.held.pop(notice.kind, None)
        if taker is not None and taker.is_mounted:
            taker.take_notice(notice)
            return
        if taker is not None:  # pushed, not mounted yet: given to it once it is
            self.held[notice.kind] = held
            self.app.call_after_refresh(self._place_all)
            return
        room = screen is held.origin or getattr(screen, ROOM_FOR_NOTICES, False)
        if not screen.is_modal and (room or not notice.long):
            held.notification = Notification(
                notice.message, notice.title, notice.severity, notice.timeout, notice.markup
            )
            self.app.post_message(Notify(held.notification))
        self.held[notice.kind] = held

    def _taker(self) -> Taker | None:
        """The screen that takes notices now: the top one that is not a dialog, if it does."""
        screens: Sequence[Screen[Any]] = self.app.screen_stack
        under = next((screen for screen in reversed(screens) if not screen.is_modal), None)
        return under if isinstance(under, Taker) else None

    def _take_down(self) -> None:
        """Take every toast down; those with time left wait to be placed again."""
        if not self.shown:
            return
        self.app.clear_notifications()
        for kind, held in list(self.held.items()):
            notification = held.notification
            if notification is None:
                continue
            held.notification = None
            if notification.has_expired:
                del self.held[kind]
            else:
                held.notice = replace(held.notice, timeout=notification.time_left)
