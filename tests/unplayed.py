"""An unfinished game at one keyboard, and what must never be seen of it: the kit of the tests
that run every output over such a game (commands, the app's screens, the plain mode) and search
what they show.

The game: three people share a keyboard at a double-9 table of three rounds dealt from a long
seed; it stopped a few moves into round 2, after a draw (:func:`into_round_two`), and a copy of
it stopped the moment round 1 ended (:func:`round_one_just_over`: continued, it opens on round
1's result). Its secrets (:class:`Secrets`): the seed's digits, the decks of rounds 2 and 3 in
deck order, every hand of round 2 (as dealt, and as held now, also in a player's order) and
its boneyard. A leak is the seed written anywhere, or tiles of a secret written one after
another in its order: :data:`RUN` of a deck or a hand as dealt, :data:`SORTED_RUN` of a hand in
a player's order (a round's table and log are public: they show round 2's played tiles, but
never a hand or a deck in order; with 55 tiles, :data:`RUN` in a row by chance is about one in
nine million per place).
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass

from chickenfoot.record.model import GameRecord
from chickenfoot.rules import RoundStarted, RuleSet, Tile, TileDrawn, apply, legal_actions, preset
from chickenfoot.text.words import sorted_hand
from tests.kit import people

SEED = 3497681206480982174
"""The game's seed: long enough that its digits are found nowhere by chance."""
RUN = 4
"""Tiles of a secret in its own order (a deck's, a hand's as dealt) written one after another
that make a leak."""
SORTED_RUN = 8
"""Tiles of a hand in a player's order written one after another that make a leak (or the
whole hand, when shorter): that order groups tiles by number, so two hands share short runs
of it by chance."""
TILE = re.compile(r"(?<![\d|])(\d+)\s?[|│]\s?(\d+)(?![\d|])")
"""A tile written flat: "3|5" (the text), "3│5" (a drawing), as any output writes one."""


def rules() -> RuleSet:
    """The trains preset for three seats, a double-9 set, three rounds (draws come early)."""
    return preset("trains", players=3, set_size=9, rounds=3)


def into_round_two() -> GameRecord:
    """Ana, Bea and Cy at one keyboard, moves chosen at random (seeded), stopped once round 2
    has had a draw and five moves."""
    record = GameRecord.new(rules(), people(3), seed=SEED)
    choices = random.Random(SEED)
    state = record.final_state()
    drawn = moves = 0
    while not (state.round_index == 1 and drawn and moves >= 5):
        assert not state.over, "the game ended before round 2 was under way"
        action = choices.choice(legal_actions(state))
        state, events = apply(state, action)
        record = record.appended(action)
        if state.round_index == 1 and not any(isinstance(e, RoundStarted) for e in events):
            moves += 1
            drawn += any(isinstance(event, TileDrawn) for event in events)
    return record


def round_one_just_over(record: GameRecord) -> GameRecord:
    """``record`` cut at the action that ended round 1 (round 2 dealt, nothing played)."""
    for index in range(len(record.actions) + 1):
        cut = record.truncated(index)
        if cut.final_state().round_index == 1:
            return cut
    raise AssertionError("round 1 never ended")


def tiles_in(text: str) -> list[Tile]:
    """Every tile written flat in ``text``, in order."""
    return [Tile(min(int(a), int(b)), max(int(a), int(b))) for a, b in TILE.findall(text)]


@dataclass(frozen=True)
class Secrets:
    """What no output may show of an unfinished game at one keyboard."""

    seed: int
    runs: tuple[tuple[tuple[Tile, ...], int], ...]
    """Secret sequences of tiles (decks, hands, a boneyard, each in its order), each with
    how many of its tiles in a row make a leak."""

    @classmethod
    def of(cls, *records: GameRecord) -> Secrets:
        """The secrets of ``records``: the same game, each stopped in its second round."""
        runs: list[tuple[tuple[Tile, ...], int]] = []

        def secret(tiles: Sequence[Tile]) -> None:
            runs.append((tuple(tiles), RUN))
            held = tuple(sorted_hand(tiles))
            runs.append((held, min(len(held), SORTED_RUN)))

        for record in records:
            state = record.final_state()
            assert state.round_index == 1 and not state.over
            assert record.seed == SEED
            per_hand = record.rules.tiles_per_hand
            runs.append((state.boneyard, RUN))
            for hand in state.hands:
                secret(hand)
            for deck in record.decks[1:]:
                runs.append((tuple(deck), RUN))
                for seat in range(record.rules.players):
                    secret(deck[seat * per_hand : (seat + 1) * per_hand])
        return cls(SEED, tuple((run, length) for run, length in runs if len(run) >= RUN))

    def leaks(self, text: str) -> list[str]:
        """What of the secrets ``text`` shows, in words (empty: nothing)."""
        found = [f"the seed {self.seed}"] if str(self.seed) in text else []
        written = tiles_in(text)
        for run, length in self.runs:
            windows = {tuple(written[i : i + length]) for i in range(len(written) - length + 1)}
            for start in range(len(run) - length + 1):
                window = run[start : start + length]
                if window in windows:
                    found.append(f"the tiles {' '.join(map(str, window))} in a secret's order")
                    break
        return found
