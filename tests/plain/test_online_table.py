"""The plain mode at an online table, through the scripted console and a table server on
127.0.0.1 in the test's loop: the lobby said and started, and what a line typed while the
server is away does (it says it was not sent, in the full screen's words) and that the hint
works again once the table is back."""

from __future__ import annotations

import asyncio
import re

from chickenfoot.net.protocol import CreateTable, JoinTable
from chickenfoot.net.tokens import SeatBook
from chickenfoot.plain.online import PlainOnlineTable
from chickenfoot.rules import Play
from chickenfoot.text import online as words
from chickenfoot.text import prompts
from tests.net.online import WAIT, online, options, wait_for
from tests.plain.scripted import After, ScriptedConsole

HINT_ANSWER = rf"^(Hint: |{re.escape(prompts.NO_HINT)})"
"""A line that answers a hint."""

DEAD_HINT = re.escape(prompts.HINT_THINKING.replace("…", "..."))
"""What a hint key left waiting for an answer that never comes says (as the plain mode says
it)."""

NOT_CONNECTED = re.escape(words.NOT_CONNECTED)


def a_move(table: PlainOnlineTable) -> str:
    """The line that makes the person's first legal move (a tile and its end's key, or a
    word)."""
    client = table.client
    action = client.legal()[0]
    if isinstance(action, Play):
        index = client.hand().index(action.tile)
        return f"{index + 1} {client.labels()[action.target]}"
    return "d" if client.can("draw") else ("k" if client.can("keep") else "p")


async def test_a_line_typed_while_the_server_is_away_is_not_sent_and_the_hint_works_after(
    data_dir: object,
) -> None:
    async with online() as room:
        table = room.table(options(2, rounds=1, seed=3))
        bea = room.player(table, "Bea", seed=1)
        opponent = asyncio.ensure_future(bea.play())
        console = ScriptedConsole()
        plain = PlainOnlineTable(
            room.address(table), JoinTable(code=table.code, name="Ana"), console, book=SeatBook()
        )
        plain.seat.remote.first_retry = 0.05
        console.script = [
            After("trying again", "i"),  # a hint while the server is away
            After(NOT_CONNECTED, lambda _: a_move(plain)),  # a move
            After(re.escape(words.CONNECTED), "i"),  # the hint once it is back
            After(f"{HINT_ANSWER}|{DEAD_HINT}", "q"),
        ]
        playing = asyncio.ensure_future(plain.run())
        try:
            await wait_for(lambda: plain.client.on_turn, "Ana's turn")
            await room.stop()
            await wait_for(
                lambda: sum(line == words.NOT_CONNECTED for line in console.said) == 2,
                "both lines refused in words",
            )
            await room.start_again()
            assert await asyncio.wait_for(playing, WAIT) == "menu"
        finally:
            playing.cancel()
            bea.link.close()
            opponent.cancel()
    after_hint = console.since("> i")
    assert any(re.search(HINT_ANSWER, line) for line in after_hint), after_hint
    assert not any(re.search(DEAD_HINT, line) for line in after_hint), "no dead hint key"
    assert words.LEFT in console.said


async def test_the_lobby_is_said_and_its_creator_starts_the_game(data_dir: object) -> None:
    async with online() as room:
        console = ScriptedConsole()
        hello = CreateTable(options=options(2, rounds=1, seed=5), name="Ana")
        plain = PlainOnlineTable(room.address(), hello, console, book=SeatBook())
        console.script = [
            After("Bea joined the table", "x"),
            After("is not a command in the lobby", "s"),
            After(r"^Round 1 \(6\|6\)", "q"),
        ]
        playing = asyncio.ensure_future(plain.run())
        try:
            await wait_for(lambda: plain.seat.status is not None, "the table's status")
            status = plain.seat.status
            assert status is not None
            lobby = console.text
            assert f"Share: chickenfoot join {status.code}@127.0.0.1:{room.port}" in lobby
            assert "waiting for Bea to join; s starts the game" in lobby
            bea = room.player(room.server.tables[status.code], "Bea", seed=2)
            opponent = asyncio.ensure_future(bea.play())
            assert await asyncio.wait_for(playing, WAIT) == "menu"
            bea.link.close()
            await asyncio.wait_for(opponent, WAIT)
        finally:
            playing.cancel()
    joined = console.since("Bea joined the table")
    assert f"Table {status.code}; every seat is taken; s starts the game" in joined
    assert "x is not a command in the lobby: ? lists them." in console.said
    assert words.LEFT in console.said
