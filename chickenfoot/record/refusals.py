"""The rules' refusals in the player's language: an action they refuse, rules they cannot play.

The rules speak in codes (:data:`chickenfoot.rules.Reason` for an action,
:class:`chickenfoot.rules.RuleProblem` for a rule set, :class:`chickenfoot.rules.BadDeck` for
decks) and keep their English messages for
developers; every word a player reads about them is made here, through the catalogue, once:
for a saved game's errors (this package), for ``chickenfoot verify``, the New game form, the
plain mode's set-up and the command line's rule options (:mod:`chickenfoot.text`). Imports no
Textual.
"""

from __future__ import annotations

from chickenfoot.lang import _, ngettext, pgettext
from chickenfoot.rules import BadDeck, RuleProblem


def rule_reason(reason: str) -> str:
    """Which rule refuses a move, in a few words, from the rules' reason code (see
    ``Reason`` in :mod:`chickenfoot.rules`); an unknown code is shown as it is."""
    match reason:
        case "game_over":
            return _("the game is over")
        case "not_your_turn":
            return _("it is not that seat's turn")
        case "not_a_move":
            return _("that is not a move")
        case "tile_not_in_hand":
            return _("the tile is not in the hand")
        case "only_the_drawn_tile":
            return _("only the drawn tile may be played now")
        case "arms_first":
            return _("the centre still needs its arms first")
        case "foot_first":
            return _("the chicken foot needs its toes first")
        case "line_closed":
            return _("that line ends in a double: its chicken foot takes the tiles")
        case "no_such_end":
            return _("there is no such line")
        case "does_not_fit":
            return _("the tile does not fit that end")
        case "must_play":
            return _("a tile can be played, so the seat may neither draw nor pass")
        case "already_drew":
            return _("the seat drew a playable tile: play it or keep it")
        case "nothing_to_draw":
            return _("nothing is left to draw")
        case "must_play_drawn":
            return _("a playable drawn tile must be played")
        case "draw_first":
            return _("draw first: the boneyard still has tiles")
    return reason


def rule_problem(problem: RuleProblem) -> str:
    """What is wrong with a rule set, from its code and numbers, without the field's name
    ("at most 8"; "8 seats × 7 tiles = 56 tiles, but a double-9 set has only 55: ...")."""
    values = problem.values
    match problem.code:
        case "unknown_preset":
            # Translators: {name} is what was asked for, in quotes; cross and trains are the
            # presets' names as the command line takes them.
            return _("unknown preset {name}: choose cross or trains").format(
                name=repr(values["name"])
            )
        case "unknown_field":
            return _("there is no such rule")
        case "too_small":
            return _("at least {bound}").format(bound=values["least"])
        case "too_big":
            return _("at most {bound}").format(bound=values["most"])
        case "not_a_choice":
            choices = [str(choice) for choice in values["choices"]]
            # Translators: {choices} are the values a rule takes, as the program writes them
            # ("one or until_playable").
            return _("choose {choices}").format(
                choices=pgettext("list", "{items} or {last}").format(
                    items=pgettext("list", ", ").join(choices[:-1]), last=choices[-1]
                )
                if len(choices) > 1
                else "".join(choices)
            )
        case "not_a_number":
            return _("a whole number is needed")
        case "too_many_kept":
            return ngettext(
                "{count} tile kept in the boneyard, but a double-{size} set has only {tiles}: "
                "keep at most {most}",
                "{count} tiles kept in the boneyard, but a double-{size} set has only {tiles}: "
                "keep at most {most}",
                values["kept"],
            ).format(
                count=values["kept"],
                size=values["set_size"],
                tiles=values["tiles"],
                most=values["most"],
            )
        case "too_few_tiles":
            return _too_few_tiles(problem)
        case "too_many_arms":
            return ngettext(
                "{count} arm needs {count} tile carrying {size}, but a double-{size} set has "
                "only {size}: use at most {size} arms, or a bigger set",
                "{count} arms need {count} tiles carrying {size}, but a double-{size} set has "
                "only {size}: use at most {size} arms, or a bigger set",
                values["arms"],
            ).format(count=values["arms"], size=values["set_size"])
        case "too_many_rounds":
            doubles = values["set_size"] + 1
            return ngettext(
                "{count} round, but a double-{size} set has only {doubles} doubles to start "
                "them: play at most {doubles} rounds",
                "{count} rounds, but a double-{size} set has only {doubles} doubles to start "
                "them: play at most {doubles} rounds",
                values["rounds"],
            ).format(count=values["rounds"], size=values["set_size"], doubles=doubles)
    return _("not a value this rule takes")


