"""A table as a screen is a client of it: a game played here (:class:`LocalTable`) fed to its
client in order by a :class:`TableFeed`, without Textual."""

from __future__ import annotations

import asyncio

import pytest

from chickenfoot.play.client import SpectatorClient
from chickenfoot.play.shown import TableShown
from chickenfoot.play.tables import LocalTable, TableFeed, seats_as_saved
from chickenfoot.play.wire import PassKeyboard, Update, Welcome
from tests.kit import Kit


def table_of(kit: type[Kit], *kinds: str) -> LocalTable:
    """A table here over a new two-round game of ``kinds`` seats, computers without pause."""
    record = kit.find_record(kit.short_rules(len(kinds), rounds=2), kit.seats(*kinds), bool)
    return LocalTable(kit.session_of(record), pause=0)


def test_a_feed_takes_every_message_in_order_and_shows_after_each_batch(kit: type[Kit]) -> None:
    table = table_of(kit, "human", "human")
    taken: list[object] = []
    shown_after: list[int] = []

    def take(message: object) -> None:
        taken.append(message)
        table.client.receive(message)  # type: ignore[arg-type]

    def show() -> bool:
        shown_after.append(len(taken))
        return True

    feed = TableFeed(table, take, show)
    assert feed.receive()
    assert [type(message) for message in taken] == [Welcome] and shown_after == [1]
    assert isinstance(table.client.prompt, PassKeyboard), "two people share the keyboard"
    message = table.client.show_hand()
    assert message is not None
    table.send(message)
    table.host.pump()
    assert feed.receive()
    assert isinstance(taken[-1], Update) and shown_after == [1, len(taken)]
    assert table.client.on_turn, "the person who took the keyboard is on turn"
    table.close()
    table.session.close()


def test_listening_ends_once_the_screen_is_gone(kit: type[Kit]) -> None:
    table = table_of(kit, "human", "computer")
    taken: list[object] = []

    def take(message: object) -> None:
        taken.append(message)
        table.client.receive(message)  # type: ignore[arg-type]

    async def listen() -> None:
        running = asyncio.ensure_future(table.run())
        try:
            await asyncio.wait_for(TableFeed(table, take, lambda: False).listen(), timeout=60)
        finally:
            table.close()
            await running

    asyncio.run(listen())
    assert [type(message) for message in taken] == [Welcome], "one message, then nobody shows"
    table.session.close()


def test_a_table_here_says_what_a_result_shows_and_that_everybody_is_here(
    kit: type[Kit],
) -> None:
    table = table_of(kit, "computer", "computer")
    assert isinstance(table.client, SpectatorClient), "no person here: a watcher's client"
    TableFeed(table, table.client.receive, lambda: True).receive()  # type: ignore[arg-type]
    assert table.played_here and table.finished_record() is table.session.record
    assert table.seat_configs() == table.session.record.seats
    assert seats_as_saved(table.client.table) == table.session.record.seats
    with pytest.raises(ValueError, match="not over"):
        table.deal_text(1)  # a round in play keeps its deal to itself: asked of a result only
    shown = table.client.shown()
    assert isinstance(shown, TableShown)
    assert table.with_presence(shown, "Esc") is shown and table.top_bar_note() == ""
    table.close()
    table.session.close()
