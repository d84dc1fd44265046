"""A seat at an online table plays in the same game screen as a game played here: joined from
the app, through a table server on 127.0.0.1 in the test's own loop, against a computer
player joined from another client; the lobby, the creator's start, the connection's state
while the server is away, and the position shown again exactly once it is back."""

from __future__ import annotations

import asyncio
import re
import socket
from collections.abc import Callable

import pytest
from textual.css.query import NoMatches
from textual.pilot import Pilot
from textual.widgets import Checkbox, Static

from chickenfoot.net import remote
from chickenfoot.net.limits import Limits
from chickenfoot.net.online_seat import Heard
from chickenfoot.net.protocol import ReturnToSeat, WatchTable
from chickenfoot.net.remote import Received
from chickenfoot.net.seating import NAME_NEEDED, SEED_REFUSED
from chickenfoot.play.wire import GameEnded, HintGiven, NoHint
from chickenfoot.rules import Play, SeatView
from chickenfoot.saves.database import open_store
from chickenfoot.text import online as online_words
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.messages import CreateOnline, JoinOnline
from chickenfoot.tui.screens.game import GameScreen
from chickenfoot.tui.screens.game_over import GameOverScreen
from chickenfoot.tui.screens.menu import MenuScreen
from chickenfoot.tui.screens.online import JoinScreen, LobbyScreen, OnlineGameScreen
from tests.net.online import Probe, online, options
from tests.tui.conftest import screen_lines

WAIT = 60.0


async def until(pilot: Pilot[None], condition: Callable[[], object], what: str) -> None:
    """Let the app and the server run until ``condition()`` holds (a deadline, never a
    fixed wait for the thing itself)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while True:
        try:
            if condition():
                return
        except NoMatches:
            pass
        if loop.time() > deadline:
            raise AssertionError(f"waited {WAIT:g} s for {what}: {pilot.app.screen_stack}")
        await pilot.pause(0.01)


def lobby_text(app: ChickenFootApp) -> str:
    """What the lobby over the table says now."""
    lobby = next(s for s in app.screen_stack if isinstance(s, LobbyScreen))
    return str(lobby.query_one("#lobby-text", Static).render())


def hint_answers(screen: OnlineGameScreen) -> list[HintGiven | NoHint]:
    """The answers to hints the screen's seat hears from now on (a later line of news may
    take the hint's place under the status before the test reads it)."""
    answers: list[HintGiven | NoHint] = []
    take = screen.seat.take

    def heard(item: Received) -> Heard:
        if isinstance(item, HintGiven | NoHint):
            answers.append(item)
        return take(item)

    screen.seat.take = heard  # type: ignore[method-assign]
    return answers


def status_line(screen: OnlineGameScreen) -> str:
    """What the game screen's status line says now (its first row: the news is below)."""
    return screen.status_shown.text


def table_screen(app: ChickenFootApp) -> OnlineGameScreen:
    screen = next((s for s in app.screen_stack if isinstance(s, OnlineGameScreen)), None)
    assert screen is not None, "no online table is open"
    return screen


async def press_a_move(pilot: Pilot[None], screen: OnlineGameScreen) -> None:
    """Type a move of the person on turn: their first playable tile, else draw, keep or
    pass (only from what the screen's client was sent)."""
    client = screen.client
    plays = [action for action in client.legal() if isinstance(action, Play)]
    if plays:
        play = plays[0]
        index = client.hand().index(play.tile)
        if index < 9:
            await pilot.press(str(index + 1))
        else:
            while client.selected != index:
                await pilot.press("right")
        if len([a for a in plays if a.tile == play.tile]) > 1:
            for key in client.labels()[play.target]:
                await pilot.press(key)
        await pilot.press("enter")
    elif client.can("draw"):
        await pilot.press("d")
    else:
        await pilot.press("k" if client.can("keep") else "p")


