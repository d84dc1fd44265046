"""A computer seat over the network keeps to a server's frame rate: a frame the server drops
as too fast is sent again, so the game never waits on a move the server never read."""

from __future__ import annotations

import asyncio

from chickenfoot.net.limits import Limits
from tests.net.online import WAIT, online, options

TIGHT = Limits(per_address=0, making_burst=0, lonely_per_address=0, rate=4.0, burst=2)
"""A server that reads at most 4 frames a second from a client, 2 at once."""


async def test_computers_answering_at_once_finish_a_game_under_a_tight_frame_rate() -> None:
    async with online(TIGHT) as room:
        table = room.table(options(2, rounds=1), seed=11)
        ana = room.player(table, "Ana", seed=1)
        bea = room.player(table, "Bea", seed=2)
        ana.think = bea.think = 0
        outcomes = await asyncio.wait_for(asyncio.gather(ana.play(), bea.play()), WAIT)
    for outcome in outcomes:
        assert outcome.problem is None and outcome.result is not None
