"""The rules engine: start a game, list the legal actions, apply one.

``apply(state, action)`` returns the next state and the events the action caused; an illegal
action raises an :class:`IllegalAction` subclass that says why, and nothing changes (states
are immutable). ``legal_actions(state)`` is never empty until the game is over.

Dealing: each round's deck is a shuffled full set. With ``round_start="holder"`` (cross) seat
``i`` is dealt the ``i``-th block of ``hand`` tiles from the top and the rest is the boneyard;
the holder of the round's double places it, or, if nobody holds it, the seats draw in turn
(starting with seat ``round mod players``) and keep what they draw until it turns up.
With ``round_start="search"`` (trains) the seats turn tiles from the top in turn (starting
with seat ``round mod players``) until one finds the double; it goes to the centre, and the
hands are dealt in blocks from the deck without it. Leaving the other tiles in their order
instead of shuffling them back gives the same chances: in a shuffled deck the order of the
other tiles does not depend on where the double lay.
"""

from __future__ import annotations

import random
from typing import Sequence

from chickenfoot.rules.actions import _PLAYS, Draw, Pass, Play, draw, pass_turn, play
from chickenfoot.rules.board import TOES_PER_FOOT, Board, Line, OpenEnd, arm_id, toe_id
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
from chickenfoot.rules.state import GameState
from chickenfoot.rules.tiles import Tile, full_set, hand_points

