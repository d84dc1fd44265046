"""A game played the way the game screen plays it, for the crash tests: ``python -m
tests.crash.player DATA_FOLDER``.

Computer players play game after game through :class:`~chickenfoot.play.session.GameSession`
with commits on the committer's thread, and the turn loop of the game screen: a move is
*shown* (a line ``shown GAME ACTIONS`` on stdout, flushed) as soon as it is made, and the
next move waits until the session says it is committed. The first line is ``pid PID``.
The test kills this process at any moment and compares what was shown with what the store
holds.
"""

from __future__ import annotations

import os
import sys
import threading

from chickenfoot.play.session import GameSession
from chickenfoot.rules import preset
from chickenfoot.saves.database import SqliteStore, database_path
from chickenfoot.saves.record import SeatConfig

SEATS = tuple(
    SeatConfig(name=name, player="computer", level="casual") for name in ("Ana", "Bea", "Cy")
)


def main() -> None:
    """Play until killed (or until 100 games are over)."""
    os.environ["CHICKENFOOT_DATA_DIR"] = sys.argv[1]
    print(f"pid {os.getpid()}", flush=True)
    store = SqliteStore(database_path())
    rules = preset("cross", players=3, set_size=6, rounds=2)
    for seed in range(100):
        session = GameSession.new(rules, SEATS, seed, store)
        ended = threading.Event()
        session.commit_in_background(ended.set)
        while not session.state.over:
            ended.clear()
            session.act(session.bot_action())
            print(f"shown {session.game} {len(session.record.actions)}", flush=True)
            while not session.committed:  # the turn loop: no further until it is committed
                ended.wait()
                ended.clear()
        session.close()


if __name__ == "__main__":
    main()
