"""Dealing the tiles a seat cannot see, in ways its view allows: the worlds a search imagines.

A :class:`HiddenDealer` is made once per decision from a seat's view. Each :meth:`deal`
hands the unseen tiles (:attr:`~chickenfoot.rules.SeatView.unseen`) out to the other seats
(each gets as many as it holds) and to the boneyard (in a random order), respecting what the
round's history shows (:func:`~chickenfoot.rules.knowledge.hand_limits`: a seat that drew
with 5s and 9s showing held none then). The strictest tiles are dealt first, each from the
tiles its limit allows; if the limits cannot all be met (the random order dealt into a corner),
it starts again, and after :data:`ATTEMPTS` tries it ignores them, so a deal always comes out.

Only the view and the dealer's random generator decide a deal: the real hidden tiles play no
part, so a player that searches these worlds cannot peek.
"""

from __future__ import annotations

import random

from chickenfoot.rules import SeatView, Tile, core, knowledge

ATTEMPTS = 20
"""Tries at meeting every limit before a deal ignores them."""


class HiddenDealer:
    """Deals the unseen tiles of ``view`` consistently with its history."""

    def __init__(self, view: SeatView, rng: random.Random) -> None:
        self.view = view
        self.rng = rng
        bits = core.set_bits(view.rules.set_size)
        self.tiles_in = bits.tiles_in
        self.unseen_bits = sum(bits.bit[tile] for tile in view.unseen)
        self.unseen = view.unseen
        limits = knowledge.hand_limits(view)
        self.counts = view.hand_counts
        forbidden: dict[int, int] = {}
        for mask in {mask for masks in limits for mask in masks if mask}:
            tiles = 0
            for value in knowledge.numbers_in(mask):
                tiles |= bits.carrying[value]
            forbidden[mask] = tiles
        slots = [
            (forbidden[mask], seat)
            for seat, masks in enumerate(limits)
            if seat != view.seat
            for mask in masks
            if mask
        ]
        # Strictest first: the slots that allow the fewest unseen tiles.
        slots.sort(key=lambda slot: (self.unseen_bits & ~slot[0]).bit_count())
        self.slots = slots

    def deal(self) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]:
        """One way the hidden tiles may lie: every hand (the view's own included) and the
        boneyard, next tile first."""
        for _attempt in range(ATTEMPTS):
            dealt = self._deal_limited()
            if dealt is not None:
                return self._fill(*dealt)
        return self._fill([[] for _ in self.counts], self.unseen_bits)

    def _deal_limited(self) -> tuple[list[list[Tile]], int] | None:
        """The limited slots dealt (each seat's tiles so far, the tiles left), or None."""
        randbelow = self.rng.randrange
        left = self.unseen_bits
        hands: list[list[Tile]] = [[] for _ in self.counts]
        tiles_in = self.tiles_in
        for forbidden, seat in self.slots:
            allowed = left & ~forbidden
            if not allowed:
                return None
            for _skip in range(randbelow(allowed.bit_count())):
                allowed &= allowed - 1
            chosen = allowed & -allowed
            left ^= chosen
            hands[seat].append(tiles_in[chosen][0])
        return hands, left

    def _fill(
        self, hands: list[list[Tile]], left: int
    ) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]:
        """Deal the tiles ``left`` at random to fill every hand; the rest is the boneyard."""
        rest = list(self.tiles_in[left])
        self.rng.shuffle(rest)
        view = self.view
        full: list[tuple[Tile, ...]] = []
        for seat, hand in enumerate(hands):
            if seat == view.seat:
                full.append(view.hand)
                continue
            missing = self.counts[seat] - len(hand)
            full.append((*hand, *rest[:missing]))
            del rest[:missing]
        return tuple(full), tuple(rest)
