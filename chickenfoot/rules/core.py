"""The rules engine's core: the game on lean, immutable positions. Also the fast lane.

Every rule lives here, as pure functions on a :data:`Position`, a plain tuple holding the same
facts as a :class:`~chickenfoot.rules.GameState`, with moves as plain tuples
(``("play", seat, tile, target)``, ``("draw", seat)``, ``("pass", seat)``) instead of action
models. :mod:`chickenfoot.rules.engine` wraps these functions for states, actions and events;
simulations that play many games can call them directly and skip building models::

    from chickenfoot.rules import core

    position = core.new_game(rules, seed=1)
    while not core.is_over(position):
        position = core.play(position, random.choice(core.legal_moves(position)))
    final = core.to_state(position)

Pass a list as ``events`` to :func:`new_game` or :func:`play` to collect the events (the
same models :func:`chickenfoot.rules.apply` returns). An illegal move raises the same
:class:`IllegalAction` subclass, with the same message, as the state API.

Dealing: each round's deck is a shuffled full set. With ``round_start="holder"`` (cross) seat
``i`` is dealt the ``i``-th block of ``hand`` tiles from the top and the rest is the boneyard;
the holder of the round's double places it, or, if nobody holds it, the seats draw in turn
(starting with seat ``round mod players``) and keep what they draw until it turns up.
With ``round_start="search"`` (trains) the seats turn tiles from the top in turn (starting
with seat ``round mod players``) until one finds the double; it goes to the centre, and the
hands are dealt in blocks from the deck without it. Leaving the other tiles in their order
instead of shuffling them back gives the same chances: in a shuffled deck the order of the
other tiles does not depend on where the double lay.

Speed: hands are also kept as bit sets, so "which tiles fit this end" is one AND; each board
carries its open ends worked out from the previous board's; the same fact is the same object
(events, open ends and action models are looked up, not built); and a move builds only the
tuples that change.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import Final, NamedTuple

from chickenfoot.rules._frozen import SharedValues, _adopt
from chickenfoot.rules.actions import Move as Move
from chickenfoot.rules.actions import to_action as to_action
from chickenfoot.rules.actions import to_move as to_move
from chickenfoot.rules.board import (
    TOES_PER_FOOT,
    Board,
    BoardChange,
    BoardTuple,
    OpenEnd,
    Placement,
    as_tuple,
    empty_board,
    from_tuple,
    lay_tile,
)
from chickenfoot.rules.events import (
    ArmStarted,
    Event,
    FootCompleted,
    FootOpened,
    GameOver,
    Passed,
    RoundBlocked,
    RoundScored,
    RoundStarted,
    TileDrawn,
    TilePlayed,
    WentOut,
)
from chickenfoot.rules.history import MoveLog, RoundHistory
from chickenfoot.rules.refusals import (
    CannotDraw,
    CannotPlayThere,
    GameIsOver,
    IllegalAction,
    MustPlay,
    NotYourTurn,
    TileNotInHand,
)
from chickenfoot.rules.ruleset import RuleSet
from chickenfoot.rules.scoring import hand_points, rank, totals
from chickenfoot.rules.state import GameState, SeatView
from chickenfoot.rules.tiles import Tile, full_set, make_tile

Deck = tuple[Tile, ...]
Hands = tuple[Deck, ...]


class SetBits(NamedTuple):
    """A set's tiles as bits, so that "which tiles fit this end" is one AND.

    Tile ``i`` of :func:`~chickenfoot.rules.full_set` is the bit ``1 << i``; a hand is the OR
    of its tiles' bits.
    """

    bit: dict[Tile, int]
    carrying: tuple[int, ...]
    """``carrying[v]``: the bits of every tile that carries the number ``v``."""
    tiles_in: SharedValues[int, Deck]
    """``tiles_in[bits]``: the tiles whose bits are set in ``bits``, in set order."""


@cache
def set_bits(set_size: int) -> SetBits:
    """The :class:`SetBits` of a double-``set_size`` set."""
    tiles = full_set(set_size)
    bit = {tile: 1 << index for index, tile in enumerate(tiles)}
    carrying = [0] * (set_size + 1)
    for tile, tile_bit in bit.items():
        carrying[tile.low] |= tile_bit
        carrying[tile.high] |= tile_bit
    tile_of = {tile_bit: tile for tile, tile_bit in bit.items()}

    def tiles_in(bits: int) -> Deck:
        found = []
        while bits:
            lowest = bits & -bits
            bits ^= lowest
            found.append(tile_of[lowest])
        return tuple(found)

    return SetBits(bit, tuple(carrying), SharedValues(tiles_in))


class RoundTable(NamedTuple):
    """What every position of one round shares: the game so far, and the rules read per move.

    The first five values are the :class:`GameState` fields that change only between rounds;
    the others are worked out from the rules once, so a move never recomputes them (the last
    three are the set's :class:`SetBits`).
    """

    rules: RuleSet
    decks: tuple[Deck, ...]
    round_index: int
    round_scores: tuple[tuple[int, ...], ...]
    over: bool
    players: int
    reserve: int
    may_keep_drawn: bool
    draw_until_playable: bool
    bit: dict[Tile, int]
    tiles_in: SharedValues[int, Deck]
    carrying: tuple[int, ...]


def round_table(
    rules: RuleSet,
    decks: tuple[Deck, ...],
    round_index: int,
    round_scores: tuple[tuple[int, ...], ...],
    over: bool = False,
) -> RoundTable:
    """The :class:`RoundTable` of a round of ``rules``."""
    bits = set_bits(rules.set_size)
    return RoundTable(
        rules,
        decks,
        round_index,
        round_scores,
        over,
        rules.players,
        rules.reserve_count,
        rules.drawn_tile == "may_play",
        rules.draw == "until_playable",
        bits.bit,
        bits.tiles_in,
        bits.carrying,
    )


Position = tuple[RoundTable, Hands, Deck, BoardTuple, int, Tile | None, tuple[int, ...], MoveLog]
"""A game at one moment as a plain tuple: (round table, hands, boneyard, board, seat on turn,
drawn tile, hands as bits, the round's moves so far). The same facts as a :class:`GameState`,
which :func:`to_state` builds on demand."""


class BadDeck(ValueError):
    """A round's deck is not exactly one full set."""


# ----- shared values ---------------------------------------------------------------------------
# The same fact is the same immutable object: the hot path looks these up by key instead of
# building a model or a named tuple each time.

_TILE_PLAYED: SharedValues[Placement, TilePlayed] = SharedValues(
    lambda placed: TilePlayed._trusted(
        kind="tile_played", seat=placed[0], tile=placed[1], target=placed[2], end=placed[3]
    )
)
_TILE_DRAWN: SharedValues[tuple[int, Tile, bool], TileDrawn] = SharedValues(
    lambda key: TileDrawn._trusted(kind="tile_drawn", seat=key[0], tile=key[1], searching=key[2])
)
_PASSED: SharedValues[tuple[int, str], Passed] = SharedValues(
    lambda key: Passed._trusted(kind="passed", seat=key[0], reason=key[1])
)
_ARM_STARTED: SharedValues[tuple[int, str, int, int], ArmStarted] = SharedValues(
    lambda key: ArmStarted._trusted(
        kind="arm_started", seat=key[0], target=key[1], arms=key[2], arms_required=key[3]
    )
)
_FOOT_OPENED: SharedValues[tuple[int, str, int], FootOpened] = SharedValues(
    lambda key: FootOpened._trusted(kind="foot_opened", seat=key[0], target=key[1], value=key[2])
)
_FOOT_COMPLETED: SharedValues[tuple[int, str, int], FootCompleted] = SharedValues(
    lambda key: FootCompleted._trusted(
        kind="foot_completed", seat=key[0], target=key[1], value=key[2]
    )
)
_new_tuple = tuple.__new__
_DRAW_MOVES: SharedValues[int, Move] = SharedValues(lambda seat: ("draw", seat))
_PASS_MOVES: SharedValues[int, Move] = SharedValues(lambda seat: ("pass", seat))


# ----- positions and states ----------------------------------------------------------------------


def is_over(position: Position) -> bool:
    """True once the last round of the game at ``position`` is scored."""
    return position[0].over


def turn(position: Position) -> int:
    """The seat to act at ``position``."""
    return position[4]


def round_index(position: Position) -> int:
    """The 0-based index of the round in play at ``position`` (the last one once it is over)."""
    return position[0].round_index


def board_of(position: Position) -> BoardTuple:
    """The board at ``position``, as a :data:`~chickenfoot.rules.board.BoardTuple`."""
    return position[3]


def to_state(position: Position, board: Board | None = None) -> GameState:
    """The :class:`GameState` of ``position``; it shares every value with the position.

    ``board`` is the position's board as a model, if the caller already has it.
    """
    table, hands, boneyard, lean_board, seat, drawn, _hand_bits, log = position
    return _adopt(
        GameState,
        {
            "rules": table.rules,
            "decks": table.decks,
            "round_index": table.round_index,
            "hands": hands,
            "boneyard": boneyard,
            "board": board if board is not None else from_tuple(lean_board),
            "turn": seat,
            "drawn": drawn,
            "round_scores": table.round_scores,
            "over": table.over,
            "history": RoundHistory(log),
            "_position": position,
        },
    )


def from_state(state: GameState) -> Position:
    """The position of ``state``: continue any game on the fast lane."""
    cached = state.__dict__
    position = cached.get("_position")
    if position is None:
        table = round_table(
            state.rules, state.decks, state.round_index, state.round_scores, state.over
        )
        try:
            hand_bits = _hand_bits(table, state.hands)
        except KeyError as error:
            size = state.rules.set_size
            raise ValueError(
                f"a hand holds {error.args[0]}, not a tile of a double-{size} set"
            ) from None
        position = cached["_position"] = (
            table,
            state.hands,
            state.boneyard,
            as_tuple(state.board),
            state.turn,
            state.drawn,
            hand_bits,
            state.history.log,
        )
    return position


def _hand_bits(table: RoundTable, hands: Sequence[Deck]) -> tuple[int, ...]:
    """Each hand as a bit set; ``KeyError`` for a tile that is not in the round's set."""
    bit_of = table.bit.__getitem__
    return tuple(sum(map(bit_of, hand)) for hand in hands)


def view(position: Position, seat: int) -> SeatView:
    """What ``seat`` may know at ``position`` (see :meth:`GameState.view`)."""
    return to_state(position).view(seat)


def hands(position: Position) -> Hands:
    """Every seat's hand at ``position``."""
    return position[1]


def hand_bits(position: Position) -> tuple[int, ...]:
    """Every seat's hand at ``position`` as a bit set (see :class:`SetBits`)."""
    return position[6]


def boneyard(position: Position) -> Deck:
    """The boneyard at ``position``, the next tile to draw first."""
    return position[2]


def drawn(position: Position) -> Tile | None:
    """The playable tile the seat on turn just drew and must decide on, if any."""
    return position[5]


def open_ends(position: Position) -> tuple[OpenEnd, ...]:
    """Where the next tile may go at ``position``."""
    return position[3][_OPEN_ENDS]


def round_scores(position: Position) -> tuple[tuple[int, ...], ...]:
    """The points of every finished round, per seat (the last one just ended, once over)."""
    return position[0].round_scores


def history(position: Position) -> RoundHistory:
    """The actions of the round in play at ``position`` (see :class:`RoundHistory`)."""
    return RoundHistory(position[7])


# ----- search: the positions a seat can imagine ------------------------------------------------
# A computer player that looks ahead deals the tiles it cannot see in some way consistent with
# its view, and plays the round out from there. These build and play such positions with the
# same rules as a real game; none of them needs (or sees) the real hidden tiles or later decks.


def round_only(position: Position) -> Position:
    """``position`` with no deck for the rounds after the one in play: playing on from it ends
    the game when this round ends, with that round scored (see :func:`round_scores`)."""
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
        bits = _hand_bits(table, dealt)
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


# ----- starting ----------------------------------------------------------------------------


def shuffled_decks(rules: RuleSet, rng: random.Random) -> tuple[Deck, ...]:
    """One freshly shuffled full set per round of ``rules``, drawn from ``rng``."""
    decks = []
    for _ in range(rules.round_count):
        deck = list(full_set(rules.set_size))
        rng.shuffle(deck)
        decks.append(tuple(deck))
    return tuple(decks)


def check_decks(rules: RuleSet, decks: Sequence[Sequence[Tile]]) -> None:
    """Raise :class:`BadDeck` unless there is one deck per round, each exactly the full set."""
    if len(decks) != rules.round_count:
        raise BadDeck(f"{len(decks)} decks for {rules.round_count} rounds: one per round is needed")
    tiles = full_set(rules.set_size)
    expected = frozenset(tiles)
    for number, deck in enumerate(decks, start=1):
        if len(deck) == len(tiles) and expected.issuperset(deck) and len(set(deck)) == len(tiles):
            continue  # exactly the full set: the common case, checked in one go
        seen: set[Tile] = set()
        for tile in deck:
            if tile in seen:
                raise BadDeck(f"round {number}: the deck holds {tile} twice")
            if tile not in expected:
                raise BadDeck(f"round {number}: {tile} is not in a double-{rules.set_size} set")
            seen.add(tile)
        missing = expected - seen
        if missing:
            listed = ", ".join(str(tile) for tile in sorted(missing)[:5])
            raise BadDeck(f"round {number}: the deck is missing {len(missing)} tiles ({listed})")


def new_game(
    rules: RuleSet,
    decks: Sequence[Sequence[Tile]] | None = None,
    *,
    seed: int | None = None,
    events: list[Event] | None = None,
) -> Position:
    """Start a game: deal round 1 from ``decks`` (one full shuffled set per round).

    Without ``decks`` they are shuffled with ``random.Random(seed)``. Returns the first
    position; the events of the round's start are appended to ``events`` if given.
    """
    if decks is None:
        decks = shuffled_decks(rules, random.Random(seed))
    check_decks(rules, decks)
    frozen_decks = tuple(tuple(deck) for deck in decks)
    return _start_round(rules, frozen_decks, 0, (), events)


def _start_round(
    rules: RuleSet,
    decks: tuple[Deck, ...],
    round_index: int,
    round_scores: tuple[tuple[int, ...], ...],
    events: list[Event] | None,
) -> Position:
    players = rules.players
    per_hand = rules.tiles_per_hand
    value = rules.round_double(round_index)
    double = Tile(value, value)
    deck = decks[round_index]
    first_seeker = round_index % players
    searched: Deck = ()
    if rules.round_start == "search":
        found_at = deck.index(double)
        placer = (first_seeker + found_at) % players
        rest = deck[:found_at] + deck[found_at + 1 :]
        hands = [rest[i * per_hand : (i + 1) * per_hand] for i in range(players)]
        boneyard = rest[players * per_hand :]
        first_player = placer
        search_draws = found_at + 1
    else:
        hands = [deck[i * per_hand : (i + 1) * per_hand] for i in range(players)]
        boneyard = deck[players * per_hand :]
        holder = next((seat for seat in range(players) if double in hands[seat]), None)
        search_draws = 0
        if holder is None:
            # The seats draw in turn, keeping what they draw, until the double turns up.
            search_draws = boneyard.index(double) + 1
            searched, boneyard = boneyard[:search_draws], boneyard[search_draws:]
            for offset, tile in enumerate(searched):
                hands[(first_seeker + offset) % players] += (tile,)
            holder = (first_seeker + search_draws - 1) % players
        placer = holder
        hands[placer] = tuple(tile for tile in hands[placer] if tile != double)
        first_player = (placer + 1) % players
    if events is not None:
        events.append(
            RoundStarted._trusted(
                kind="round_started",
                round=round_index + 1,
                double=value,
                placed_by=placer,
                first_player=first_player,
                search_draws=search_draws,
            )
        )
        events.extend(
            _TILE_DRAWN[(first_seeker + offset) % players, tile, True]
            for offset, tile in enumerate(searched)
        )
    table = round_table(rules, decks, round_index, round_scores)
    hand_bits = _hand_bits(table, hands)
    board = empty_board(value, rules.arm_count)
    start: Position = (table, tuple(hands), boneyard, board, first_player, None, hand_bits, None)
    if not hands[placer]:
        # Placing the double emptied the placer's hand (a one-tile deal): it went out.
        return _end_round(start, events, placer)
    return start


# ----- legal moves -------------------------------------------------------------------------


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
    for target, value in board[_OPEN_ENDS]:
        fitting = held & carrying[value]
        if fitting:
            for tile in tiles_in[fitting]:
                found.append(("play", seat, tile, target))
    if found:
        if drawn is not None and table.may_keep_drawn:
            found.append(_PASS_MOVES[seat])
        return tuple(found)
    if len(boneyard) > table.reserve:
        return (_DRAW_MOVES[seat],)
    return (_PASS_MOVES[seat],)


_OPEN_END_IDS: Final = 7
_OPEN_ENDS: Final = 8
"""Where a :data:`BoardTuple` keeps its open end ids and open ends (read on every move)."""


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


# ----- playing -------------------------------------------------------------------------------


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
        value = board[_OPEN_ENDS][board[_OPEN_END_IDS].index(target)][1]
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
        events.append(_TILE_PLAYED[placed])
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
        return _end_round(after, events, seat)
    return after


def _board_event(change: BoardChange, board: BoardTuple, placed: Placement, value: int) -> Event:
    """The event of a :data:`~chickenfoot.rules.board.BoardChange` made by ``placed``."""
    seat, _tile, target, _end = placed
    if change == "arm_started":
        _centre, arms_required, played, *_rest = board
        return _ARM_STARTED[seat, target, min(len(played), arms_required), arms_required]
    if change == "foot_opened":
        return _FOOT_OPENED[seat, target, value]
    return _FOOT_COMPLETED[seat, target.rpartition(".")[0], value]


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
    open_ends = board[_OPEN_ENDS]
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
        events.append(_TILE_DRAWN[seat, tile, False])
    if _fits(tile_bit, open_ends, carrying):
        next_seat, pending = seat, tile
    elif table.draw_until_playable and len(boneyard) - 1 > reserve:
        next_seat, pending = seat, None
    else:
        next_seat, pending = (seat + 1) % table.players, None
        if events is not None:
            events.append(_PASSED[seat, "drew_unplayable"])
    return (
        table,
        tuple(new_hands),
        boneyard[1:],
        board,
        next_seat,
        pending,
        tuple(new_bits),
        (log, _DRAW_MOVES[seat]),
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
        (log, _PASS_MOVES[seat]),
    )
    if drawn is not None:
        if not table.may_keep_drawn:
            raise MustPlay("must_play_drawn", f"seat {seat} drew {drawn} and must play it")
        if events is not None:
            events.append(_PASSED[seat, "kept_drawn"])
        return after
    open_ends = board[_OPEN_ENDS]
    carrying = table.carrying
    if _fits(hand_bits[seat], open_ends, carrying):
        raise MustPlay("must_play", f"seat {seat} has a tile that can be played, so it must play")
    if len(boneyard) > table.reserve:
        raise MustPlay("draw_first", f"seat {seat} has no play but the boneyard does: draw first")
    if events is not None:
        events.append(_PASSED[seat, "nothing_to_draw"])
    if not any(_fits(held, open_ends, carrying) for held in hand_bits):
        return _end_round(after, events, None)
    return after


# ----- ending rounds and the game --------------------------------------------------------------


def _end_round(position: Position, events: list[Event] | None, went_out: int | None) -> Position:
    """Score the round that just ended and start the next one (or end the game).

    ``went_out`` is the seat that played its last tile, or None if the round is blocked.
    """
    table, hands, boneyard, board, seat, _drawn, hand_bits, log = position
    rules = table.rules
    points = tuple(hand_points(hand, rules.double_blank_points) for hand in hands)
    round_scores = table.round_scores + (points,)
    if events is not None:
        if went_out is None:
            events.append(RoundBlocked._trusted(kind="round_blocked", round=table.round_index + 1))
        else:
            _centre, _arms, _played, foot, *_ends = board
            foot_open = foot is not None
            events.append(WentOut._trusted(kind="went_out", seat=went_out, foot_open=foot_open))
        events.append(
            RoundScored._trusted(
                kind="round_scored",
                round=table.round_index + 1,
                double=rules.round_double(table.round_index),
                hands=hands,
                points=points,
                totals=totals(round_scores, table.players),
            )
        )
    if table.round_index + 1 < len(table.decks):
        return _start_round(rules, table.decks, table.round_index + 1, round_scores, events)
    if events is not None:
        ranking, winners, decided_by = rank(rules, round_scores)
        events.append(
            GameOver._trusted(
                kind="game_over", ranking=ranking, winners=winners, decided_by=decided_by
            )
        )
    final_table = round_table(rules, table.decks, table.round_index, round_scores, over=True)
    return (final_table, hands, boneyard, board, seat, None, hand_bits, log)
