"""The rules engine's core: the game on lean, immutable positions. Also the fast lane.

Every rule lives here, as pure functions on a :data:`~chickenfoot.rules.state.Position`, a
plain tuple holding the same facts as a :class:`~chickenfoot.rules.GameState` without
building a model per move. :mod:`chickenfoot.rules.engine` wraps these functions for
states; simulations that play many games can call them directly, with the same names::

    from chickenfoot.rules import fast

    position, events = fast.new_game(rules, seed=1)
    while not fast.is_over(position):
        position, events = fast.apply(position, choose(fast.legal_actions(position)))
    final = fast.to_state(position)

Actions and events are the same (shared, immutable) objects as in the state API, and an
illegal action raises the same :class:`IllegalAction` subclass with the same message.

Dealing: each round's deck is a shuffled full set. With ``round_start="holder"`` (cross) seat
``i`` is dealt the ``i``-th block of ``hand`` tiles from the top and the rest is the boneyard;
the holder of the round's double places it, or, if nobody holds it, the seats draw in turn
(starting with seat ``round mod players``) and keep what they draw until it turns up.
With ``round_start="search"`` (trains) the seats turn tiles from the top in turn (starting
with seat ``round mod players``) until one finds the double; it goes to the centre, and the
hands are dealt in blocks from the deck without it. Leaving the other tiles in their order
instead of shuffling them back gives the same chances: in a shuffled deck the order of the
other tiles does not depend on where the double lay.

Speed: the same fact is the same object (actions, events, open ends are looked up, not
built), each board is handed its open ends worked out from the previous board's, and a move
builds only the tuples that change.
"""

from __future__ import annotations

import random
from typing import Sequence

from chickenfoot.rules._frozen import SharedValues, _adopt
from chickenfoot.rules.actions import _DRAWS, _PASSES, _PLAYS, Draw, Pass, Play
from chickenfoot.rules.board import TOES_PER_FOOT, Board, OpenEnd, arm_id, toe_id
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
    Standing,
    TieBreak,
    TileDrawn,
    TilePlayed,
    WentOut,
)
from chickenfoot.rules.ruleset import RuleSet
from chickenfoot.rules.state import Deck, GameState, Position, RoundTable, SeatView, round_table
from chickenfoot.rules.tiles import Tile, full_set, hand_points

Hands = tuple[Deck, ...]


class IllegalAction(ValueError):
    """An action the rules do not allow now. The message says why; the state is unchanged."""


class GameIsOver(IllegalAction):
    """The game has ended: no action is possible."""


class NotYourTurn(IllegalAction):
    """The action names a seat that is not on turn."""


class TileNotInHand(IllegalAction):
    """The tile to play is not in the seat's hand."""


class CannotPlayThere(IllegalAction):
    """The tile does not fit the target, or the target is not open now."""


class MustPlay(IllegalAction):
    """The seat has a legal play, so it may not draw or pass."""


class CannotDraw(IllegalAction):
    """Nothing can be drawn, or the seat already drew a playable tile."""


class BadDeck(ValueError):
    """A round's deck is not exactly one full set."""



# ----- shared values ---------------------------------------------------------------------------
# The same fact is the same immutable object: the hot path looks these up by key instead of
# building a model or a named tuple each time.

