"""Making, joining and waiting at an online table, for every interface that offers it.

The New game form's online part (its server, how long a lost seat waits, the computer that
then plays it, whether hints are allowed), the first frame a client sends to join, and what
the lobby says, as data, checks and words. The full-screen app
(``chickenfoot.tui.screens.setup``'s ``OnlineFields``, ``chickenfoot.tui.screens.online``) and
the plain mode (``chickenfoot.plain.online``) ask these functions, so both check the same
things and say the same words. No Textual.

The labels and hints below are made when the module is imported: they are marked for the
catalogues (:func:`~chickenfoot.lang.N_`), and whoever shows one translates it there, with
``_(SERVER_LABEL)``; the functions' words come in the language in use.
"""

from __future__ import annotations

import ipaddress

from chickenfoot.bots import ladder_level
from chickenfoot.lang import N_, _, ngettext, pgettext
from chickenfoot.net.protocol import (
    DEFAULT_GRACE,
    MAX_GRACE,
    Denied,
    FinishedGame,
    Hello,
    JoinTable,
    ReturnToSeat,
    Seated,
    SeatPlan,
    TableGone,
    TableOptions,
    TableStatus,
    WatchTable,
)
from chickenfoot.net.remote import AddressError, TableAddress
from chickenfoot.net.tokens import SeatBook
from chickenfoot.record.model import RecordError, SeatConfig
from chickenfoot.rules import RuleSet
from chickenfoot.saves.jsonformat import parse_record
from chickenfoot.saves.store import GameStore, Incoming
from chickenfoot.text import online
from chickenfoot.text.setup_form import HUMAN
from chickenfoot.text.words import is_you

SERVER_LABEL = N_("Table server")
# Translators: the placeholder of the Table server field: left blank, the game is played here.
SERVER_BLANK = N_("blank: play here")
# Translators: HOST:PORT and 'chickenfoot host' stay as they are.
SERVER_HINT = N_(
    "HOST:PORT of a 'chickenfoot host': each person seat is someone who joins from "
    "their own terminal (the first is you); the table's code is shown to share."
)
# Translators: a field's label: how many seconds a seat whose person lost the connection waits.
GRACE_LABEL = N_("Lost seat waits (s)")
# Translators: a field's label, after "Lost seat waits": the computer level that then plays it.
COVER_LABEL = N_("Then plays it")
COVER_DEFAULT = "hard"
HINTS_LABEL = N_("Hints")
GRACE_HINT = N_(
    "A person who loses their connection keeps their seat this long; then a "
    "computer of this level plays it until they are back."
)
"""The online table's fields of New game: labels, what a blank server means, and what they
do."""

# Translators: the choices of the Hints field of an online table (hints are allowed, or not).
HINTS_CHOICES = ((N_("allowed"), "yes"), (N_("not allowed"), "no"))
"""The Hints field of an online table: whether people may ask for hints (shown, value)."""

# Translators: CODE@HOST:PORT stays as it is.
JOIN_ADDRESS_LABEL = N_("Table (CODE@HOST:PORT, as its creator shared it)")
JOIN_ADDRESS_EXAMPLE = "KM7R3P@192.168.1.20:8765"
JOIN_NAME_LABEL = N_("Your name")
JOIN_WATCH_LABEL = N_("Watch only (every hand hidden)")
"""The fields of Join a table."""

NO_CODE = N_("write the table's code before the server: CODE@HOST:PORT")
"""Why a server's address alone cannot be joined."""


SEED_REFUSED = N_("the server deals an online table from a secret of its own: leave the seed blank")
"""Why New game's seed cannot go with a table server."""


# Translators: "You" is the name a seat has until it is changed: use the word the seat
# shows in your language.
NAME_NEEDED = N_(
    "the others see your name at an online table: write it in your seat, in place of You"
)
"""Why an online table is not made while its creator's seat is still called "You"."""


def online_server_problem(
    text: str, kinds: list[str], *, seed: str = "", creator: str = ""
) -> str | None:
    """Why ``text`` cannot be the server of an online table with seats of ``kinds`` (the
    form's player values), the seed typed ``seed`` and the creator's seat called
    ``creator``."""
    try:
        address = TableAddress.parse(text)
    except AddressError as error:
        return str(error)
    if address.code is not None:
        return _("a server's address only (HOST:PORT): the table's code comes from the server")
    if HUMAN not in kinds:
        return _("an online table needs a person's seat: yours")
    if seed.strip():
        return _(SEED_REFUSED)
    if is_you(creator.strip()):
        return _(NAME_NEEDED)
    return None


def grace_from_text(text: str) -> float:
    """The grace period typed (seconds; blank: the default); ``ValueError`` in plain words."""
    if not text.strip():
        return DEFAULT_GRACE
    if not text.strip().isdigit():
        raise ValueError(_("a whole number of seconds"))
    seconds = int(text)
    if seconds > MAX_GRACE:
        most = round(MAX_GRACE)
        raise ValueError(
            ngettext(
                "at most {count} second (an hour)", "at most {count} seconds (an hour)", most
            ).format(count=most)
        )
    return float(seconds)


