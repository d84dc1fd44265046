"""When a screen folds its side panels away for a big table on a short screen.

The game screen and the replay viewer fold the panels beside the table (the seats or the
scores, and the log) on a screen under :data:`SHORT_SCREEN` rows once the table beside them
needs the compact drawing, so that the table gets the whole width; a smaller table (fewer
tiles than when they folded: a new round, moves taken back, a step back in a replay) or a new
screen size brings them back. :class:`Folding` keeps what that rule needs; each screen keeps
its own ``folded`` reactive and asks it (the game screen through its
:class:`~chickenfoot.tui.widgets.game_table.GameTable`).
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.geometry import Size

from chickenfoot.tui.widgets.ends import SHORT_SCREEN


@dataclass
class Folding:
    """What a screen that folds its side panels away remembers."""

    tiles: int = 0
    """How many tiles were on the table when the panels folded away."""
    size: Size | None = None
    """The screen's size when it was last resized."""

    def folds(self, compact: bool, folded: bool, height: int, tiles: int) -> bool:
        """True if the panels fold away now: the table beside them (``tiles`` on it) was laid
        out ``compact`` on a screen ``height`` rows tall, under :data:`SHORT_SCREEN`."""
        if compact and not folded and height < SHORT_SCREEN:
            self.tiles = tiles
            return True
        return False

    def smaller(self, tiles: int) -> bool:
        """True for a table of fewer tiles than when the panels folded away."""
        return tiles < self.tiles

    def resized(self, size: Size) -> bool:
        """True if ``size`` is a new size of the screen (not its first)."""
        changed = self.size is not None and size != self.size
        self.size = size
        return changed
