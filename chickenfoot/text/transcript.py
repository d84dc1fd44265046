"""A readable text of a whole game, for sharing or review (``chickenfoot replay FILE --text``).

:func:`transcript` replays a :class:`~chickenfoot.saves.record.GameRecord` and writes a header (the
rules and the seats), then every round: who placed the double and who plays first, the hands
as dealt, one numbered line per action ("12. Bob plays 7|3 on B (arm 2 of 4)"), how the round
ended, its scores and the totals; and at the end the ranking and what decided it. A
transcript is a replay, so it hides nothing: every hand and every drawn tile is named.

Numbers match the replay viewer and load errors: action 137 is the 137th action of the game.
Player names are copied as they are (they never hold control characters). Imports no Textual.
"""

from __future__ import annotations

from collections.abc import Sequence

from chickenfoot.rules import (
    ArmStarted,
    Draw,
    Event,
    FootCompleted,
    FootOpened,
    GameOver,
    GameState,
    Pass,
    Passed,
    Play,
    RoundBlocked,
    RoundScored,
    RoundStarted,
    RuleSet,
    Standing,
    Tile,
    TileDrawn,
    WentOut,
)
from chickenfoot.rules.board import TOES_PER_FOOT
from chickenfoot.saves.record import GameRecord, SeatConfig
from chickenfoot.text.words import plural

DECIDED_BY_TEXT: dict[str, str] = {
    "none": "the lowest total",
    "zero_rounds": "a tie on totals, broken by the most rounds scored at zero",
    "lowest_round": "a tie on totals, broken by the lowest single non-zero round score",
    "shared": "a tie on totals: the win is shared",
}
"""What decided the winner, by ``GameOver.decided_by``."""


def transcript(record: GameRecord) -> str:
    """The whole game of ``record`` as plain text, one action per line.

    Raises :class:`~chickenfoot.saves.record.RecordError` if the record does not replay (a record
    from :func:`~chickenfoot.saves.record.load_record` always does).
    """
    names = tuple(seat.name for seat in record.seats)
    writer = _Writer(names)
    writer.header(record)
    previous: GameState | None = None
    state: GameState | None = None
    for number, (state, events, action) in enumerate(record.replay()):
        writer.step(number, previous, state, events, action)
        previous = state
    assert state is not None, "a replay always yields the first deal"
    writer.footer(record, state)
    return "\n".join(writer.lines) + "\n"


def rules_summary(rules: RuleSet) -> list[str]:
    """The rules in a few short phrases, one per line: set, seats, arms, drawing, scoring."""
    drawn = (
        "a playable drawn tile must be played at once"
        if rules.drawn_tile == "must_play"
        else "a playable drawn tile may be played or kept"
    )
    drawing = (
        "a seat with no play draws one tile"
        if rules.draw == "one"
        else ("a seat with no play draws until it can play")
    )
    start = (
        "the holder of the round's double places it (if nobody holds it, seats draw until it "
        "turns up)"
        if rules.round_start == "holder"
        else "before the deal, seats turn tiles until one finds the round's double"
    )
    reserve = (
        f"{plural(rules.reserve_count, 'tile')} always stay in the boneyard"
        if rules.reserve_count
        else "the boneyard can be drawn empty"
    )
    blank = (
        f"a 0|0 left in hand scores {rules.double_blank_points}"
        if rules.double_blank_points
        else ("a 0|0 left in hand scores 0")
    )
    ties = (
        "ties: most rounds at zero, then the lowest non-zero round, then shared"
        if rules.tie_break == "zero_rounds"
        else "ties: the win is shared"
    )
    first, last = rules.round_double(0), rules.round_double(rules.round_count - 1)
    return [
        f"{rules.preset} preset, double-{rules.set_size} set ({rules.tile_count} tiles), "
        f"{rules.players} players, {plural(rules.tiles_per_hand, 'tile')} each",
        f"1 round, with {first}|{first}"
        if rules.round_count == 1
        else f"{rules.round_count} rounds, {first}|{first} down to {last}|{last}",
        start,
        f"the centre double takes {plural(rules.arm_count, 'arm')}",
        f"{drawing}; {drawn}",
        f"{reserve}; {blank}",
        ties,
    ]


