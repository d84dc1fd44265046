"""What the plain mode says at an online table, through the scripted console and a table
server on 127.0.0.1 in the test's loop, against a person at her own screen (Bea, played here
through an :class:`~chickenfoot.net.online_seat.OnlineSeat`, who moves and goes on from a
round's result only when the test lets her):

- a move, a draw or a hint typed while Bea plays says to wait for her at her screen (never the
  same-keyboard "pass them the keyboard");
- at a round's end, Enter goes on once and says the table waits for the others; Enter again
  and ``w`` say the same, and nothing is sent twice;
- the menu's Continue takes back a seat held at an online table, and Join a table's Enter goes
  back to the menu as its question says."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from pathlib import Path

from chickenfoot.bots import make_bot
from chickenfoot.net.autoplay import answer
from chickenfoot.net.online_seat import OnlineSeat
from chickenfoot.net.protocol import JoinTable, ReturnToSeat, Seated
from chickenfoot.net.table import OnlineTable
from chickenfoot.net.tokens import SeatBook
from chickenfoot.plain.app import PlainApp
from chickenfoot.plain.online import PlainOnlineTable
from chickenfoot.play.wire import GameEnded, RoundEnded, Welcome
from tests.net.online import WAIT, Online, Probe, online, options, wait_for
from tests.plain.scripted import After, ScriptedConsole
from tests.plain.test_online_table import a_move

BEA_FIRST = 3
"""A deal (seed) in which Bea, the second seat, plays first."""

WAIT_FOR_BEA = "Wait: it is Bea's turn; they play at their own screen."
SEEN = "Round 1 is over; waiting for the others to see its result"
COVERED = "(by the casual computer, while you were away)"


class HeldBack:
    """Bea at her own screen: a casual computer's move once :attr:`moves` is set, and going
    on from a round's result once :attr:`results` is set."""

    def __init__(self, room: Online, table: OnlineTable, book: Path) -> None:
        hello = JoinTable(code=table.code, name="Bea")
        self.seat = OnlineSeat(room.address(table), hello, book=SeatBook(book))
        self.moves = asyncio.Event()
        self.results = asyncio.Event()
        self.strategy = make_bot("casual", 1)
        self._answered: object = None
        self._task = asyncio.ensure_future(self._play())

    async def _play(self) -> None:
        link = asyncio.ensure_future(self.seat.run())
        try:
            while True:
                for item in self.seat.drain():
                    self.seat.take(item)
                self._consider()
                await asyncio.sleep(0.01)  # a poll's interval: she answers what she has seen
        finally:
            self.seat.close()
            await asyncio.wait_for(link, WAIT)

    def _consider(self) -> None:
        client = self.seat.client
        prompt = client.prompt
        if prompt is self._answered or isinstance(prompt, GameEnded):
            return
        if isinstance(prompt, RoundEnded) and not self.results.is_set():
            return
        if client.on_turn and not self.moves.is_set():
            return
        message = answer(client, self.strategy)
        if message is not None:
            self._answered = prompt
            self.seat.send(message)

    async def close(self) -> None:
        """Leave the table."""
        self._task.cancel()


def ana_plays(plain: PlainOnlineTable, bea: HeldBack) -> Callable[[ScriptedConsole], str]:
    """Ana, from the table's lines: her move on her turn; at round 1's end Enter, Enter and
    ``w`` (Bea still looking at the result), then Bea is let go on; Enter at any later
    result."""
    enters: list[str] = []

    def step(console: ScriptedConsole) -> str:
        prompt = plain.client.prompt
        if plain.client.on_turn:
            return a_move(plain)
        if isinstance(prompt, RoundEnded) and prompt.result.round == 1:
            enters.append("")
            if len(enters) <= 2:
                return ""
            if len(enters) == 3:
                return "w"
            bea.results.set()
            return "r"
        return ""

    return step


ANA_ACTS = r"^(Your turn|You drew|Round \d is over|Final ranking)"
"""A line after which Ana has something to do."""


