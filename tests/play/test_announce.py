"""What a listener is told of a table (play/announce.py), driven through a real host and seat
clients linked through JSON: the digest since a seat's last turn checked against the game's
own record in whole games, one announcement per move, the turn with its digest, a refusal each
time a key does nothing, a result, and the answers to the one-key questions."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from chickenfoot.bots import make_bot
from chickenfoot.play.announce import (
    Announcement,
    Announcer,
    digest,
    ends_said,
    hand_said,
    seats_said,
    turn_line,
    where_said,
)
from chickenfoot.play.host import TableHost
from chickenfoot.play.wire import Act, GameEnded, RoundEnded, YourTurn
from chickenfoot.record.model import GameRecord
from chickenfoot.rules import Draw, Pass, Play, TileDrawn
from chickenfoot.rules.board import TOES_PER_FOOT
from chickenfoot.text.words import place_name
from tests.kit import Kit
from tests.play.tables import Seat, bot_turn, host_of, settle, sit


def digest_expected(record: GameRecord, seat: int) -> tuple[list[str], list[str], str | None]:
    """From the game's record alone: what the digest of ``seat`` must say of each move since
    its latest one, the drawn tiles it must not name, and the chicken foot open now (in the
    digest's words)."""
    names = [config.name for config in record.seats]
    said: list[str] = []
    hidden: list[str] = []
    for _state, events, action in record.replay():
        if action is None:
            continue
        if action.seat == seat:
            said, hidden = [], []
            continue
        who = names[action.seat]
        if isinstance(action, Play):
            said.append(f"{who} plays {action.tile} on {place_name(action.target)}")
        elif isinstance(action, Draw):
            said.append(f"{who} draws")
            drawn = next(event for event in events if isinstance(event, TileDrawn))
            hidden.append(f"{who} draws {drawn.tile}")
        else:
            said.append(f"{who} ")  # passes, or keeps the drawn tile and passes
    board = record.final_state().board
    foot = None
    if board.foot is not None:
        left = TOES_PER_FOOT - board.toes
        toes = "more toe" if left == 1 else "more toes"
        foot = f"Open: the chicken foot on {place_name(board.foot)} "
        foot += f"({board.foot_value}|{board.foot_value}) needs {left} {toes}."
    return said, hidden, foot


@pytest.mark.parametrize("game_seed", [1, 2, 3])
def test_the_digest_at_each_turn_tells_every_move_since_the_last_from_the_record(
    kit: type[Kit], tmp_path: Path, game_seed: int
) -> None:
    rules = kit.short_rules(3, rounds=2)
    record = GameRecord.new(rules, kit.people(3), seed=game_seed)
    host = host_of(record)
    seats = [sit(host, [number]) for number in range(3)]
    rng = random.Random(game_seed)
    bot = make_bot("casual", game_seed)
    checked = 0
    for _ in range(5000):
        settle(host, *seats)
        if all(isinstance(seat.client.prompt, GameEnded) for seat in seats):
            break
        for seat in seats:
            client = seat.client
            if client.on_turn:
                found = digest(client)
                assert found is not None
                said, hidden, foot = digest_expected(host.session.record, client.seats[0])
                for words in said:
                    assert words in found.text, (words, found.text)
                for words in hidden:
                    assert words not in found.text, f"another seat's draw named: {found.text}"
                mine = client.names[client.seats[0]]
                assert not re.search(rf"{mine} plays \d+\|\d+", found.text), found.text
                assert (foot is not None) == ("Open: the chicken foot" in found.text)
                if foot is not None:
                    assert found.text.endswith(foot), (foot, found.text)
                assert found.sums_up == (len(said) > 1)
                checked += 1
        waiting = [s for s in seats if isinstance(s.client.prompt, YourTurn | RoundEnded)]
        bot_turn(rng.choice(waiting), bot)
    else:
        raise AssertionError("the game did not end")
    assert checked > 10


def two_people(kit: type[Kit], tmp_path: Path) -> tuple[TableHost, Seat, Seat]:
    """A short game of two people at two screens, whoever is first on turn."""
    record = GameRecord.new(kit.short_rules(2, rounds=2), kit.people(2), seed=4)
    host = host_of(record)
    ana, bea = sit(host, [0]), sit(host, [1])
    settle(host, ana, bea)
    return host, ana, bea


def test_each_move_is_one_announcement_and_the_turn_is_urgent(
    kit: type[Kit], tmp_path: Path
) -> None:
    host, ana, bea = two_people(kit, tmp_path)
    announcer = Announcer()
    first = announcer.follow(ana.client)
    if ana.client.on_turn:
        assert [a.kind for a in first] == ["turn"]
        assert first[0].text.startswith("Your turn: ") and first[0].urgent
    else:
        assert first == [], "the round so far is not news; only the turn is"
    bot = make_bot("casual", 1)
    moves = 0
    while moves < 6:
        mover = ana if ana.client.on_turn else bea
        before = len(mover.client.log)
        bot_turn(mover, bot)
        settle(host, ana, bea)
        said = announcer.follow(ana.client)
        kinds = [announcement.kind for announcement in said]
        assert kinds[0] == "move" and kinds.count("move") == 1, said
        assert said[0].text.split(". ")[0] in " ".join(ana.client.log[before:]) + "."
        assert said[0].mine == (mover is ana) and not said[0].urgent
        if ana.client.on_turn:
            assert kinds[-1] == "turn" and said[-1].urgent
            assert said[-1].text == turn_line(ana.client)
            assert said[-1].since.startswith("Since your last turn: ")
        moves += 1
        if isinstance(ana.client.prompt, RoundEnded):
            break


def test_a_key_that_does_nothing_is_told_each_time_it_is_pressed(
    kit: type[Kit], tmp_path: Path
) -> None:
    _host, ana, bea = two_people(kit, tmp_path)
    idle = bea if ana.client.on_turn else ana
    announcer = Announcer()
    announcer.follow(idle.client)
    for _ in range(2):
        assert idle.client.draw() is None
        said = announcer.follow(idle.client)
        assert [a.kind for a in said] == ["notice"]
        assert said[0].urgent and said[0].text.startswith("Wait: it is ")
        assert "their own screen" in said[0].text, "a person elsewhere is not handed the keyboard"
    assert announcer.follow(idle.client) == [], "nothing new: nothing said"


def test_a_round_s_result_is_said_and_going_on_says_what_the_table_waits_for(
    kit: type[Kit], tmp_path: Path
) -> None:
    host, ana, bea = two_people(kit, tmp_path)
    announcer = Announcer()
    bot = make_bot("casual", 2)
    for _ in range(500):
        if isinstance(ana.client.prompt, RoundEnded):
            break
        announcer.follow(ana.client)
        bot_turn(ana if ana.client.on_turn else bea, bot)
        settle(host, ana, bea)
    said = announcer.follow(ana.client)
    result = [a for a in said if a.kind == "result"]
    assert len(result) == 1 and result[0].urgent
    assert result[0].text.startswith("Round 1 over. Hands left: ")
    assert result[0].text.endswith("Round 1 is over; Enter deals the next round.")
    ana.send(ana.client.proceed())
    settle(host, ana, bea)
    assert announcer.follow(ana.client) == [
        Announcement("news", "Round 1 is over; waiting for the others to see its result")
    ]


def test_the_answers_to_the_questions_come_from_the_seat_s_view(
    kit: type[Kit], tmp_path: Path
) -> None:
    _host, ana, bea = two_people(kit, tmp_path)
    mover = ana if ana.client.on_turn else bea
    client = mover.client
    hand = hand_said(client)
    assert hand[0].startswith(f"{client.names[client.seats[0]]}'s hand")
    assert len(hand) == 1 + len(client.hand())
    assert ", fits " in " ".join(hand) or ", fits nowhere" in " ".join(hand)
    assert ends_said(client)[0].startswith("The table needs: ")
    seats = seats_said(client)
    assert len(seats) == 2 and sum(", on turn" in line for line in seats) == 1
    assert where_said(client).startswith("Round 1 of 2, with ")
    line = turn_line(client)
    assert line.startswith(("Your turn: ", "You drew "))
    assert all(isinstance(a, Play | Draw | Pass) for a in client.legal())
    act = client.legal()[0]
    mover.send(Act(action=act))
