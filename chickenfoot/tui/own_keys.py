"""The player's own keys in the app: the settings' ``keys`` section, checked and used.

:class:`OwnKeys` is what the app keeps of that section: the entries as the settings file
writes them, and once they are checked (:func:`chickenfoot.tui.keymap.check_keymap`, against
the keys of every screen) the keymap in use and a line of plain words for each entry refused.
The app checks them once the menu is drawn (:meth:`OwnKeys.use_in`): the check loads every
screen, which the start does not wait for. Every screen reads the keys in use through
:func:`chickenfoot.tui.keymap.keymap_of`, so that what it says names the player's own keys.

This module imports no Textual at import time: the app makes its :class:`OwnKeys` before its
first frame.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from chickenfoot.lang import N_, _, ngettext

if TYPE_CHECKING:
    from textual.app import App

    from chickenfoot.tui.keymap import Place

NOTICE_SECONDS = 30
"""How long the notice of refused keys stays (a settings file is read slowly by some)."""

NOTICE_TITLE = N_("Your keys in the settings file")
"""The notice's title (translated when it is given)."""

MOST_REFUSALS_SHOWN = 2
"""How many refusals the notice gives in full: more would cover the menu; ``chickenfoot keys``
prints every one."""


@runtime_checkable
class FollowsKeymap(Protocol):
    """A screen whose words name keys it reads once (the game screen's sentences): told when
    the player's keys change."""

    def follow_keymap(self) -> None:
        """Name the keys in use from now on."""


class OwnKeys:
    """The player's own keys: the settings' entries as written (``written``: id, keys) and
    why the section could not be read (``problem``); once checked, the keymap in use and why
    each entry not used was refused."""

    def __init__(self, written: Sequence[tuple[Any, Any]] = (), problem: str | None = None):
        self.written = tuple(written)
        """The settings' entries as written: (binding id, keys), unchecked."""
        self.problem = problem
        """Why the settings' keys section could not be read at all (None: it could)."""
        self.keymap: Mapping[str, str] = {}
        """The player's own keys in use (checked): a binding's id -> its keys."""
        self.refusals: tuple[str, ...] = ()
        """Why each entry of the settings' keys section that is not used was refused."""
        self.checked = not self.written and problem is None
        """True once the settings' keys are checked and in use (at once when there are none)."""

    @property
    def notice(self) -> str:
        """What the notice of refused keys says: a line a refusal ("" when none), the first
        :data:`MOST_REFUSALS_SHOWN` of them when there are more, and how to see them all."""
        shown = self.refusals[:MOST_REFUSALS_SHOWN]
        left = len(self.refusals) - len(shown)
        # Translators: "chickenfoot keys" is a command: keep it as it is.
        more_words = ngettext(
            "…and {count} more: chickenfoot keys lists every one",
            "…and {count} more: chickenfoot keys lists every one",
            left,
        )
        more = (more_words.format(count=left),) if left else ()
        return "\n".join((*shown, *more))

    def check(self, places: Sequence[Place]) -> None:
        """Check the entries against the keys of ``places`` (where keys work together): keep
        those that fit as :attr:`keymap`, and why the others are refused."""
        from chickenfoot.tui.keymap import check_keymap

        checked = check_keymap(self.written, places)
        self.keymap = checked.keymap
        problems = (self.problem,) if self.problem else ()
        self.refusals = (*problems, *checked.refusals)
        self.checked = True

    def use_in(self, app: App[Any], places: Sequence[Place]) -> None:
        """Check the entries against ``places``, give ``app`` the keys that fit (and tell the
        screens mounted already that name keys), and say in one notice (shown literally) what is
        refused."""
        self.check(places)
        app.set_keymap(self.keymap)
        for screen in app.screen_stack:
            # A screen pushed but not mounted yet names the keys in use as it mounts.
            if isinstance(screen, FollowsKeymap) and screen.is_mounted:
                screen.follow_keymap()
        if self.refusals:
            app.notify(
                self.notice,
                title=_(NOTICE_TITLE),
                severity="warning",
                timeout=NOTICE_SECONDS,
                markup=False,
            )