def _too_few_tiles(problem: RuleProblem) -> str:
    """The hands (and the tiles set aside) need more tiles than the set holds: the sum, then
    what would work."""
    values = problem.values
    terms = [
        ngettext(
            "{players} seats × {count} tile", "{players} seats × {count} tiles", values["hand"]
        ).format(players=values["players"], count=values["hand"])
    ]
    if values["reserve"]:
        terms.append(
            # Translators: a term of a sum of tiles ("8 seats × 7 tiles + 2 kept in the
            # boneyard = 58 tiles").
            ngettext(
                "{count} kept in the boneyard", "{count} kept in the boneyard", values["reserve"]
            ).format(count=values["reserve"])
        )
    if values["search"]:
        terms.append(_("1 for the centre double"))
    # Translators: between the terms of a sum of tiles.
    total = pgettext("a sum", " + ").join(terms)
    # Translators: {total} is a sum of tiles ("8 seats × 7 tiles"); {size} the set's highest
    # double.
    text = ngettext(
        "{total} = {count} tile, but a double-{size} set has only {tiles}",
        "{total} = {count} tiles, but a double-{size} set has only {tiles}",
        values["needed"],
    ).format(total=total, count=values["needed"], size=values["set_size"], tiles=values["tiles"])
    fixes = []
    if values["bigger"] is not None:
        fixes.append(_("use a double-{size} set").format(size=values["bigger"]))
    if values["most"] >= 1:
        fixes.append(
            ngettext(
                "at most {count} tile each", "at most {count} tiles each", values["most"]
            ).format(count=values["most"])
        )
    if values["fewest"] is not None:
        fixes.append(
            ngettext("at most {count} player", "at most {count} players", values["fewest"]).format(
                count=values["fewest"]
            )
        )
    if not fixes:
        return text
    # Translators: between the things that would make the rules playable ("use a double-12
    # set, or at most 6 tiles each").
    choices = pgettext("fixes", ", or ").join(fixes)
    # Translators: {problem} is what is wrong; {fixes} what would work instead.
    return _("{problem}: {fixes}").format(problem=text, fixes=choices)


FIELD_CODES = frozenset(
    {"unknown_field", "too_small", "too_big", "not_a_choice", "not_a_number", "not_valid"}
)
"""The problems a field has on its own, whatever the other rules (shown under its name)."""


def deck_problem(error: BadDeck) -> str:
    """Why the rules refuse a game's decks, from their code and values."""
    values = error.values
    match error.code:
        case "deck_count":
            return ngettext(
                "{count} deck for {rounds} rounds: one per round is needed",
                "{count} decks for {rounds} rounds: one per round is needed",
                values["decks"],
            ).format(count=values["decks"], rounds=values["rounds"])
        case "tile_twice":
            return _("round {round}: the deck holds {tile} twice").format(
                round=values["round"], tile=values["tile"]
            )
        case "not_in_set":
            return _("round {round}: {tile} is not in a double-{size} set").format(
                round=values["round"], tile=values["tile"], size=values["set_size"]
            )
    missing = values["missing"]
    # Translators: {tiles} lists the first five missing tiles ("0|0, 0|1").
    return ngettext(
        "round {round}: the deck is missing {count} tile ({tiles})",
        "round {round}: the deck is missing {count} tiles ({tiles})",
        len(missing),
    ).format(
        round=values["round"],
        count=len(missing),
        tiles=pgettext("list", ", ").join(str(tile) for tile in missing[:5]),
    )
