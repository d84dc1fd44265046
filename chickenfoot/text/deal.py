"""A round's deal and a saved game's check, in plain words.

- :func:`deal_text` words one round's deal (:class:`~chickenfoot.record.verify.RoundDeal`) and
  how its deck was made (:class:`~chickenfoot.record.verify.DeckCheck`): what each seat was
  dealt in deck order, how the double reached the centre, the boneyard in order, and whether
  anyone can re-make the deck from the game's seed. The round-over dialog shows it.
- :func:`verify_lines` words a whole check (:class:`~chickenfoot.record.verify.Verification`)
  for ``chickenfoot verify FILE``: each round's deck against the seed, the first action the
  rules refuse, and a verdict.

Both tell only what :func:`~chickenfoot.record.disclosure.disclosure` allows: a round's deal
once that round is over, the seed's number once the game is over (it makes the decks still to
come). The check names places in a deck, never the tiles there, so it tells nothing about a
round still in play. Names are returned inside plain strings: the caller shows them
literally, never as markup. Imports no Textual.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from chickenfoot.lang import _, ngettext
from chickenfoot.record.disclosure import Disclosure, disclosure
from chickenfoot.record.model import GameRecord
from chickenfoot.record.problems import printable
from chickenfoot.record.refusals import rule_reason
from chickenfoot.record.verify import DeckCheck, RoundDeal, Verification, deck_checks, round_deal
from chickenfoot.rules import Action, Draw, Play, Tile
from chickenfoot.text.words import (
    comma_list,
    double_text,
    listed,
    place_name,
    seat_is_you,
    seat_name,
)

VERIFY_COMMAND = "chickenfoot verify FILE"


def file_text(game: int) -> str:
    """How to name the file of game ``game`` of the store: the export that writes it."""
    # Translators: the command stays as it is; it is completed as "FILE being {this text}".
    return _("the file `chickenfoot export {game} --to FOLDER` writes").format(game=game)


# ----- one round's deal ------------------------------------------------------------------------


@dataclass(frozen=True)
class DealRow:
    """One seat's share of the deal."""

    name: str
    tiles: tuple[Tile, ...]
    """In deck order."""


@dataclass(frozen=True)
class DealText:
    """One round's deal in words, for the round-over dialog's "show the deal"."""

    title: str
    double: Tile
    """The round's double (in the row of the seat it was dealt to, if it was dealt)."""
    origin: str
    """How the deck was made, and how to check it."""
    dealt_heading: str
    rows: tuple[DealRow, ...]
    centre: str
    """How the double reached the centre."""
    searched: str
    """The tiles drawn looking for the double ("" when it was dealt or turned up)."""
    boneyard_heading: str
    boneyard: tuple[Tile, ...]
    """Next to draw first."""

    def lines(self) -> list[str]:
        """The whole deal as plain lines, one per seat."""
        lines = [self.title, self.origin, self.dealt_heading]
        lines += [f"{row.name}: {tiles_text(row.tiles)}" for row in self.rows]
        lines += [self.centre, *([self.searched] if self.searched else [])]
        lines += [self.boneyard_heading, *([tiles_text(self.boneyard)] if self.boneyard else [])]
        return lines


def tiles_text(tiles: Sequence[Tile]) -> str:
    """Tiles in a row, as they are written in a saved game: "3|5 0|9 2|2"."""
    return " ".join(str(tile) for tile in tiles)


def deal_text(
    deal: RoundDeal,
    check: DeckCheck,
    names: Sequence[str],
    round_count: int,
    file: str,
    *,
    show_seed: bool,
) -> DealText:
    """The deal of one round in words. ``file`` names the game's file (see
    :func:`file_text`); ``show_seed`` False keeps the seed's number back (while the game goes
    on: the seed also makes the decks still to come)."""
    double = str(deal.double)
    left = len(deal.boneyard)
    return DealText(
        title=_("Round {number} of {count} ({double}): the deal").format(
            number=deal.round_number, count=round_count, double=double
        ),
        double=deal.double,
        origin=origin_text(check, file, show_seed=show_seed),
        dealt_heading=_("Dealt from the top of the deck, in order:"),
        rows=tuple(DealRow(seat_name(names, seat), hand) for seat, hand in enumerate(deal.hands)),
        centre=_centre_text(deal, names),
        searched=_searched_text(deal, names),
        boneyard_heading=(
            ngettext(
                "The boneyard, next to draw first ({count} tile):",
                "The boneyard, next to draw first ({count} tiles):",
                left,
            ).format(count=left)
            if deal.boneyard
            else _("The boneyard was empty.")
        ),
        boneyard=deal.boneyard,
    )


