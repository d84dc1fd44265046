"""Crash figures: ``kill -9`` at random moments while fsync is slowed to 1 s and to 50 ms
(with strace); per delay the kills, the moves shown and the moves lost. The kills and the
counting live in :mod:`tests.crash.kills` (the crash test runs a few of them)."""

from __future__ import annotations

from tests.crash.kills import main

if __name__ == "__main__":
    main()

__all__ = ["main"]
