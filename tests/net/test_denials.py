"""A server sends meanings, not sentences: every frame's free text is a fact (a name, a
tile, a code), and each client words refusals, save problems and its own news in its own
language."""

from __future__ import annotations

import errno
import gettext
import json
from pathlib import Path
from typing import Any, get_args

import pytest

from chickenfoot.lang import speaking
from chickenfoot.net.denials import bad_name, denial_text
from chickenfoot.net.protocol import DenialDetail, DenialReason, Denied, Seated, TableStatus
from chickenfoot.net.remote import AddressError, TableAddress, table_gone_text
from chickenfoot.net.seating import lobby_lines
from chickenfoot.play.saving import save_trouble, trouble_text
from chickenfoot.play.wire import SaveTrouble
from chickenfoot.record.problems import FileWriteError
from chickenfoot.saves.committer import CommitStillRunning
from chickenfoot.saves.journal import JournalLost
from chickenfoot.saves.store import LeaseLost

SCHEMA = json.loads((Path(__file__).parents[2] / "docs" / "protocol.schema.json").read_text())

FACTS = {
    # tiles and the lines they go on
    "DeadDraw.tile",
    "Play.tile",
    "Play.target",
    "TileDrawn.tile",
    "TilePlayed.tile",
    "TilePlayed.target",
    "ArmStarted.target",
    "FootOpened.target",
    "FootCompleted.target",
    "Board.foot",
    "Placement",
    "RoundScored.hands",
    "SeatView.drawn",
    "SeatView.hand",
    # names, as people typed them
    "SeatInfo.name",
    "SeatState.name",
    "TableStatus.spectators",
    "Denied.name",
    "Denied.like",
    # codes: computer levels, a rule's reason, a table's code, where a frame is wrong
    "SeatInfo.computer",
    "SeatState.computer",
    "SeatState.covered_by",
    "Covered.level",
    "Refused.rule",
    "Seated.code",
    "TableStatus.code",
    "Denied.code",
    "Denied.field",
    # a secret, and a saved game's JSON
    "Seated.token",
    "FinishedGame.record",
}
"""Every string a server sends that is not one of a fixed set of codes: each is a fact."""


class Marked(gettext.NullTranslations):
    """A language whose every message is marked, to tell catalogue words from others."""

    def gettext(self, message: str) -> str:
        return f"⟦{message}⟧"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"⟦{msgid1 if n == 1 else msgid2}⟧"

    def pgettext(self, context: str, message: str) -> str:
        return f"⟦{message}⟧"

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return f"⟦{msgid1 if n == 1 else msgid2}⟧"


def free_strings(node: Any, where: str, seen: set[str]) -> set[str]:
    """The places in the schema ``node`` (reached through ``where``) that hold free text."""
    found: set[str] = set()
    if isinstance(node, list):
        for item in node:
            found |= free_strings(item, where, seen)
        return found
    if not isinstance(node, dict):
        return found
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[-1]
        if name not in seen:
            seen.add(name)
            found |= free_strings(SCHEMA["$defs"][name], name, seen)
        return found
    if node.get("type") == "string" and not {"enum", "const", "pattern"} & set(node):
        found.add(where)
    for key, value in node.items():
        if key == "properties":
            for field, schema in value.items():
                found |= free_strings(schema, f"{where}.{field}", seen)
        elif isinstance(value, dict | list):
            found |= free_strings(value, where, seen)
    return found


def test_no_frame_a_server_sends_holds_a_sentence() -> None:
    assert free_strings(SCHEMA["$defs"]["server"], "server", set()) == FACTS, (
        "a new free text field in a server's frame: send a code, and let clients word it"
    )
    assert "text" not in SCHEMA["$defs"]["Denied"]["properties"]


DETAIL_REASONS: dict[str, DenialReason] = {
    "too_late": "first_message",
    "not_a_first_message": "first_message",
    **dict.fromkeys(
        (
            "too_long",
            "not_json",
            "other_version",
            "unknown_kind",
            "no_kind",
            "not_an_object",
            "bad_field",
            "bad_name",
            "no_person_seat",
            "seats_and_players_differ",
        ),
        "bad_message",
    ),
    **dict.fromkeys(
        (
            "at_a_table",
            "at_no_table",
            "not_started",
            "started",
            "starts_by_itself",
            "hints_off",
            "pace_is_the_tables",
            "not_a_lost_seat",
            "seat_connected",
        ),
        "not_now",
    ),
    **dict.fromkeys(("start", "cover", "watching"), "not_creator"),
    **dict.fromkeys(("deal_failed", "table_server_silent"), "server_busy"),
}
"""The reason each detail of a refusal goes with (docs/protocol.md's table)."""


