"""What a seat can work out from its view alone: the round's history read move by move.

A :class:`~chickenfoot.rules.SeatView` holds the round's actions (:attr:`SeatView.history`).
The rules make some of them telling: a seat with a tile that fits must play, so a seat that
drew, or passed with nothing to draw, held no tile carrying any number showing on the open
ends at that moment; and a drawn tile that fits must be played or kept at once, so a seat
whose turn passed right after drawing drew a tile that did not fit either. This module reads
those facts, and nothing else, from the view:

- :func:`turns`: every action with the open ends just before it, the tiles the seat held,
  and whether a drawn tile could be played;
- :func:`opening`: who placed the round's double, who played first, and how many tiles the
  seats drew and kept while looking for it (``holder`` start);
- :func:`hand_limits`: for every other seat, what its hidden tiles cannot carry, tile by tile
  (what a sampler of hidden hands must respect);
- :func:`known_lacks`: the numbers each seat surely holds none of right now.

Numbers are handled as bit masks (number ``v`` is bit ``1 << v``); :func:`numbers_in` lists
the numbers of a mask.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from chickenfoot.rules.actions import Draw, Pass, Play, to_action
from chickenfoot.rules.board import OpenEnd, empty_board, lay_tile
from chickenfoot.rules.state import SeatView
from chickenfoot.rules.tiles import Tile, set_tile_count


class Turn(NamedTuple):
    """One action of the round, as every seat saw it."""

    action: Play | Draw | Pass
    open_ends: tuple[OpenEnd, ...]
    """Where a tile could go just before the action."""
    hand_count: int
    """How many tiles the acting seat held just before the action."""
    drawn_playable: bool | None
    """For a draw: whether the drawn tile fitted an open end (the seat then played or kept it
    at once); None for other actions, and for a draw whose outcome nobody has seen yet."""

    @property
    def could_not_play(self) -> bool:
        """True if the action shows the seat held no tile fitting :attr:`open_ends`: a draw,
        or a pass with nothing to draw (not the pass that keeps a playable drawn tile)."""
        return isinstance(self.action, Draw) or (
            isinstance(self.action, Pass) and self.drawn_playable is None
        )


class Opening(NamedTuple):
    """How the round in play began."""

    placed_by: int
    """The seat that placed the round's double."""
    first_player: int
    """The seat that played first after it."""
    kept_search_draws: int
    """Tiles the seats drew and kept while looking for the double (``holder`` start only),
    one each in turn from seat ``round mod players``."""


def numbers_mask(values: Iterable[int]) -> int:
    """The bit mask of the numbers in ``values``."""
    mask = 0
    for value in values:
        mask |= 1 << value
    return mask


def numbers_in(mask: int) -> tuple[int, ...]:
    """The numbers whose bits are set in ``mask``, smallest first."""
    return tuple(value for value in range(mask.bit_length()) if mask >> value & 1)


def _ends_mask(open_ends: tuple[OpenEnd, ...]) -> int:
    mask = 0
    for _target, value in open_ends:
        mask |= 1 << value
    return mask


def _tile_mask(tile: Tile) -> int:
    return 1 << tile.low | 1 << tile.high


def turns(view: SeatView) -> tuple[Turn, ...]:
    """Every action of the round in play, oldest first, with what it showed.

    Raises ``ValueError`` if the view's history does not match its board (a state built by
    hand with plays on the board but no history).
    """
    moves = view.history.moves
    actions = tuple(map(to_action, moves))
    placements = view.board.played
    kinds = [move[0] for move in moves]
    if kinds.count("play") != len(placements):
        raise ValueError("the view's history does not match the tiles on its board")
    counts = list(view.hand_counts)
    before_counts = [0] * len(moves)
    for index in range(len(moves) - 1, -1, -1):
        kind, seat = kinds[index], moves[index][1]
        if kind == "play":
            counts[seat] += 1
        elif kind == "draw":
            counts[seat] -= 1
        before_counts[index] = counts[seat]
    board = empty_board(view.board.centre, view.board.arms_required)
    found: list[Turn] = []
    plays = iter(placements)
    for index, action in enumerate(actions):
        kind = kinds[index]
        playable: bool | None = None
        if kind == "draw":
            playable = _drawn_playable(view, actions, index)
        elif kind == "pass" and index and _keeps_drawn(found[-1], action):
            playable = True  # it keeps the playable tile it just drew
        found.append(Turn(action, board[8], before_counts[index], playable))
        if kind == "play":
            placed = next(plays)
            board, _change = lay_tile(board, placed, placed.tile.other_end(placed.end))
    return tuple(found)


