"""Online tables: a table server holding every table's game, and the transport a seat client
uses to reach it across a network (asyncio and WebSockets; no Textual).

- :mod:`chickenfoot.net.protocol`: the frames of a connection (the table's own messages from
  :mod:`chickenfoot.play.wire`, and the lobby, seat tokens and refusals); docs/protocol.md.

The server, one asyncio process whose event loop never waits for the store:

- :mod:`chickenfoot.net.server`: :class:`~chickenfoot.net.server.TableServer`: listening,
  each connection's first frame, expiry, the tables brought back at start.
- :mod:`chickenfoot.net.table`: :class:`~chickenfoot.net.table.OnlineTable`, one table (its
  lobby, seats, grace and cover), one :class:`~chickenfoot.play.host.TableHost` per game.
- :mod:`chickenfoot.net.connection`, :mod:`chickenfoot.net.door`,
  :mod:`chickenfoot.net.limits`: one client's socket (its frames out, its rate limit), the
  connections per address and the wait before refusing a wrong guess, and every limit.
- :mod:`chickenfoot.net.cover`: the computer in a lost person's seat;
  :mod:`chickenfoot.net.kept`: the tables as the store keeps them, written off the loop;
  :mod:`chickenfoot.net.timing`: each move's time at the server (benchmarks).
- :mod:`chickenfoot.net.collector`: :class:`~chickenfoot.net.collector.SteadyCollector`,
  the server's garbage-collector policy (pauses that do not grow with the tables held).

A client:

- :mod:`chickenfoot.net.remote`: :class:`~chickenfoot.net.remote.RemoteLink`, a client's
  link to a table across the network, reconnecting by itself.
- :mod:`chickenfoot.net.online_seat`: :class:`~chickenfoot.net.online_seat.OnlineSeat`, one
  seat for every front end (the link followed; what a key does while the link is down).
- :mod:`chickenfoot.net.seating`, :mod:`chickenfoot.net.presence`,
  :mod:`chickenfoot.net.tokens`: making and joining a table, who is here in words, and the
  seat tokens a person holds; :mod:`chickenfoot.net.headless` and
  :mod:`chickenfoot.net.autoplay`: a seat played by a computer, without a screen.
"""
