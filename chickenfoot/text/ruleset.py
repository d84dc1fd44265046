"""Rule sets in words: a game's rules as short phrases, and what each preset sets.

Every phrase is worked out from a :class:`~chickenfoot.rules.RuleSet`, so the words follow the
rules wherever they are shown: transcripts and the command line (:func:`rules_summary`), the
New game form and the help screen (:func:`preset_summary`). Each option's values are worded
once, here. Imports no Textual.
"""

from __future__ import annotations

from chickenfoot.rules import PRESETS, RuleSet, default_hand_size, preset
from chickenfoot.rules.ruleset import MAX_PLAYERS, MIN_PLAYERS, PresetName, default_reserve
from chickenfoot.text.words import plural

DRAWN_TILE_WORDS = {
    "may_play": "a playable drawn tile may be kept",
    "must_play": "a playable drawn tile must be played",
}
"""How a playable drawn tile is handled, by ``RuleSet.drawn_tile``."""

DRAW_WORDS = {
    "one": "a seat with no play draws one tile",
    "until_playable": "a seat with no play draws until it can play",
}
"""How a seat with no play draws, by ``RuleSet.draw``."""

ROUND_START_WORDS = {
    "holder": "the holder of the round's double places it",
    "search": "the round's double is found before the deal",
}
"""How a round starts, by ``RuleSet.round_start``."""

TIE_BREAK_WORDS = {
    "zero_rounds": "ties: most rounds at 0, then the lowest round above 0, then shared",
    "shared": "ties: the win is shared",
}
"""How a tie for the lowest total is settled, by ``RuleSet.tie_break``."""


def arms_words(arms: int | None) -> str:
    """The arms the centre double takes: "4 arms", or "one arm per seat" for None."""
    return "one arm per seat" if arms is None else plural(arms, "arm")


def reserve_words(reserve: int | None) -> str:
    """The tiles kept in the boneyard: None is the rules' default, which depends on the seats."""
    if reserve is None:
        two = default_reserve(MIN_PLAYERS)
        more = default_reserve(MIN_PLAYERS + 1)
        return f"{reserve_words(more)} ({two} with {MIN_PLAYERS} seats)"
    if reserve == 0:
        return "the boneyard can run out"
    stays = "stays" if reserve == 1 else "stay"
    return f"{plural(reserve, 'tile')} {stays} in the boneyard"


def double_blank_words(points: int) -> str:
    """What a 0|0 left in hand scores."""
    return f"a 0|0 in hand scores {points}"


def default_hand_words(rules: RuleSet) -> str:
    """The hand ``rules`` deal when no hand size is set: "7 tiles each", or "hands sized by
    the number of seats" when the preset's default depends on it."""
    sizes = {
        default_hand_size(rules.preset, rules.set_size, players)
        for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)
    }
    if len(sizes) == 1:
        return f"{plural(sizes.pop(), 'tile')} each"
    return "hands sized by the number of seats"


def rules_summary(rules: RuleSet) -> list[str]:
    """The rules in a few short phrases, one per line: set, seats, arms, drawing, scoring."""
    first, last = rules.round_double(0), rules.round_double(rules.round_count - 1)
    return [
        f"{rules.preset} preset, double-{rules.set_size} set ({rules.tile_count} tiles), "
        f"{rules.players} players, {plural(rules.tiles_per_hand, 'tile')} each",
        f"1 round, with {first}|{first}"
        if rules.round_count == 1
        else f"{rules.round_count} rounds, {first}|{first} down to {last}|{last}",
        ROUND_START_WORDS[rules.round_start],
        f"the centre double takes {arms_words(rules.arm_count)}",
        f"{DRAW_WORDS[rules.draw]}; {DRAWN_TILE_WORDS[rules.drawn_tile]}",
        f"{reserve_words(rules.reserve_count)}; {double_blank_words(rules.double_blank_points)}",
        TIE_BREAK_WORDS[rules.tie_break],
    ]


def preset_summary(name: PresetName) -> str:
    """What preset ``name`` sets, in one line: its arms and hands, then every option on which
    the presets differ ("4 arms, 7 tiles each, a playable drawn tile may be kept, ...")."""
    rules = preset(name)
    others = [preset(other) for other in PRESETS if other != name]

    def differs(field: str) -> bool:
        return any(getattr(other, field) != getattr(rules, field) for other in others)

    worded = {
        "draw": DRAW_WORDS[rules.draw],
        "drawn_tile": DRAWN_TILE_WORDS[rules.drawn_tile],
        "reserve": reserve_words(rules.reserve),
        "double_blank_points": double_blank_words(rules.double_blank_points),
        "round_start": ROUND_START_WORDS[rules.round_start],
        "tie_break": TIE_BREAK_WORDS[rules.tie_break],
    }
    phrases = [arms_words(rules.arms), default_hand_words(rules)]
    phrases.extend(words for field, words in worded.items() if differs(field))
    return ", ".join(phrases)
