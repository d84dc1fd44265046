"""Moves: what the seat on turn may do, and the position each move leads to (the hot path).

:func:`legal_moves` lists the moves of the seat on turn; :func:`play` makes one, checking
every rule and naming the one it breaks (an :class:`~chickenfoot.rules.IllegalAction`
subclass with a reason code); :func:`refusal` asks without playing. A tile goes on the board
by :func:`~chickenfoot.rules.board.lay_tile`, the one statement of board geometry; a move
that empties a hand or blocks the table ends the round (:func:`~.rounds.end_round`).

Speed: "which tiles fit this end" is one AND of a hand's bits with the bits of the tiles
carrying the end's number; a move builds only the tuples that change, and its events are
looked up (:mod:`~chickenfoot.rules.core.shared`), not built.
"""

from __future__ import annotations

from chickenfoot.rules.actions import Move
from chickenfoot.rules.board import (
    TOES_PER_FOOT,
    Board,
    BoardChange,
    BoardTuple,
    OpenEnd,
    Placement,
    from_tuple,
    lay_tile,
)
from chickenfoot.rules.core.positions import OPEN_END_IDS, OPEN_ENDS, Position
from chickenfoot.rules.core.rounds import end_round
from chickenfoot.rules.core.shared import (
    ARM_STARTED,
    DRAW_MOVES,
    FOOT_COMPLETED,
    FOOT_OPENED,
    PASS_MOVES,
    PASSED,
    TILE_DRAWN,
    TILE_PLAYED,
)
from chickenfoot.rules.events import Event
from chickenfoot.rules.refusals import (
    CannotDraw,
    CannotPlayThere,
    GameIsOver,
    IllegalAction,
    MustPlay,
    NotYourTurn,
    TileNotInHand,
)
from chickenfoot.rules.tiles import Tile, make_tile

_new_tuple = tuple.__new__


def legal_moves(position: Position) -> tuple[Move, ...]:
    """What the seat on turn may do now; empty only when the game is over.

    A seat with a play must play. After drawing a playable tile it must play that tile
    (``must_play``) or may keep it and pass (``may_play``). A seat without a play draws if
    the boneyard allows, and passes otherwise. Plays come open end by open end (in board
    order), each end's tiles in set order.
    """
    table, _hands, boneyard, board, seat, drawn, hand_bits, _log = position
    if table.over:
        return ()
    held = hand_bits[seat] if drawn is None else table.bit[drawn]
    carrying = table.carrying
    tiles_in = table.tiles_in
    found: list[Move] = []
    for target, value in board[OPEN_ENDS]:
        fitting = held & carrying[value]
        if fitting:
            for tile in tiles_in[fitting]:
                found.append(("play", seat, tile, target))
    if found:
        if drawn is not None and table.may_keep_drawn:
            found.append(PASS_MOVES[seat])
        return tuple(found)
    if len(boneyard) > table.reserve:
        return (DRAW_MOVES[seat],)
    return (PASS_MOVES[seat],)


def _fits(held: int, open_ends: tuple[OpenEnd, ...], carrying: tuple[int, ...]) -> bool:
    """True if a tile among the bits ``held`` carries a number some open end needs."""
    for _target, value in open_ends:  # noqa: SIM110 - a plain loop beats any() on the hot path
        if held & carrying[value]:
            return True
    return False


def refusal(position: Position, move: Move) -> IllegalAction | None:
    """Why the rules refuse ``move`` at ``position`` (its :attr:`~IllegalAction.reason` says
    which rule), or None if the move is legal. Nothing changes either way."""
    try:
        play(position, move)
    except IllegalAction as refused:
        return refused
    return None


def play(position: Position, move: Move, events: list[Event] | None = None) -> Position:
    """Make ``move`` at ``position``: the next position. Its events go to ``events`` if given.

    Raises an :class:`IllegalAction` subclass naming the problem if the rules forbid it.
    """
    table, _hands, _boneyard, board, seat, drawn, hand_bits, _log = position
    if table.over:
        raise GameIsOver("game_over", "the game is over: no more moves")
    kind = move[0]
    if move[1] != seat:
        raise NotYourTurn("not_your_turn", f"it is seat {seat}'s turn, not seat {move[1]}'s")
    if kind == "draw":
        return _draw(position, events)
    if kind == "pass":
        return _pass(position, events)

    if kind != "play" or len(move) != 4:
        raise IllegalAction(
            "not_a_move",
            f"{move!r} is not a move: write ('play', seat, tile, target), ('draw', seat) "
            "or ('pass', seat)",
        )
    _play, _seat, tile, target = move
    if tile.__class__ is not Tile:
        tile = make_tile(*tile)
        move = ("play", seat, tile, target)
    tile_bit = table.bit.get(tile, 0)
    held = hand_bits[seat]
    if not held & tile_bit:
        raise TileNotInHand("tile_not_in_hand", f"{tile} is not in seat {seat}'s hand")
    if drawn is not None and tile != drawn:
        raise CannotPlayThere(
            "only_the_drawn_tile", f"seat {seat} drew {drawn}: only that tile may be played now"
        )
    try:
        value = board[OPEN_ENDS][board[OPEN_END_IDS].index(target)][1]
    except ValueError:
        raise _closed_target(from_tuple(board), target) from None
    low, high = tile
    if low == value:
        end = high
    elif high == value:
        end = low
    else:
        raise CannotPlayThere(
            "does_not_fit", f"{tile} does not fit {target}, which needs a tile with {value}"
        )
    return _lay_tile(
        position,
        move,
        tile_bit,
        _new_tuple(Placement, (seat, tile, target, end)),
        value,
        events,
    )


