"""Online tables: a table server holding every table's game, and the transport a seat client
uses to reach it across a network (asyncio and WebSockets; no Textual).

- :mod:`chickenfoot.net.protocol`: the frames of a connection (the table's own messages from
  :mod:`chickenfoot.play.wire`, and the lobby, seat tokens and refusals); docs/protocol.md.
- :mod:`chickenfoot.net.server`: :class:`~chickenfoot.net.server.TableServer`, one asyncio
  process, one :class:`~chickenfoot.play.host.TableHost` per table.
- :mod:`chickenfoot.net.collector`: :class:`~chickenfoot.net.collector.SteadyCollector`,
  the server's garbage-collector policy (pauses that do not grow with the tables held).
- :mod:`chickenfoot.net.remote`: :class:`~chickenfoot.net.remote.RemoteLink`, a client's
  link to a table across the network, reconnecting by itself.
"""
