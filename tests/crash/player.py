"""A game played through the table host's turn loop, for the crash tests: ``python -m
tests.crash.player DATA_FOLDER``.

Computer players play game after game through the real :class:`~chickenfoot.play.host.TableHost`
(its ``run()`` on an asyncio loop, commits on the committer's thread, as in the app), watched by
a spectator's link. A move is *shown* the moment the host sends it (a line ``shown GAME
ACTIONS`` on stdout, flushed, before the message is even queued for the screen); the host
itself decides when the game goes on. The first line is ``pid PID``. The test kills this
process at any moment and compares what was shown with what the store holds.
"""

from __future__ import annotations

import asyncio
import os
import sys

from chickenfoot.play.host import TableHost
from chickenfoot.play.link import LocalLink
from chickenfoot.play.session import GameSession
from chickenfoot.play.wire import GameEnded, HostMessage, Proceed, RoundEnded, Update
from chickenfoot.record.model import SeatConfig
from chickenfoot.rules import preset
from chickenfoot.saves.database import SqliteStore, database_path

SEATS = tuple(
    SeatConfig(name=name, player="computer", level="casual") for name in ("Ana", "Bea", "Cy")
)


class Watcher(LocalLink):
    """A spectator's link that says each move the moment the host sends it."""

    def __init__(self, host: TableHost, session: GameSession) -> None:
        self.session = session
        super().__init__(host)

    def deliver(self, message: HostMessage) -> None:
        if isinstance(message, Update) and any(step.action for step in message.steps):
            print(f"shown {self.session.game} {len(self.session.record.actions)}", flush=True)
        super().deliver(message)


async def play(session: GameSession) -> None:
    """Run the table until the game is over, going on after each round's result at once."""
    host = TableHost(session, pause=0)
    link = Watcher(host, session)
    running = asyncio.ensure_future(host.run())
    try:
        while True:
            message = await link.receive()
            prompt = message.prompt if isinstance(message, Update) else None
            if isinstance(prompt, RoundEnded):
                link.send(Proceed())
            elif isinstance(prompt, GameEnded):
                return
    finally:
        host.close()
        await running


def main() -> None:
    """Play until killed (or until 100 games are over)."""
    os.environ["CHICKENFOOT_DATA_DIR"] = sys.argv[1]
    print(f"pid {os.getpid()}", flush=True)
    store = SqliteStore(database_path())
    rules = preset("cross", players=3, set_size=6, rounds=2)
    for seed in range(100):
        session = GameSession.new(rules, SEATS, seed, store)
        asyncio.run(play(session))
        session.close()


if __name__ == "__main__":
    main()