async def move_and_wait(pilot: Pilot[None], screen: OnlineGameScreen) -> None:
    """Type a move and wait until the table shows it."""
    lines = len(screen.client.log)
    await press_a_move(pilot, screen)
    await until(pilot, lambda: len(screen.client.log) > lines, "the move to be shown")


async def play_to_the_end(
    pilot: Pilot[None], app: ChickenFootApp, round_lines: list[str] | None = None
) -> OnlineGameScreen:
    """Play the person's turns with keys until the game's result is up (``round_lines``
    gets the status line of each round's result)."""
    screen = table_screen(app)
    for _ in range(500):
        await until(
            pilot,
            lambda: (
                isinstance(app.screen, GameOverScreen)
                or (app.screen is screen and screen.client.on_turn)
                or app.screen.__class__.__name__ == "RoundOverScreen"
            ),
            "the person's turn or a result",
        )
        if isinstance(app.screen, GameOverScreen):
            return screen
        if app.screen is not screen:
            if round_lines is not None:
                round_lines.append(screen.status_shown.text)
            await pilot.press("enter")  # a round's result seen: the next round
            continue
        await move_and_wait(pilot, screen)
    raise AssertionError("the game did not end")


async def test_a_joined_seat_plays_a_whole_game_in_the_game_screen(data_dir: object) -> None:
    async with online() as room:
        table = room.table(options(2, rounds=2), seed=3)
        bea = room.player(table, "Bea", seed=1)
        opponent = asyncio.ensure_future(bea.play())
        address = str(room.address(table))
        app = ChickenFootApp(join=JoinOnline(address, "Ana"), bot_delay=0)
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: table_screen(app).client.view is not None, "the deal")
            screen = table_screen(app)
            assert not any(isinstance(s, LobbyScreen) for s in app.screen_stack)
            view = screen.client.view
            assert isinstance(view, SeatView) and view.seat == 0, "Ana sees her own hand only"
            assert screen.client.seats == (0,)
            await play_to_the_end(pilot, app)
            assert isinstance(screen.client.prompt, GameEnded)
            await until(pilot, lambda: screen.kept is not None, "the finished game kept")
        await opponent
    store = open_store()
    try:
        (summary,) = store.games()
        assert summary.finished and summary.names == ("Ana", "Bea")
    finally:
        store.close()


async def test_the_creator_waits_in_the_lobby_and_starts_the_game(data_dir: object) -> None:
    async with online() as room:
        made = options(2, rounds=1)
        address = f"127.0.0.1:{room.port}"
        app = ChickenFootApp(bot_delay=0)
        async with app.run_test(size=(100, 32)) as pilot:
            app.post_message(CreateOnline(address, made, "Ana"))
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            screen = table_screen(app)
            await until(pilot, lambda: screen.seat.status is not None, "the table's status")
            code = screen.seat.status.code if screen.seat.status else ""
            await until(pilot, lambda: "Share:" in lobby_text(app), "the lobby")
            lobby = lobby_text(app)
            assert f"Share: chickenfoot join {code}@127.0.0.1:{room.port}" in lobby
            assert "waiting for 1 more person" in lobby and "ctrl+s starts the game" in lobby
            table = room.server.tables[code]
            bea = room.player(table, "Bea", seed=2)
            opponent = asyncio.ensure_future(bea.play())
            await until(pilot, lambda: table.seats[1].guest is not None, "Bea to join")
            await until(
                pilot,
                lambda: "every seat is taken" in lobby_text(app),
                "the lobby to show Bea",
            )
            await pilot.press("ctrl+s")
            await until(pilot, lambda: screen.client.view is not None, "the deal")
            assert not isinstance(app.screen, LobbyScreen)
            await play_to_the_end(pilot, app)
        await opponent


