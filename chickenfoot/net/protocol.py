"""The online tables' protocol: what goes over a WebSocket between a table server and a client.

A connection carries JSON text frames, one message each. Every message is a frozen Pydantic
model with a ``kind`` and the protocol's version ``v``; the table's own messages are those of
:mod:`chickenfoot.play.wire` (the same ones a screen and its host exchange in one process),
and this module adds what only a network needs: making, joining and watching a table, the
lobby, who is connected, seat tokens, refusals and the finished game's record. No frame a
server sends holds a sentence for a person: it sends codes and facts (names, numbers), and
each client words them in its own language. Both directions are one tagged union on ``kind``
(:data:`ClientFrame`, :data:`ServerFrame`): :func:`read_client` is the only way a server
reads a client's frame (it refuses anything too long, not JSON, of another version or not a
message: :class:`WireError`, with its code), and :func:`read_server` the way a client reads
the server's. docs/protocol.md lists every message.

Client to server, first (exactly one of): :class:`CreateTable` (a new table: its options and
the creator's name), :class:`JoinTable` (a person's seat, by the table's code),
:class:`ReturnToSeat` (a seat taken back with its secret token), :class:`WatchTable` (a
spectator). Then the table's messages (:data:`~chickenfoot.play.wire.ClientMessage`) and
:class:`StartGame` and :class:`CoverSeat` (the creator's).

Server to client: :class:`Seated` (the seat and its token), :class:`TableStatus` (the lobby,
who is connected, who covers whom; sent on every change), :class:`Denied` (a refusal, as codes
each client words: :mod:`chickenfoot.net.denials`), :class:`Replaced` (another window took
this seat), :class:`TableGone` (the table closed), :class:`FinishedGame` (the whole record,
every hand, once the game is over), and the table's messages
(:data:`~chickenfoot.play.wire.HostMessage`).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from typing import Annotated, Any, Final, Literal

from pydantic import Field, TypeAdapter, field_validator

from chickenfoot.bots import BOT_LEVELS
from chickenfoot.lang import _, ngettext, pgettext
from chickenfoot.play.wire import (
    MAX_CLIENT_MESSAGE,
    Act,
    AskGameLog,
    AskHint,
    Closed,
    GameLog,
    HintGiven,
    Hold,
    Message,
    NoHint,
    Proceed,
    Refused,
    SaveProblem,
    Saving,
    SetPause,
    StillThinking,
    TakeBack,
    TakeKeyboard,
    Update,
    Welcome,
    WireModel,
    _decode,
)
from chickenfoot.record.names import NAME_MAX_LENGTH
from chickenfoot.rules import RuleSet
from chickenfoot.rules.ruleset import PRESET_FIELDS

CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""The characters of a table code: capital letters and digits without the look-alikes
0/O and 1/I/L (31 characters, so a code is one of 887 million)."""

CODE_LENGTH: Final = 6

DEFAULT_GRACE: Final = 90.0
"""Seconds a dropped person's seat waits before a computer covers it."""

MAX_GRACE: Final = 3600.0
Level = Literal["beginner", "casual", "hard", "expert"]
"""A computer player's level at an online table (the ladder's; see :data:`BOT_LEVELS`)."""

assert set(BOT_LEVELS) == {"beginner", "casual", "hard", "expert"}, "the ladder changed"


def new_code(first: str = CODE_ALPHABET) -> str:
    """A new random table code (from :mod:`secrets`) whose first character is one of
    ``first`` (a server's :func:`code_letters`)."""
    rest = (secrets.choice(CODE_ALPHABET) for _unused in range(CODE_LENGTH - 1))
    return secrets.choice(first) + "".join(rest)


