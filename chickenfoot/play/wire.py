"""The wire contract between a table host and its seat clients: every message either sends.

A host (:class:`~chickenfoot.play.host.TableHost`) and a client
(:class:`~chickenfoot.play.client.SeatClient`) share no object and call no function of each
other: they exchange the plain, frozen, serialisable Pydantic messages of this module, so the
same two ends work in one process (:class:`~chickenfoot.play.link.LocalLink`) or with a
network between them. Each direction is a tagged union on ``kind``
(:data:`HostMessage`, :data:`ClientMessage`); :func:`encode` writes a message as one line of
JSON and :func:`decode_host` / :func:`decode_client` read one back, checking its size and the
protocol's version (:data:`PROTOCOL_VERSION`, carried by every message as ``v``) and saying
in plain words what is wrong with a bad one (:class:`WireError`).

**What a client is sent is what its seat may see**, the first message included: a view is
the :class:`~chickenfoot.rules.SeatView` of the seat whose person has the keyboard, or the
:class:`~chickenfoot.rules.PublicView` (no hand) when nobody's hand may be shown; events come
through :func:`~chickenfoot.rules.visible_to` (another seat's draw without its tile); a
round's hands only once it is over (``RoundScored``). docs/architecture.md lists every
message and when it is sent.

Host to client:

- :class:`Welcome`: the first message: the table (rules, seats, take-backs), the seats this
  client plays, its view, what the host waits for, and the round so far (its steps).
- :class:`Update`: the view changed: the new view, what the host waits for now, and the steps
  that led there (``restart``: the round's log starts again, after a take-back).
- :class:`StillThinking`: the computer on turn is still thinking after its pause.
- :class:`HintGiven` / :class:`NoHint`: the hint asked for, or that none could be found.
- :class:`Refused`: the host refused the client's last message, and why (a reason code).
- :class:`SaveProblem`: the game's store is behind (a save failed), or caught up (None).
- :class:`Saving`: the latest move is taking long to save (the game waits for it), or is saved.
- :class:`GameLog`: every step of the game so far, as the client may see it (asked for).
- :class:`Closed`: the host closed the table.

Client to host: :class:`Act` (an action of the seat on turn), :class:`TakeKeyboard` (at a
hand-off, the next person has the keyboard), :class:`Proceed` (a dead draw, a round's or
the game's result was seen), :class:`AskHint`, :class:`TakeBack`, :class:`SetPause` (the
pause before each computer move), :class:`Hold` (the client's screen is covered: computers
wait), :class:`AskGameLog`.

What the host waits for is a :data:`Prompt`: :class:`YourTurn`, :class:`PassKeyboard`,
:class:`DeadDraw`, :class:`RoundEnded`, :class:`GameEnded` or :class:`Waiting`.
"""

from __future__ import annotations

from typing import Annotated, Final, Literal, TypeVar

from pydantic import Field, TypeAdapter, ValidationError

from chickenfoot.bots import Hint
from chickenfoot.bots.hints import HintReason
from chickenfoot.lang import _
from chickenfoot.record.model import Assist
from chickenfoot.rules import (
    Action,
    Board,
    Event,
    GameOver,
    PublicView,
    RoundBlocked,
    RoundScored,
    RuleSet,
    SeatView,
    WentOut,
)
from chickenfoot.rules._frozen import FrozenModel, derived
from chickenfoot.rules.tiles import TileField

PROTOCOL_VERSION: Final = 2
"""The version of this contract; every message carries it as ``v`` (2: a refusal and a save
problem carry codes that each client words in its own language, no sentences)."""

MAX_CLIENT_MESSAGE: Final = 4096
"""The most bytes a client's message may take (a host refuses anything longer unread)."""

MAX_HOST_MESSAGE: Final = 4_000_000
"""The most bytes a host's message may take (a whole round's steps fit many times over)."""

MAX_PAUSE: Final = 10.0
"""The longest pause before a computer move a client may ask for, in seconds."""


class WireModel(FrozenModel):
    """A frozen model of the contract (unknown fields refused)."""


class Message(WireModel):
    """A message of either direction: it carries the protocol's version."""

    v: Literal[2] = PROTOCOL_VERSION


# ----- what every client is told about the table ---------------------------------------------


class SeatInfo(WireModel):
    """One seat: its name (shown literally), and its computer level (None: a person)."""

    name: str
    computer: str | None = None