_TILE_PLAYED: SharedValues[tuple[int, Tile, str, int], TilePlayed] = SharedValues(
    lambda key: TilePlayed._trusted(
        kind="tile_played", seat=key[0], tile=key[1], target=key[2], end=key[3]
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
_OPEN_END: SharedValues[tuple[str, int], OpenEnd] = SharedValues(lambda key: OpenEnd(*key))
_TOE_ID: SharedValues[tuple[str, int], str] = SharedValues(lambda key: toe_id(*key))


# ----- positions and states ----------------------------------------------------------------------


def is_over(position: Position) -> bool:
    """True once the last round of the game at ``position`` is scored."""
    return position[0].over


def turn(position: Position) -> int:
    """The seat to act at ``position``."""
    return position[4]


def to_state(position: Position) -> GameState:
    """The :class:`GameState` of ``position`` (it shares every value with the position)."""
    table, hands, boneyard, board, seat, drawn = position
    return _adopt(
        GameState,
        {
            "rules": table.rules,
            "decks": table.decks,
            "round_index": table.round_index,
            "hands": hands,
            "boneyard": boneyard,
            "board": board,
            "turn": seat,
            "drawn": drawn,
            "round_scores": table.round_scores,
            "over": table.over,
            "_position": position,
        },
    )


def from_state(state: GameState) -> Position:
    """The position of ``state``: continue any game on the fast lane."""
    return state._position


def view(position: Position, seat: int) -> SeatView:
    """What ``seat`` may know at ``position`` (see :meth:`GameState.view`)."""
    return to_state(position).view(seat)


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
    expected = set(full_set(rules.set_size))
    for number, deck in enumerate(decks, start=1):
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
    rules: RuleSet, decks: Sequence[Sequence[Tile]] | None = None, *, seed: int | None = None
) -> tuple[Position, tuple[Event, ...]]:
    """Start a game: deal round 1 from ``decks`` (one full shuffled set per round).

    Without ``decks`` they are shuffled with ``random.Random(seed)``. Returns the first
    position and the events of the round's start.
    """
    if decks is None:
        decks = shuffled_decks(rules, random.Random(seed))
    check_decks(rules, decks)
    frozen_decks = tuple(tuple(deck) for deck in decks)
    return _start_round(rules, frozen_decks, 0, ())


def _start_round(
    rules: RuleSet,
    decks: tuple[Deck, ...],
    round_index: int,
    round_scores: tuple[tuple[int, ...], ...],
) -> tuple[Position, tuple[Event, ...]]:
    players = rules.players
    per_hand = rules.tiles_per_hand
    value = rules.round_double(round_index)
    double = Tile(value, value)
    deck = decks[round_index]
    first_seeker = round_index % players
    events: list[Event] = []
    if rules.round_start == "search":
        position = deck.index(double)
        placer = (first_seeker + position) % players
        rest = deck[:position] + deck[position + 1 :]
        hands = [rest[i * per_hand : (i + 1) * per_hand] for i in range(players)]
        boneyard = rest[players * per_hand :]
        first_player = placer
        search_draws = position + 1
    else:
        hands = [deck[i * per_hand : (i + 1) * per_hand] for i in range(players)]
        boneyard = deck[players * per_hand :]
        holder = next((seat for seat in range(players) if double in hands[seat]), None)
        search_draws = 0
        seat = first_seeker
        while holder is None:
            tile, boneyard = boneyard[0], boneyard[1:]
            hands[seat] = hands[seat] + (tile,)
            search_draws += 1
            events.append(_TILE_DRAWN[seat, tile, True])
            if tile == double:
                holder = seat
            seat = (seat + 1) % players
        placer = holder
        hands[placer] = tuple(tile for tile in hands[placer] if tile != double)
        first_player = (placer + 1) % players
    events.insert(
        0,
        RoundStarted._trusted(
            kind="round_started",
            round=round_index + 1,
            double=value,
            placed_by=placer,
            first_player=first_player,
            search_draws=search_draws,
        ),
    )
    board = Board._trusted(
        centre=value, arms_required=rules.arm_count, played=(), foot=None, toes=0
    )
    table = round_table(rules, decks, round_index, round_scores)
    start: Position = (table, tuple(hands), boneyard, board, first_player, None)
    if not hands[placer]:
        # Placing the double emptied the placer's hand (a one-tile deal): it went out.
        went_out = WentOut._trusted(kind="went_out", seat=placer, foot_open=False)
        return _end_round(start, events, went_out)
    return start, tuple(events)


# ----- legal actions -----------------------------------------------------------------------


def legal_actions(position: Position) -> tuple[Play | Draw | Pass, ...]:
    """What the seat on turn may do now; empty only when the game is over.

    A seat with a play must play. After drawing a playable tile it must play that tile
    (``must_play``) or may keep it and pass (``may_play``). A seat without a play draws if
    the boneyard allows, and passes otherwise.
    """
    table, hands, boneyard, board, seat, drawn = position
    if table.over:
        return ()
    by_value = board.ends_by_value
    plays = _PLAYS
    found: list[Play | Draw | Pass] = []
    for tile in hands[seat] if drawn is None else (drawn,):
        low, high = tile
        if low in by_value:
            for target in by_value[low]:
                found.append(plays[seat, tile, target])
        if high != low and high in by_value:
            for target in by_value[high]:
                found.append(plays[seat, tile, target])
    if found:
        if drawn is not None and table.may_keep_drawn:
            found.append(_PASSES[seat])
        return tuple(found)
    if len(boneyard) > table.reserve:
        return (_DRAWS[seat],)
    return (_PASSES[seat],)


def has_play(position: Position, seat: int) -> bool:
    """True if ``seat`` holds a tile that fits an open end now."""
    return _fits_any(position[1][seat], position[3].ends_by_value)


def _fits_any(hand: Deck, by_value: dict[int, tuple[str, ...]]) -> bool:
    """True if a tile of ``hand`` carries a number some open end needs."""
    for low, high in hand:
        if low in by_value or high in by_value:
            return True
    return False


# ----- applying ------------------------------------------------------------------------------


def apply(position: Position, action: Play | Draw | Pass) -> tuple[Position, tuple[Event, ...]]:
    """Apply ``action`` at ``position``: the next position and the events it caused.

    Raises an :class:`IllegalAction` subclass naming the problem if the rules forbid it.
    """
    table, hands, boneyard, board, seat, drawn = position
    if table.over:
        raise GameIsOver("the game is over: no more moves")
    if action.seat != seat:
        raise NotYourTurn(f"it is seat {seat}'s turn, not seat {action.seat}'s")
    kind = action.kind
    if kind == "play":
        return _apply_play(table, hands, boneyard, board, seat, drawn, action)  # type: ignore[arg-type]
    if kind == "draw":
        return _apply_draw(table, hands, boneyard, board, seat, drawn)
    return _apply_pass(table, hands, boneyard, board, seat, drawn)


def _apply_play(
    table: RoundTable,
    hands: Hands,
    boneyard: Deck,
    board: Board,
    seat: int,
    drawn: Tile | None,
    action: Play,
) -> tuple[Position, tuple[Event, ...]]:
    tile = action.tile
    hand = hands[seat]
    if tile not in hand:
        raise TileNotInHand(f"{tile} is not in seat {seat}'s hand")
    if drawn is not None and tile != drawn:
        raise CannotPlayThere(f"seat {seat} drew {drawn}: only that tile may be played now")
    target = action.target
    for open_target, value in board.open_ends:
        if open_target == target:
            break
    else:
        raise CannotPlayThere(_closed_target_reason(board, target))
    low, high = tile
    if low == value:
        end = high
    elif high == value:
        end = low
    else:
        raise CannotPlayThere(f"{tile} does not fit {target}, which needs a {value}")

    played = _TILE_PLAYED[seat, tile, target, end]
    new_board, board_event = _board_after(board, played, value, seat)
    index = hand.index(tile)
    new_hand = hand[:index] + hand[index + 1 :]
    hands = hands[:seat] + (new_hand,) + hands[seat + 1 :]
    after: Position = (table, hands, boneyard, new_board, (seat + 1) % table.players, None)
    events = (played,) if board_event is None else (played, board_event)
    if not new_hand:
        foot_open = new_board.foot is not None
        went_out = WentOut._trusted(kind="went_out", seat=seat, foot_open=foot_open)
        return _end_round(after, list(events), went_out)
    return after, events


def _board_after(
    board: Board, played: TilePlayed, value: int, seat: int
) -> tuple[Board, Event | None]:
    """The board once ``played`` lies on its target (matched against ``value``).

    Also returns the arm or foot event the play causes, if any. The new board is handed its
    free and open ends worked out from the old board's, so a play never rescans the table.
    """
    target, end = played.target, played.end
    before = board.played
    arms_required = board.arms_required
    foot = board.foot
    toes = board.toes
    board_event: Event | None = None
    if len(before) < arms_required:  # the arms phase: this tile starts an arm
        arms = len(before) + 1
        free_ids = board.free_ids + (target,)
        free_ends = board.free_ends + (_OPEN_END[target, end],)
        board_event = _ARM_STARTED[seat, target, arms, arms_required]
        if arms < arms_required:
            open_ends: tuple[OpenEnd, ...] = (_OPEN_END[arm_id(arms), board.centre],)
        else:
            open_ends = free_ends
    elif foot is not None:  # a toe of the open foot
        toes += 1
        free_ids = board.free_ids + (target,)
        free_ends = board.free_ends + (_OPEN_END[target, end],)
        if toes < TOES_PER_FOOT:
            open_ends = (_OPEN_END[_TOE_ID[foot, toes + 1], value],)
        else:
            board_event = _FOOT_COMPLETED[seat, foot, value]
            foot, toes = None, 0
            open_ends = free_ends
    else:
        free_ids = board.free_ids
        free_ends = board.free_ends
        index = free_ids.index(target)
        if played.tile[0] == played.tile[1]:  # a double closes its line and opens a foot
            free_ids = free_ids[:index] + free_ids[index + 1 :]
            free_ends = free_ends[:index] + free_ends[index + 1 :]
            foot = target
            open_ends = (_OPEN_END[_TOE_ID[target, 1], value],)
            board_event = _FOOT_OPENED[seat, target, value]
        else:
            free_ends = free_ends[:index] + (_OPEN_END[target, end],) + free_ends[index + 1 :]
            open_ends = free_ends
    new_board = _adopt(
        Board,
        {
            "centre": board.centre,
            "arms_required": arms_required,
            "played": before + (played,),
            "foot": foot,
            "toes": toes,
            # Cached values, worked out from the previous board's:
            "free_ids": free_ids,
            "free_ends": free_ends,
            "open_ends": open_ends,
        },
    )
    return new_board, board_event


def _closed_target_reason(board: Board, target: str) -> str:
    """Why ``target`` takes no tile now, in the words of the rule that closes it."""
    (open_end,) = board.open_ends[:1] or (None,)
    if board.arms_phase and open_end is not None:
        return (
            f"the centre {board.centre}|{board.centre} needs {board.arms_required} arms first: "
            f"start arm {open_end.target} with a tile carrying {board.centre}"
        )
    if board.foot is not None and open_end is not None:
        left = TOES_PER_FOOT - board.toes
        return (
            f"the chicken foot on {board.foot} must be finished first: play a "
            f"{open_end.value} on {open_end.target} ({left} toe{'s' if left > 1 else ''} to go)"
        )
    if target in board.lines_by_id:
        return f"{target} ends in a double: play on its toes instead"
    return f"there is no open end {target!r}"


def _apply_draw(
    table: RoundTable, hands: Hands, boneyard: Deck, board: Board, seat: int, drawn: Tile | None
) -> tuple[Position, tuple[Event, ...]]:
    if drawn is not None:
        raise CannotDraw(f"seat {seat} already drew {drawn}: play it or keep it")
    by_value = board.ends_by_value
    if _fits_any(hands[seat], by_value):
        raise MustPlay(f"seat {seat} has a tile that can be played, so it must play")
    reserve = table.reserve
    if len(boneyard) <= reserve:
        raise CannotDraw("the boneyard has nothing left to draw: pass instead")
    tile = boneyard[0]
    hands = hands[:seat] + (hands[seat] + (tile,),) + hands[seat + 1 :]
    drawn_event = _TILE_DRAWN[seat, tile, False]
    if tile[0] in by_value or tile[1] in by_value:
        return (table, hands, boneyard[1:], board, seat, tile), (drawn_event,)
    if table.draw_until_playable and len(boneyard) - 1 > reserve:
        return (table, hands, boneyard[1:], board, seat, None), (drawn_event,)
    after = (table, hands, boneyard[1:], board, (seat + 1) % table.players, None)
    return after, (drawn_event, _PASSED[seat, "drew_unplayable"])


def _apply_pass(
    table: RoundTable, hands: Hands, boneyard: Deck, board: Board, seat: int, drawn: Tile | None
) -> tuple[Position, tuple[Event, ...]]:
    after: Position = (table, hands, boneyard, board, (seat + 1) % table.players, None)
    if drawn is not None:
        if not table.may_keep_drawn:
            raise MustPlay(f"seat {seat} drew {drawn} and must play it")
        return after, (_PASSED[seat, "kept_drawn"],)
    by_value = board.ends_by_value
    if _fits_any(hands[seat], by_value):
        raise MustPlay(f"seat {seat} has a tile that can be played, so it must play")
    if len(boneyard) > table.reserve:
        raise MustPlay(f"seat {seat} has no play but the boneyard does: draw first")
    passed = _PASSED[seat, "nothing_to_draw"]
    if not any(_fits_any(hand, by_value) for hand in hands):
        blocked = RoundBlocked._trusted(kind="round_blocked", round=table.round_index + 1)
        return _end_round(after, [passed], blocked)
    return after, (passed,)


# ----- ending rounds and the game --------------------------------------------------------------


def _end_round(
    position: Position, events: list[Event], ending: WentOut | RoundBlocked
) -> tuple[Position, tuple[Event, ...]]:
    """Score the round that just ended and start the next one (or end the game)."""
    table, hands, boneyard, board, seat, _drawn = position
    rules = table.rules
    points = tuple(hand_points(hand, rules.double_blank_points) for hand in hands)
    round_scores = table.round_scores + (points,)
    totals = tuple(sum(column) for column in zip(*round_scores, strict=True))
    events.append(ending)
    events.append(
        RoundScored._trusted(
            kind="round_scored",
            round=table.round_index + 1,
            double=rules.round_double(table.round_index),
            hands=hands,
            points=points,
            totals=totals,
        )
    )
    if table.round_index + 1 < rules.round_count:
        next_round, start_events = _start_round(
            rules, table.decks, table.round_index + 1, round_scores
        )
        return next_round, tuple(events) + start_events
    ranking, winners, decided_by = rank(rules, round_scores)
    events.append(
        GameOver._trusted(kind="game_over", ranking=ranking, winners=winners, decided_by=decided_by)
    )
    final_table = round_table(rules, table.decks, table.round_index, round_scores, over=True)
    return (final_table, hands, boneyard, board, seat, None), tuple(events)


def rank(
    rules: RuleSet, round_scores: tuple[tuple[int, ...], ...]
) -> tuple[tuple[Standing, ...], tuple[int, ...], TieBreak]:
    """Rank the seats after the last round: lowest total first, ties broken by ``tie_break``.

    Returns the standings (tied seats share a place), the winning seats, and what decided the
    win: ``none``, ``zero_rounds``, ``lowest_round`` or ``shared``.
    """
    seats = range(rules.players)
    totals = [sum(scores[seat] for scores in round_scores) for seat in seats]
    zeros = [sum(1 for scores in round_scores if scores[seat] == 0) for seat in seats]
    lowest = [min((s[seat] for s in round_scores if s[seat]), default=None) for seat in seats]

    def key(seat: int) -> tuple[int, ...]:
        if rules.tie_break == "shared":
            return (totals[seat],)
        lowest_round = lowest[seat]
        return (totals[seat], -zeros[seat], lowest_round if lowest_round is not None else 0)

    order = sorted(seats, key=key)
    standings = []
    for position, seat in enumerate(order):
        tied_with_previous = position > 0 and key(seat) == key(order[position - 1])
        place = standings[-1].place if tied_with_previous else position + 1
        standings.append(
            Standing._trusted(
                seat=seat,
                place=place,
                total=totals[seat],
                zero_rounds=zeros[seat],
                lowest_round=lowest[seat],
            )
        )
    winners = tuple(s.seat for s in standings if s.place == 1)
    best_total = totals[order[0]]
    level = [seat for seat in seats if totals[seat] == best_total]
    if len(level) == 1:
        decided_by: TieBreak = "none"
    elif len(winners) > 1:
        decided_by = "shared"
    elif len({zeros[seat] for seat in level}) > 1 and zeros[winners[0]] == max(
        zeros[seat] for seat in level
    ) and sum(1 for seat in level if zeros[seat] == zeros[winners[0]]) == 1:
        decided_by = "zero_rounds"
    else:
        decided_by = "lowest_round"
    return tuple(standings), winners, decided_by
