"""The application without Textual: a game being played, and a game being replayed.

- :mod:`chickenfoot.play.session`: one game in play (apply, record, save).
- :mod:`chickenfoot.play.table`: the table controller: what one seat at the keyboard sees and
  may do (selection, end keys, who sees which hand, why a key does nothing, the status line,
  what the turn loop does next).
- :mod:`chickenfoot.play.replay`: a movable position in a recorded game.

Screens drive these; tests drive them directly, without Pilot.
"""
