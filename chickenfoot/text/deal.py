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

from chickenfoot.record.disclosure import Disclosure, disclosure
from chickenfoot.record.model import GameRecord
from chickenfoot.record.problems import printable
from chickenfoot.record.verify import DeckCheck, RoundDeal, Verification, deck_checks, round_deal
from chickenfoot.rules import Action, Draw, Play, Tile
from chickenfoot.text.words import (
    double_text,
    in_sentence,
    place_name,
    plural,
    seat_name,
    verb,
)

VERIFY_COMMAND = "chickenfoot verify FILE"


def file_text(game: int) -> str:
    """How to name the file of game ``game`` of the store: the export that writes it."""
    return f"the file `chickenfoot export {game} --to FOLDER` writes"


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
    left = plural(len(deal.boneyard), "tile")
    return DealText(
        title=f"Round {deal.round_number} of {round_count} ({double}): the deal",
        double=deal.double,
        origin=origin_text(check, file, show_seed=show_seed),
        dealt_heading="Dealt from the top of the deck, in order:",
        rows=tuple(DealRow(seat_name(names, seat), hand) for seat, hand in enumerate(deal.hands)),
        centre=_centre_text(deal, names),
        searched=_searched_text(deal, names),
        boneyard_heading=(
            f"The boneyard, next to draw first ({left}):"
            if deal.boneyard
            else "The boneyard was empty."
        ),
        boneyard=deal.boneyard,
    )


def recorded_deal_text(record: GameRecord, round_number: int, game: int) -> DealText:
    """The deal of round ``round_number`` (1-based) of ``record``, game ``game`` of the store,
    in words; the seed's number is told once the game is over. Raises :class:`ValueError`
    for a round not over yet: its deck is a secret while it is played."""
    shown = disclosure(record)
    if not shown.deck_shown(round_number):
        raise ValueError(f"round {round_number} is not over: its deal is shown once it is")
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
    how = f"anyone can re-make this deck with {VERIFY_COMMAND}, FILE being {file}."
    if check.seed is None:
        return (
            "No seed is recorded for this game: its decks were shuffled by chance and nobody "
            "can re-make them. A game started with a seed deals decks that "
            f"{VERIFY_COMMAND} re-makes."
        )
    if not check.matches:
        return (
            f"This deal was given, not shuffled from the game's seed: "
            f"{_misplaced_text(check)}. {VERIFY_COMMAND} (FILE being {file}) checks every round."
        )
    if show_seed:
        return f"Shuffled from the game's seed, {check.seed}: {how}"
    return (
        "Shuffled from the game's seed, kept back until the game is over (it also makes the "
        f"decks to come); then {how}"
    )


def _misplaced_text(check: DeckCheck) -> str:
    """How far a deck is from the one its seed makes (places only, never tiles)."""
    count = len(check.misplaced)
    placed = "is" if count == 1 else "are"
    return (
        f"{count} of its {check.tile_count} tiles {placed} not where the seed puts them "
        f"(the first is tile {check.misplaced[0]} from the top)"
    )


def _centre_text(deal: RoundDeal, names: Sequence[str]) -> str:
    """How the round's double reached the centre, and where it lay in the deck."""
    double = str(deal.double)
    who = in_sentence(seat_name(names, deal.placed_by))
    where = f"tile {deal.place_of(deal.double)} from the top"
    if deal.searched:
        return (
            f"Nobody was dealt {double}: the seats drew in turn until {who} drew it ({where}) "
            "and placed it at the centre."
        )
    if not deal.double_dealt:
        return (
            f"The seats turned tiles from the top in turn until {who} found {double} "
            f"({where}) and placed it at the centre; the other tiles were dealt in order."
        )
    return f"{seat_name(names, deal.placed_by)} placed {double} ({where}) at the centre."


def _searched_text(deal: RoundDeal, names: Sequence[str]) -> str:
    """The tiles drawn looking for the double, in order, or ""."""
    if not deal.searched:
        return ""
    draws = ", ".join(f"{seat_name(names, seat)} {tile}" for seat, tile in deal.searched)
    return f"Drawn looking for {double_text(deal.double.high)}: {draws}."


