"""docs/protocol.md and docs/protocol.schema.json are enough to write a client: the committed
schema is what the protocol's models make now, and a client written from the two alone
(``tests/net/doc_client.py``: JSON over a WebSocket, nothing of chickenfoot's code) makes a
table and plays whole games on a real server, working out its own legal plays, every frame
both ways valid under the schema."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from chickenfoot.net.schema import protocol_schema
from tests.net.doc_client import DocClient, open_ends
from tests.net.online import online, wait_for

SCHEMA_FILE = Path(__file__).parents[2] / "docs" / "protocol.schema.json"


def test_the_committed_schema_is_what_the_models_make() -> None:
    assert json.loads(SCHEMA_FILE.read_text()) == protocol_schema(), (
        "the protocol changed: python -m chickenfoot.net.schema docs/protocol.schema.json"
    )


def test_the_documented_open_ends_follow_arms_feet_and_toes() -> None:
    board: dict[str, Any] = {
        "centre": 6,
        "arms_required": 3,
        "played": [],
        "foot": None,
        "toes": 0,
    }
    assert open_ends(board) == [("A", 6)]
    board["played"] = [[0, "5|6", "A", 5], [1, "6|2", "B", 2]]
    assert open_ends(board) == [("C", 6)], "the next arm only, while arms are missing"
    board["played"] += [[0, "6|6", "C", 6]]
    assert open_ends(board) == [("A", 5), ("B", 2), ("C", 6)]
    board["played"] += [[1, "2|2", "B", 2]]
    assert open_ends(board) == [("B.1", 2)], "a double opens a foot: its toes first"
    board["played"] += [[0, "2|1", "B.1", 1], [1, "2|3", "B.2", 3], [0, "4|2", "B.3", 4]]
    assert open_ends(board) == [("A", 5), ("C", 6), ("B.1", 1), ("B.2", 3), ("B.3", 4)]


@pytest.mark.parametrize("preset", ["cross", "trains"])
async def test_a_client_written_from_the_documentation_plays_whole_games(preset: str) -> None:
    async with online() as room:
        url = f"ws://127.0.0.1:{room.port}/"
        options = {
            "rules": {"preset": preset, "players": 3, "set_size": 6, "hand_size": 4, "rounds": 2},
            "seats": [{"name": "Ana"}, {"name": "Bea"}, {"name": "Cy", "computer": "casual"}],
            "pause": 0,
        }
        ana = DocClient(url, {"kind": "create", "name": "Ana", "options": options}, start=True)
        playing = asyncio.ensure_future(ana.play())
        await wait_for(lambda: ana.code is not None, "Ana's table")
        bea = DocClient(url, {"kind": "join", "code": ana.code, "name": "Bea"})
        ana_record, bea_record = await asyncio.wait_for(asyncio.gather(playing, bea.play()), 120)
    assert ana_record == bea_record, "both keep the same whole game"
    assert isinstance(ana_record["seed"], int), "the record carries the server's seed"
    for client in (ana, bea):
        mine = [frame["action"] for frame in client.sent if frame["kind"] == "act"]
        played = [action for action in ana_record["actions"] if action["seat"] == client.seat]
        assert len(mine) == len(played) and mine, "every action of the seat was the client's"