def code_letters(text: str) -> str:
    """The characters of the code alphabet ``text`` names, in the alphabet's order: each
    written out or as a range (``A-R``, ``S-Z2-9``; capitals or not). A server's codes start
    with one of them, so a proxy can send a table's players straight to it.

    Raises ``ValueError`` saying what is wrong, in plain words."""
    spec = text.strip().upper()
    chosen: set[str] = set()
    index = 0
    while index < len(spec):
        char = spec[index]
        if index + 2 < len(spec) and spec[index + 1] == "-":
            last = spec[index + 2]
            if char not in CODE_ALPHABET or last not in CODE_ALPHABET:
                raise ValueError(
                    _("{first}-{last} is not a range of a table code's characters").format(
                        first=char, last=last
                    )
                )
            start, end = CODE_ALPHABET.index(char), CODE_ALPHABET.index(last)
            if start > end:
                raise ValueError(
                    _("{first}-{last} runs backwards: write {last}-{first}").format(
                        first=char, last=last
                    )
                )
            chosen.update(CODE_ALPHABET[start : end + 1])
            index += 3
            continue
        if char not in CODE_ALPHABET:
            raise ValueError(
                _("{character} is not a character of a table code ({alphabet})").format(
                    character=repr(char), alphabet=CODE_ALPHABET
                )
            )
        chosen.add(char)
        index += 1
    if not chosen:
        raise ValueError(
            _("no character of a table code given (they are {alphabet})").format(
                alphabet=CODE_ALPHABET
            )
        )
    return "".join(char for char in CODE_ALPHABET if char in chosen)


def normal_code(text: str) -> str | None:
    """``text`` as a table code (capitals, spaces and dashes removed), or None if it cannot be
    one."""
    return None if code_problem(text) is not None else re.sub(r"[\s-]", "", text).upper()


LOOK_ALIKE_DIGITS = {"O": "0", "0": "O", "I": "1", "1": "I", "L": "1"}


def code_problem(text: str) -> str | None:
    """Why ``text`` is no table code, in words that name the fault (None: it is one)."""
    code = re.sub(r"[\s-]", "", text).upper()
    if len(code) != CODE_LENGTH:
        return ngettext(
            "a table code has {length} letters and digits, not {count}",
            "a table code has {length} letters and digits, not {count}",
            len(code),
        ).format(length=CODE_LENGTH, count=len(code))
    wrong = [char for char in code if char not in CODE_ALPHABET]
    if not wrong:
        return None
    if all(char in LOOK_ALIKE_DIGITS for char in wrong):
        # Translators: {characters} are the characters a table code never has (O, 0, I...).
        return _(
            "a table code has no {characters}: codes leave out O, 0, I, 1 and L, which look "
            "alike; check the code you were given"
        ).format(characters=pgettext("between items of a list", ", ").join(dict.fromkeys(wrong)))
    return _("a table code has only capital letters and digits, not {character}").format(
        character=repr(wrong[0])
    )


def new_token() -> str:
    """A new secret seat token (32 random bytes, URL-safe text)."""
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    """What the server keeps of a seat token: its SHA-256, in hex (a token is random and long,
    so a fast hash is enough; the token itself is never stored on the server)."""
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str, hashed: str | None) -> bool:
    """True if ``token`` is the one whose hash is ``hashed`` (compared in constant time)."""
    return hashed is not None and hmac.compare_digest(hash_token(token), hashed)


Name = Annotated[str, Field(max_length=4 * NAME_MAX_LENGTH)]
"""A person's name as sent (the server checks it with
:func:`chickenfoot.net.names.name_refusal`)."""

