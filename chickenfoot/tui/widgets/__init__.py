"""Widgets of the chickenfoot app: the board, a hand, the seats, the event log, the status line.

Each follows a reactive ``shown`` (set it, or bind it with ``data_bind``) and posts messages
when clicked; game state is never changed by a widget.

The names below are imported from their modules when first asked for: a light widget of the
package (the menu's :mod:`~chickenfoot.tui.widgets.marked_list`) loads neither the game's
widgets nor the rules they show, so the menu comes up before them.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from chickenfoot.tui.widgets.board import BoardView
    from chickenfoot.tui.widgets.board_panel import BoardPanel
    from chickenfoot.tui.widgets.ends import EndsStrip
    from chickenfoot.tui.widgets.event_log import EventLog
    from chickenfoot.tui.widgets.hand import HandView
    from chickenfoot.tui.widgets.seats import SeatsPanel
    from chickenfoot.tui.widgets.status import StatusLine
    from chickenfoot.tui.widgets.table import TableView

MODULES = {
    "BoardPanel": "board_panel",
    "BoardView": "board",
    "EndsStrip": "ends",
    "EventLog": "event_log",
    "HandView": "hand",
    "SeatsPanel": "seats",
    "StatusLine": "status",
    "TableView": "table",
}
"""The module of each of the package's names."""

__all__ = [
    "BoardPanel",
    "BoardView",
    "EndsStrip",
    "EventLog",
    "HandView",
    "SeatsPanel",
    "StatusLine",
    "TableView",
]


def __getattr__(name: str) -> object:
    """The widget ``name``, from its module (imported now if it was not yet)."""
    if name not in MODULES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{MODULES[name]}"), name)
