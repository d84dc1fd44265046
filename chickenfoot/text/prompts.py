"""What the game screen says to the person at the keyboard: the status line, why a key does
nothing, and what to do instead. Pure words, no game logic: the seat client
(:mod:`chickenfoot.play.client`) decides, the rules refuse (their reason codes are worded
here, once), and these functions put it into words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from chickenfoot.record.problems import FileWriteError, describe_os_error
from chickenfoot.rules import Reason, RoundBlocked, RuleSet, Tile, WentOut, hand_points
from chickenfoot.text.words import a_number, plural, possessive, seat_name, verb

GAME_OVER = "The game is over."
KEY_DOES_NOTHING = "That key does nothing now."
QUIT_SAVED_GAME = "Quit Chicken Foot?\nThe game is saved: Continue resumes it."
"""The quit question over a game: its second sentence on a line of its own, so that a narrow
dialog never leaves a word of it alone on a line."""

Key = Literal["draw", "pass", "keep"]


@dataclass(frozen=True)
class TurnKeys:
    """The keys the game's sentences name: the plain mode's commands (these defaults), or the
    game screen's keys, the player's own where they changed them (read from its bindings).
    Every sentence of a game that names a key takes it from here."""

    play: str = "Enter"
    draw: str = "d"
    pass_turn: str = "p"
    keep: str = "k"
    show_hand: str = "Enter"
    """Shows the next person's hand at a hand-off."""
    seen_draw: str = "Enter"
    """Passes the keyboard on once a person has seen a tile they drew that fits nowhere."""
    go_on: str = "Enter"
    """Goes on from a round's result (deals the next round, or shows the final results)."""
    tiles: str = "←/→"
    """Move the selection to the tile on the left / right."""
    ends: str = "↑/↓"
    """Choose among the open ends the selected tile fits."""
    save_copy: str = "save NAME"
    """Saves a copy of the game elsewhere, named in the notice of a game not saved ("": no
    advice, as at an online table, whose game the server keeps)."""


PLAIN_KEYS = TurnKeys()


def choose_tile_first(keys: TurnKeys = PLAIN_KEYS) -> str:
    """Why a key that needs a selected tile does nothing: none is selected."""
    return f"Choose a tile first ({keys.tiles} or its number)."


def nothing_drawn(keys: TurnKeys = PLAIN_KEYS) -> str:
    """Why keep does nothing: no tile was just drawn."""
    return f"You have not drawn a tile: {keys.keep} keeps a tile you just drew."


def refused(
    key: Key, reason: Reason | None, drawn: Tile | None, keys: TurnKeys = PLAIN_KEYS
) -> str:
    """Why the rules refuse what ``key`` asks for (``reason``: the rules' own code)."""
    if reason == "already_drew":
        return f"You already drew {drawn}: play it or keep it ({keys.keep})."
    if reason == "must_play":
        return (
            "You have a play: you cannot draw."
            if key == "draw"
            else ("You have a play: you cannot pass.")
        )
    if reason == "nothing_to_draw":
        return f"The boneyard is empty: you cannot draw. Pass ({keys.pass_turn})."
    if reason == "must_play_drawn":
        if key == "keep":
            return f"You must play the drawn tile {drawn}: these rules do not let you keep it."
        return f"You must play the drawn tile {drawn}."
    if reason == "draw_first":
        return f"Draw first ({keys.draw}): the boneyard still has tiles."
    return KEY_DOES_NOTHING


def not_your_turn(who: str, *, computer: bool, keys: TurnKeys = PLAIN_KEYS) -> str:
    """Why no key of the game works while ``who`` is on turn without the keyboard."""
    if computer:
        return f"Wait: it is {who}'s turn (computer)."
    return f"Waiting for {who}: pass them the keyboard, and they press {keys.show_hand}."


def no_tile_fits(*, can_draw: bool, keys: TurnKeys = PLAIN_KEYS) -> str:
    """Why play does nothing: no tile fits; what to do instead."""
    if can_draw:
        return f"No tile of yours fits: draw ({keys.draw})."
    return f"No tile of yours fits and the boneyard is empty: pass ({keys.pass_turn})."


def use_keep(drawn: Tile, keys: TurnKeys = PLAIN_KEYS) -> str:
    """Why pass does nothing after drawing a playable tile that may be kept."""
    return f"To keep the drawn tile {drawn}, press {keys.keep}."


def only_tiles(count: int) -> str:
    """A tile number past the end of the hand."""
    return f"You have only {count} tiles: type 1 to {count}."


def key_so_far(typed: str) -> str:
    """The first letters of a longer end key were typed."""
    return f"{typed}…: type the rest of the end's key."


def fits_no_end(tile: Tile, keys: TurnKeys = PLAIN_KEYS) -> str:
    """The keys that choose an end, with a selected tile that fits nowhere."""
    return f"{tile} fits no open end: choose another tile ({keys.tiles})."


def no_end_labelled(key: str) -> str:
    """A letter that labels no open end."""
    return f"No open end is labelled {key} now."