Deck = tuple[Tile, ...]


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
) -> tuple[GameState, tuple[Event, ...]]:
    """Start a game: deal round 1 from ``decks`` (one full shuffled set per round).

    Without ``decks`` they are shuffled with ``random.Random(seed)``. Returns the first state
    and the events of the round's start.
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
) -> tuple[GameState, tuple[Event, ...]]:
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
            events.append(TileDrawn._trusted(kind="tile_drawn", seat=seat, tile=tile, searching=True))
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
        centre=value, arms_required=rules.arm_count, lines=(), foot=None, toes=0
    )
    state = GameState._trusted(
        rules=rules,
        decks=decks,
        round_index=round_index,
        hands=tuple(hands),
        boneyard=boneyard,
        board=board,
        turn=first_player,
        drawn=None,
        round_scores=round_scores,
        over=False,
    )
    if not hands[placer]:
        # Placing the double emptied the placer's hand (a one-tile deal): it went out.
        return _end_round(state, events, WentOut._trusted(kind="went_out", seat=placer, foot_open=False))
    return state, tuple(events)


# ----- legal actions -----------------------------------------------------------------------


def _plays(state: GameState) -> list[Play]:
    """Every tile-on-end play open to the seat on turn."""
    seat = state.turn
    by_value = state.board.ends_by_value
    candidates = (state.drawn,) if state.drawn is not None else state.hands[seat]
    found = []
    interned = _PLAYS
    for tile in candidates:
        low, high = tile
        targets = by_value.get(low, ())
        if high != low and high in by_value:
            targets = targets + by_value[high]
        for target in targets:
            found.append(interned.get((seat, low, high, target)) or play(seat, tile, target))
    return found


def legal_actions(state: GameState) -> tuple[Play | Draw | Pass, ...]:
    """What the seat on turn may do now; empty only when the game is over.

    A seat with a play must play. After drawing a playable tile it must play that tile
    (``must_play``) or may keep it and pass (``may_play``). A seat without a play draws if
    the boneyard allows, and passes otherwise.
    """
    if state.over:
        return ()
    plays = _plays(state)
    if plays:
        if state.drawn is not None and state.rules.drawn_tile == "may_play":
            plays.append(pass_turn(state.turn))
        return tuple(plays)
    if state.drawable:
        return (draw(state.turn),)
    return (pass_turn(state.turn),)


def has_play(state: GameState, seat: int) -> bool:
    """True if ``seat`` holds a tile that fits an open end now."""
    by_value = state.board.ends_by_value
    return any(low in by_value or high in by_value for low, high in state.hands[seat])


# ----- applying ------------------------------------------------------------------------------


def apply(state: GameState, action: Play | Draw | Pass) -> tuple[GameState, tuple[Event, ...]]:
    """Apply ``action`` to ``state``: the next state and the events it caused.

    Raises an :class:`IllegalAction` subclass naming the problem if the rules forbid it.
    """
    if state.over:
        raise GameIsOver("the game is over: no more moves")
    if action.seat != state.turn:
        raise NotYourTurn(f"it is seat {state.turn}'s turn, not seat {action.seat}'s")
    kind = action.kind
    if kind == "play":
        return _apply_play(state, action)  # type: ignore[arg-type]
    if kind == "draw":
        return _apply_draw(state)
    return _apply_pass(state)


def _apply_play(state: GameState, action: Play) -> tuple[GameState, tuple[Event, ...]]:
    seat = state.turn
    tile = action.tile
    hand = state.hands[seat]
    if tile not in hand:
        raise TileNotInHand(f"{tile} is not in seat {seat}'s hand")
    if state.drawn is not None and tile != state.drawn:
        raise CannotPlayThere(f"seat {seat} drew {state.drawn}: only that tile may be played now")
    board = state.board
    target = action.target
    value = board.value_at(target)
    if value is None:
        raise CannotPlayThere(_closed_target_reason(board, target))
    if not tile.carries(value):
        raise CannotPlayThere(f"{tile} does not fit {target}, which needs a {value}")

    end = tile.other_end(value)
    events: list[Event] = [
        TilePlayed._trusted(kind="tile_played", seat=seat, tile=tile, target=target, end=end)
    ]
    new_board = _board_after(board, tile, target, value, end, seat, events)
    index = hand.index(tile)
    new_hand = hand[:index] + hand[index + 1 :]
    hands = state.hands[:seat] + (new_hand,) + state.hands[seat + 1 :]
    next_state = state._evolve(
        hands=hands, board=new_board, turn=(seat + 1) % state.rules.players, drawn=None
    )
    if not new_hand:
        return _end_round(
            next_state,
            events,
            WentOut._trusted(kind="went_out", seat=seat, foot_open=new_board.foot is not None),
        )
    return next_state, tuple(events)


def _board_after(
    board: Board, tile: Tile, target: str, value: int, end: int, seat: int, events: list[Event]
) -> Board:
    """The board once ``tile`` lies on ``target`` (matched against ``value``, showing ``end``).

    Appends the arm / foot events the play causes. The new board is given its open ends
    worked out from the old ones, so the hot path never rescans every line.
    """
    lines = board.lines
    foot = board.foot
    toes = board.toes
    open_ends: tuple[OpenEnd, ...] | None = None
    if len(lines) < board.arms_required:  # the arms phase: every line so far is an arm
        lines = lines + (Line(target, value, (tile,), end),)
        arms = len(lines)
        events.append(
            ArmStarted._trusted(
                kind="arm_started",
                seat=seat,
                target=target,
                arms=arms,
                arms_required=board.arms_required,
            )
        )
        if arms < board.arms_required:
            open_ends = (OpenEnd(arm_id(arms), board.centre),)
    elif foot is not None:
        lines = lines + (Line(target, value, (tile,), end),)
        toes += 1
        if toes < TOES_PER_FOOT:
            open_ends = (OpenEnd(toe_id(foot, toes + 1), value),)
        else:
            events.append(
                FootCompleted._trusted(kind="foot_completed", seat=seat, target=foot, value=value)
            )
            foot, toes = None, 0
    else:
        for index, old in enumerate(lines):  # noqa: B007 - the loop finds the line played on
            if old.id == target:
                break
        grown = Line(target, old.attach, old.tiles + (tile,), end)
        lines = lines[:index] + (grown,) + lines[index + 1 :]
        if tile.low == tile.high:
            foot, toes = target, 0
            open_ends = (OpenEnd(toe_id(target, 1), value),)
            events.append(
                FootOpened._trusted(kind="foot_opened", seat=seat, target=target, value=value)
            )
        else:
            open_ends = tuple(
                [
                    OpenEnd(target, end) if open_end[0] == target else open_end
                    for open_end in board.open_ends
                ]
            )
    new_board = Board._trusted(
        centre=board.centre, arms_required=board.arms_required, lines=lines, foot=foot, toes=toes
    )
    if open_ends is not None:
        # Prime the cached property with the value derived from the previous board.
        new_board.__dict__["open_ends"] = open_ends
    return new_board


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


def _apply_draw(state: GameState) -> tuple[GameState, tuple[Event, ...]]:
    seat = state.turn
    if state.drawn is not None:
        raise CannotDraw(f"seat {seat} already drew {state.drawn}: play it or keep it")
    if has_play(state, seat):
        raise MustPlay(f"seat {seat} has a tile that can be played, so it must play")
    if not state.drawable:
        raise CannotDraw("the boneyard has nothing left to draw: pass instead")
    tile = state.boneyard[0]
    hand = state.hands[seat] + (tile,)
    hands = state.hands[:seat] + (hand,) + state.hands[seat + 1 :]
    drawn_event = TileDrawn._trusted(kind="tile_drawn", seat=seat, tile=tile, searching=False)
    if state.board.targets_for(tile):
        return state._evolve(hands=hands, boneyard=state.boneyard[1:], drawn=tile), (drawn_event,)
    if state.rules.draw == "until_playable" and len(state.boneyard) - 1 > state.rules.reserve_count:
        return state._evolve(hands=hands, boneyard=state.boneyard[1:]), (drawn_event,)
    passed = Passed._trusted(kind="passed", seat=seat, reason="drew_unplayable")
    next_state = state._evolve(
        hands=hands, boneyard=state.boneyard[1:], turn=(seat + 1) % state.rules.players
    )
    return next_state, (drawn_event, passed)


def _apply_pass(state: GameState) -> tuple[GameState, tuple[Event, ...]]:
    seat = state.turn
    next_seat = (seat + 1) % state.rules.players
    if state.drawn is not None:
        if state.rules.drawn_tile == "must_play":
            raise MustPlay(f"seat {seat} drew {state.drawn} and must play it")
        passed = Passed._trusted(kind="passed", seat=seat, reason="kept_drawn")
        return state._evolve(turn=next_seat, drawn=None), (passed,)
    if has_play(state, seat):
        raise MustPlay(f"seat {seat} has a tile that can be played, so it must play")
    if state.drawable:
        raise MustPlay(f"seat {seat} has no play but the boneyard does: draw first")
    passed = Passed._trusted(kind="passed", seat=seat, reason="nothing_to_draw")
    next_state = state._evolve(turn=next_seat)
    if not any(has_play(state, other) for other in range(state.rules.players)):
        blocked = RoundBlocked._trusted(kind="round_blocked", round=state.round_number)
        return _end_round(next_state, [passed], blocked)
    return next_state, (passed,)


# ----- ending rounds and the game --------------------------------------------------------------


def _end_round(
    state: GameState, events: list[Event], ending: WentOut | RoundBlocked
) -> tuple[GameState, tuple[Event, ...]]:
    """Score the round that just ended and start the next one (or end the game)."""
    rules = state.rules
    points = tuple(hand_points(hand, rules.double_blank_points) for hand in state.hands)
    round_scores = state.round_scores + (points,)
    totals = tuple(sum(column) for column in zip(*round_scores, strict=True))
    events.append(ending)
    events.append(
        RoundScored._trusted(
            kind="round_scored",
            round=state.round_number,
            double=state.round_double,
            hands=state.hands,
            points=points,
            totals=totals,
        )
    )
    if state.round_index + 1 < rules.round_count:
        next_state, start_events = _start_round(
            rules, state.decks, state.round_index + 1, round_scores
        )
        return next_state, tuple(events) + start_events
    ranking, winners, decided_by = rank(rules, round_scores)
    events.append(
        GameOver._trusted(kind="game_over", ranking=ranking, winners=winners, decided_by=decided_by)
    )
    return state._evolve(round_scores=round_scores, drawn=None, over=True), tuple(events)


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
