"""The wire contract: every message goes through JSON and back unchanged; anything else is
refused in plain words, before it reaches a host."""

from __future__ import annotations

from pathlib import Path

import pytest

from chickenfoot.play.wire import (
    MAX_CLIENT_MESSAGE,
    PROTOCOL_VERSION,
    Act,
    AskHint,
    ClientMessage,
    Closed,
    NoHint,
    Proceed,
    Refused,
    SaveProblem,
    SetPause,
    StillThinking,
    TakeBack,
    TakeKeyboard,
    WireError,
    decode_client,
    decode_host,
    encode,
)
from chickenfoot.rules import Draw, Pass, Play, Tile
from tests.kit import Kit
from tests.play.tables import bot_turn, host_of, settle, sit


@pytest.mark.parametrize(
    "message",
    [
        Act(action=Play(seat=1, tile=Tile(3, 5), target="B.2")),
        Act(action=Draw(seat=0)),
        Act(action=Pass(seat=2)),
        TakeKeyboard(seat=3),
        Proceed(),
        AskHint(),
        TakeBack(),
        SetPause(seconds=1.2),
    ],
    ids=lambda message: message.kind,
)
def test_every_client_message_goes_through_json_unchanged(message: ClientMessage) -> None:
    text = encode(message)
    assert f'"v":{PROTOCOL_VERSION}' in text
    assert decode_client(text) == message


def test_every_host_message_of_a_whole_game_goes_through_json_unchanged(
    kit: type[Kit], tmp_path: Path
) -> None:
    from chickenfoot.bots import make_bot

    record = kit.find_record(
        kit.short_rules(3, rounds=2), kit.seats("human", "human", "computer"), lambda state: True
    )
    host = host_of(record)
    seat = sit(host, (0, 1))
    bot = make_bot("casual", 0)
    for _ in range(300):
        settle(host, seat)
        if seat.client.prompt.kind == "game_ended":
            break
        bot_turn(seat, bot)
    kinds = {message.kind for message in seat.messages}
    assert {"welcome", "update"} <= kinds
    for message in [
        *seat.messages,
        StillThinking(seat=2),
        NoHint(),
        Closed(),
        SaveProblem(problem="disk_full"),
        Refused(reason="illegal", rule="must_play"),
    ]:
        assert decode_host(encode(message)) == message


@pytest.mark.parametrize(
    ("data", "problem", "fault"),
    [
        ("{", "a client message that is not JSON", "not_json"),
        ("[]", "a client message that is not a JSON object", "not_an_object"),
        ('{"kind": "zap"}', "an unknown kind of client message", "unknown_kind"),
        ("{}", "a client message without a kind", "no_kind"),
        ('{"kind": "proceed", "v": 1}', "another protocol version", "other_version"),
        (
            '{"kind": "act", "action": {"kind": "play", "seat": 0, "tile": "x", "target": "A"}}',
            "'x' is not a tile",
            "bad_field",
        ),
        ('{"kind": "set_pause", "seconds": 1e9}', "bad seconds", "bad_field"),
        ('{"kind": "take_keyboard", "seat": -1}', "bad seat", "bad_field"),
        ('{"kind": "proceed", "extra": 1}', "bad extra", "bad_field"),
        ("x" * (MAX_CLIENT_MESSAGE + 1), "longer than the 4096 allowed", "too_long"),
    ],
)
def test_a_bad_client_message_is_refused_in_plain_words(
    data: str, problem: str, fault: str
) -> None:
    with pytest.raises(WireError, match=problem) as refused:
        decode_client(data)
    assert refused.value.fault == fault, "the code a client words in its own language"
    text = str(refused.value)
    assert "pydantic" not in text and "Traceback" not in text and "\n" not in text