def seat_plan(seat: SeatConfig) -> SeatPlan:
    """A seat of the form as an online table plans it: a person who joins, or a computer."""
    if seat.player == "human" or seat.level is None:
        return SeatPlan(name=seat.name)
    return SeatPlan(name=seat.name, computer=ladder_level(seat.level))  # type: ignore[arg-type]


def table_options(
    rules: RuleSet,
    seats: tuple[SeatConfig, ...],
    *,
    grace: float,
    cover: str,
    hints: bool,
) -> TableOptions:
    """The online table's options for ``rules`` and ``seats``, a lost seat waiting ``grace``
    seconds before a ``cover`` computer plays it (the server deals: no seed)."""
    return TableOptions.model_validate(
        {
            "rules": rules,
            "seats": tuple(seat_plan(seat) for seat in seats),
            "grace": grace,
            "cover": cover,
            "hints": hints,
        }
    )


def creator_name(seats: tuple[SeatConfig, ...]) -> str:
    """The name of the person who makes the table: the first person's seat."""
    return next(seat.name for seat in seats if seat.player == "human")


def join_address(text: str) -> TableAddress | str:
    """The table ``text`` names (``CODE@HOST:PORT``), or why it cannot be joined, in words."""
    try:
        address = TableAddress.parse(text)
    except AddressError as error:
        return str(error)
    if address.code is None:
        return _(NO_CODE)
    return address


def hello_for(address: TableAddress, name: str, *, watch: bool, book: SeatBook) -> Hello:
    """The first frame for table ``address``: watch it, take back the seat held there (its
    token is in ``book``), or join it as ``name``."""
    assert address.code is not None
    if watch:
        return WatchTable(code=address.code, name=name or _("Spectator"))
    held = book.find(str(address))
    if held is not None:
        return ReturnToSeat(code=address.code, token=held.token)
    return JoinTable(code=address.code, name=name)


def lobby_lines(
    address: TableAddress,
    seated: Seated | None,
    status: TableStatus | None,
    *,
    start_key: str = "ctrl+s",
) -> list[str]:
    """What the lobby of the table at ``address`` says now: its code and the line to share,
    each seat and who sits there, who watches, and what the table waits for (``start_key``
    starts the game, said to its creator)."""
    if seated is None or status is None:
        return [_("Connecting to {host}:{port}…").format(host=address.host, port=address.port)]
    shared = online.join_line(str(address.with_code(status.code)))
    lines = [
        _("Table {code}").format(code=status.code),
        # Translators: {line} is the command the others type to join (not translated).
        _("Share: {line}").format(line=shared),
    ]
    if _loopback(address.host):
        lines.append(online.this_machine_only(address.host))
    lines.append("")
    for number, seat in enumerate(status.seats):
        # Translators: marks the reader's own seat in the lobby's list of seats.
        mark = pgettext("the reader's own seat", "you") if number == seated.seat else ""
        name = seat.name
        if seat.computer is not None:
            # Translators: {level} is the computer's level (beginner, casual, hard, expert).
            state = _("computer ({level})").format(level=seat.computer)
        elif seat.taken:
            state = _("here") if seat.connected else _("joined, not connected")
        else:  # nobody yet: a planned name is not a person
            name = _("seat {number}").format(number=number + 1)
            state = _("waiting for someone to join")
        lines.append(f"  {name:<24} {state}{'  ← ' + mark if mark else ''}")
    lines.append("")
    if status.fixed_deal:
        lines += [_(online.FIXED_DEAL), ""]
    lines.append(online.watching(status.spectators, allowed=status.watching))
    missing = sum(1 for s in status.seats if s.computer is None and not s.taken)
    lines.append(
        online.lobby(
            status.code,
            missing,
            seated.creator,
            by_itself=status.starts_by_itself,
            start_key=start_key,
        )
    )
    return lines


def _loopback(host: str) -> bool:
    """True if ``host`` names this machine only (localhost, 127.0.0.0/8, ::1)."""
    if host.lower() in ("localhost", "localhost.localdomain"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def follow_seat(
    book: SeatBook, address: str, message: object, *, token: str | None, seated: bool
) -> None:
    """Keep or forget the seat held at the table ``address`` after the server's ``message``
    (``token``: the link's seat token; ``seated``: the link holds a seat now). A seat given
    is kept with its token; the table finished, gone for good, or refusing the token or the
    code while no seat is held: the seat is forgotten (nothing is left to continue)."""
    if isinstance(message, Seated):
        kept = message.token or token
        if kept is not None and message.seat is not None:
            book.remember(address, message.seat, "", kept)
    elif (
        (
            isinstance(message, Denied)
            and message.reason in ("bad_token", "no_such_table")
            and not seated
        )
        or isinstance(message, FinishedGame)
        or (isinstance(message, TableGone) and message.reason != "stopping")
    ):
        book.forget(address)


def save_finished(store: GameStore, record_json: str, address: str) -> tuple[int | None, str]:
    """Save the finished game a table's server sent (``record_json``, every hand revealed) in
    ``store`` as an ordinary saved game: the number of the game it became (None if it could
    not be saved) and what to tell the person, in words."""
    try:
        record = parse_record(record_json)
        ((game, _how),) = store.import_records([Incoming(record, source=f"online table {address}")])
    except (RecordError, OSError) as error:
        return None, online.not_saved(str(error))
    return game, online.saved(game)