def nothing_fits_end(label: str, value: int | None) -> str:
    """An open end (by its label) that no tile of the hand fits."""
    needs = f" (needs {a_number(value)})" if value is not None else ""
    return f"Nothing you can play fits end {label}{needs}."


def cannot_play_selected(tile: Tile, drawn: Tile | None) -> str:
    """Enter on a selected tile that cannot be played."""
    if drawn is not None:
        return f"Only the drawn tile {drawn} may be played now."
    return f"{tile} fits no open end now: choose another tile."


def choose_an_end(tile: Tile, labels: Sequence[str], keys: TurnKeys = PLAIN_KEYS) -> str:
    """The play key on a tile that fits several ends, none chosen."""
    ends = ", ".join(labels)
    return f"{tile} fits {len(labels)} ends ({ends}): choose one with {keys.ends} or its letter."


def round_ending(event: WentOut | RoundBlocked, names: Sequence[str]) -> str:
    """How a round ended, for its result: "Ana went out!" or "The round is blocked"."""
    if isinstance(event, RoundBlocked):
        return f"Round {event.round} is blocked: nobody can play or draw"
    who = seat_name(names, event.seat)
    foot = " (with a chicken foot still open)" if event.foot_open else ""
    return f"{who} went out!{foot}"


def save_problem(error: OSError | None) -> str:
    """Why a save failed, in a few plain words (the file is not named: the game is)."""
    if error is None:
        return "no problem"
    if isinstance(error, FileWriteError):
        return error.problem.removeprefix("not saved: ")
    return describe_os_error(error)


def leave_unsaved(error: OSError | None, what: str) -> str:
    """The question before ``what`` ("Leave this game", "Quit") when the game's latest moves
    are not saved (``error``: why)."""
    return (
        f"The latest moves of this game are not saved ({save_problem(error)}). "
        f"{what} anyway? Chicken Foot keeps them while it stays open."
    )


def unsaved(problem: str, save_copy: str = "") -> str:
    """The lasting notice of a game the store no longer keeps up with (``problem``: why, see
    :func:`save_problem`): the advice first, so a narrow screen that cuts the line short still
    shows it, then why. ``save_copy`` is how this interface saves a copy (the game screen's
    key, the plain mode's command); "" leaves the advice out."""
    advice = f"{save_copy} saves a copy elsewhere; " if save_copy else ""
    return f"Not saved: {advice}your moves are kept here ({problem})"


def open_elsewhere(where: str) -> str:
    """The question when a game to open is open in another window (``where`` says which)."""
    return (
        f"{where}. Playing it here too would fork it: each window would overwrite the other's "
        "moves. Opening it here stops that window saving."
    )


def pass_to(name: str, keys: TurnKeys = PLAIN_KEYS) -> str:
    """The hand-off banner: every hand hidden until ``name`` takes the keyboard."""
    return f"Pass to {name}, then press {keys.show_hand} · every hand is hidden"


def hand_title(name: str, tiles: Sequence[Tile], rules: RuleSet) -> str:
    """The title of a hand: whose it is, its tiles and the points they would score."""
    points = hand_points(tiles, rules.double_blank_points)
    return f"{possessive(name)} hand · {plural(len(tiles), 'tile')} worth {points}"


def dead_draw(who: str, tile: Tile, keys: TurnKeys = PLAIN_KEYS) -> str:
    """A person drew a tile that fits nowhere; the keyboard moves on once they have seen it."""
    drew = f"{who} {verb(who, 'draws')} {tile}: it fits nowhere"
    return f"{drew} · {keys.seen_draw} passes the keyboard on"


# ----- the status line (what the board needs is in the top bar) ----------------------------------


def computer_playing(who: str) -> str:
    """A computer seat is on turn."""
    return f"{who} (computer) is playing…"


def computer_thinking(who: str) -> str:
    """A computer seat on turn is still thinking (its pause is over)."""
    return f"{who} (computer) is thinking…"


def waiting_for(who: str) -> str:
    """A person is on turn but has not taken the keyboard yet."""
    return f"Waiting for {who} to take the keyboard"


def waiting_elsewhere(who: str) -> str:
    """A person at another screen (an online table's other seat) is on turn."""
    return f"Waiting for {who} to play"


def drew_playable(
    who: str,
    drawn: Tile,
    may_keep: bool,
    keys: TurnKeys = PLAIN_KEYS,
    ends: Sequence[str] = (),
) -> str:
    """The person on turn drew a tile that can be played; ``ends``: the keys of the ends it
    fits when it fits several and none is chosen yet (the play key asks which)."""
    keep = f" or keep it ({keys.keep})" if may_keep else ""
    if len(ends) > 1:
        fits = f"it fits {len(ends)} ends ({', '.join(ends)})"
        return f"{who} drew {drawn}: {fits} · choose one (↑/↓ or its key){keep}"
    return f"{who} drew {drawn}: play it ({keys.play}){keep}"