class TableInfo(WireModel):
    """The table, as every client may know it: the rules, who sits where, whether people may
    take moves back, and the pause before each computer move (seconds)."""

    rules: RuleSet
    seats: tuple[SeatInfo, ...]
    take_backs: bool = False
    pause: float = 0.6

    @derived
    def names(self) -> tuple[str, ...]:
        """Every seat's name, in seat order."""
        return tuple(seat.name for seat in self.seats)

    @derived
    def computers(self) -> frozenset[int]:
        """The seats a computer plays."""
        return frozenset(seat for seat, info in enumerate(self.seats) if info.computer)


View = SeatView | PublicView
"""What a client sees of the game: its seat's view, or the public view (no hand)."""


class Step(WireModel):
    """One step of the game as the client may see it: the action (None for a deal) and its
    events (through :func:`~chickenfoot.rules.visible_to`), the board before it (public: the
    log words where a tile went), and the hints and take-backs had right after it."""

    action: Action | None = None
    events: tuple[Event, ...] = ()
    board: Board | None = None
    assists: tuple[Assist, ...] = ()


# ----- what the host waits for: prompts ----------------------------------------------------------


class YourTurn(WireModel):
    """``seat`` is on turn and its person has the keyboard: the host waits for its action.
    ``take_back`` says whether a take-back is possible now, ``hint`` whether a hint may be
    asked for (a saved game holds only so many: see
    :func:`~chickenfoot.record.model.most_assists`)."""

    kind: Literal["your_turn"] = "your_turn"
    seat: int
    take_back: bool = False
    hint: bool = False


class PassKeyboard(WireModel):
    """``seat``'s person is on turn but another person has the keyboard: every hand is hidden
    until they take it (:class:`TakeKeyboard`)."""

    kind: Literal["pass_keyboard"] = "pass_keyboard"
    seat: int


class DeadDraw(WireModel):
    """``seat`` drew ``tile``, which fits nowhere, and its turn is over: its person sees the
    tile before the game goes on (:class:`Proceed`). Sent only to that seat's person."""

    kind: Literal["dead_draw"] = "dead_draw"
    seat: int
    tile: TileField


class RoundEnded(WireModel):
    """A round is over: its result (every hand revealed) and how it ended; the view shows its
    final table. The next round is dealt once the client goes on (:class:`Proceed`)."""

    kind: Literal["round_ended"] = "round_ended"
    result: RoundScored
    ending: WentOut | RoundBlocked | None = None


class GameEnded(WireModel):
    """The last round is scored: the final result (:class:`Proceed` closes the table)."""

    kind: Literal["game_ended"] = "game_ended"
    result: GameOver


class Waiting(WireModel):
    """Another seat is on turn (a computer, or a person at another keyboard): nothing to send."""

    kind: Literal["waiting"] = "waiting"
    seat: int
    computer: bool = False


Prompt = Annotated[
    YourTurn | PassKeyboard | DeadDraw | RoundEnded | GameEnded | Waiting,
    Field(discriminator="kind"),
]
"""What the host waits for from a client now."""


# ----- host to client ------------------------------------------------------------------------


SaveTrouble = Literal[
    "disk_full",
    "disk_read_only",
    "disk_quota",
    "disk_error",
    "no_permission",
    "too_slow",
    "taken_over",
    "held_elsewhere",
    "journal_deleted",
    "journal_replaced",
    "not_written",
]
"""Why a game's store is behind, as a code each client words in its own language
(:func:`chickenfoot.play.saving.trouble_text`): the disk is full, read-only, over its quota,
failing (an input/output error), not writable for lack of permission, too slow to finish
saving, the table is run by another server now (``taken_over``), another window took the
game over (``held_elsewhere``), the database's journal was deleted while the game was open
(``journal_deleted``: its moves could not be copied into the database; ``journal_replaced``:
they were, and a new journal began), or any other reason the moves could not be written
(``not_written``)."""


class Welcome(Message):
    """The first message to a client: the table, the seats it plays (none: a spectator), its
    view and prompt, the round so far, and why the game is not saved (if it is not)."""

    kind: Literal["welcome"] = "welcome"
    table: TableInfo
    seats: tuple[int, ...] = ()
    view: View
    prompt: Prompt
    steps: tuple[Step, ...] = ()
    unsaved: SaveTrouble | None = None


class Update(Message):
    """The game moved on: the ``steps`` since the last message (``restart``: the round's log
    starts again with them), the view now and what the host waits for."""

    kind: Literal["update"] = "update"
    view: View
    prompt: Prompt
    steps: tuple[Step, ...] = ()
    restart: bool = False


