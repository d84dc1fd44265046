"""Dealing the tiles a seat cannot see, in ways its view allows: the worlds a search imagines.

A :class:`HiddenDealer` is made once per decision from a seat's view. Each :meth:`deal`
hands the unseen tiles (:attr:`~chickenfoot.rules.SeatView.unseen`) out to the other seats
(each gets as many as it holds) and to the boneyard (in a random order), respecting what the
round's history shows (:func:`~chickenfoot.rules.knowledge.hand_limits`: a seat that drew
with 5s and 9s showing held none then). The strictest tiles are dealt first, each from the
tiles its limit allows; if the limits cannot all be met (the random order dealt into a corner),
it starts again, and after :data:`ATTEMPTS` tries it ignores them, so a deal always comes out.

A :class:`SheddingModel` may also weigh the deals by what the seats' plays suggest: a seat
that sheds its heaviest playable tile (as most players mostly do) and played a light one
probably held nothing heavier that fitted. A deal in which a seat held a heavier fitting tile
than one it played is kept only with the model's odds per such play (up to
:data:`MODEL_ATTEMPTS` deals are tried; the likeliest one stands if none is kept).

Only the view and the dealer's random generator decide a deal: the real hidden tiles play no
part, so a player that searches these worlds cannot peek.
"""

from __future__ import annotations

import random

from chickenfoot.rules import Draw, Play, SeatView, Tile, core, knowledge, set_points

ATTEMPTS = 20
"""Tries at meeting every limit before a deal ignores them."""

STRICT_ATTEMPTS = 6
"""Tries at a deal meeting a model's :attr:`~SheddingModel.avoid` sets (``strict``)."""

MODEL_ATTEMPTS = 12
"""Deals tried for one that a :class:`SheddingModel` keeps."""

Hands = tuple[tuple[Tile, ...], ...]


class SheddingModel:
    """How likely a deal makes the plays seen, if seats shed their heaviest playable tile.

    Each play a seat made since it last drew (a play of the tile it just drew excepted: that
    was its only choice) is checked against the hand the deal gives it then (its hand now
    and the tiles it played since): holding a heavier tile that also fitted an open end makes
    the deal ``lighter_odds`` times as likely, for each such play.

    :attr:`avoid` says what a deal in which every seat always shed its heaviest playable tile
    gives no seat, from every play of the round (the strict deals of :class:`HiddenDealer`).
    """

    def __init__(self, view: SeatView, lighter_odds: float) -> None:
        self.lighter_odds = lighter_odds
        bits = core.set_bits(view.rules.set_size)
        self.bit = bits.bit
        weights = set_points(view.rules.set_size, view.rules.double_blank_points)
        heavier = {
            weight: sum(bits.bit[tile] for tile, other in weights.items() if other > weight)
            for weight in set(weights.values())
        }
        turns = knowledge.turns(view)
        self.checks: list[tuple[int, list[tuple[int, int]]]] = []
        self.avoid: list[tuple[int, ...]] = []
        """Per seat, one set of tiles per tile it holds, strictest first (the order of
        :func:`~chickenfoot.rules.knowledge.hand_limits`, which may be paired with them): its
        tiles can be matched to them so that none is in its set, if it always sheds its
        heaviest playable tile. A play shows that the seat held none of the heavier tiles
        that fitted then; at least as many of the tiles it held then are still in its hand
        as it held, less its plays since (a tile it played right after drawing it, or one
        of those heavier tiles, was drawn later). The view's own seat gets empty sets."""
        for seat, count in enumerate(view.hand_counts):
            if seat == view.seat:
                self.avoid.append((0,) * count)
                continue
            mine = [index for index, turn in enumerate(turns) if turn.action.seat == seat]
            just_drawn = {
                index
                for index in mine
                if index
                and isinstance(turns[index - 1].action, Draw)
                and turns[index - 1].action.seat == seat
            }
            last_draw = max(
                (index for index in mine if isinstance(turns[index].action, Draw)), default=-1
            )
            by_age = [0] * count
            seat_checks: list[tuple[int, int]] = []
            played_since = 0
            for index in reversed(mine):
                action = turns[index].action
                if not isinstance(action, Play):
                    continue
                if index > last_draw:
                    played_since |= bits.bit[action.tile]
                if index in just_drawn:
                    continue  # the tile it had just drawn: no choice
                fitting = 0
                for _target, value in turns[index].open_ends:
                    fitting |= bits.carrying[value]
                heavier_fitting = fitting & heavier[weights[action.tile]]
                if not heavier_fitting:
                    continue
                if index > last_draw:
                    # Held then (beside the tile played): its hand now and the tiles played since.
                    seat_checks.append((played_since, heavier_fitting))
                held = turns[index].hand_count - 1
                drew = False
                for later in mine[mine.index(index) + 1 :]:
                    later_action = turns[later].action
                    if isinstance(later_action, Draw):
                        drew = True
                    elif isinstance(later_action, Play) and later not in just_drawn:
                        if not bits.bit[later_action.tile] & heavier_fitting:
                            held -= 1  # it may have been one of the tiles held then
                        elif not drew:
                            held = 0  # it held a heavier one then: no deal can change that
                            break
                for age in range(min(held, count)):
                    by_age[age] |= heavier_fitting
            self.avoid.append(tuple(by_age))
            if seat_checks:
                self.checks.append((seat, seat_checks))

    def likelihood(self, hands: Hands) -> float:
        """How likely ``hands`` makes the plays seen, relative to a seat that always sheds."""
        odds = 1.0
        bit = self.bit
        for seat, seat_checks in self.checks:
            held = 0
            for tile in hands[seat]:
                held |= bit[tile]
            for played_since, heavier_fitting in seat_checks:
                if (held | played_since) & heavier_fitting:
                    odds *= self.lighter_odds
        return odds