async def test_the_first_joiner_of_a_table_that_starts_by_itself_is_told_so(
    data_dir: object,
) -> None:
    async with online() as room:
        table = room.table(options(2, rounds=1), seed=5)
        app = ChickenFootApp(join=JoinOnline(str(room.address(table)), "Ana"), bot_delay=0)
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            screen = table_screen(app)
            await until(pilot, lambda: screen.seat.status is not None, "the table's status")
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            words = lobby_text(app)
            assert "the game starts once everyone has joined" in words
            assert "ctrl+s" not in words
            assert not lobby.check_action("start", ()), "no key to start it"
            bea = room.player(table, "Bea", seed=2)
            opponent = asyncio.ensure_future(bea.play())
            await until(pilot, lambda: screen.client.view is not None, "the deal")
            assert not isinstance(app.screen, LobbyScreen)
            await play_to_the_end(pilot, app)
        await opponent


async def test_a_lost_seat_counts_down_and_its_creator_hands_it_to_a_computer(
    data_dir: object,
) -> None:
    async with online() as room:
        table = room.table(options(2, rounds=1, grace=90, cover="casual"), seed=5)
        bea = room.player(table, "Bea", seed=2)
        bea.think = 3600  # Bea never moves: she only drops out
        opponent = asyncio.ensure_future(bea.play())
        app = ChickenFootApp(join=JoinOnline(str(room.address(table)), "Ana"), bot_delay=0)
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: table_screen(app).client.view is not None, "the deal")
            screen = table_screen(app)
            bea.link.close()
            counting = "Bea lost connection · waiting 1:"
            await until(
                pilot,
                lambda: screen.status_shown.news.startswith(counting),
                "the countdown under the status",
            )
            assert any(name.startswith("Bea lost 1:") for name in screen.seats_shown.names)
            first = screen.status_shown.news
            await until(pilot, lambda: screen.status_shown.news != first, "the next second")
            assert screen.status_shown.news.startswith(counting), "it counts down"
            assert screen.check_action("cover_lost", ()), "the creator may hand the seat over"
            await pilot.press("ctrl+g")
            await until(pilot, lambda: table.seats[1].cover is not None, "the computer")
            await until(
                pilot, lambda: "Bea (casual)" in screen.seats_shown.names, "the seat shown covered"
            )
            await pilot.pause()
            assert any("Bea (casual)" in line for line in screen_lines(app)), "whole, 100 wide"
            assert not screen.status_shown.news.startswith(counting)
            assert not screen.check_action("cover_lost", ()), "nothing left to hand over"
        opponent.cancel()


async def test_the_screen_says_the_server_is_away_and_shows_the_same_position_once_back(
    data_dir: object,
) -> None:
    """At 80x24: the status line says the table is out of reach and when the link tries
    again; meanwhile a key says it was not sent, in the plain mode's words, and a hint asked
    then leaves the hint key working once the table is back."""
    async with online(Limits(per_address=0, denial_delay=0.01)) as room:
        table = room.table(options(2, rounds=2), seed=7)
        bea = room.player(table, "Bea", seed=1)
        bea.think = 0.5
        opponent = asyncio.ensure_future(bea.play())
        app = ChickenFootApp(join=JoinOnline(str(room.address(table)), "Ana"), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: table_screen(app).client.on_turn, "Ana's turn")
            screen = table_screen(app)
            screen.seat.remote.first_retry = 0.05
            await move_and_wait(pilot, screen)
            await until(pilot, lambda: screen.client.on_turn, "Ana's next turn")
            await room.stop()  # the server stops (its tables are kept)
            await until(pilot, lambda: screen.seat.out_of_reach, "the link's news")
            await until(pilot, lambda: "out of reach" in status_line(screen), "the status line")
            said = status_line(screen)
            assert re.fullmatch(r"Table out of reach · trying again (in \d+ s|now).*", said), said
            assert len(said.split(" · ")[0] + said.split(" · ")[1]) < 76, "whole at 80 columns"
            assert online_words.OUT_OF_REACH in str(screen.query_one("#topbar").render())
            await pilot.press("i")
            assert screen.status_shown.news == online_words.NOT_CONNECTED, "the hint key says so"
            assert screen.check_action("hint", ()), "and still works"
            screen.client.tell("")
            await press_a_move(pilot, screen)
            assert screen.status_shown.news == online_words.NOT_CONNECTED, "so does a move"
            await room.start_again()
            try:
                await until(pilot, lambda: screen.seat.top_bar_note() == "", "the link again")
                await until(pilot, lambda: screen.client.on_turn, "Ana's turn again")
                host = room.server.tables[table.code].host
                assert host is not None
                assert screen.client.view == host.session.state.view(0), "exactly the position"
                await until(pilot, lambda: screen.check_action("hint", ()), "the hint key")
                answers = hint_answers(screen)
                await pilot.press("i")
                await until(pilot, lambda: answers, "the hint's answer")
                await move_and_wait(pilot, screen)
            finally:
                bea.link.close()
        opponent.cancel()


