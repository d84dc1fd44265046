"""Words for online tables: who is connected, who lost their connection and how long their
seat waits, which computer covers whom, who watches, and the state of a client's own link.

Every function takes plain values (names, seconds, levels), so the terminal app, ``chickenfoot
join`` and ``chickenfoot host`` say the same things in the same words. Names are shown
literally by whoever shows these lines.
"""

from __future__ import annotations

from collections.abc import Sequence

from chickenfoot.bots import level_name
from chickenfoot.lang import N_, _, ngettext
from chickenfoot.text.words import comma_list


def clock(seconds: float) -> str:
    """``seconds`` as minutes and seconds (``1:12``), rounded up: a countdown never shows
    0:00 while time is left."""
    whole = max(0, int(-(-seconds // 1)))
    return f"{whole // 60}:{whole % 60:02d}"


def lost(name: str, seconds_left: float | None) -> str:
    """A person's connection dropped: how long their seat waits before a computer covers it
    (None: it waits until they return, because nobody else is here)."""
    if seconds_left is None:
        return _("{name} lost connection · waiting").format(name=name)
    return _("{name} lost connection · waiting {clock}").format(
        name=name, clock=clock(seconds_left)
    )


def covered(name: str, level: str) -> str:
    """A computer plays a person's seat until they come back."""
    # Translators: {level} is a computer level's name ("hard").
    return _("{name} is away · a {level} computer plays for {name} until they are back").format(
        name=name, level=level_name(level)
    )


def back(name: str) -> str:
    """A person came back to their seat."""
    return _("{name} is back").format(name=name)


def joined(name: str) -> str:
    """A person took a seat."""
    return _("{name} joined the table").format(name=name)


def watching(names: Sequence[str], *, allowed: bool = True) -> str:
    """Who watches the table (the players see it), or that nobody may."""
    if not allowed:
        return _("Nobody may watch this table (its creator turned watching off)")
    if not names:
        return _("Nobody is watching")
    return _("Watching: {names}").format(names=comma_list(names))


def started_watching(name: str) -> str:
    """A spectator came."""
    return _("{name} is watching").format(name=name)


def stopped_watching(name: str) -> str:
    """A spectator left."""
    return _("{name} stopped watching").format(name=name)


def watchers(count: int) -> str:
    """How many watch, for the top bar ("" for none)."""
    if not count:
        return ""
    return ngettext("{count} watching", "{count} watching", count).format(count=count)


# The constants below are marked for the catalogue: translate them where they are shown.
WATCHING_ALLOWED = N_("The table's creator lets people watch.")
WATCHING_OFF = N_("The table's creator turned watching off: nobody may watch.")
ONLY_CREATOR_WATCHING = N_("Only the table's creator decides who may watch.")


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
    if missing:
        wait = ngettext(
            "waiting for {count} more person", "waiting for {count} more people", missing
        ).format(count=missing)
    else:
        wait = _("every seat is taken")
    if by_itself:
        start = _("the game starts once everyone has joined")
    elif creator:
        start = _("{key} starts the game").format(key=start_key)
    else:
        start = _("the table's creator starts the game")
    # Translators: {code} is the table's code; {wait} and {start} say who it waits for and
    # who starts the game.
    return _("Table {code} · {wait} · {start}").format(code=code, wait=wait, start=start)


FIXED_DEAL = N_(
    "The deal is fixed: this server's operator chose its seed (for a test or a "
    "demonstration), so every hand may be known in advance."
)
"""Said to everybody at a table dealt from the operator's seed (``chickenfoot host --seed``)."""


def left_table(menu_key: str) -> str:
    """The status line of a window no longer at its table (another window took its seat, or
    the table closed): nothing it shows changes any more; ``menu_key`` leaves it."""
    return _("This window is no longer at the table · {key} goes back to the menu").format(
        key=menu_key
    )


def join_line(address: str) -> str:
    """The line a table's creator shares with the others."""
    return f"chickenfoot join {address}"


def this_machine_only(host: str) -> str:
    """Said under the line to share when the server's address reaches this machine alone."""
    return _("({host} is this machine only: share the server's own address)").format(host=host)


def round_over(number: int, *, last: bool, go_on: str) -> str:
    """The status line while a round's result is shown at an online table: the person's key
    (``go_on``) says they saw it; the table goes on once everyone has."""
    if last:
        said = _("Round {number} is over · {key}: seen (the final results come once everyone has)")
    else:
        said = _("Round {number} is over · {key}: seen (the next round is dealt once everyone has)")
    return said.format(number=number, key=go_on)


def reconnecting(problem: str | None, retry_in: float, attempt: int) -> str:
    """The link is down and tries again in ``retry_in`` seconds."""
    why = f"{problem[:1].upper()}{problem[1:]}" if problem else _("Connection lost")
    seconds = max(1, round(retry_in))
    if attempt > 1:
        said = ngettext(
            "{why} · trying again in {seconds} s ({count} attempt so far)",
            "{why} · trying again in {seconds} s ({count} attempts so far)",
            attempt,
        )
    else:
        said = _("{why} · trying again in {seconds} s")
    return said.format(why=why, seconds=seconds, count=attempt)


def out_of_reach(problem: str | None, retry_in: float | None, attempt: int = 0) -> str:
    """The status line while the table cannot be reached: when the next try is (``retry_in``
    seconds; None: it is being tried now) and, last (a narrow screen cuts it), why."""
    why = problem or _("the connection was lost")
    if retry_in is not None and retry_in > 0.5:
        when = _("trying again in {seconds} s").format(seconds=max(1, round(retry_in)))
    else:
        when = _("trying again now")
    if attempt > 1:
        said = ngettext(
            "Table out of reach · {when} ({count} attempt so far) · {why}",
            "Table out of reach · {when} ({count} attempts so far) · {why}",
            attempt,
        )
    else:
        said = _("Table out of reach · {when} · {why}")
    return said.format(when=when, count=attempt, why=why)


OUT_OF_REACH = N_("⚡ Out of reach")
"""The top bar while the table cannot be reached (the status line says why and when)."""

CONNECTED = N_("Connected")
"""The link is up (again)."""

CONNECTING = N_("Connecting…")
"""The link is being made (the first time)."""


def link_ended(problem: str) -> str:
    """The link ended for good (refused, replaced, the table gone), and why, as a sentence."""
    return f"{problem[:1].upper()}{problem[1:]}."


NOT_CONNECTED = N_("Not connected: nothing was sent. Try again once the connection is back.")
"""A key or a command that asks the table for something, while the connection is down."""

UNANSWERED = N_("The connection was lost before the hint came: ask again once it is back.")
"""A hint was asked for, and the connection went before the table answered."""

LEFT = N_("You left the table: joining it again takes your seat back.")
"""The person left an online table before its game's end."""

ONLY_CREATOR_STARTS = N_("Only the table's creator starts the game.")
STARTS_BY_ITSELF = N_("This table starts once everyone has joined.")
ONLY_CREATOR_COVERS = N_("Only the table's creator hands a seat to a computer.")
NOBODY_LOST = N_("Nobody has lost their connection.")
"""Why the creator's commands (start the game, hand lost seats to a computer) did nothing."""


def seat_lost(name: str, seconds_left: float | None) -> str:
    """A seat's name in the list of seats while its person is away (with the time their seat
    still waits, when it counts down)."""
    if seconds_left is not None:
        # Translators: a seat in the narrow list of seats, its person's connection lost.
        return _("{name} lost {clock}").format(name=name, clock=clock(seconds_left))
    return _("{name} lost").format(name=name)


def seat_covered(name: str, level: str) -> str:
    """A seat's name in the list of seats while a computer of ``level`` plays it for its
    person (short: the list is narrow, and the news says it in full)."""
    return f"{name} ({level_name(level)})"


def saved(game: int) -> str:
    """The finished game of an online table is saved in this machine's store."""
    return _("The finished game is kept as game {game}: Replays has it").format(game=game)


def not_saved(problem: str) -> str:
    """The finished game of an online table could not be saved here, and why."""
    return _("The finished game was not kept: {problem}").format(problem=problem)
