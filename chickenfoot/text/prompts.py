"""What the game screen says to the person at the keyboard: the status line, why a key does
nothing, and what to do instead. Pure words, no game logic: the seat client
(:mod:`chickenfoot.play.client`) decides, the rules refuse (their reason codes are worded
here, once), and these functions put it into words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from chickenfoot.lang import N_, _, ngettext, npgettext, pgettext
from chickenfoot.record.problems import FileWriteError, describe_os_error
from chickenfoot.record.refusals import rule_reason
from chickenfoot.rules import Reason, RoundBlocked, RuleSet, Tile, WentOut, hand_points
from chickenfoot.text.describe import blocked_text
from chickenfoot.text.words import a_number, comma_list, is_you, seat_name

GAME_OVER = N_("The game is over.")
KEY_DOES_NOTHING = N_("That key does nothing now.")
QUIT_SAVED_GAME = N_("Quit Chicken Foot?\nThe game is saved: Continue resumes it.")
"""The quit question over a game: its second sentence on a line of its own, so that a narrow
dialog never leaves a word of it alone on a line. These constants are marked for the
catalogue: translate them where they are shown, ``_(GAME_OVER)``."""

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
    return _("Choose a tile first ({keys} or its number).").format(keys=keys.tiles)


def nothing_drawn(keys: TurnKeys = PLAIN_KEYS) -> str:
    """Why keep does nothing: no tile was just drawn."""
    return _("You have not drawn a tile: {key} keeps a tile you just drew.").format(key=keys.keep)


def refused(
    key: Key, reason: Reason | None, drawn: Tile | None, keys: TurnKeys = PLAIN_KEYS
) -> str:
    """Why the rules refuse what ``key`` asks for (``reason``: the rules' own code)."""
    if reason == "already_drew":
        return _("You already drew {tile}: play it or keep it ({key}).").format(
            tile=drawn, key=keys.keep
        )
    if reason == "must_play":
        if key == "draw":
            return _("You have a play: you cannot draw.")
        return _("You have a play: you cannot pass.")
    if reason == "nothing_to_draw":
        return _("The boneyard is empty: you cannot draw. Pass ({key}).").format(key=keys.pass_turn)
    if reason == "must_play_drawn":
        if key == "keep":
            return _(
                "You must play the drawn tile {tile}: these rules do not let you keep it."
            ).format(tile=drawn)
        return _("You must play the drawn tile {tile}.").format(tile=drawn)
    if reason == "draw_first":
        return _("Draw first ({key}): the boneyard still has tiles.").format(key=keys.draw)
    return _(KEY_DOES_NOTHING)


def not_your_turn(
    who: str, *, computer: bool, elsewhere: bool = False, keys: TurnKeys = PLAIN_KEYS
) -> str:
    """Why no key of the game works while ``who`` is on turn without the keyboard: a
    computer, a person at their own screen (``elsewhere``: an online table), or a person at
    this keyboard who has not taken it yet."""
    if computer:
        return _("Wait: it is {name}'s turn (computer).").format(name=who)
    if elsewhere:
        return _("Wait: it is {name}'s turn; they play at their own screen.").format(name=who)
    return _("Waiting for {name}: pass them the keyboard, and they press {key}.").format(
        name=who, key=keys.show_hand
    )


def no_tile_fits(*, can_draw: bool, keys: TurnKeys = PLAIN_KEYS) -> str:
    """Why play does nothing: no tile fits; what to do instead."""
    if can_draw:
        return _("No tile of yours fits: draw ({key}).").format(key=keys.draw)
    return _("No tile of yours fits and the boneyard is empty: pass ({key}).").format(
        key=keys.pass_turn
    )


def use_keep(drawn: Tile, keys: TurnKeys = PLAIN_KEYS) -> str:
    """Why pass does nothing after drawing a playable tile that may be kept."""
    return _("To keep the drawn tile {tile}, press {key}.").format(tile=drawn, key=keys.keep)


def only_tiles(count: int) -> str:
    """A tile number past the end of the hand."""
    return ngettext(
        "You have only {count} tile: type 1 to {count}.",
        "You have only {count} tiles: type 1 to {count}.",
        count,
    ).format(count=count)


def key_so_far(typed: str) -> str:
    """The first letters of a longer end key were typed."""
    return _("{typed}…: type the rest of the end's key.").format(typed=typed)


def fits_no_end(tile: Tile, keys: TurnKeys = PLAIN_KEYS) -> str:
    """The keys that choose an end, with a selected tile that fits nowhere."""
    return _("{tile} fits no open end: choose another tile ({keys}).").format(
        tile=tile, keys=keys.tiles
    )


def no_end_labelled(key: str) -> str:
    """A letter that labels no open end."""
    return _("No open end is labelled {key} now.").format(key=key)


def nothing_fits_end(label: str, value: int | None) -> str:
    """An open end (by its label) that no tile of the hand fits."""
    if value is None:
        return _("Nothing you can play fits end {key}.").format(key=label)
    # Translators: {number} is a number with its article ("a 5", "an 8").
    return _("Nothing you can play fits end {key} (needs {number}).").format(
        key=label, number=a_number(value)
    )


def cannot_play_selected(tile: Tile, drawn: Tile | None) -> str:
    """Enter on a selected tile that cannot be played."""
    if drawn is not None:
        return _("Only the drawn tile {tile} may be played now.").format(tile=drawn)
    return _("{tile} fits no open end now: choose another tile.").format(tile=tile)


def choose_an_end(tile: Tile, labels: Sequence[str], keys: TurnKeys = PLAIN_KEYS) -> str:
    """The play key on a tile that fits several ends, none chosen."""
    return ngettext(
        "{tile} fits {count} end ({ends}): choose one with {keys} or its letter.",
        "{tile} fits {count} ends ({ends}): choose one with {keys} or its letter.",
        len(labels),
    ).format(tile=tile, count=len(labels), ends=comma_list(labels), keys=keys.ends)


def round_ending(event: WentOut | RoundBlocked, names: Sequence[str]) -> str:
    """How a round ended, for its result: "Ana went out!" or "The round is blocked"."""
    if isinstance(event, RoundBlocked):
        return blocked_text(event.round)
    you = 0 <= event.seat < len(names) and is_you(names[event.seat])
    if event.foot_open:
        if you:
            return _("You went out! (with a chicken foot still open)")
        said = _("{name} went out! (with a chicken foot still open)")
    else:
        if you:
            return _("You went out!")
        said = _("{name} went out!")
    return said.format(name=seat_name(names, event.seat))


def save_problem(error: OSError | None) -> str:
    """Why a save failed, in a few plain words (the file is not named: the game is)."""
    if error is None:
        return _("no problem")
    if isinstance(error, FileWriteError):
        return error.problem.removeprefix("not saved: ")
    return describe_os_error(error)


def leave_unsaved(error: OSError | None, what: str) -> str:
    """The question before ``what`` ("Leave this game", "Quit") when the game's latest moves
    are not saved (``error``: why)."""
    # Translators: {what} is the action asked about, capitalised ("Leave this game", "Quit").
    return _(
        "The latest moves of this game are not saved ({problem}). {what} anyway? Chicken "
        "Foot keeps them while it stays open."
    ).format(problem=save_problem(error), what=what)


def unsaved(problem: str, save_copy: str = "") -> str:
    """The lasting notice of a game the store no longer keeps up with (``problem``: why, see
    :func:`save_problem`): the advice first, so a narrow screen that cuts the line short still
    shows it, then why. ``save_copy`` is how this interface saves a copy (the game screen's
    key, the plain mode's command); "" leaves the advice out."""
    if save_copy:
        return _(
            "Not saved: {key} saves a copy elsewhere; your moves are kept here ({problem})"
        ).format(key=save_copy, problem=problem)
    return _("Not saved: your moves are kept here ({problem})").format(problem=problem)


def open_elsewhere(where: str) -> str:
    """The question when a game to open is open in another window (``where`` says which)."""
    # Translators: {where} says which window has the game open, as a sentence of its own.
    return _(
        "{where}. Playing it here too would fork it: each window would overwrite the other's "
        "moves. Opening it here stops that window saving."
    ).format(where=where)


def pass_to(name: str, keys: TurnKeys = PLAIN_KEYS) -> str:
    """The hand-off banner: every hand hidden until ``name`` takes the keyboard."""
    return _("Pass to {name}, then press {key} · every hand is hidden").format(
        name=name, key=keys.show_hand
    )


def hand_title(name: str, tiles: Sequence[Tile], rules: RuleSet) -> str:
    """The title of a hand: whose it is, its tiles and the points they would score."""
    points = hand_points(tiles, rules.double_blank_points)
    count = len(tiles)
    if is_you(name):
        said = ngettext(
            "Your hand · {count} tile worth {points}",
            "Your hand · {count} tiles worth {points}",
            count,
        )
    else:
        said = ngettext(
            "{name}'s hand · {count} tile worth {points}",
            "{name}'s hand · {count} tiles worth {points}",
            count,
        )
        if name.endswith("s"):
            # Translators: a hand whose owner's name ends in "s" (English writes "James' hand").
            said = npgettext(
                "a name ending in s",
                "{name}' hand · {count} tile worth {points}",
                "{name}' hand · {count} tiles worth {points}",
                count,
            )
    return said.format(name=name, count=count, points=points)


def dead_draw(who: str, tile: Tile, keys: TurnKeys = PLAIN_KEYS) -> str:
    """A person drew a tile that fits nowhere; the keyboard moves on once they have seen it."""
    if is_you(who):
        said = _("You draw {tile}: it fits nowhere · {key} passes the keyboard on")
    else:
        said = _("{name} draws {tile}: it fits nowhere · {key} passes the keyboard on")
    return said.format(name=who, tile=tile, key=keys.seen_draw)


# ----- the status line (what the board needs is in the top bar) ----------------------------------


def computer_playing(who: str) -> str:
    """A computer seat is on turn."""
    return _("{name} (computer) is playing…").format(name=who)


def computer_thinking(who: str) -> str:
    """A computer seat on turn is still thinking (its pause is over)."""
    return _("{name} (computer) is thinking…").format(name=who)


def waiting_for(who: str) -> str:
    """A person is on turn but has not taken the keyboard yet."""
    return _("Waiting for {name} to take the keyboard").format(name=who)


def waiting_elsewhere(who: str) -> str:
    """A person at another screen (an online table's other seat) is on turn."""
    return _("Waiting for {name} to play").format(name=who)


def drew_playable(
    who: str,
    drawn: Tile,
    may_keep: bool,
    keys: TurnKeys = PLAIN_KEYS,
    ends: Sequence[str] = (),
) -> str:
    """The person on turn drew a tile that can be played; ``ends``: the keys of the ends it
    fits when it fits several and none is chosen yet (the play key asks which)."""
    you = is_you(who)
    if len(ends) > 1 and may_keep:
        if you:
            said = _(
                "You drew {tile}: it fits {count} ends ({ends}) · choose one (↑/↓ or its key) "
                "or keep it ({keep})"
            )
        else:
            said = _(
                "{name} drew {tile}: it fits {count} ends ({ends}) · choose one (↑/↓ or its "
                "key) or keep it ({keep})"
            )
    elif len(ends) > 1:
        if you:
            said = _("You drew {tile}: it fits {count} ends ({ends}) · choose one (↑/↓ or its key)")
        else:
            said = _(
                "{name} drew {tile}: it fits {count} ends ({ends}) · choose one (↑/↓ or its key)"
            )
    elif may_keep:
        if you:
            said = _("You drew {tile}: play it ({play}) or keep it ({keep})")
        else:
            said = _("{name} drew {tile}: play it ({play}) or keep it ({keep})")
    else:
        said = (
            _("You drew {tile}: play it ({play})")
            if you
            else _("{name} drew {tile}: play it ({play})")
        )
    return said.format(
        name=who,
        tile=drawn,
        count=len(ends),
        ends=comma_list(ends),
        play=keys.play,
        keep=keys.keep,
    )


def nothing_fits(who: str, can_draw: bool, keys: TurnKeys = PLAIN_KEYS) -> str:
    """No tile of the person on turn fits: draw or pass."""
    if can_draw:
        return _("{name}: nothing fits · draw ({key})").format(name=who, key=keys.draw)
    return _("{name}: nothing fits and nothing to draw · pass ({key})").format(
        name=who, key=keys.pass_turn
    )


def choose_a_tile(who: str, keys: TurnKeys = PLAIN_KEYS) -> str:
    """The person on turn has not selected a tile."""
    return _("{name}: choose a tile ({keys} or its number)").format(name=who, keys=keys.tiles)


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
        return _("{name}: {tile} fits nowhere · choose another tile").format(name=who, tile=tile)
    if chosen is not None:
        # Translators: {key} plays the tile on line {line}, whose end's key is {end}.
        return _("{name}: {key} plays {tile} on {line} ({end})").format(
            name=who, key=keys.play, tile=tile, line=chosen, end=labels.get(chosen, "?")
        )
    return ngettext(
        "{name}: {tile} fits {count} end ({ends}) · choose one ({keys} or its key)",
        "{name}: {tile} fits {count} ends ({ends}) · choose one ({keys} or its key)",
        len(ends),
    ).format(
        name=who,
        tile=tile,
        count=len(ends),
        ends=comma_list(labels.get(end, "?") for end in ends),
        keys=keys.ends,
    )


HINT_THINKING = N_("Thinking about a hint…")
"""Shown while the expert works out a hint."""


def no_count(keys: TurnKeys = PLAIN_KEYS) -> str:
    """Why counting tiles counts nothing: no hand is on screen (a hand-off is pending, or only
    computers play)."""
    return _(
        "Counting tiles needs a person's hand on screen (at a hand-off, {key} shows it)."
    ).format(key=keys.show_hand)


NO_HINT = N_("No hint this time: the expert could not work one out. Play on as you see fit.")
"""Shown if a hint could not be worked out."""
NO_MORE_HINTS = N_("No more hints in this game: it already holds as many as a saved game may.")
"""Why the hint key does nothing once the game's record has no room for another hint."""


def no_take_back(*, shared: bool) -> str:
    """Why ``u`` takes nothing back: people share the keyboard, or there is nothing yet."""
    if shared:
        return _("Take-backs are off when two or more people share the keyboard.")
    return _("Nothing to take back yet this round.")


def round_over(number: int, *, last: bool, keys: TurnKeys = PLAIN_KEYS) -> str:
    """The status line while a round's result is shown (``last``: the game's last round)."""
    if last:
        said = _("Round {number} is over · {key} shows the final results")
    else:
        said = _("Round {number} is over · {key} deals the next round")
    return said.format(number=number, key=keys.go_on)


def round_seen(number: int, *, last: bool, others: bool) -> str:
    """The status line once the person went on from a round's result: the table waits for
    ``others`` (people at other screens) to see it too, or goes on at once."""
    if others:
        return _("Round {number} is over · waiting for the others to see its result").format(
            number=number
        )
    if last:
        return _("Round {number} is over · the final results next").format(number=number)
    return _("Round {number} is over · round {next} next").format(number=number, next=number + 1)


REFUSED_BY_HOST = {
    "not_your_seat": N_("That seat is not yours to play."),
    "not_your_turn": N_("Not now: the table waits for something else first."),
    "nothing_to_take_back": N_("There is nothing to take back now."),
    "no_hint_now": N_("No hint now: a hint is for the person on turn, while the game has room."),
    "nothing_to_proceed": N_("There is nothing to go on from now."),
    "not_on_turn": N_("That person is not on turn."),
    "closed": N_("The table is closed."),
}
"""Why the table refused what a key asked for (see ``RefusalReason`` in the wire contract);
marked for the catalogue: :func:`host_refused` translates them."""


def host_refused(reason: str, rule: str | None) -> str:
    """Why the table refused a key's request: an action the rules refuse is worded from the
    rules' reason (see :func:`refused`)."""
    if reason == "illegal":
        # Translators: {rule} says which rule refuses the move ("the tile fits no open end").
        return _("The rules do not allow that move now ({rule}).").format(
            rule=rule_reason(rule) if rule else pgettext("a refused move", "refused")
        )
    return _(REFUSED_BY_HOST.get(reason, KEY_DOES_NOTHING))


def taken_back(undone: int) -> str:
    """A take-back was made."""
    return ngettext(
        "Taken back: {count} move. Your turn again, with the same tiles to come.",
        "Taken back: {count} moves. Your turn again, with the same tiles to come.",
        undone,
    ).format(count=undone)


def computer_pause(seconds: float) -> str:
    """The pause before each computer move was changed."""
    return _("Computer players now pause {seconds} s.").format(seconds=f"{seconds:.1f}")


@dataclass(frozen=True)
class ViewKeys:
    """The keys the board's frame names (these defaults, or the player's own): the table or
    the outline, the compact or the full drawing, panning, the chart, the compact drawing's
    legend (none where the screen has no legend)."""

    outline: str = "o"
    drawing: str = "."
    pan: str = "⇧arrows"
    chart: str = "c"
    legend: str = ""


def board_subtitle(*, outline: bool, compact: bool, fits: bool, keys: ViewKeys = ViewKeys()) -> str:
    """What the board's frame says the view keys switch to: the table or the outline, the
    compact or the full drawing; a table too big to see whole, even compact, offers the
    outline in words."""
    if outline:
        return _("{key}: table").format(key=keys.outline)
    if compact and not fits:
        return _("too big to see whole: {key} shows the outline · {pan} pan").format(
            key=keys.outline, pan=keys.pan
        )
    if compact:
        said = _("{key}: outline · {drawing}: full")
    else:
        said = _("{key}: outline · {drawing}: compact")
    return said.format(key=keys.outline, drawing=keys.drawing)