def seat_description(seat: SeatConfig) -> str:
    """A seat in words: "Ana (human)" or "Bob (computer, greedy)"."""
    if seat.player == "computer":
        return f"{seat.name} (computer, {seat.level})"
    return f"{seat.name} (human)"


def _tiles(tiles: Sequence[Tile]) -> str:
    return " ".join(str(tile) for tile in tiles) if tiles else "(none)"


def _place(before: GameState, target: str) -> str:
    """Where a tile went: "B", or "B.2 (toe 2 of 3)" when it is a toe of an open chicken foot."""
    if before.board.foot is not None:
        return f"{target} (toe {before.board.toes + 1} of {TOES_PER_FOOT})"
    return target


class _Writer:
    """Collects the transcript's lines while the game replays."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names
        self.lines: list[str] = []

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"Seat {seat + 1}"

    def scores(self, values: Sequence[int]) -> str:
        return ", ".join(f"{self.name(seat)} {value}" for seat, value in enumerate(values))

    # ----- the parts ---------------------------------------------------------------------

    def header(self, record: GameRecord) -> None:
        created = record.created.strftime("%Y-%m-%d %H:%M UTC")
        seed = f", seed {record.seed}" if record.seed is not None else ""
        self.lines.append(f"Chicken Foot: game of {created}{seed}")
        self.lines.append("Rules:")
        self.lines.extend(f"  {phrase}" for phrase in rules_summary(record.rules))
        self.lines.append("Seats, in playing order:")
        self.lines.extend(
            f"  Seat {number}: {seat_description(seat)}"
            for number, seat in enumerate(record.seats, start=1)
        )

    def step(
        self,
        number: int,
        previous: GameState | None,
        state: GameState,
        events: tuple[Event, ...],
        action: Play | Draw | Pass | None,
    ) -> None:
        """Write action ``number`` (0 for the first deal) and everything it caused."""
        if action is not None and previous is not None:
            self.lines.append(f"  {number}. {self.action_line(previous, action, events)}")
        for index, event in enumerate(events):
            match event:
                case RoundStarted():
                    self.round_start(event, events[index + 1 :], state)
                case RoundBlocked():
                    self.lines.append(f"  Round {event.round} is blocked: nobody can play or draw")
                case RoundScored():
                    self.round_scored(event)
                case GameOver():
                    self.game_over(event)

    def action_line(
        self, before: GameState, action: Play | Draw | Pass, events: tuple[Event, ...]
    ) -> str:
        """One line for one action: what the seat did and what it set off on the board."""
        who = self.name(action.seat)
        if isinstance(action, Play):
            line = f"{who} plays {action.tile} on {_place(before, action.target)}"
        elif isinstance(action, Draw):
            drawn = next((e.tile for e in events if isinstance(e, TileDrawn)), None)
            line = f"{who} draws {drawn}" if drawn is not None else f"{who} draws"
        else:
            line = f"{who} passes"
        for event in events:
            match event:
                case ArmStarted():
                    line += f" (arm {event.arms} of {event.arms_required})"
                case FootOpened():
                    line += (
                        f": chicken foot on {event.value}|{event.value}, "
                        f"{TOES_PER_FOOT} toes of {event.value} come next"
                    )
                case FootCompleted():
                    line += f": the chicken foot on {event.value}|{event.value} is complete"
                case Passed(reason="drew_unplayable"):
                    line += " and passes"
                case Passed(reason="kept_drawn"):
                    kept = before.drawn
                    line = f"{who} keeps {kept} and passes" if kept else f"{who} keeps the tile"
                case Passed(reason="nothing_to_draw"):
                    line = f"{who} cannot play and has nothing to draw: passes"
                case WentOut():
                    line += " and goes out"
                    if event.foot_open:
                        line += " (with the chicken foot still open)"
                case RoundStarted():
                    break  # the rest belongs to the next round
        return line

    def round_start(
        self, event: RoundStarted, following: tuple[Event, ...], state: GameState
    ) -> None:
        double = f"{event.double}|{event.double}"
        self.lines.append("")
        self.lines.append(
            f"Round {event.round} ({double}): {self.name(event.placed_by)} places {double}, "
            f"{self.name(event.first_player)} plays first"
        )
        searches = []
        for later in following:
            if isinstance(later, RoundStarted):
                break
            if isinstance(later, TileDrawn) and later.searching:
                searches.append(f"{self.name(later.seat)} draws {later.tile}")
        if searches:
            self.lines.append(f"  Nobody held {double}: " + ", ".join(searches))
        elif event.search_draws:
            self.lines.append(
                f"  {plural(event.search_draws, 'tile')} turned before the deal to find {double}"
            )
        if state.round_number == event.round and not state.over:
            self.lines.append("  Hands:")
            self.lines.extend(
                f"    {self.name(seat)}: {_tiles(hand)}" for seat, hand in enumerate(state.hands)
            )

    def round_scored(self, event: RoundScored) -> None:
        self.lines.append(f"  Round {event.round} over. Hands left:")
        self.lines.extend(
            f"    {self.name(seat)}: {_tiles(hand)} = {event.points[seat]}"
            for seat, hand in enumerate(event.hands)
        )
        self.lines.append(f"  Round {event.round} scores: {self.scores(event.points)}")
        self.lines.append(f"  Totals: {self.scores(event.totals)}")

    def game_over(self, event: GameOver) -> None:
        self.lines.append("")
        self.lines.append("Final ranking:")
        self.lines.extend(self.standing(standing) for standing in event.ranking)
        winners = [self.name(seat) for seat in event.winners]
        if len(winners) == 1:
            won = f"{winners[0]} wins"
        else:
            won = f"{', '.join(winners[:-1])} and {winners[-1]} share the win"
        self.lines.append(
            f"{won}, decided by {DECIDED_BY_TEXT.get(event.decided_by, event.decided_by)}."
        )

    def standing(self, standing: Standing) -> str:
        lowest = (
            f", lowest non-zero round {standing.lowest_round}"
            if standing.lowest_round is not None
            else ""
        )
        return (
            f"  Place {standing.place}: {self.name(standing.seat)}, {standing.total} points, "
            f"{plural(standing.zero_rounds, 'round')} at zero{lowest}"
        )

    def footer(self, record: GameRecord, state: GameState) -> None:
        self.lines.append("")
        if state.round_scores:
            self.lines.extend(self.score_table(state.round_scores))
        if not state.over:
            self.lines.append(
                f"The game is not finished: {plural(len(record.actions), 'action')} so far, "
                f"round {state.round_number} of {record.rules.round_count} in play, "
                f"{self.name(state.turn)} to act."
            )

    def score_table(self, round_scores: tuple[tuple[int, ...], ...]) -> list[str]:
        """Rounds down, seats across, and a line of totals."""
        totals = [sum(column) for column in zip(*round_scores, strict=True)]
        widths = [max(len(self.name(seat)), 5) for seat in range(len(totals))]
        label = max(len("Total"), len(f"Round {len(round_scores)}"))

        def row(first: str, cells: Sequence[object]) -> str:
            text = "  ".join(
                f"{cell!s:>{width}}" for cell, width in zip(cells, widths, strict=True)
            )
            return f"  {first:<{label}}  {text}".rstrip()

        table = ["Scores:", row("", [self.name(seat) for seat in range(len(totals))])]
        table.extend(
            row(f"Round {number}", scores) for number, scores in enumerate(round_scores, 1)
        )
        table.append(row("Total", totals))
        return table
