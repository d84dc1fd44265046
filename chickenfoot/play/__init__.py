"""The application without Textual: a game being played at a table, and a game being replayed.

- :mod:`chickenfoot.play.session`: one game in play (apply, record, save).
- :mod:`chickenfoot.play.host`: the table host: the turn loop, and what each client's seat may
  see; :mod:`chickenfoot.play.wire`: the messages between host and clients (the contract);
  :mod:`chickenfoot.play.link`: a client's link to a host in the same process.
- :mod:`chickenfoot.play.client`: a seat client: everything one screen shows, from one seat's
  view (selection in :mod:`~chickenfoot.play.selection`, the log in
  :mod:`~chickenfoot.play.client_log`).
- :mod:`chickenfoot.play.replay`: a movable position in a recorded game.

Screens drive these; tests drive them directly, without Pilot.
"""
