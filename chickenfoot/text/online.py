"""Words for online tables: who is connected, who lost their connection and how long their
seat waits, which computer covers whom, who watches, and the state of a client's own link.

Every function takes plain values (names, seconds, levels), so the terminal app, ``chickenfoot
join`` and ``chickenfoot host`` say the same things in the same words. Names are shown
literally by whoever shows these lines.
"""

from __future__ import annotations

from collections.abc import Sequence

from chickenfoot.text.words import plural


def clock(seconds: float) -> str:
    """``seconds`` as minutes and seconds (``1:12``), rounded up: a countdown never shows
    0:00 while time is left."""
    whole = max(0, int(-(-seconds // 1)))
    return f"{whole // 60}:{whole % 60:02d}"


def lost(name: str, seconds_left: float | None) -> str:
    """A person's connection dropped: how long their seat waits before a computer covers it
    (None: it waits until they return, because nobody else is here)."""
    if seconds_left is None:
        return f"{name} lost connection · waiting"
    return f"{name} lost connection · waiting {clock(seconds_left)}"


def covered(name: str, level: str) -> str:
    """A computer plays a person's seat until they come back."""
    return f"{name} is away · a {level} computer plays for {name} until they are back"


def back(name: str) -> str:
    """A person came back to their seat."""
    return f"{name} is back"


def joined(name: str) -> str:
    """A person took a seat."""
    return f"{name} joined the table"


def watching(names: Sequence[str]) -> str:
    """Who watches the table (the players see it)."""
    if not names:
        return "Nobody is watching"
    return f"Watching: {', '.join(names)}"


def lobby(
    code: str,
    missing: Sequence[str],
    creator: bool,
    *,
    by_itself: bool = False,
    start_key: str = "ctrl+s",
) -> str:
    """The lobby: who the table still waits for, and who starts the game (``by_itself``: the
    table deals once every person has joined, and nobody starts it sooner; ``start_key``: the
    creator's key that starts it)."""
    wait = f"waiting for {', '.join(missing)} to join" if missing else "every seat is taken"
    if by_itself:
        start = "the game starts once everyone has joined"
    else:
        start = f"{start_key} starts the game" if creator else "the table's creator starts the game"
    return f"Table {code} · {wait} · {start}"


def left_table(menu_key: str) -> str:
    """The status line of a window no longer at its table (another window took its seat, or
    the table closed): nothing it shows changes any more; ``menu_key`` leaves it."""
    return f"This window is no longer at the table · {menu_key} goes back to the menu"


def join_line(address: str) -> str:
    """The line a table's creator shares with the others."""
    return f"chickenfoot join {address}"


def reconnecting(problem: str | None, retry_in: float, attempt: int) -> str:
    """The link is down and tries again in ``retry_in`` seconds."""
    why = f"{problem[:1].upper()}{problem[1:]}" if problem else "Connection lost"
    tries = f" ({plural(attempt, 'attempt')} so far)" if attempt > 1 else ""
    return f"{why} · trying again in {max(1, round(retry_in))} s{tries}"


CONNECTED = "Connected"
"""The link is up (again)."""

CONNECTING = "Connecting…"
"""The link is being made (the first time)."""


def link_ended(problem: str) -> str:
    """The link ended for good (refused, replaced, the table gone), and why, as a sentence."""
    return f"{problem[:1].upper()}{problem[1:]}."


NOT_CONNECTED = "Not connected: nothing was sent. Try again once the connection is back."
"""A key or a command that asks the table for something, while the connection is down."""

UNANSWERED = "The connection was lost before the hint came: ask again once it is back."
"""A hint was asked for, and the connection went before the table answered."""

LEFT = "You left the table: joining it again takes your seat back."
"""The person left an online table before its game's end."""

ONLY_CREATOR_STARTS = "Only the table's creator starts the game."
STARTS_BY_ITSELF = "This table starts once everyone has joined."
ONLY_CREATOR_COVERS = "Only the table's creator hands a seat to a computer."
NOBODY_LOST = "Nobody has lost their connection."
"""Why the creator's commands (start the game, hand lost seats to a computer) did nothing."""


def seat_lost(name: str, seconds_left: float | None) -> str:
    """A seat's name in the list of seats while its person is away (with the time their seat
    still waits, when it counts down)."""
    return f"{name} lost {clock(seconds_left)}" if seconds_left is not None else f"{name} lost"


def seat_covered(name: str, level: str) -> str:
    """A seat's name in the list of seats while a computer plays it for its person."""
    return f"{name} ({level} plays)"


def kept(game: int) -> str:
    """The finished game of an online table is kept in this machine's store."""
    return f"The finished game is kept as game {game}: Replays has it"


def not_kept(problem: str) -> str:
    """The finished game of an online table could not be kept, and why."""
    return f"The finished game was not kept: {problem}"
