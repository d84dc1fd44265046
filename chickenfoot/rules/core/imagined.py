"""Imagined positions: the games a computer player that looks ahead plays in its head.

It deals the tiles it cannot see in some way consistent with its view and plays the round
out from there (:func:`from_view`, :func:`play_out`), with the same rules as a real game;
none of these needs (or sees) the real hidden tiles or later decks. What the seat on turn
may do depends only on what is public and on its own hand, so it is asked on its view too
(:func:`legal_moves_in_view`, :func:`refusal_in_view`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from chickenfoot.rules.actions import Move
from chickenfoot.rules.board import as_tuple
from chickenfoot.rules.core.moves import legal_moves, play, refusal
from chickenfoot.rules.core.positions import Deck, Position, bits_of_hands, round_table
from chickenfoot.rules.refusals import IllegalAction
from chickenfoot.rules.state import SeatView
from chickenfoot.rules.tiles import Tile


def round_only(position: Position) -> Position:
    """``position`` with no deck for the rounds after the one in play: playing on from it ends
    the game when this round ends, with that round scored (its points are then the last of
    :func:`~chickenfoot.rules.core.round_scores`)."""
    table = position[0]
    if len(table.decks) == table.round_index + 1:
        return position
    decks = table.decks[: table.round_index + 1]
    return (table._replace(decks=decks), *position[1:])


def from_view(
    view: SeatView,
    hands: Sequence[Sequence[Tile]],
    boneyard: Sequence[Tile],
    drawn: Tile | None = None,
) -> Position:
    """The position of ``view``'s table with the hidden tiles dealt as given: for search.

    ``hands`` holds one hand per seat (the view's own seat's must be its hand) and ``boneyard``
    the tiles left to draw, next first; each seat's count must match the view. ``drawn`` is
    the tile the seat on turn just drew, if it is not the view's seat (the view's own drawn
    tile is used otherwise). The position has only the round in play (see
    :func:`round_only`): its decks are empty placeholders, and no later deck exists.
    Raises ``ValueError`` if the counts or the view's own hand do not match.
    """
    rules = view.rules
    seat = view.seat
    dealt = tuple(tuple(hand) for hand in hands)
    if tuple(len(hand) for hand in dealt) != view.hand_counts:
        raise ValueError(f"hands of {[len(hand) for hand in dealt]} tiles for {view.hand_counts}")
    if sorted(dealt[seat]) != sorted(view.hand):
        raise ValueError(f"seat {seat}'s hand must be its own, as its view shows it")
    if len(boneyard) != view.boneyard_count:
        raise ValueError(f"a boneyard of {len(boneyard)} tiles for {view.boneyard_count}")
    if view.turn == seat:
        drawn = view.drawn
    decks: tuple[Deck, ...] = ((),) * (view.round_index + 1)
    table = round_table(rules, decks, view.round_index, view.round_scores, view.over)
    try:
        bits = bits_of_hands(table, dealt)
    except KeyError as error:
        raise ValueError(
            f"{error.args[0]} is not a tile of a double-{rules.set_size} set"
        ) from None
    return (
        table,
        dealt,
        tuple(boneyard),
        as_tuple(view.board),
        view.turn,
        drawn,
        bits,
        view.history.log,
    )


def _seat_position(view: SeatView) -> Position:
    """The view's table with the unseen tiles dealt in set order: right about everything the
    seat on turn may do (that depends only on what is public and on its own hand), for a view
    of the seat on turn. ``ValueError`` if the view's seat is not on turn."""
    if view.turn != view.seat and not view.over:
        raise ValueError(f"seat {view.seat} is not on turn: seat {view.turn} is")
    unseen = view.unseen
    hands: list[Deck] = []
    for seat, count in enumerate(view.hand_counts):
        if seat == view.seat:
            hands.append(view.hand)
        else:
            hands.append(unseen[:count])
            unseen = unseen[count:]
    return from_view(view, hands, unseen)


def legal_moves_in_view(view: SeatView) -> tuple[Move, ...]:
    """What the view's seat may do now, from its view alone; ``ValueError`` if it is not on
    turn (or the game is over: then nothing).

    The legal moves depend only on what is public and on the hand of the seat on turn, so
    they are worked out on the view's table with the unseen tiles dealt in set order.
    """
    return legal_moves(_seat_position(view))


def refusal_in_view(view: SeatView, move: Move) -> IllegalAction | None:
    """Why the rules refuse ``move`` of the view's seat, from its view alone (see
    :func:`refusal`); ``ValueError`` if the seat is not on turn."""
    return refusal(_seat_position(view), move)


def play_out(position: Position, choose: Callable[[Position, tuple[Move, ...]], Move]) -> Position:
    """Play on from ``position`` until the game is over, ``choose(position, moves)`` picking
    each move among two or more legal ones (a forced move is made without asking).

    From a :func:`round_only` or :func:`from_view` position this plays out the round in play;
    its points are then ``round_scores(end)[-1]``.
    """
    legal = legal_moves
    step = play
    while not position[0].over:
        moves = legal(position)
        position = step(position, moves[0] if len(moves) == 1 else choose(position, moves))
    return position