def _lay_tile(
    position: Position,
    move: Move,
    tile_bit: int,
    placed: Placement,
    value: int,
    events: list[Event] | None,
) -> Position:
    """The position once the seat on turn made ``move``, laying ``placed`` (whose tile's bit
    is ``tile_bit``) on an open end needing ``value``. The move is known to be legal.

    The board follows :func:`~chickenfoot.rules.board.lay_tile`; the events (the tile played,
    the arm or foot it starts or ends) go to ``events`` if given.
    """
    table, hands, boneyard, board, seat, _drawn, hand_bits, log = position
    tile = placed[1]
    new_board, change = lay_tile(board, placed, value)
    if events is not None:
        events.append(TILE_PLAYED[placed])
        if change:
            events.append(_board_event(change, new_board, placed, value))
    hand = hands[seat]
    index = hand.index(tile)
    new_hand = hand[:index] + hand[index + 1 :]
    new_hands = list(hands)
    new_hands[seat] = new_hand
    new_bits = list(hand_bits)
    new_bits[seat] ^= tile_bit
    after: Position = (
        table,
        tuple(new_hands),
        boneyard,
        new_board,
        (seat + 1) % table.players,
        None,
        tuple(new_bits),
        (log, move),
    )
    if not new_hand:
        return end_round(after, events, seat)
    return after


def _board_event(change: BoardChange, board: BoardTuple, placed: Placement, value: int) -> Event:
    """The event of a :data:`~chickenfoot.rules.board.BoardChange` made by ``placed``."""
    seat, _tile, target, _end = placed
    if change == "arm_started":
        _centre, arms_required, played, *_rest = board
        return ARM_STARTED[seat, target, min(len(played), arms_required), arms_required]
    if change == "foot_opened":
        return FOOT_OPENED[seat, target, value]
    return FOOT_COMPLETED[seat, target.rpartition(".")[0], value]


def _closed_target(board: Board, target: str) -> CannotPlayThere:
    """Why ``target`` takes no tile now, in the words of the rule that closes it."""
    (open_end,) = board.open_ends[:1] or (None,)
    if board.arms_phase and open_end is not None:
        return CannotPlayThere(
            "arms_first",
            f"the centre {board.centre}|{board.centre} needs {board.arms_required} arms first: "
            f"start arm {open_end.target} with a tile carrying {board.centre}",
        )
    if board.foot is not None and open_end is not None:
        left = TOES_PER_FOOT - board.toes
        return CannotPlayThere(
            "foot_first",
            f"the chicken foot on {board.foot} must be finished first: play a "
            f"{open_end.value} on {open_end.target} ({left} toe{'s' if left > 1 else ''} to go)",
        )
    if target in board.lines_by_id:
        return CannotPlayThere(
            "line_closed", f"{target} ends in a double: play on its toes instead"
        )
    return CannotPlayThere("no_such_end", f"there is no open end {target!r}")


def _draw(position: Position, events: list[Event] | None) -> Position:
    table, hands, boneyard, board, seat, drawn, hand_bits, log = position
    if drawn is not None:
        raise CannotDraw("already_drew", f"seat {seat} already drew {drawn}: play it or keep it")
    carrying = table.carrying
    open_ends = board[OPEN_ENDS]
    if _fits(hand_bits[seat], open_ends, carrying):
        raise MustPlay("must_play", f"seat {seat} has a tile that can be played, so it must play")
    reserve = table.reserve
    if len(boneyard) <= reserve:
        raise CannotDraw("nothing_to_draw", "the boneyard has nothing left to draw: pass instead")
    tile = boneyard[0]
    tile_bit = table.bit[tile]
    new_hands = list(hands)
    new_hands[seat] = hands[seat] + (tile,)
    new_bits = list(hand_bits)
    new_bits[seat] = hand_bits[seat] | tile_bit
    if events is not None:
        events.append(TILE_DRAWN[seat, tile, False])
    if _fits(tile_bit, open_ends, carrying):
        next_seat, pending = seat, tile
    elif table.draw_until_playable and len(boneyard) - 1 > reserve:
        next_seat, pending = seat, None
    else:
        next_seat, pending = (seat + 1) % table.players, None
        if events is not None:
            events.append(PASSED[seat, "drew_unplayable"])
    return (
        table,
        tuple(new_hands),
        boneyard[1:],
        board,
        next_seat,
        pending,
        tuple(new_bits),
        (log, DRAW_MOVES[seat]),
    )


def _pass(position: Position, events: list[Event] | None) -> Position:
    table, hands, boneyard, board, seat, drawn, hand_bits, log = position
    after: Position = (
        table,
        hands,
        boneyard,
        board,
        (seat + 1) % table.players,
        None,
        hand_bits,
        (log, PASS_MOVES[seat]),
    )
    if drawn is not None:
        if not table.may_keep_drawn:
            raise MustPlay("must_play_drawn", f"seat {seat} drew {drawn} and must play it")
        if events is not None:
            events.append(PASSED[seat, "kept_drawn"])
        return after
    open_ends = board[OPEN_ENDS]
    carrying = table.carrying
    if _fits(hand_bits[seat], open_ends, carrying):
        raise MustPlay("must_play", f"seat {seat} has a tile that can be played, so it must play")
    if len(boneyard) > table.reserve:
        raise MustPlay("draw_first", f"seat {seat} has no play but the boneyard does: draw first")
    if events is not None:
        events.append(PASSED[seat, "nothing_to_draw"])
    if not any(_fits(held, open_ends, carrying) for held in hand_bits):
        return end_round(after, events, None)
    return after