class StillThinking(Message):
    """The pause before ``seat``'s computer move is over, and it is still thinking."""

    kind: Literal["still_thinking"] = "still_thinking"
    seat: int


class HintInfo(WireModel):
    """A hint: the expert's suggestion for the seat on turn and its reason (see
    :class:`chickenfoot.bots.Hint`)."""

    action: Action
    reason: HintReason
    number: int | None = None
    count: int | None = None
    seat: int | None = None

    @classmethod
    def of(cls, hint: Hint) -> HintInfo:
        """The wire form of ``hint``."""
        return cls(
            action=hint.action,
            reason=hint.reason,
            number=hint.number,
            count=hint.count,
            seat=hint.seat,
        )

    def hint(self) -> Hint:
        """The hint itself."""
        return Hint(self.action, self.reason, self.number, self.count, self.seat)


class HintGiven(Message):
    """The hint asked for, and the record of it (the log says who asked)."""

    kind: Literal["hint_given"] = "hint_given"
    hint: HintInfo
    assist: Assist


class NoHint(Message):
    """The hint asked for could not be worked out; the game goes on without it."""

    kind: Literal["no_hint"] = "no_hint"


RefusalReason = Literal[
    "not_your_seat",
    "not_your_turn",
    "illegal",
    "nothing_to_take_back",
    "no_hint_now",
    "nothing_to_proceed",
    "not_on_turn",
    "closed",
]
"""Why the host refused a client's message:

- ``not_your_seat``: the client does not play the seat the message is for;
- ``not_your_turn``: the host waits for something else (a hand-off, a result seen);
- ``illegal``: the rules refuse the action (``rule`` names the rule);
- ``nothing_to_take_back``: take-backs are off, or there is nothing to take back;
- ``no_hint_now``: a hint is asked for off turn, or the game holds as many as it may;
- ``nothing_to_proceed``: nothing is waiting to be seen;
- ``not_on_turn``: a hand-off for a seat that is not on turn;
- ``closed``: the table is closed.
"""


class Refused(Message):
    """The host refused the client's last message (nothing changed): why, and for an illegal
    action the rules' reason code."""

    kind: Literal["refused"] = "refused"
    reason: RefusalReason
    rule: str | None = None


class SaveProblem(Message):
    """Why the game's store is behind (a save failed), or None once it caught up."""

    kind: Literal["save_problem"] = "save_problem"
    problem: SaveTrouble | None = None


class Saving(Message):
    """``on``: the latest move is taking long to save, and the game goes no further until it
    is saved (a quiet "saving…"); ``on`` False: it is saved."""

    kind: Literal["saving"] = "saving"
    on: bool


class GameLog(Message):
    """Every step of the game so far, as the client may see it (see :class:`AskGameLog`)."""

    kind: Literal["game_log"] = "game_log"
    steps: tuple[Step, ...] = ()


class Closed(Message):
    """The host closed the table; nothing more will come."""

    kind: Literal["closed"] = "closed"


AnyHostMessage = (
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
)
"""The messages a host sends, as one union (:data:`HostMessage` tells them apart)."""

HostMessage = Annotated[AnyHostMessage, Field(discriminator="kind")]
"""Any message a host sends a client."""


# ----- client to host ------------------------------------------------------------------------


class Act(Message):
    """Take ``action`` (the seat it names must be on turn, played by this client)."""

    kind: Literal["act"] = "act"
    action: Action


class TakeKeyboard(Message):
    """At a hand-off: ``seat``'s person has the keyboard now."""

    kind: Literal["take_keyboard"] = "take_keyboard"
    seat: int = Field(ge=0)


class Proceed(Message):
    """The dead draw, round result or final result shown was seen: go on."""

    kind: Literal["proceed"] = "proceed"


class AskHint(Message):
    """The person on turn asks for a hint."""

    kind: Literal["ask_hint"] = "ask_hint"


class TakeBack(Message):
    """The person takes back their moves since their previous decision."""

    kind: Literal["take_back"] = "take_back"


class SetPause(Message):
    """Pause ``seconds`` before each computer move."""

    kind: Literal["set_pause"] = "set_pause"
    seconds: float = Field(ge=0, le=MAX_PAUSE, allow_inf_nan=False)


class Hold(Message):
    """``on``: this client's screen is covered (a dialog, a terminal too small): computers
    wait until it is uncovered (``on`` False)."""

    kind: Literal["hold"] = "hold"
    on: bool