def recorded_deal_text(record: GameRecord, round_number: int, game: int) -> DealText:
    """The deal of round ``round_number`` (1-based) of ``record``, game ``game`` of the store,
    in words; the seed's number is told once the game is over. Raises :class:`ValueError`
    for a round not over yet: its deck is a secret while it is played."""
    shown = disclosure(record)
    if not shown.deck_shown(round_number):
        raise ValueError(
            _("round {number} is not over: its deal is shown once it is").format(
                number=round_number
            )
        )
    return deal_text(
        round_deal(record, round_number),
        deck_checks(record)[round_number - 1],
        tuple(seat.name for seat in record.seats),
        record.rules.round_count,
        file_text(game),
        show_seed=shown.seed is not None,
    )


def origin_text(check: DeckCheck, file: str, *, show_seed: bool) -> str:
    """How a round's deck was made, and how anyone can check it."""
    if check.seed is None:
        return _(
            "No seed is recorded for this game: its decks were shuffled by chance and nobody "
            "can re-make them. A game started with a seed deals decks that {command} re-makes."
        ).format(command=VERIFY_COMMAND)
    if not check.matches:
        # Translators: {misplaced} says how many tiles are out of place ("3 of its 55 tiles
        # are not where the seed puts them (...)"); {command} and FILE stay as they are.
        return _(
            "This deal was given, not shuffled from the game's seed: {misplaced}. {command} "
            "(FILE being {file}) checks every round."
        ).format(misplaced=_misplaced_text(check), command=VERIFY_COMMAND, file=file)
    if show_seed:
        return _(
            "Shuffled from the game's seed, {seed}: anyone can re-make this deck with "
            "{command}, FILE being {file}."
        ).format(seed=check.seed, command=VERIFY_COMMAND, file=file)
    return _(
        "Shuffled from the game's seed, kept back until the game is over (it also makes the "
        "decks to come); then anyone can re-make this deck with {command}, FILE being {file}."
    ).format(command=VERIFY_COMMAND, file=file)


def _misplaced_text(check: DeckCheck) -> str:
    """How far a deck is from the one its seed makes (places only, never tiles)."""
    count = len(check.misplaced)
    return ngettext(
        "{count} of its {total} tiles is not where the seed puts them (the first is tile "
        "{first} from the top)",
        "{count} of its {total} tiles are not where the seed puts them (the first is tile "
        "{first} from the top)",
        count,
    ).format(count=count, total=check.tile_count, first=check.misplaced[0])


def _centre_text(deal: RoundDeal, names: Sequence[str]) -> str:
    """How the round's double reached the centre, and where it lay in the deck."""
    you = seat_is_you(names, deal.placed_by)
    if deal.searched:
        if you:
            said = _(
                "Nobody was dealt {double}: the seats drew in turn until you drew it (tile "
                "{place} from the top) and placed it at the centre."
            )
        else:
            said = _(
                "Nobody was dealt {double}: the seats drew in turn until {name} drew it (tile "
                "{place} from the top) and placed it at the centre."
            )
    elif not deal.double_dealt:
        if you:
            said = _(
                "The seats turned tiles from the top in turn until you found {double} (tile "
                "{place} from the top) and placed it at the centre; the other tiles were dealt "
                "in order."
            )
        else:
            said = _(
                "The seats turned tiles from the top in turn until {name} found {double} (tile "
                "{place} from the top) and placed it at the centre; the other tiles were dealt "
                "in order."
            )
    elif you:
        said = _("You placed {double} (tile {place} from the top) at the centre.")
    else:
        said = _("{name} placed {double} (tile {place} from the top) at the centre.")
    return said.format(
        name=seat_name(names, deal.placed_by),
        double=deal.double,
        place=deal.place_of(deal.double),
    )


def _searched_text(deal: RoundDeal, names: Sequence[str]) -> str:
    """The tiles drawn looking for the double, in order, or ""."""
    if not deal.searched:
        return ""
    draws = comma_list(f"{seat_name(names, seat)} {tile}" for seat, tile in deal.searched)
    return _("Drawn looking for {double}: {draws}.").format(
        double=double_text(deal.double.high), draws=draws
    )


# ----- a whole game's check --------------------------------------------------------------------


TARGET_LIMIT = 40
"""The most characters of a recorded target to repeat (a file may hold any text there)."""


def action_text(action: Action, names: Sequence[str]) -> str:
    """A recorded action in words: "Bea plays 6|6 on arm B", "Bea draws", "Bea passes".
    A target is repeated safe to print (escaped, cut short): it is any text a file holds."""
    you = seat_is_you(names, action.seat)
    if isinstance(action, Play):
        said = _("You play {tile} on {place}") if you else _("{name} plays {tile} on {place}")
    elif isinstance(action, Draw):
        said = _("You draw") if you else _("{name} draws")
    else:
        said = _("You pass") if you else _("{name} passes")
    place = printable(place_name(action.target), TARGET_LIMIT) if isinstance(action, Play) else ""
    return said.format(
        name=seat_name(names, action.seat),
        tile=action.tile if isinstance(action, Play) else "",
        place=place,
    )


