"""What the game screen says to the person at the keyboard: the status line, why a key does
nothing, and what to do instead. Pure words, no game logic: the table controller
(:mod:`chickenfoot.play.table`) decides, the rules refuse (their reason codes are worded
here, once), and these functions put it into words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from chickenfoot.rules import Board, Reason, Tile
from chickenfoot.text.describe import board_requirement

GAME_OVER = "The game is over."
CHOOSE_A_TILE = "Choose a tile first (←/→ or 1-9)."
NOTHING_DRAWN = "You have not drawn a tile: k keeps a tile you just drew."
KEY_DOES_NOTHING = "That key does nothing now."

Key = Literal["draw", "pass", "keep"]


def refused(key: Key, reason: Reason | None, drawn: Tile | None) -> str:
    """Why the rules refuse what ``key`` asks for (``reason``: the rules' own code)."""
    if reason == "already_drew":
        return f"You already drew {drawn}: play it or keep it (k)."
    if reason == "must_play":
        return (
            "You have a play: you cannot draw."
            if key == "draw"
            else ("You have a play: you cannot pass.")
        )
    if reason == "nothing_to_draw":
        return "The boneyard is empty: you cannot draw. Pass (p)."
    if reason == "must_play_drawn":
        if key == "keep":
            return f"You must play the drawn tile {drawn}: these rules do not let you keep it."
        return f"You must play the drawn tile {drawn}."
    if reason == "draw_first":
        return "Draw first (d): the boneyard still has tiles."
    return KEY_DOES_NOTHING


def not_your_turn(who: str, *, computer: bool) -> str:
    """Why no key of the game works while ``who`` is on turn without the keyboard."""
    if computer:
        return f"Wait: it is {who}'s turn (computer)."
    return f"Waiting for {who}: press Enter on the hand-off screen."


def no_tile_fits(*, can_draw: bool) -> str:
    """Why Enter plays nothing: no tile fits; what to do instead."""
    if can_draw:
        return "No tile of yours fits: draw (d)."
    return "No tile of yours fits and the boneyard is empty: pass (p)."


def use_keep(drawn: Tile) -> str:
    """Why ``p`` does nothing after drawing a playable tile that may be kept."""
    return f"To keep the drawn tile {drawn}, press k."


def only_tiles(count: int, digit_keys: int) -> str:
    """A digit past the end of the hand."""
    return f"You have only {count} tiles: press 1-{min(digit_keys, count)}."


def fits_no_end(tile: Tile) -> str:
    """↑/↓ with a selected tile that fits nowhere."""
    return f"{tile} fits no open end: choose another tile (←/→)."


def no_end_labelled(key: str) -> str:
    """A letter that labels no open end."""
    return f"No open end is labelled {key} now."


def nothing_fits_end(label: str, value: int | None) -> str:
    """An open end (by its label) that no tile of the hand fits."""
    needs = f" (needs a {value})" if value is not None else ""
    return f"Nothing you can play fits end {label}{needs}."


def cannot_play_selected(tile: Tile, drawn: Tile | None) -> str:
    """Enter on a selected tile that cannot be played."""
    if drawn is not None:
        return f"Only the drawn tile {drawn} may be played now."
    return f"{tile} fits no open end now: choose another tile."


def choose_an_end(tile: Tile, labels: Sequence[str]) -> str:
    """Enter on a tile that fits several ends, none chosen."""
    return (
        f"{tile} fits {len(labels)} ends ({', '.join(labels)}): choose one with ↑/↓ or its letter."
    )


def not_saved(path: object, error: OSError) -> str:
    """A move that could not be saved."""
    return (
        f"Could not save to {path}: {error.strerror or error}. "
        "Play goes on; every move tries to save again."
    )


# ----- the status line ---------------------------------------------------------------------------


def computer_playing(who: str, board: Board) -> str:
    """A computer seat is on turn."""
    return f"{who} (computer) is playing: {board_requirement(board)}"


def waiting_for(who: str) -> str:
    """A person is on turn but has not taken the keyboard yet."""
    return f"Waiting for {who} to take the keyboard"


def drew_playable(who: str, drawn: Tile, may_keep: bool) -> str:
    """The person on turn drew a tile that can be played."""
    keep = " or keep it (k)" if may_keep else ""
    return f"{who}, you drew {drawn}: play it (Enter){keep}"


def nothing_fits(who: str, board: Board, can_draw: bool) -> str:
    """No tile of the person on turn fits: draw or pass."""
    if can_draw:
        return f"{who}: nothing fits ({board_requirement(board)}): draw (d)"
    return f"{who}: nothing fits and nothing to draw: pass (p)"


def choose_a_tile(who: str, board: Board) -> str:
    """The person on turn has not selected a tile."""
    return f"{who}: {board_requirement(board)} · choose a tile (←/→ or 1-9)"


def selection(
    who: str,
    board: Board,
    tile: Tile,
    ends: Sequence[str],
    chosen: str | None,
    labels: Mapping[str, str],
) -> str:
    """What the selected ``tile`` would do: fit nowhere, be played on the chosen end, or fit
    several ``ends`` still to choose from."""
    requirement = board_requirement(board)
    if not ends:
        return f"{who}: {requirement} · {tile} fits nowhere: choose another tile"
    if chosen is not None:
        return f"{who}: {requirement} · Enter plays {tile} on {chosen} ({labels.get(chosen, '?')})"
    letters = ", ".join(labels.get(end, "?") for end in ends)
    return (
        f"{who}: {requirement} · {tile} fits {len(ends)} ends ({letters}): "
        "choose with ↑/↓ or a letter"
    )


def pause_note(seconds: float) -> str:
    """The status line's note of the computer players' pause and its keys."""
    return f" · bots {seconds:.1f}s (+/-)"


def computer_pause(seconds: float) -> str:
    """The pause before each computer move was changed."""
    return f"Computer players now pause {seconds:.1f} s."