async def test_the_new_game_form_makes_an_online_table(data_dir: object) -> None:
    from textual.widgets import Input, Select

    from chickenfoot.tui.screens.setup import SetupScreen

    async with online() as room:
        app = ChickenFootApp(bot_delay=0)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.press("n")
            await until(pilot, lambda: isinstance(app.screen, SetupScreen), "the form")
            form = app.screen
            server = form.query_one("#online-server", Input)
            server.value = "KM7R3P@127.0.0.1:1"
            problem = form.query_one("#online-server-problem", Static)
            await until(pilot, lambda: "server's address only" in str(problem.render()), "why")
            server.value = f"127.0.0.1:{room.port}"
            await until(pilot, lambda: str(problem.render()) == NAME_NEEDED, "your name")
            first = form.seat_rows[0].query_one(".seat-name", Input)  # type: ignore[attr-defined]
            first.value = "Ana"
            await until(pilot, lambda: str(problem.render()) == "", "the problem to go")
            seed = form.query_one("#seed", Input)
            seed.value = "42"
            await until(pilot, lambda: str(problem.render()) == SEED_REFUSED, "the server deals")
            seed.value = ""
            await until(pilot, lambda: str(problem.render()) == "", "the problem to go")
            grace = form.query_one("#online-grace", Input)
            grace.value = "7200"
            grace_problem = form.query_one("#online-grace-problem", Static)
            await until(pilot, lambda: "at most 3600" in str(grace_problem.render()), "too long")
            grace.value = "45"
            form.query_one("#online-cover", Select).value = "casual"
            form.query_one("#online-hints", Select).value = "no"
            await until(pilot, lambda: str(grace_problem.render()) == "", "the problem to go")
            seats = form.seat_configs()  # type: ignore[attr-defined]
            await pilot.press("ctrl+s")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            await until(pilot, lambda: bool(room.server.tables), "the table on the server")
            (table,) = room.server.tables.values()
            assert [slot.computer for slot in table.seats] == [seat.level for seat in seats]
            assert (table.options.grace, table.options.cover) == (45, "casual")
            assert not table.options.hints
            assert table.seats[table.creator].guest is not None, "its creator sits at it"
            assert table.seats[table.creator].name == "Ana", "under the name typed"