def _keeps_drawn(previous: Turn, action: Play | Draw | Pass) -> bool:
    """True if ``action`` keeps the playable tile its seat drew in ``previous``."""
    return previous.action.seat == action.seat and previous.drawn_playable is True


def _drawn_playable(
    view: SeatView, actions: tuple[Play | Draw | Pass, ...], index: int
) -> bool | None:
    """Whether the tile drawn by ``actions[index]`` fitted, as far as the view can tell."""
    seat = actions[index].seat
    if index + 1 < len(actions):
        after = actions[index + 1]
        # A tile that fits is played or kept at once; one that does not passes the turn,
        # or (drawing until playable) is followed by another draw.
        return after.seat == seat and not isinstance(after, Draw)
    if view.over or view.turn != seat:
        return False
    if view.seat == seat:
        return view.drawn is not None
    if view.rules.draw == "one":
        return True  # the turn stays only with a playable tile
    return None


def opening(view: SeatView) -> Opening:
    """Who placed the double, who played first, and the tiles kept from the search."""
    history = view.history
    first_player = history[0].seat if history else view.turn
    rules = view.rules
    players = rules.players
    if rules.round_start == "search":
        return Opening(first_player, first_player, 0)
    draws = sum(1 for action in history if isinstance(action, Draw))
    before_search = set_tile_count(rules.set_size) - players * rules.tiles_per_hand
    kept = before_search - draws - view.boneyard_count
    return Opening((first_player - 1) % players, first_player, kept)


def hand_limits(view: SeatView) -> tuple[tuple[int, ...], ...]:
    """For every seat, one mask per tile it holds: the numbers that tile cannot carry.

    Seat ``s`` gets ``view.hand_counts[s]`` masks, strictest first: its tiles can be matched
    to the masks so that no tile carries a number of its mask. (At a draw, or a pass with
    nothing to draw, the seat held no tile carrying a number then showing; at least as many
    of those tiles are still in its hand as it held then, less the plays since of tiles that
    could have been among them. The drawn tile counts among them when it did not fit.) The
    view's own seat gets masks too, which its hand meets.
    """
    found = turns(view)
    tile_masks = [
        _tile_mask(turn.action.tile) if isinstance(turn.action, Play) else 0 for turn in found
    ]
    limits: list[tuple[int, ...]] = []
    for seat, count in enumerate(view.hand_counts):
        masks = [0] * count
        plays = [index for index, turn in enumerate(found) if turn.action.seat == seat]
        for index in plays:
            turn = found[index]
            if not turn.could_not_play:
                continue
            showing = _ends_mask(turn.open_ends)
            held = turn.hand_count + (1 if turn.drawn_playable is False else 0)
            # Less each tile played since that may have been one of those held then.
            held -= sum(
                1
                for later in plays
                if later > index and tile_masks[later] and not tile_masks[later] & showing
            )
            for slot in range(min(held, count)):
                masks[slot] |= showing
        limits.append(tuple(masks))
    return tuple(limits)


def known_lacks(view: SeatView) -> tuple[int, ...]:
    """For every seat, the mask of the numbers it surely holds no tile of right now.

    For the view's own seat: the numbers missing from its hand. A seat with no tile lacks
    every number.
    """
    every = (1 << (view.rules.set_size + 1)) - 1
    lacks: list[int] = []
    for seat, masks in enumerate(hand_limits(view)):
        if seat == view.seat:
            held = 0
            for tile in view.hand:
                held |= _tile_mask(tile)
            lacks.append(every & ~held)
        else:
            lacks.append(masks[-1] if masks else every)
    return tuple(lacks)
