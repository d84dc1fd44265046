"""Hints and take-backs in words: the expert's suggestion with its reason, and the log's line
for each hint or take-back a person had (the game, the replay and the transcript say the same).

The reasons come from :class:`chickenfoot.bots.Hint` (a reason code and what it is about);
this module only words them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from chickenfoot.bots import Hint
from chickenfoot.record.model import Assist
from chickenfoot.rules import Action, Draw, Play
from chickenfoot.text.counting import NumberCount, out_and_unseen
from chickenfoot.text.words import count_word, plural, seat_name


def count_of(count: int, number: int) -> str:
    """``count`` tiles of ``number`` in words: "one 5", "three 5s", "12 9s"."""
    return f"{count_word(count)} {number}" + ("" if count == 1 else "s")


def hint_reason(
    hint: Hint, names: Sequence[str], counts: Sequence[NumberCount] | None = None
) -> str:
    """Why the hint suggests its action, in a few words ("keeps three 5s playable"); with the
    seat's ``counts`` (:func:`chickenfoot.text.counting.count_tiles`), a reason about a
    number says how many of it are out and unseen, in the words of the count ("keeps three 5s
    playable; 5s: four out, two unseen")."""
    reason = _reason(hint, names)
    if counts is not None and hint.number is not None and hint.reason in COUNTED_REASONS:
        reason += f"; {out_and_unseen(counts[hint.number])}"
    return reason


COUNTED_REASONS = frozenset(
    {"finishes_foot", "blocks_seat", "opens_foot", "keeps_numbers_playable"}
)
"""The reasons about one number, which the count of that number backs up."""


def _reason(hint: Hint, names: Sequence[str]) -> str:
    """The reason's own words."""
    number = hint.number if hint.number is not None else 0
    count = hint.count if hint.count is not None else 0
    match hint.reason:
        case "only_move":
            return "it is the only move"
        case "goes_out":
            return "it empties your hand"
        case "finishes_foot":
            return f"it finishes the chicken foot of {number}s"
        case "blocks_seat":
            who = seat_name(names, hint.seat if hint.seat is not None else 0)
            return f"blocks {who}, who lacks {number}s"
        case "opens_foot":
            return f"opens a foot of {number}s and keeps {count_of(count, number)} for its toes"
        case "sheds_points":
            return f"sheds {plural(count, 'point')}: your heaviest tile that fits"
        case "keeps_numbers_playable":
            return f"keeps {count_of(count, number)} playable"
        case "keeps_drawn_tile":
            return "keeps the drawn tile for later"
        case _:
            return "it did best in the imagined deals"


def hint_text(
    hint: Hint,
    names: Sequence[str],
    keys: Mapping[str, str],
    counts: Sequence[NumberCount] | None = None,
) -> str:
    """The hint as the status line says it: the move, with the key of its end, and why
    ("Hint: play 5|6 on B (key b): keeps three 5s playable"; see :func:`hint_reason` for
    ``counts``)."""
    action = hint.action
    if isinstance(action, Play):
        key = keys.get(action.target)
        on_key = f" (key {key})" if key else ""
        move = f"play {action.tile} on {action.target}{on_key}"
    elif isinstance(action, Draw):
        move = "draw (d)"
    elif hint.reason == "keeps_drawn_tile":
        move = "keep it (k)"
    else:
        move = "pass (p)"
    return f"Hint: {move}: {hint_reason(hint, names, counts)}"


def assist_line(assist: Assist, names: Sequence[str]) -> str:
    """The log's line for a hint or a take-back ("You asked for a hint", "Ana took back 2
    moves: Ana 5|6 on B, Bea drew")."""
    who = seat_name(names, assist.seat)
    if assist.kind == "hint":
        return f"{who} asked for a hint"
    undone = ", ".join(_short_move(action, names) for action in assist.undone)
    return f"{who} took back {plural(len(assist.undone), 'move')}: {undone}"


def _short_move(action: Action, names: Sequence[str]) -> str:
    """An action in a few words, without the position it was taken in ("Bea 5|6 on B")."""
    who = seat_name(names, action.seat)
    if isinstance(action, Play):
        return f"{who} {action.tile} on {action.target}"
    return f"{who} {'drew' if isinstance(action, Draw) else 'passed'}"


def assists_by_place(assists: Iterable[Assist]) -> dict[int, list[Assist]]:
    """The hints and take-backs by the number of actions the game had when they happened."""
    places: dict[int, list[Assist]] = {}
    for assist in assists:
        places.setdefault(assist.at, []).append(assist)
    return places


def help_counts(hints: int, take_backs: int) -> str:
    """A seat's help in a game, for summaries ("2 hints, 1 take-back"), or "" for none."""
    parts = []
    if hints:
        parts.append(plural(hints, "hint"))
    if take_backs:
        parts.append(plural(take_backs, "take-back"))
    return ", ".join(parts)