async def test_enter_typed_ahead_on_an_online_games_result_deals_no_game_here(
    data_dir: object,
) -> None:
    """A second Enter pressed on the last round's result reaches the game's result when it
    comes up: at an online table it deals no game of the table's people at this keyboard (a
    hand-off for another person's seat), and the result stays on screen."""
    async with online() as room:
        table = room.table(options(2, rounds=1), seed=3)
        bea = room.player(table, "Bea", seed=1)
        opponent = asyncio.ensure_future(bea.play())
        app = ChickenFootApp(join=JoinOnline(str(room.address(table)), "Ana"), bot_delay=0)
        async with app.run_test(size=(100, 32)) as pilot:
            round_lines: list[str] = []
            screen = await play_to_the_end(pilot, app, round_lines)
            go_on = screen.client.keys.go_on
            assert round_lines == [online_words.round_over(1, last=True, go_on=go_on)], (
                "the round's result says Enter only says it was seen"
            )
            result = app.screen
            assert isinstance(result, GameOverScreen)
            assert not result.query("#again").nodes, "no new game of the table's people here"
            await pilot.press("enter", "a")  # typed ahead of the result
            await pilot.pause()  # a new game asked for would be dealt in a worker...
            dealing = [worker for worker in app.workers if worker.group == "files"]
            if dealing:
                await app.workers.wait_for_complete(dealing)
            await pilot.pause()  # ...and shown once dealt
            assert app.screen is result, f"the result stays up: {app.screen_stack}"
            assert not any(isinstance(s, GameScreen) for s in app.screen_stack)
            assert isinstance(screen.client.prompt, GameEnded)
        await opponent


async def test_a_window_whose_seat_another_window_took_says_so_and_offers_no_move(
    data_dir: object,
) -> None:
    async with online() as room:
        table = room.table(options(2, rounds=2), seed=3)
        bea = room.player(table, "Bea", seed=1)
        opponent = asyncio.ensure_future(bea.play())
        app = ChickenFootApp(join=JoinOnline(str(room.address(table)), "Ana"), bot_delay=0)
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: table_screen(app).client.on_turn, "Ana's turn")
            screen = table_screen(app)
            assert " plays " in screen.status_shown.text or "choose" in screen.status_shown.text
            token = screen.seat.remote.token
            assert token is not None
            other = Probe(room.link(ReturnToSeat(code=table.code, token=token), table.code))
            try:
                await until(pilot, lambda: screen.seat.problem is not None, "the window replaced")
                status = screen.status_shown
                gone = "This window is no longer at the table · Esc goes back to the menu"
                assert status.text == gone
                assert "another window" in status.news
                assert not screen.check_action("play", ())
                assert not screen.check_action("draw", ())
                await pilot.press("escape")
                await until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
            finally:
                await other.close()
        opponent.cancel()