def verify_lines(verification: Verification, file: str) -> list[str]:
    """The report of ``chickenfoot verify``: what the game is, each round's deck against the
    seed, the actions, and a last line that starts with the verdict. The seed's number is
    told once the game is over; before, each deck is still checked against it, and the report
    says whether it matches, naming places in the deck, never its tiles."""
    record = verification.record
    shown = verification.shown
    names = tuple(seat.name for seat in record.seats)
    rounds = record.rules.round_count
    illegal = verification.illegal
    count = len(record.actions)
    if illegal is not None:
        progress = ngettext("{count} action", "{count} actions", count)
    elif verification.finished:
        progress = ngettext("{count} action, finished", "{count} actions, finished", count)
    else:
        progress = ngettext(
            "{count} action, stopped in round {number} of {rounds}",
            "{count} actions, stopped in round {number} of {rounds}",
            count,
        )
    progress = progress.format(count=count, number=verification.dealt, rounds=rounds)
    clauses = (_names_text(names), progress, _seed_heading(record.seed, shown))
    # Translators: the report's first line: the file, then the players, how far the game
    # went and its seed, each after a semicolon.
    lines = [_("{file}: {clauses}").format(file=file, clauses="; ".join(clauses))]
    if record.seed is None:
        lines.append(_("the decks: no seed is recorded, so nobody can re-make them to compare"))
    for check in verification.decks if record.seed is not None else ():
        where = _round_state(check, verification)
        if check.matches:
            lines.append(
                _("{round}: the deck matches {seed}").format(round=where, seed=_seed_name(shown))
            )
        else:
            lines.append(
                _("{round}: the deck does not come from {seed}: {misplaced}").format(
                    round=where, seed=_seed_name(shown), misplaced=_misplaced_text(check)
                )
            )
    if illegal is None:
        lines.append(
            ngettext(
                "every action follows the rules ({count} action)",
                "every action follows the rules ({count} actions)",
                count,
            ).format(count=count)
        )
    else:
        # Translators: {action} is the move said in full ("Bea plays 6|6 on arm B"); {reason}
        # is why the rules refuse it, as the rules' code says it.
        lines.append(
            _("action {number} (round {round}) breaks the rules: {action}, but {reason}").format(
                number=illegal.index + 1,
                round=illegal.round_number,
                action=action_text(illegal.action, names),
                reason=rule_reason(illegal.reason),
            )
        )
    lines.append(_verdict_text(verification))
    return lines


def _seed_heading(seed: int | None, shown: Disclosure) -> str:
    """The seed as the report's first line says it."""
    if seed is None:
        return _("no seed recorded")
    if shown.seed_kept_back:
        return _("the seed is kept back until the game is over")
    return _("seed {seed}").format(seed=seed)


def _seed_name(shown: Disclosure) -> str:
    """The seed named in a sentence: "seed 1234", or "the game's seed" while it is kept
    back."""
    if shown.seed is not None:
        return _("seed {seed}").format(seed=shown.seed)
    return _("the game's seed")


def _round_state(check: DeckCheck, verification: Verification) -> str:
    """A round of the report: "round 2", or with what it is when not over: "round 3 (in
    play)", "round 4 (not dealt yet)", "round 4 (not reached)" when an action before it breaks
    the rules."""
    number = check.round_number
    if number < verification.dealt or verification.finished:
        said = _("round {number}")
    elif verification.illegal is not None:
        said = (
            _("round {number} (not reached)")
            if number > verification.dealt
            else _("round {number}")
        )
    elif number == verification.dealt:
        said = _("round {number} (in play)")
    else:
        said = _("round {number} (not dealt yet)")
    return said.format(number=number)


def _names_text(names: Sequence[str]) -> str:
    """ "Ana, Bea and Cy"."""
    return listed(seat_name(names, seat) for seat in range(len(names)))


def _verdict_text(verification: Verification) -> str:
    """The last line of the report; its first word is the verdict."""
    seed = _seed_name(verification.shown)
    verdict = verification.verdict
    # Translators: the verdict's first word is what the report is checked for; keep it
    # first ("illegal", "unverified", "not from its seed", "verified").
    if verdict == "illegal":
        assert verification.illegal is not None
        return _("illegal: action {number} breaks the rules").format(
            number=verification.illegal.index + 1
        )
    if verdict == "no_seed":
        return _(
            "unverified: every action follows the rules, but no seed is recorded for the decks"
        )
    if verdict == "not_from_seed":
        given = [check.round_number for check in verification.decks if not check.matches]
        if len(given) == 1:
            said = _(
                "not from its seed: every action follows the rules, but round {rounds}'s deck "
                "was not shuffled from {seed}"
            )
        else:
            said = _(
                "not from its seed: every action follows the rules, but the decks of rounds "
                "{rounds} were not shuffled from {seed}"
            )
        return said.format(rounds=listed(str(number) for number in given), seed=seed)
    if verification.finished:
        return _(
            "verified: every deck comes from {seed} and every action follows the rules"
        ).format(seed=seed)
    return _(
        "verified: every deck comes from {seed} and every action so far follows the rules"
    ).format(seed=seed)
