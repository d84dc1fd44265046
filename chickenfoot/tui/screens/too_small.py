"""The size guard: a notice that covers the app while its terminal is too small.

:func:`guard_size` is called with the terminal's size at start and on every resize: it covers
the app with :class:`TooSmallScreen` while the terminal is smaller than
:data:`MIN_WIDTH` x :data:`MIN_HEIGHT`, updates the notice as it changes, and uncovers the app
once it is large enough (a game's computers wait under the notice).
"""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widgets import Static

from chickenfoot.lang import _

MIN_WIDTH = 80
MIN_HEIGHT = 24


def is_too_small(size: Size) -> bool:
    """True if a terminal of ``size`` is smaller than the game needs."""
    return size.width < MIN_WIDTH or size.height < MIN_HEIGHT


def too_small_message(size: Size) -> str:
    """What to tell the user when the terminal is smaller than the game needs."""
    return _(
        "This terminal is {width}×{height}.\n"
        "Chicken Foot needs at least {min_width}×{min_height}:\n"
        "make the window larger (or the font smaller)."
    ).format(width=size.width, height=size.height, min_width=MIN_WIDTH, min_height=MIN_HEIGHT)


class TooSmallScreen(ModalScreen[None]):
    """Covers everything while the terminal is too small; closes itself once it is large enough."""

    DEFAULT_CSS = """
    TooSmallScreen {
        align: center middle;
        background: $background;
    }
    TooSmallScreen > Vertical {
        width: auto;
        max-width: 100%;
        height: auto;
        padding: 0 1;
        border: round $warning;
    }
    TooSmallScreen Static {
        width: auto;
        max-width: 100%;
        text-align: center;
    }
    """

    def __init__(self, size: Size) -> None:
        super().__init__()
        self.terminal_size = size

    def compose(self) -> ComposeResult:
        """One centred message."""
        with Vertical():
            yield Static(too_small_message(self.terminal_size), id="too-small", markup=False)

    def on_screen_resume(self) -> None:
        """Uncovered by a screen that was pushed on top: close if the terminal grew meanwhile."""
        if not is_too_small(self.app.size):
            self.dismiss(None)

    def show_size(self, size: Size) -> None:
        """Update the message for the terminal's new size."""
        self.terminal_size = size
        self.query_one("#too-small", Static).update(too_small_message(size))


def guard_size(app: App[Any], size: Size) -> None:
    """Cover ``app`` while its terminal, of ``size``, is too small (or say its new size on
    the notice); uncover it once it is large enough."""
    small = is_too_small(size)
    guards = [s for s in app.screen_stack if isinstance(s, TooSmallScreen)]
    if small and not guards:
        app.push_screen(TooSmallScreen(size))
    elif small:
        for guard in guards:
            guard.show_size(size)
    elif guards and app.screen is guards[-1]:
        app.pop_screen()