async def test_a_server_that_is_not_running_is_said_in_the_lobby_at_80x24(
    data_dir: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    # No second try while the test reads the lobby, however slowly the machine runs it.
    monkeypatch.setattr(remote, "backoff", lambda attempt, first=0.0, most=0.0: 3600.0)
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    app = ChickenFootApp(join=JoinOnline(f"KM7R3P@127.0.0.1:{port}", "Ana"), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "out of reach" in lobby_text(app), "the lobby's words")
        text = lobby_text(app)
        assert f"nothing answers at 127.0.0.1:{port} (is the server running?)" in text
        assert "Connecting" not in text
        news = table_screen(app).seat.connection
        assert news is not None
        assert news.attempt == 1, "said after the first try"


async def test_the_players_see_who_watches_come_and_go_and_how_many_watch(
    data_dir: object,
) -> None:
    async with online() as room:
        table = room.table(options(2, rounds=2), seed=3)
        bea = room.player(table, "Bea", seed=1)
        bea.think = 3600  # no move meanwhile: the latest news is about the spectators
        opponent = asyncio.ensure_future(bea.play())
        app = ChickenFootApp(join=JoinOnline(str(room.address(table)), "Ana"), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: table_screen(app).client.view is not None, "the deal")
            screen = table_screen(app)
            topbar = screen.query_one("#topbar")
            spy = Probe(room.link(WatchTable(code=table.code, name="Spy"), table.code))
            await until(pilot, lambda: "1 watching" in str(topbar.render()), "the count")
            await until(pilot, lambda: screen.status_shown.news == "Spy is watching", "the news")
            await spy.close()
            await until(
                pilot, lambda: screen.status_shown.news == "Spy stopped watching", "the leaving"
            )
            await until(pilot, lambda: "watching" not in str(topbar.render()), "no count")
            bea.link.close()
        opponent.cancel()


async def test_esc_on_join_a_table_loses_nothing_typed(data_dir: object) -> None:
    from textual.widgets import Input

    from chickenfoot.tui.screens.online import JoinScreen

    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await pilot.press("j")
        await until(pilot, lambda: isinstance(app.screen, JoinScreen), "the Join form")
        app.screen.query_one("#join-address", Input).value = "XZ4M7P@192.0.2.1:8765"
        app.screen.query_one("#join-name", Input).value = "Bea"
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu again")
        await pilot.press("j")
        await until(pilot, lambda: isinstance(app.screen, JoinScreen), "the Join form again")
        assert app.screen.query_one("#join-address", Input).value == "XZ4M7P@192.0.2.1:8765"
        assert app.screen.query_one("#join-name", Input).value == "Bea"


async def test_out_of_turn_the_footer_offers_no_play_and_enter_says_whose_turn(
    data_dir: object,
) -> None:
    """The count of those watching stays in the top bar after the next move, too."""
    async with online() as room:
        table = room.table(options(2, rounds=2), seed=1)  # Ana leads this deal
        bea = room.player(table, "Bea", seed=1)
        bea.think = 3600  # once on turn, Bea never moves
        opponent = asyncio.ensure_future(bea.play())
        app = ChickenFootApp(join=JoinOnline(str(room.address(table)), "Ana"), bot_delay=0)
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: table_screen(app).client.view is not None, "the deal")
            screen = table_screen(app)
            topbar = screen.query_one("#topbar")
            spy = Probe(room.link(WatchTable(code=table.code, name="Spy"), table.code))
            await until(pilot, lambda: "1 watching" in str(topbar.render()), "the count")
            await until(pilot, lambda: screen.client.on_turn, "Ana's turn")
            await until(pilot, lambda: "Play" in screen_lines(app)[-1], "Play in the footer")
            await move_and_wait(pilot, screen)
            await until(pilot, lambda: not screen.client.on_turn, "Bea's turn")
            await until(pilot, lambda: "Play" not in screen_lines(app)[-1], "no Play offered")
            assert not screen.check_action("play", ())
            assert "1 watching" in str(topbar.render()), "still counted after the move"
            await pilot.press("enter")
            await until(pilot, lambda: "Bea" in screen.status_shown.news, "whose turn it is")
            assert (
                screen.status_shown.news == "Wait: it is Bea's turn; they play at their own screen."
            )
            await spy.close()
            bea.link.close()
        opponent.cancel()


def watch_row(app: ChickenFootApp) -> str:
    """The Join form's "Watch only" row on the screen, as a screen reader reads it: the check
    box's text, between the box's own left and right edges (``▊`` and ``▎``)."""
    (row,) = [line for line in screen_lines(app) if "Watch only" in line]
    return row.split("▊")[1].split("▎")[0].strip()


async def test_the_join_form_s_check_box_says_whether_it_is_ticked(data_dir: object) -> None:
    """The "Watch only" box says its state in its words (and holds an X only while ticked),
    not by its colour alone: Space, a click and Enter tick it and untick it."""
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await pilot.press("j")
        await until(pilot, lambda: isinstance(app.screen, JoinScreen), "the Join form")
        box = app.screen.query_one("#join-watch", Checkbox)
        await pilot.pause()
        assert watch_row(app) == "▐ ▌ Watch only (every hand hidden): no"
        box.focus()
        await pilot.press("space")
        await until(pilot, lambda: box.value, "the box ticked")
        await pilot.pause()
        assert watch_row(app) == "▐X▌ Watch only (every hand hidden): yes"
        await pilot.click(box)
        await until(pilot, lambda: not box.value, "the box unticked")
        await pilot.pause()
        assert watch_row(app) == "▐ ▌ Watch only (every hand hidden): no"
        await pilot.press("enter")
        await until(pilot, lambda: box.value, "the box ticked again")
        await pilot.pause()
        assert "Watch only (every hand hidden): yes" in watch_row(app)
