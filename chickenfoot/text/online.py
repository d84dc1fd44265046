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


def watching(names: Sequence[str], *, allowed: bool = True) -> str:
    """Who watches the table (the players see it), or that nobody may."""
    if not allowed:
        return "Nobody may watch this table (its creator turned watching off)"
    if not names:
        return "Nobody is watching"
    return f"Watching: {', '.join(names)}"


def started_watching(name: str) -> str:
    """A spectator came."""
    return f"{name} is watching"


def stopped_watching(name: str) -> str:
    """A spectator left."""
    return f"{name} stopped watching"


def watchers(count: int) -> str:
    """How many watch, for the top bar ("" for none)."""
    return f"{count} watching" if count else ""


WATCHING_ALLOWED = "The table's creator lets people watch."
WATCHING_OFF = "The table's creator turned watching off: nobody may watch."
ONLY_CREATOR_WATCHING = "Only the table's creator decides who may watch."


def lobby(
    code: str,
    missing: int,
    creator: bool,
    *,
    by_itself: bool = False,
    start_key: str = "ctrl+s",
) -> str:
    """The lobby: how many people the table still waits for, and who starts the game
    (``by_itself``: the table deals once every person has joined, and nobody starts it
    sooner; ``start_key``: the creator's key that starts it)."""
    more = "1 more person" if missing == 1 else f"{missing} more people"
    wait = f"waiting for {more}" if missing else "every seat is taken"
    if by_itself:
        start = "the game starts once everyone has joined"
    else:
        start = f"{start_key} starts the game" if creator else "the table's creator starts the game"
    return f"Table {code} · {wait} · {start}"


FIXED_DEAL = (
    "The deal is fixed: this server's operator chose its seed (for a test or a "
    "demonstration), so every hand may be known in advance."
)
"""Said to everybody at a table dealt from the operator's seed (``chickenfoot host --seed``)."""


def left_table(menu_key: str) -> str:
    """The status line of a window no longer at its table (another window took its seat, or
    the table closed): nothing it shows changes any more; ``menu_key`` leaves it."""
    return f"This window is no longer at the table · {menu_key} goes back to the menu"


def join_line(address: str) -> str:
    """The line a table's creator shares with the others."""
    return f"chickenfoot join {address}"


def this_machine_only(host: str) -> str:
    """Said under the line to share when the server's address reaches this machine alone."""
    return f"({host} is this machine only: share the server's own address)"


def round_over(number: int, *, last: bool, go_on: str) -> str:
    """The status line while a round's result is shown at an online table: the person's key
    (``go_on``) says they saw it; the table goes on once everyone has."""
    comes = "the final results come" if last else "the next round is dealt"
    return f"Round {number} is over · {go_on}: seen ({comes} once everyone has)"


def reconnecting(problem: str | None, retry_in: float, attempt: int) -> str:
    """The link is down and tries again in ``retry_in`` seconds."""
    why = f"{problem[:1].upper()}{problem[1:]}" if problem else "Connection lost"
    tries = f" ({plural(attempt, 'attempt')} so far)" if attempt > 1 else ""
    return f"{why} · trying again in {max(1, round(retry_in))} s{tries}"


def out_of_reach(problem: str | None, retry_in: float | None, attempt: int = 0) -> str:
    """The status line while the table cannot be reached: when the next try is (``retry_in``
    seconds; None: it is being tried now) and, last (a narrow screen cuts it), why."""
    why = problem or "the connection was lost"
    when = (
        f"trying again in {max(1, round(retry_in))} s"
        if retry_in is not None and retry_in > 0.5
        else "trying again now"
    )
    tries = f" ({plural(attempt, 'attempt')} so far)" if attempt > 1 else ""
    return f"Table out of reach · {when}{tries} · {why}"


OUT_OF_REACH = "⚡ Out of reach"
"""The top bar while the table cannot be reached (the status line says why and when)."""

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
    """A seat's name in the list of seats while a computer of ``level`` plays it for its
    person (short: the list is narrow, and the news says it in full)."""
    return f"{name} ({level})"


def kept(game: int) -> str:
    """The finished game of an online table is kept in this machine's store."""
    return f"The finished game is kept as game {game}: Replays has it"


def not_kept(problem: str) -> str:
    """The finished game of an online table could not be kept, and why."""
    return f"The finished game was not kept: {problem}"