def every_denial() -> list[Denied]:
    """A refusal of every reason, and of every detail with the reason it goes with."""
    assert set(DETAIL_REASONS) == set(get_args(DenialDetail)), "a detail without its reason"
    facts: dict[str, Any] = {"code": "ABCDEF", "name": "ana", "like": "Ana", "count": 2}
    return [
        *(Denied(reason=reason, **facts) for reason in get_args(DenialReason)),
        *(
            Denied(reason=reason, detail=detail, field="seconds", name="Ana: hi")  # type: ignore[arg-type]
            for detail, reason in DETAIL_REASONS.items()
        ),
    ]


@pytest.mark.parametrize("denied", every_denial(), ids=lambda d: f"{d.reason}-{d.detail}")
def test_every_refusal_is_worded_by_the_client_from_its_catalogue(denied: Denied) -> None:
    english = denial_text(denied)
    assert english and "{" not in english and "⟦" not in english
    with speaking("gl", Marked()):
        worded = denial_text(denied)
    assert worded.startswith("⟦") and worded != english, "in the client's own language"


def test_a_refused_name_is_worded_with_the_check_the_server_made() -> None:
    assert denial_text(bad_name("Ana Bob peeks at tiles")) == (
        "a name, not a sentence: at most three words, one space between them"
    )
    assert denial_text(bad_name("Аna")) == (
        "a name of one alphabet: it mixes letters of Cyrillic and Latin"
    )
    assert denial_text(Denied(reason="too_many_open_tables", count=1)) == (
        "your address has 1 open table that nobody else joined: share it, or wait for it to close"
    )
    assert denial_text(Denied(reason="too_many_open_tables", count=2)) == (
        "your address has 2 open tables that nobody else joined: share one of those, or wait "
        "for them to close"
    )


@pytest.mark.parametrize(
    ("error", "trouble", "words"),
    [
        (OSError(errno.ENOSPC, "No space left on device"), "disk_full", "the disk is full"),
        (OSError(errno.EACCES, "Permission denied"), "no_permission", "permission denied"),
        (OSError(errno.EROFS, "Read-only file system"), "disk_read_only", "the disk is read-only"),
        (LeaseLost("table ABCDEF"), "taken_over", "another server runs this table now"),
        (CommitStillRunning(5), "too_slow", "the disk did not finish saving in time"),
        (
            JournalLost(Path("chickenfoot.db-wal"), saved=True),
            "journal_replaced",
            "the game database's journal was deleted while the game was open: the moves so far "
            "are now in the database itself, and the next ones go to a new journal",
        ),
        (
            JournalLost(Path("chickenfoot.db-wal"), saved=False),
            "journal_deleted",
            "the game database's journal was deleted while the game was open, and its moves "
            "could not be copied into the database",
        ),
        (OSError("something odd"), "not_written", "the latest moves could not be written"),
    ],
)
def test_a_save_problem_goes_to_the_clients_as_a_code(
    error: OSError, trouble: SaveTrouble, words: str
) -> None:
    assert save_trouble(error) == trouble
    assert trouble_text(trouble) == words
    with speaking("es", Marked()):
        assert trouble_text(trouble) == f"⟦{words}⟧"


def test_a_file_that_could_not_be_written_says_why_through_its_cause() -> None:
    error = FileWriteError(Path("game.json"), "not saved: the disk is full")
    error.__cause__ = OSError(errno.ENOSPC, "No space left on device")
    assert save_trouble(error) == "disk_full"
    assert save_trouble(None) is None


def test_the_clients_own_words_come_from_the_catalogue() -> None:
    address = TableAddress.parse("KM7R3P@192.168.1.20:8765")
    status = TableStatus(code="KM7R3P", seats=())
    with speaking("he", Marked()):
        lines = lobby_lines(address, None, None)
        assert lines == ["⟦Connecting to {host}:{port}…⟧".format(host="192.168.1.20", port=8765)]
        lobby = lobby_lines(address, Seated(code="KM7R3P", seat=0), status)
        assert lobby[0] == "⟦Table KM7R3P⟧"
        assert table_gone_text("expired").startswith("⟦")
        with pytest.raises(AddressError, match="⟦") as refused:
            TableAddress.parse("host:99999")
    assert "99999" in str(refused.value)
