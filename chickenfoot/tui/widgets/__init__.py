"""Widgets of the chickenfoot app: the board, a hand, the seats, the event log, the status line.

They only display what they are given (``show(...)``) and post messages when clicked;
game state is never changed by a widget.
"""

from chickenfoot.tui.widgets.board import BoardView
from chickenfoot.tui.widgets.event_log import EventLog
from chickenfoot.tui.widgets.hand import HandView
from chickenfoot.tui.widgets.seats import SeatsPanel
from chickenfoot.tui.widgets.status import StatusLine

__all__ = ["BoardView", "EventLog", "HandView", "SeatsPanel", "StatusLine"]