async def test_out_of_turn_and_at_a_round_s_end_the_words_are_those_of_an_online_table(
    data_dir: object, tmp_path: Path
) -> None:
    async with online() as room:
        table = room.table(options(2, rounds=2), seed=BEA_FIRST)
        console = ScriptedConsole()
        plain = PlainOnlineTable(
            room.address(table), JoinTable(code=table.code, name="Ana"), console, book=SeatBook()
        )
        bea = HeldBack(room, table, tmp_path / "bea-seats.json")

        def let_bea_move(_console: ScriptedConsole) -> str:
            bea.moves.set()
            return "w"

        console.script = [
            After("Waiting for Bea to play", "1 a"),
            After("Wait: it is Bea", "d"),
            After("Wait: it is Bea", "i"),
            After("Wait: it is Bea", let_bea_move),
            *[After(ANA_ACTS, ana_plays(plain, bea))] * 300,
        ]
        playing = asyncio.ensure_future(plain.run())
        try:
            await wait_for(lambda: bea.moves.is_set() or playing.done(), "Bea let move")
            assert await asyncio.wait_for(playing, WAIT) == "menu"
        finally:
            playing.cancel()
            await bea.close()
    said = console.said
    for typed in ("> 1 a", "> d", "> i"):  # the first time each was typed: while Bea played
        assert said[said.index(typed) + 1] == WAIT_FOR_BEA, (typed, said[said.index(typed) :])
    assert "pass them the keyboard" not in console.text
    assert "nothing to go on" not in console.text
    first_enter = said.index(
        "> ", said.index(next(line for line in said if "Round 1 is over" in line))
    )
    after = said[first_enter + 1 :]
    assert after[0] == SEEN, "the first Enter goes on and says what the table waits for"
    assert after[1] == "> " and after[2] == SEEN, "Enter again says the same, and sends nothing"
    where = console.since("> w")
    where = where[: where.index("> r")]
    assert where[0].startswith("Round 1 of 2, with ") and where[-1] == SEEN, (
        "w tells the truth: the table waits for the others"
    )
    assert "Final ranking:" in console.text


async def test_continue_takes_back_the_seat_held_at_an_online_table(data_dir: object) -> None:
    async with online() as room:
        table = room.table(options(2, rounds=1))
        ana = Probe(room.link(JoinTable(code=table.code, name="Ana"), table.code))
        seated = await ana.next(Seated)
        assert seated.token is not None and seated.seat == 0
        address = str(room.address(table))
        SeatBook().remember(address, 0, "", seated.token)
        await ana.close()  # Ana's window closed; her seat waits for her
        await wait_for(lambda: table.seats[0].guest is None, "Ana gone")
        console = ScriptedConsole(["j", "", "c", After("← you", "q"), "q"])
        assert await asyncio.to_thread(PlainApp(console).run) == 0
        await wait_for(lambda: table.seats[0].guest is None, "Ana gone again from the lobby")
    said = console.said
    assert f"2: Continue (your seat at the online table {address})" in said
    join = said[said.index("> j") + 1 :]
    assert join[0].startswith(f"You hold a seat at {address}: Continue in the menu takes it back")
    assert join[1].endswith("? (Enter: back to the menu) ") and join[2] == "Main menu:"
    lobby = console.since("> c")
    assert f"Connecting to 127.0.0.1:{room.port}..." in lobby
    assert any(line.startswith("  Ana ") and line.endswith("here  ← you") for line in lobby)
    assert not any("Bea" in line and "← you" in line for line in lobby), "not a seat of its own"


async def test_moves_a_computer_made_in_the_seat_are_told_as_the_computer_s(
    data_dir: object,
) -> None:
    async with online() as room:
        table = room.table(options(2, rounds=2, grace=0.1, pause=0.3, cover="casual"))
        ana = Probe(room.link(JoinTable(code=table.code, name="Ana"), table.code))
        seated = await ana.next(Seated)
        assert seated.token is not None
        bea = room.player(table, "Bea", seed=1)
        opponent = asyncio.ensure_future(bea.play())
        await ana.next(Welcome)
        await ana.close()  # her connection is gone: after the grace a computer plays for her

        def covered_moves() -> int:
            cover = table.seats[0].cover
            return cover.moves if cover is not None else 0

        await wait_for(lambda: covered_moves() >= 1, "a move of the computer covering Ana")
        console = ScriptedConsole([After("While you were away", "q")])
        back = ReturnToSeat(code=table.code, token=seated.token)
        plain = PlainOnlineTable(room.address(table), back, console, book=SeatBook())
        try:
            assert await asyncio.wait_for(plain.run(), WAIT) == "menu"
        finally:
            bea.link.close()
            opponent.cancel()
    told = next(line for line in console.said if line.startswith("While you were away"))
    assert re.fullmatch(
        r"While you were away, the casual computer played \d+ moves? for you; \d+ moves? of "
        r"this round, which the log marks\.",
        told,
    ), told
    marked = [line for line in console.said if line.endswith(COVERED)]
    assert marked and all(line.startswith("Ana ") for line in marked), marked
    digest_lines = plain.client.history.after_move[0]
    assert any(COVERED in line for line in plain.client.log[digest_lines:]), (
        "what happened since Ana's last turn starts before the computer's moves"
    )