class AskGameLog(Message):
    """Send the whole game so far (:class:`GameLog`)."""

    kind: Literal["ask_game_log"] = "ask_game_log"


AnyClientMessage = Act | TakeKeyboard | Proceed | AskHint | TakeBack | SetPause | Hold | AskGameLog
"""The messages a client sends, as one union (:data:`ClientMessage` tells them apart)."""

ClientMessage = Annotated[AnyClientMessage, Field(discriminator="kind")]
"""Any message a client sends its host."""


HOST_MESSAGES: TypeAdapter[AnyHostMessage] = TypeAdapter(HostMessage)
CLIENT_MESSAGES: TypeAdapter[AnyClientMessage] = TypeAdapter(ClientMessage)


# ----- reading and writing -----------------------------------------------------------------------


WireFault = Literal[
    "too_long", "not_json", "other_version", "unknown_kind", "no_kind", "not_an_object", "bad_field"
]
"""What is wrong with a message that cannot be read (:class:`WireError`)."""


class WireError(ValueError):
    """A message that cannot be read: too long, not JSON, another version, or not a message
    of the contract. ``fault`` says which as a code (``field``: where, for ``bad_field``); the
    text says it in plain English, for logs and developers (a player reads
    :func:`wire_problem_text`, in their own language)."""

    def __init__(self, text: str, fault: WireFault, field: str | None = None) -> None:
        super().__init__(text)
        self.fault: WireFault = fault
        self.field = field


def encode(message: Message) -> str:
    """``message`` as one line of JSON."""
    return message.model_dump_json()


def decode_host(data: str | bytes) -> HostMessage:
    """The host's message in ``data``; :class:`WireError` if it is not one."""
    return _decode(data, HOST_MESSAGES, MAX_HOST_MESSAGE, "host")


def decode_client(data: str | bytes) -> ClientMessage:
    """The client's message in ``data``; :class:`WireError` if it is not one (a host treats
    every client as hostile: this is the only way its messages are read)."""
    return _decode(data, CLIENT_MESSAGES, MAX_CLIENT_MESSAGE, "client")


Read = TypeVar("Read")


def _decode(data: str | bytes, adapter: TypeAdapter[Read], limit: int, side: str) -> Read:
    size = len(data.encode() if isinstance(data, str) else data)
    if size > limit:
        raise WireError(
            f"a {side} message of {size} bytes is longer than the {limit} allowed", "too_long"
        )
    try:
        return adapter.validate_json(data)
    except ValidationError as error:
        raise _problem(error, side) from None


def _problem(error: ValidationError, side: str) -> WireError:
    """The first problem of ``error``, as a :class:`WireError`."""
    first = error.errors(include_url=False)[0]
    place = [str(part) for part in first["loc"]]
    kind = first["type"]
    if kind == "json_invalid":
        return WireError(f"a {side} message that is not JSON", "not_json")
    if place[-1:] == ["v"]:
        return WireError(
            f"a {side} message of another protocol version (this is version {PROTOCOL_VERSION})",
            "other_version",
        )
    if kind == "union_tag_invalid":
        return WireError(f"an unknown kind of {side} message", "unknown_kind")
    if kind == "union_tag_not_found":
        return WireError(f"a {side} message without a kind", "no_kind")
    if not place:
        return WireError(f"a {side} message that is not a JSON object", "not_an_object")
    where = ".".join(place[1:]) or "message"
    said = f"{first['msg'][:1].lower()}{first['msg'][1:]}"
    return WireError(f"a {side} message with a bad {where}: {said}", "bad_field", where)


def wire_problem_text(fault: WireFault, field: str | None = None) -> str:
    """What is wrong with a message that could not be read, in the player's language."""
    if fault == "too_long":
        return _("a message too long to be read")
    if fault == "not_json":
        # Translators: JSON is the name of the format the messages are written in.
        return _("a message that is not JSON")
    if fault == "other_version":
        return _("a message of another version of the protocol (this is version {version})").format(
            version=PROTOCOL_VERSION
        )
    if fault == "unknown_kind":
        return _("an unknown kind of message")
    if fault == "no_kind":
        return _("a message without a kind")
    if fault == "not_an_object":
        return _("a message that is not a JSON object")
    # Translators: {field} is the name of a field of a message, as the protocol spells it.
    return _("a message with a bad {field}").format(field=field or "message")
