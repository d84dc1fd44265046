"""Ratings on the computers' scale: each person's skill from their finished games, with its
uncertainty, beside the four computer levels.

A rating is openskill's Plackett-Luce model (:mod:`openskill.models`): a mean ``mu`` and an
uncertainty ``sigma``, updated after each finished game from the places of every seat (2 to
8 seats, ties shared). A person starts at the model's own start (25, sigma 25/3) and moves
with every finished game they played, in the order the games finished, against every other
seat, people and computers alike. The **computer levels keep fixed ratings**, measured by the
ladder (:data:`LADDER_SHARES`): casual is anchored at 25, where a person starts, and each
other level's mean is the one at which the model predicts the win share its tournament
measured against three players of the level below (docs/bots.md, ``cross``); their sigma is
:data:`LEVEL_SIGMA`. A game does not move them.

:func:`rate` replays the games and gives each person's rating after each of their games (the
chart over time), :func:`nearest_level` the computer level a rating is nearest.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from chickenfoot.bots.registry import ladder_level

if TYPE_CHECKING:  # openskill is imported when a rating is worked out: the store names Placing
    from openskill.models import PlackettLuce

START_MU = 25.0
"""Where a new person starts, and the casual level's fixed mean."""
START_SIGMA = START_MU / 3
"""A new person's uncertainty (the model's own start)."""
LEVEL_SIGMA = 1.0
"""The computer levels' uncertainty: they are measured, and do not change."""

LADDER_SHARES: tuple[tuple[str, str, float], ...] = (
    ("casual", "beginner", 0.405),
    ("hard", "casual", 0.382),
    ("expert", "hard", 0.606),
)
"""Each level's win share against three players of the level below at 4 seats, as its
tournament measured it (docs/bots.md: 800, 1,200 and 480 games of ``cross``)."""


@dataclass(frozen=True)
class Rating:
    """A skill estimate: its mean and its uncertainty (one standard deviation)."""

    mu: float
    sigma: float

    @property
    def low(self) -> float:
        """The low end of its 95 % range (two standard deviations)."""
        return self.mu - 2 * self.sigma

    @property
    def high(self) -> float:
        """The high end of its 95 % range."""
        return self.mu + 2 * self.sigma


@dataclass(frozen=True)
class Placing:
    """One seat of a finished game: who (a person's name, or a computer level) and its place
    (1 is the winner; seats that tie share a place)."""

    name: str
    level: str | None
    """The computer level; None for a person."""
    place: int


def _model() -> PlackettLuce:
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=START_MU, sigma=START_SIGMA)


@cache
def level_ratings() -> dict[str, Rating]:
    """Every ladder level's fixed rating, fitted to :data:`LADDER_SHARES` (casual at 25)."""
    model = _model()
    means = {"casual": START_MU}
    below = {upper: (lower, share) for upper, lower, share in LADDER_SHARES}
    for upper in ("hard", "expert"):
        lower, share = below[upper]
        means[upper] = means[lower] + _gap(model, share)
    lower_of_casual, share = below["casual"]
    means[lower_of_casual] = START_MU - _gap(model, share)
    order = ("beginner", "casual", "hard", "expert")
    return {level: Rating(means[level], LEVEL_SIGMA) for level in order}


def _gap(model: PlackettLuce, share: float) -> float:
    """How far above three equal players a player's mean must be for the model to give it
    ``share`` of the wins: under Plackett-Luce, as the model rates, the winner is seat ``i``
    with odds ``exp(mu_i / c)`` to the others', where ``c`` is the square root of the seats'
    summed variances and squared performance spreads (``beta``); so ``exp(gap / c) / (exp(gap
    / c) + 3) = share``."""
    seats = 4
    spread = math.sqrt(seats * (LEVEL_SIGMA**2 + model.beta**2))
    return spread * math.log((seats - 1) * share / (1 - share))


def rate(games: Iterable[Sequence[Placing]]) -> dict[str, list[Rating]]:
    """Each person's rating after each of their games, in the order ``games`` come (the
    order they finished): the last is their rating now. Computers keep their level's."""
    model = _model()
    levels = level_ratings()
    current: dict[str, Any] = {}
    history: dict[str, list[Rating]] = {}
    for game in games:
        if len(game) < 2 or all(seat.level is not None for seat in game):
            continue
        teams = []
        for seat in game:
            if seat.level is not None:
                fixed = levels[ladder_level(seat.level)]
                teams.append([model.rating(mu=fixed.mu, sigma=fixed.sigma)])
            else:
                if seat.name not in current:
                    current[seat.name] = model.rating(name=seat.name)
                teams.append([current[seat.name]])
        rated = model.rate(teams, ranks=[float(seat.place) for seat in game])
        for seat, (player,) in zip(game, rated, strict=True):
            if seat.level is None:
                current[seat.name] = player
                history.setdefault(seat.name, []).append(Rating(player.mu, player.sigma))
    return history


def nearest_level(rating: Rating) -> str:
    """The computer level whose fixed rating is nearest ``rating``'s mean."""
    levels = level_ratings()
    return min(levels, key=lambda level: abs(levels[level].mu - rating.mu))