Code = Annotated[str, Field(min_length=1, max_length=16)]
Token = Annotated[str, Field(min_length=16, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]


# ----- a table's options -----------------------------------------------------------------------


class SeatPlan(WireModel):
    """A seat as the table's creator planned it: a person who will join (``name`` is who is
    expected; the joiner's own name replaces it) or a computer player of ``computer`` level."""

    name: Name
    computer: Level | None = None


class TableOptions(WireModel):
    """What the creator chose: the rules (whose ``players`` is the number of seats), the
    seats (two or more), the level of the computer that covers a dropped person's seat, how
    long a dropped seat waits first (``grace``, seconds), whether people may ask for hints,
    the pause before each computer move, and whether spectators may watch. The deal is never
    the creator's to choose: the server deals from a secret of its own."""

    rules: RuleSet
    seats: tuple[SeatPlan, ...] = Field(min_length=2, max_length=8)
    cover: Level = "hard"
    grace: float = Field(DEFAULT_GRACE, ge=0, le=MAX_GRACE, allow_inf_nan=False)
    hints: bool = True
    pause: float = Field(0.6, ge=0, le=10, allow_inf_nan=False)
    watching: bool = True
    """Whether spectators may watch (the creator may change it later: ``set_watching``)."""

    @field_validator("rules", mode="before")
    @classmethod
    def _preset_first(cls, value: Any) -> Any:
        """Rules sent as fields: what they leave out is their preset's (as ``chickenfoot
        host --table --preset`` deals it), not the plain defaults."""
        if isinstance(value, dict) and value.get("preset") in PRESET_FIELDS:
            return {**PRESET_FIELDS[value["preset"]], **value}
        return value

    @property
    def people(self) -> tuple[int, ...]:
        """The seats people play."""
        return tuple(seat for seat, plan in enumerate(self.seats) if plan.computer is None)


# ----- client to server: the first message -------------------------------------------------------


class CreateTable(Message):
    """Make a new table with ``options``; the creator (``name``) takes its first person's
    seat."""

    kind: Literal["create"] = "create"
    options: TableOptions
    name: Name


class JoinTable(Message):
    """Take a free person's seat at table ``code`` as ``name`` (a seat planned for that name
    first; no name: the seat's planned one)."""

    kind: Literal["join"] = "join"
    code: Code
    name: Name = ""


class ReturnToSeat(Message):
    """Take back the seat whose secret ``token`` this is, at table ``code`` (a window that has
    it now is told it was replaced)."""

    kind: Literal["return"] = "return"
    code: Code
    token: Token


class WatchTable(Message):
    """Watch table ``code`` as ``name`` (the public view only; the players see who watches)."""

    kind: Literal["watch"] = "watch"
    code: Code
    name: Name


# ----- client to server: the creator's -----------------------------------------------------------


class StartGame(Message):
    """The creator starts the game (seats nobody took are covered by computers)."""

    kind: Literal["start"] = "start"


class SetWatching(Message):
    """The creator lets spectators watch the table, or not (``allowed`` False: those
    watching are told and leave, and nobody may watch until it is allowed again)."""

    kind: Literal["set_watching"] = "set_watching"
    allowed: bool


class CoverSeat(Message):
    """The creator hands a dropped person's seat to a computer now, before the grace ends."""

    kind: Literal["cover"] = "cover"
    seat: int = Field(ge=0, lt=8)


ClientFrame = Annotated[
    CreateTable
    | JoinTable
    | ReturnToSeat
    | WatchTable
    | StartGame
    | CoverSeat
    | SetWatching
    | Act
    | TakeKeyboard
    | Proceed
    | AskHint
    | TakeBack
    | SetPause
    | Hold
    | AskGameLog,
    Field(discriminator="kind"),
]
"""Any frame a client sends a server."""

Hello = CreateTable | JoinTable | ReturnToSeat | WatchTable
"""The first frame of a connection."""


# ----- server to client -------------------------------------------------------------------------


class Covered(WireModel):
    """What a computer did in a person's seat while they were away: its ``level``, how many
    moves it made, and how many of them in the round in play (the seat's latest moves of the
    round the ``welcome`` that follows shows)."""

    level: str
    moves: int = Field(ge=0)
    this_round: int = Field(ge=0)


class Seated(Message):
    """This connection plays ``seat`` of table ``code``; ``token`` (sent once, when the seat is
    first taken) takes it back later. ``creator``: this seat made the table. ``covered``: a
    computer played the seat while its person was away (said to them when they come back)."""

    kind: Literal["seated"] = "seated"
    code: str
    seat: int | None = None
    """None: a spectator."""
    token: str | None = None
    creator: bool = False
    covered: Covered | None = None


class SeatState(WireModel):
    """One seat as everybody at the table sees it: its name; a computer's level (a computer
    seat); for a person's seat whether somebody took it, whether they are connected, the
    computer covering it, and how many seconds are left before one does (``waiting``)."""

    name: str
    computer: str | None = None
    taken: bool = False
    connected: bool = False
    covered_by: str | None = None
    waiting: float | None = None


class TableStatus(Message):
    """The table now: its code, its seats, who watches, whether the game started, which seat
    made it, how far a dropped seat's grace goes (seconds), whether it starts by itself once
    every person's seat is taken (a table the server made: nobody starts it sooner), whether
    spectators may watch (``watching``), and whether its deal is fixed (``fixed_deal``: the
    server's operator chose the seed, for a demonstration or a test, so the deal may be
    known in advance). Sent to every client on every change."""

    kind: Literal["table_status"] = "table_status"
    code: str
    seats: tuple[SeatState, ...]
    spectators: tuple[str, ...] = ()
    started: bool = False
    creator: int = 0
    grace: float = DEFAULT_GRACE
    starts_by_itself: bool = False
    fixed_deal: bool = False
    watching: bool = True


DenialReason = Literal[
    "bad_message",
    "no_such_table",
    "bad_token",
    "table_full",
    "too_many_tables",
    "too_many_new_tables",
    "too_many_open_tables",
    "too_many_connections",
    "too_many_spectators",
    "watching_off",
    "name_taken",
    "too_fast",
    "not_creator",
    "not_now",
    "first_message",
    "server_busy",
]
"""Why a server refused a frame (each client words it:
:func:`chickenfoot.net.denials.denial_text`)."""

DenialDetail = Literal[
    # first_message
    "too_late",
    "not_a_first_message",
    # bad_message: a frame that cannot be read (a WireFault)
    "too_long",
    "not_json",
    "other_version",
    "unknown_kind",
    "no_kind",
    "not_an_object",
    "bad_field",
    # bad_message: what a frame says
    "bad_name",
    "no_person_seat",
    "seats_and_players_differ",
    # not_now
    "at_a_table",
    "at_no_table",
    "not_started",
    "started",
    "starts_by_itself",
    "hints_off",
    "pace_is_the_tables",
    "not_a_lost_seat",
    "seat_connected",
    # not_creator: what only the creator may do
    "start",
    "cover",
    "watching",
    # server_busy
    "deal_failed",
    "table_server_silent",
]
"""Which refusal of its ``reason`` a :class:`Denied` is, where the reason has several."""


class Denied(Message):
    """The server refused the client's frame: a reason code, the case of it (``detail``) and
    the facts a client needs to word it in its own language (the server sends no sentence):
    ``code``, the table code asked for (``no_such_table``); ``name``, the name refused
    (``bad_name``, ``name_taken``) and ``like``, the name at the table it looks like
    (``name_taken``); ``count``, how many open tables an address may hold
    (``too_many_open_tables``); ``field``, where a frame is wrong (``bad_field``). A refused
    first frame ends the connection."""

    kind: Literal["denied"] = "denied"
    reason: DenialReason
    detail: DenialDetail | None = None
    code: Code | None = None
    name: Name | None = None
    like: Name | None = None
    count: int | None = Field(None, ge=0)
    field: str | None = Field(None, max_length=200)


class Replaced(Message):
    """Another window took this seat with its token: this connection ends."""

    kind: Literal["replaced"] = "replaced"


class TableGone(Message):
    """The table closed: ``reason`` says why (``expired``: nobody was connected for too long;
    ``finished``: the game is over; ``stopping``: the server is stopping and keeps the table;
    ``made_room``: a lobby nobody joined gave way to a new table at a full server)."""

    kind: Literal["table_gone"] = "table_gone"
    reason: Literal["expired", "finished", "stopping", "made_room"]


class FinishedGame(Message):
    """The game is over: its whole record as a saved game's JSON (every hand and deck of every
    round), for the client to keep its own copy."""

    kind: Literal["finished_game"] = "finished_game"
    record: str


ServerFrame = Annotated[
    Welcome
    | Update
    | StillThinking
    | HintGiven
    | NoHint
    | Refused
    | SaveProblem
    | Saving
    | GameLog
    | Closed
    | Seated
    | TableStatus
    | Denied
    | Replaced
    | TableGone
    | FinishedGame,
    Field(discriminator="kind"),
]
"""Any frame a server sends a client."""

CLIENT_FRAMES: TypeAdapter[ClientFrame] = TypeAdapter(ClientFrame)
SERVER_FRAMES: TypeAdapter[ServerFrame] = TypeAdapter(ServerFrame)

MAX_CLIENT_FRAME: Final = MAX_CLIENT_MESSAGE
"""The most bytes a client's frame may take (a table's options fit with room to spare)."""

MAX_SERVER_FRAME: Final = 8_000_000
"""The most bytes a server's frame may take (a whole finished game fits many times over)."""


def write(message: Message) -> str:
    """``message`` as one frame of JSON text."""
    return message.model_dump_json()


def read_client(data: str | bytes) -> ClientFrame:
    """The client's frame in ``data``; :class:`WireError` if it is not one."""
    return _decode(data, CLIENT_FRAMES, MAX_CLIENT_FRAME, "client")


def read_server(data: str | bytes) -> ServerFrame:
    """The server's frame in ``data``; :class:`WireError` if it is not one."""
    return _decode(data, SERVER_FRAMES, MAX_SERVER_FRAME, "server")