# ----- a whole game's check --------------------------------------------------------------------


TARGET_LIMIT = 40
"""The most characters of a recorded target to repeat (a file may hold any text there)."""


def action_text(action: Action, names: Sequence[str]) -> str:
    """A recorded action in words: "Bea plays 6|6 on arm B", "Bea draws", "Bea passes".
    A target is repeated safe to print (escaped, cut short): it is any text a file holds."""
    who = seat_name(names, action.seat)
    if isinstance(action, Play):
        place = printable(place_name(action.target), TARGET_LIMIT)
        return f"{who} {verb(who, 'plays')} {action.tile} on {place}"
    if isinstance(action, Draw):
        return f"{who} {verb(who, 'draws')}"
    return f"{who} {verb(who, 'passes')}"


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
    actions = plural(len(record.actions), "action")
    if illegal is not None:
        progress = actions
    elif verification.finished:
        progress = f"{actions}, finished"
    else:
        progress = f"{actions}, stopped in round {verification.dealt} of {rounds}"
    lines = [f"{file}: {_names_text(names)}; {progress}; {_seed_heading(record.seed, shown)}"]
    if record.seed is None:
        lines.append("the decks: no seed is recorded, so nobody can re-make them to compare")
    for check in verification.decks if record.seed is not None else ():
        where = f"round {check.round_number}{_round_state(check, verification)}"
        if check.matches:
            lines.append(f"{where}: the deck matches {_seed_name(shown)}")
        else:
            lines.append(
                f"{where}: the deck does not come from {_seed_name(shown)}: "
                f"{_misplaced_text(check)}"
            )
    if illegal is None:
        lines.append(f"every action follows the rules ({actions})")
    else:
        lines.append(
            f"action {illegal.index + 1} (round {illegal.round_number}) breaks the rules: "
            f"{action_text(illegal.action, names)}, but {printable(illegal.reason)}"
        )
    lines.append(_verdict_text(verification))
    return lines


def _seed_heading(seed: int | None, shown: Disclosure) -> str:
    """The seed as the report's first line says it."""
    if seed is None:
        return "no seed recorded"
    if shown.seed_kept_back:
        return "the seed is kept back until the game is over"
    return f"seed {seed}"


def _seed_name(shown: Disclosure) -> str:
    """The seed named in a sentence: "seed 1234", or "the game's seed" while it is kept
    back."""
    return f"seed {shown.seed}" if shown.seed is not None else "the game's seed"


def _round_state(check: DeckCheck, verification: Verification) -> str:
    """A round not over, in brackets: " (in play)", " (not dealt yet)", " (not reached)"
    when an action before it breaks the rules; "" for a round played to its end."""
    if check.round_number < verification.dealt or verification.finished:
        return ""
    if verification.illegal is not None:
        return " (not reached)" if check.round_number > verification.dealt else ""
    return " (in play)" if check.round_number == verification.dealt else " (not dealt yet)"


def _names_text(names: Sequence[str]) -> str:
    """ "Ana, Bea and Cy"."""
    if len(names) == 1:
        return names[0]
    return f"{', '.join(names[:-1])} and {names[-1]}"


def _verdict_text(verification: Verification) -> str:
    """The last line of the report; its first word is the verdict."""
    seed = _seed_name(verification.shown)
    verdict = verification.verdict
    if verdict == "illegal":
        assert verification.illegal is not None
        return f"illegal: action {verification.illegal.index + 1} breaks the rules"
    if verdict == "no_seed":
        return "unverified: every action follows the rules, but no seed is recorded for the decks"
    if verdict == "not_from_seed":
        given = [check.round_number for check in verification.decks if not check.matches]
        which = (
            f"round {given[0]}'s deck was"
            if len(given) == 1
            else f"the decks of rounds {_names_text([str(number) for number in given])} were"
        )
        return (
            f"not from its seed: every action follows the rules, but {which} not shuffled "
            f"from {seed}"
        )
    so_far = "" if verification.finished else " so far"
    return f"verified: every deck comes from {seed} and every action{so_far} follows the rules"