def nothing_fits(who: str, can_draw: bool, keys: TurnKeys = PLAIN_KEYS) -> str:
    """No tile of the person on turn fits: draw or pass."""
    if can_draw:
        return f"{who}: nothing fits · draw ({keys.draw})"
    return f"{who}: nothing fits and nothing to draw · pass ({keys.pass_turn})"


def choose_a_tile(who: str, keys: TurnKeys = PLAIN_KEYS) -> str:
    """The person on turn has not selected a tile."""
    return f"{who}: choose a tile ({keys.tiles} or its number)"


def selection(
    who: str,
    tile: Tile,
    ends: Sequence[str],
    chosen: str | None,
    labels: Mapping[str, str],
    keys: TurnKeys = PLAIN_KEYS,
) -> str:
    """What the selected ``tile`` would do: fit nowhere, be played on the chosen end, or fit
    several ``ends`` still to choose from."""
    if not ends:
        return f"{who}: {tile} fits nowhere · choose another tile"
    if chosen is not None:
        return f"{who}: {keys.play} plays {tile} on {chosen} ({labels.get(chosen, '?')})"
    end_keys = ", ".join(labels.get(end, "?") for end in ends)
    choose = f"choose one ({keys.ends} or its key)"
    return f"{who}: {tile} fits {len(ends)} ends ({end_keys}) · {choose}"


HINT_THINKING = "Thinking about a hint…"
"""Shown while the expert works out a hint."""


def no_count(keys: TurnKeys = PLAIN_KEYS) -> str:
    """Why counting tiles counts nothing: no hand is on screen (a hand-off is pending, or only
    computers play)."""
    at_hand_off = f"at a hand-off, {keys.show_hand} shows it"
    return f"Counting tiles needs a person's hand on screen ({at_hand_off})."


NO_HINT = "No hint this time: the expert could not work one out. Play on as you see fit."
"""Shown if a hint could not be worked out."""
NO_MORE_HINTS = "No more hints in this game: it already holds as many as a saved game may."
"""Why the hint key does nothing once the game's record has no room for another hint."""


def no_take_back(*, shared: bool) -> str:
    """Why ``u`` takes nothing back: people share the keyboard, or there is nothing yet."""
    if shared:
        return "Take-backs are off when two or more people share the keyboard."
    return "Nothing to take back yet this round."


def round_over(number: int, *, last: bool, keys: TurnKeys = PLAIN_KEYS) -> str:
    """The status line while a round's result is shown (``last``: the game's last round)."""
    goes_on = "shows the final results" if last else "deals the next round"
    return f"Round {number} is over · {keys.go_on} {goes_on}"


def round_seen(number: int, *, last: bool, others: bool) -> str:
    """The status line once the person went on from a round's result: the table waits for
    ``others`` (people at other screens) to see it too, or goes on at once."""
    if others:
        return f"Round {number} is over · waiting for the others to see its result"
    comes = "the final results" if last else f"round {number + 1}"
    return f"Round {number} is over · {comes} next"


REFUSED_BY_HOST = {
    "not_your_seat": "That seat is not yours to play.",
    "not_your_turn": "Not now: the table waits for something else first.",
    "nothing_to_take_back": "There is nothing to take back now.",
    "no_hint_now": "No hint now: a hint is for the person on turn, while the game has room.",
    "nothing_to_proceed": "There is nothing to go on from now.",
    "not_on_turn": "That person is not on turn.",
    "closed": "The table is closed.",
}
"""Why the table refused what a key asked for (see ``RefusalReason`` in the wire contract)."""


def host_refused(reason: str, rule: str | None) -> str:
    """Why the table refused a key's request: an action the rules refuse is worded from the
    rules' reason (see :func:`refused`)."""
    if reason == "illegal":
        return f"The rules do not allow that move now ({rule or 'refused'})."
    return REFUSED_BY_HOST.get(reason, KEY_DOES_NOTHING)


def taken_back(undone: int) -> str:
    """A take-back was made."""
    return f"Taken back: {plural(undone, 'move')}. Your turn again, with the same tiles to come."


def computer_pause(seconds: float) -> str:
    """The pause before each computer move was changed."""
    return f"Computer players now pause {seconds:.1f} s."


TABLE_REARRANGED = "The table was rearranged so that it stays whole"
"""A play would have taken the compact table out of the window, so it was laid out anew."""


@dataclass(frozen=True)
class ViewKeys:
    """The keys the board's frame names (these defaults, or the player's own): the table or
    the outline, the compact or the full drawing, panning, the chart."""

    outline: str = "o"
    drawing: str = "."
    pan: str = "⇧arrows"
    chart: str = "c"


def board_subtitle(*, outline: bool, compact: bool, fits: bool, keys: ViewKeys = ViewKeys()) -> str:
    """What the board's frame says the view keys switch to: the table or the outline, the
    compact or the full drawing; a table too big to see whole, even compact, offers the
    outline."""
    if outline:
        return f"{keys.outline}: table"
    if compact and not fits:
        return f"too big: {keys.outline} outline · {keys.pan} pan"
    return f"{keys.outline}: outline · {keys.drawing}: {'full' if compact else 'compact'}"
