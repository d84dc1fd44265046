"""Hints and take-backs in words: the expert's suggestion with its reason, and the log's line
for each hint or take-back a person had (the game, the replay and the transcript say the same).

The reasons come from :class:`chickenfoot.bots.Hint` (a reason code and what it is about);
this module only words them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from chickenfoot.bots import Hint
from chickenfoot.lang import _, ngettext
from chickenfoot.record.model import Assist
from chickenfoot.rules import Action, Draw, Play
from chickenfoot.text.counting import NumberCount, out_and_unseen
from chickenfoot.text.words import comma_list, count_word, seat_is_you, seat_name


def count_of(count: int, number: int) -> str:
    """``count`` tiles of ``number`` in words: "one 5", "three 5s", "12 9s"."""
    # Translators: {count} tiles carrying {number}, the count as a word ("three 5s").
    return ngettext("{count} {number}", "{count} {number}s", count).format(
        count=count_word(count), number=number
    )


def hint_reason(
    hint: Hint, names: Sequence[str], counts: Sequence[NumberCount] | None = None
) -> str:
    """Why the hint suggests its action, in a few words ("keeps three 5s playable"); with the
    seat's ``counts`` (:func:`chickenfoot.text.counting.count_tiles`), a reason about a
    number says how many of it are out and unseen, as the count has them ("keeps three 5s
    playable (4 out, 2 unseen)"), short enough for the hint to fit one line."""
    reason = _reason(hint, names)
    if counts is not None and hint.number is not None and hint.reason in COUNTED_REASONS:
        # Translators: a hint's reason, then how many tiles of its number are out and unseen.
        reason = _("{reason} ({count})").format(
            reason=reason, count=out_and_unseen(counts[hint.number])
        )
    return reason


COUNTED_REASONS = frozenset(
    {"finishes_foot", "blocks_seat", "opens_foot", "keeps_numbers_playable"}
)
"""The reasons about one number, which the count of that number backs up."""


def _reason(hint: Hint, names: Sequence[str]) -> str:
    """The reason's own words."""
    number = hint.number if hint.number is not None else 0
    count = hint.count if hint.count is not None else 0
    # Translators: the reasons are said of the move a hint suggests ("Hint: play 5|6 on B:
    # keeps three 5s playable"); {number}s are the tiles carrying {number}.
    match hint.reason:
        case "only_move":
            return _("it is the only move")
        case "goes_out":
            return _("it empties your hand")
        case "finishes_foot":
            return _("it finishes the chicken foot of {number}s").format(number=number)
        case "blocks_seat":
            seat = hint.seat if hint.seat is not None else 0
            if seat_is_you(names, seat):
                return _("blocks you, who lack {number}s").format(number=number)
            return _("blocks {name}, who lacks {number}s").format(
                name=seat_name(names, seat), number=number
            )
        case "opens_foot":
            return _("opens a foot of {number}s and keeps {tiles} for its toes").format(
                number=number, tiles=count_of(count, number)
            )
        case "sheds_points":
            return ngettext(
                "sheds {count} point: your heaviest tile that fits",
                "sheds {count} points: your heaviest tile that fits",
                count,
            ).format(count=count)
        case "keeps_numbers_playable":
            return _("keeps {tiles} playable").format(tiles=count_of(count, number))
        case "keeps_drawn_tile":
            return _("keeps the drawn tile for later")
        case _:
            return _("it did best in the imagined deals")


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
    reason = hint_reason(hint, names, counts)
    if isinstance(action, Play):
        key = keys.get(action.target)
        if key:
            said = _("Hint: play {tile} on {line} (key {key}): {reason}")
        else:
            said = _("Hint: play {tile} on {line}: {reason}")
        return said.format(tile=action.tile, line=action.target, key=key, reason=reason)
    if isinstance(action, Draw):
        return _("Hint: draw (d): {reason}").format(reason=reason)
    if hint.reason == "keeps_drawn_tile":
        return _("Hint: keep it (k): {reason}").format(reason=reason)
    return _("Hint: pass (p): {reason}").format(reason=reason)


def assist_line(assist: Assist, names: Sequence[str]) -> str:
    """The log's line for a hint or a take-back ("You asked for a hint", "Ana took back 2
    moves: Ana 5|6 on B, Bea drew")."""
    who = seat_name(names, assist.seat)
    you = seat_is_you(names, assist.seat)
    if assist.kind == "hint":
        return _("You asked for a hint") if you else _("{name} asked for a hint").format(name=who)
    undone = comma_list(_short_move(action, names) for action in assist.undone)
    count = len(assist.undone)
    if you:
        said = ngettext(
            "You took back {count} move: {moves}", "You took back {count} moves: {moves}", count
        )
    else:
        said = ngettext(
            "{name} took back {count} move: {moves}",
            "{name} took back {count} moves: {moves}",
            count,
        )
    return said.format(name=who, count=count, moves=undone)


def _short_move(action: Action, names: Sequence[str]) -> str:
    """An action in a few words, without the position it was taken in ("Bea 5|6 on B")."""
    who = seat_name(names, action.seat)
    you = seat_is_you(names, action.seat)
    # Translators: a move taken back, in a few words ("Bea 5|6 on B", "Bea drew").
    if isinstance(action, Play):
        said = _("{name} {tile} on {line}")
    elif isinstance(action, Draw):
        said = _("You drew") if you else _("{name} drew")
    else:
        said = _("You passed") if you else _("{name} passed")
    tile = action.tile if isinstance(action, Play) else ""
    line = action.target if isinstance(action, Play) else ""
    return said.format(name=who, tile=tile, line=line)


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
        parts.append(ngettext("{count} hint", "{count} hints", hints).format(count=hints))
    if take_backs:
        parts.append(
            ngettext("{count} take-back", "{count} take-backs", take_backs).format(count=take_backs)
        )
    return comma_list(parts)