class HiddenDealer:
    """Deals the unseen tiles of ``view`` consistently with its history.

    With ``strict``, a model's deals first try (:data:`STRICT_ATTEMPTS` times) to meet its
    :attr:`~SheddingModel.avoid` sets as limits too: every seat shed its heaviest playable
    tile. Only if that fails are the deals weighed by the model's odds.
    """

    def __init__(
        self,
        view: SeatView,
        rng: random.Random,
        model: SheddingModel | None = None,
        strict: bool = False,
    ) -> None:
        self.view = view
        self.rng = rng
        self.model = model
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
        self.strict_slots: list[tuple[int, int]] | None = None
        if strict and model is not None and any(any(ages) for ages in model.avoid):
            strict_slots = [
                (forbidden.get(mask, 0) | avoid, seat)
                for seat, masks in enumerate(limits)
                if seat != view.seat
                for mask, avoid in zip(masks, model.avoid[seat], strict=True)
                if mask or avoid
            ]
            strict_slots.sort(key=lambda slot: (self.unseen_bits & ~slot[0]).bit_count())
            self.strict_slots = strict_slots

    def deal(self) -> tuple[Hands, tuple[Tile, ...]]:
        """One way the hidden tiles may lie: every hand (the view's own included) and the
        boneyard, next tile first (weighed by the model, if there is one)."""
        model = self.model
        if model is None:
            return self._deal_once()
        if self.strict_slots is not None:
            for _attempt in range(STRICT_ATTEMPTS):
                strict = self._deal_limited(self.strict_slots)
                if strict is not None:
                    return self._fill(*strict)
        likeliest: tuple[float, tuple[Hands, tuple[Tile, ...]]] | None = None
        for _attempt in range(MODEL_ATTEMPTS):
            dealt = self._deal_once()
            odds = model.likelihood(dealt[0])
            if odds >= 1.0 or self.rng.random() < odds:
                return dealt
            if likeliest is None or odds > likeliest[0]:
                likeliest = (odds, dealt)
        assert likeliest is not None
        return likeliest[1]

    def _deal_once(self) -> tuple[Hands, tuple[Tile, ...]]:
        """A deal meeting the limits (or, after :data:`ATTEMPTS` tries, ignoring them)."""
        for _attempt in range(ATTEMPTS):
            dealt = self._deal_limited(self.slots)
            if dealt is not None:
                return self._fill(*dealt)
        return self._fill([[] for _ in self.counts], self.unseen_bits)

    def _deal_limited(self, slots: list[tuple[int, int]]) -> tuple[list[list[Tile]], int] | None:
        """The limited ``slots`` (forbidden tiles, seat) dealt: each seat's tiles so far and
        the tiles left; or None if a slot found no tile."""
        randbelow = self.rng.randrange
        left = self.unseen_bits
        hands: list[list[Tile]] = [[] for _ in self.counts]
        tiles_in = self.tiles_in
        for forbidden, seat in slots:
            allowed = left & ~forbidden
            if not allowed:
                return None
            for _skip in range(randbelow(allowed.bit_count())):
                allowed &= allowed - 1
            chosen = allowed & -allowed
            left ^= chosen
            hands[seat].append(tiles_in[chosen][0])
        return hands, left

    def _fill(self, hands: list[list[Tile]], left: int) -> tuple[Hands, tuple[Tile, ...]]:
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
