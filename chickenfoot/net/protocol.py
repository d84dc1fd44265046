"""The online tables' protocol: what goes over a WebSocket between a table server and a client.

A connection carries JSON text frames, one message each. Every message is a frozen Pydantic
model with a ``kind`` and the protocol's version ``v``; the table's own messages are those of
:mod:`chickenfoot.play.wire` (the same ones a screen and its host exchange in one process),
and this module adds what only a network needs: making, joining and watching a table, the
lobby, who is connected, seat tokens, refusals in plain words and the finished game's record.
Both directions are one tagged union on ``kind`` (:data:`ClientFrame`, :data:`ServerFrame`):
:func:`read_client` is the only way a server reads a client's frame (it refuses anything too
long, not JSON, of another version or not a message, in plain words: :class:`WireError`), and
:func:`read_server` the way a client reads the server's. docs/protocol.md lists every message.

Client to server, first (exactly one of): :class:`CreateTable` (a new table: its options and
the creator's name), :class:`JoinTable` (a person's seat, by the table's code),
:class:`ReturnToSeat` (a seat taken back with its secret token), :class:`WatchTable` (a
spectator). Then the table's messages (:data:`~chickenfoot.play.wire.ClientMessage`) and
:class:`StartGame` and :class:`CoverSeat` (the creator's).

Server to client: :class:`Seated` (the seat and its token), :class:`TableStatus` (the lobby,
who is connected, who covers whom; sent on every change), :class:`Denied` (a refusal, in
words), :class:`Replaced` (another window took this seat), :class:`TableGone` (the table
closed), :class:`FinishedGame` (the whole record, every hand, once the game is over), and the
table's messages (:data:`~chickenfoot.play.wire.HostMessage`).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from typing import Annotated, Final, Literal

from pydantic import Field, TypeAdapter

from chickenfoot.bots import BOT_LEVELS
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
from chickenfoot.record.names import NAME_MAX_LENGTH, name_problem
from chickenfoot.rules import RuleSet

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


def new_code() -> str:
    """A new random table code (from :mod:`secrets`)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str | None:
    """``text`` as a table code (capitals, spaces and dashes removed), or None if it cannot be
    one."""
    code = re.sub(r"[\s-]", "", text).upper()
    if len(code) != CODE_LENGTH or any(char not in CODE_ALPHABET for char in code):
        return None
    return code


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


def name_refusal(name: str) -> str | None:
    """Why ``name`` cannot be a person's name at a table, in words (None: it can). A name is
    shown literally, so it may hold no invisible or control characters (see
    :func:`chickenfoot.record.names.name_problem`)."""
    name = name.strip()
    if not name:
        return "a name cannot be empty"
    if len(name) > NAME_MAX_LENGTH:
        return f"a name has at most {NAME_MAX_LENGTH} characters"
    return name_problem(name)


Name = Annotated[str, Field(max_length=4 * NAME_MAX_LENGTH)]
"""A person's name as sent (the server checks it with :func:`name_refusal`)."""

Code = Annotated[str, Field(min_length=1, max_length=16)]
Token = Annotated[str, Field(min_length=16, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]


# ----- a table's options -----------------------------------------------------------------------


class SeatPlan(WireModel):
    """A seat as the table's creator planned it: a person who will join (``name`` is who is
    expected; the joiner's own name replaces it) or a computer player of ``computer`` level."""

    name: Name
    computer: Level | None = None


class TableOptions(WireModel):
    """What the creator chose: the rules, the seats (two or more), the level of the computer
    that covers a dropped person's seat, how long a dropped seat waits first (``grace``,
    seconds), whether people may ask for hints, the pause before each computer move, and the
    seed of the deals (None: a random one)."""

    rules: RuleSet
    seats: tuple[SeatPlan, ...] = Field(min_length=2, max_length=8)
    cover: Level = "hard"
    grace: float = Field(DEFAULT_GRACE, ge=0, le=MAX_GRACE, allow_inf_nan=False)
    hints: bool = True
    pause: float = Field(0.6, ge=0, le=10, allow_inf_nan=False)
    seed: int | None = Field(None, ge=0, lt=2**63)

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


class Seated(Message):
    """This connection plays ``seat`` of table ``code``; ``token`` (sent once, when the seat is
    first taken) takes it back later. ``creator``: this seat made the table."""

    kind: Literal["seated"] = "seated"
    code: str
    seat: int | None = None
    """None: a spectator."""
    token: str | None = None
    creator: bool = False


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
    made it, how far a dropped seat's grace goes (seconds), and whether it starts by itself
    once every person's seat is taken (a table the server made: nobody starts it sooner).
    Sent to every client on every change."""

    kind: Literal["table_status"] = "table_status"
    code: str
    seats: tuple[SeatState, ...]
    spectators: tuple[str, ...] = ()
    started: bool = False
    creator: int = 0
    grace: float = DEFAULT_GRACE
    starts_by_itself: bool = False


DenialReason = Literal[
    "bad_message",
    "no_such_table",
    "bad_token",
    "table_full",
    "too_many_tables",
    "too_many_connections",
    "too_many_spectators",
    "too_fast",
    "not_creator",
    "not_now",
    "first_message",
    "server_busy",
]
"""Why a server refused a frame (the text says it in words)."""


class Denied(Message):
    """The server refused the client's frame: a reason code and the same in plain words. A
    refused first frame ends the connection."""

    kind: Literal["denied"] = "denied"
    reason: DenialReason
    text: str


class Replaced(Message):
    """Another window took this seat with its token: this connection ends."""

    kind: Literal["replaced"] = "replaced"


class TableGone(Message):
    """The table closed: ``reason`` says why (``expired``, ``finished`` or ``stopping``)."""

    kind: Literal["table_gone"] = "table_gone"
    reason: Literal["expired", "finished", "stopping"]


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
    """The client's frame in ``data``; :class:`WireError` (in plain words) if it is not one."""
    return _decode(data, CLIENT_FRAMES, MAX_CLIENT_FRAME, "client")


def read_server(data: str | bytes) -> ServerFrame:
    """The server's frame in ``data``; :class:`WireError` (in plain words) if it is not one."""
    return _decode(data, SERVER_FRAMES, MAX_SERVER_FRAME, "server")
