"""Widgets of the chickenfoot app: the board, a hand, the seats, the event log, the status line.

Each follows a reactive ``shown`` (set it, or bind it with ``data_bind``) and posts messages
when clicked; game state is never changed by a widget.
"""

from chickenfoot.tui.widgets.board import BoardView
from chickenfoot.tui.widgets.board_panel import BoardPanel
from chickenfoot.tui.widgets.ends import EndsStrip
from chickenfoot.tui.widgets.event_log import EventLog
from chickenfoot.tui.widgets.hand import HandView
from chickenfoot.tui.widgets.seats import SeatsPanel
from chickenfoot.tui.widgets.status import StatusLine
from chickenfoot.tui.widgets.table import TableView

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
