"""A readable text of a whole game, for sharing or review (``chickenfoot replay FILE --text``).

:func:`transcript` replays a :class:`~chickenfoot.record.model.GameRecord` and writes a header
(the rules and the seats), then every round: who placed the double and who plays first, the
hands as dealt (sorted as a player holds them), one numbered line per action in the same words
as the game's log ("12. Bob plays 7|3 on arm B (2 of 4 arms)"), how the round ended, every
hand left with its points, the scores and the totals; and at the end the ranking and what
decided it.

What it shows follows :func:`~chickenfoot.record.disclosure.disclosure`, the rule every output
follows. A transcript of a finished game, or of a game with at most one person at the table,
names every hand and every drawn tile. For an unfinished game that two or more people play at
one keyboard (pass-and-play), the round still in play stays private: its hands and every tile
drawn in it are left out, and the transcript says so; finished rounds are shown in full. The
seed is written once the game is over (it makes the decks still to come).

Numbers match the replay viewer and load errors: action 137 is the 137th action of the game.
Player names are copied as they are (they never hold control characters). Imports no Textual.
"""

from __future__ import annotations

from collections.abc import Sequence

from chickenfoot.bots import level_name
from chickenfoot.lang import _, ngettext
from chickenfoot.record.disclosure import Disclosure, disclosure
from chickenfoot.record.model import GameRecord, SeatConfig
from chickenfoot.rules import (
    Action,
    Event,
    GameOver,
    GameState,
    RoundBlocked,
    RoundScored,
    RoundStarted,
    Standing,
    Tile,
    visible_to,
)
from chickenfoot.text.describe import (
    blocked_text,
    deal_line,
    describe_turn,
    search_line,
    tie_break_text,
    winners_text,
)
from chickenfoot.text.hints import assist_line, assists_by_place, help_counts
from chickenfoot.text.ruleset import rules_summary
from chickenfoot.text.words import comma_list, seat_name, shown_name, sorted_hand

NOBODY = -1
"""A viewer that is no seat: every drawn tile hidden."""


def transcript(record: GameRecord) -> str:
    """The whole game of ``record`` as plain text, one action per line (see the module's
    words on what stays private).

    Raises :class:`~chickenfoot.record.model.RecordError` if the record does not replay (a
    record from :func:`~chickenfoot.record.model.load_record` always does).
    """
    writer = _Writer(tuple(seat.name for seat in record.seats), disclosure(record))
    writer.header(record)
    helped = assists_by_place(record.assists)
    previous: GameState | None = None
    state: GameState | None = None
    for number, (state, events, action) in enumerate(record.replay()):
        writer.step(number, previous, state, events, action)
        writer.lines.extend(
            f"     ({assist_line(a, writer.names)})" for a in helped.get(number, [])
        )
        previous = state
    assert state is not None, "a replay always yields the first deal"
    writer.footer(record, state)
    return "\n".join(writer.lines) + "\n"


def seed_text(shown: Disclosure) -> str:
    """The seed as a transcript's first line ends: ", seed 1234", ", its seed kept back
    until the game is over", or "" when the game records none."""
    if shown.seed is not None:
        return _(", seed {seed}").format(seed=shown.seed)
    return _(", its seed kept back until the game is over") if shown.seed_kept_back else ""


def seat_description(seat: SeatConfig) -> str:
    """A seat in words: "Ana (human)" or "Bob (computer, greedy)"."""
    name = shown_name(seat.name)
    if seat.player == "computer":
        level = level_name(seat.level or "")
        if seat.think_time is not None:
            return _("{name} (computer, {level}, {seconds} s a move)").format(
                name=name, level=level, seconds=f"{seat.think_time:g}"
            )
        return _("{name} (computer, {level})").format(name=name, level=level)
    return _("{name} (human)").format(name=name)


def _tiles(tiles: Sequence[Tile]) -> str:
    if not tiles:
        # Translators: a hand with no tile left in it.
        return _("(none)")
    return " ".join(str(tile) for tile in sorted_hand(tiles))


def scores_text(names: Sequence[str], values: Sequence[int]) -> str:
    """Each seat's name and number: "Ana 12, Bea 0"."""
    return comma_list(f"{seat_name(names, seat)} {value}" for seat, value in enumerate(values))


def round_result_lines(
    event: RoundScored, names: Sequence[str], *, scores: bool = True
) -> list[str]:
    """A round's result: every hand left (indented) with its points, the round's scores
    (unless ``scores`` is False: the log said them) and the totals."""
    scored = (
        [
            _("Round {number} scores: {scores}").format(
                number=event.round, scores=scores_text(names, event.points)
            )
        ]
        if scores
        else []
    )
    return [
        _("Round {number} over. Hands left:").format(number=event.round),
        *(
            f"  {seat_name(names, seat)}: {_tiles(hand)} = {event.points[seat]}"
            for seat, hand in enumerate(event.hands)
        ),
        *scored,
        _("Totals: {scores}").format(scores=scores_text(names, event.totals)),
    ]


def standing_line(standing: Standing, names: Sequence[str]) -> str:
    """One place of the final ranking: the seat, its points, its rounds at zero and (when a
    tie needed it) its lowest non-zero round."""
    if standing.lowest_round is not None:
        said = ngettext(
            "Place {place}: {name}, {total} points, {count} round at zero, lowest non-zero "
            "round {lowest}",
            "Place {place}: {name}, {total} points, {count} rounds at zero, lowest non-zero "
            "round {lowest}",
            standing.zero_rounds,
        )
    else:
        said = ngettext(
            "Place {place}: {name}, {total} points, {count} round at zero",
            "Place {place}: {name}, {total} points, {count} rounds at zero",
            standing.zero_rounds,
        )
    return said.format(
        place=standing.place,
        name=seat_name(names, standing.seat),
        total=standing.total,
        count=standing.zero_rounds,
        lowest=standing.lowest_round,
    )


def ranking_lines(event: GameOver, names: Sequence[str]) -> list[str]:
    """The game's result: the final ranking (indented), who won and what decided it."""
    won = winners_text(event, names)
    # Translators: {winners} says who won ("Ana wins"); {decided} what decided it ("the
    # lowest total").
    decided = _("{winners}, decided by {decided}.").format(
        winners=won, decided=tie_break_text(event.decided_by)
    )
    return [
        _("Final ranking:"),
        *(f"  {standing_line(standing, names)}" for standing in event.ranking),
        decided[:1].upper() + decided[1:],
    ]


class _Writer:
    """Collects the transcript's lines while the game replays."""

    def __init__(self, names: tuple[str, ...], shown: Disclosure) -> None:
        self.names = names
        self.shown = shown
        """What of the game may be shown."""
        self.private = shown.private_round
        """The round (0-based) whose hands and draws stay hidden, if any."""
        self.lines: list[str] = []

    def name(self, seat: int) -> str:
        return seat_name(self.names, seat)

    # ----- the parts ---------------------------------------------------------------------

    def header(self, record: GameRecord) -> None:
        created = record.created.strftime("%Y-%m-%d %H:%M UTC")
        self.lines.append(
            _("Chicken Foot: game of {created}{seed}").format(
                created=created, seed=seed_text(self.shown)
            )
        )
        self.lines.append(_("Rules:"))
        self.lines.extend(f"  {phrase}" for phrase in rules_summary(record.rules))
        self.lines.append(_("Seats, in playing order:"))
        helped = zip(record.hints_used(), record.take_backs(), strict=True)
        for number, (seat, (hints, take_backs)) in enumerate(
            zip(record.seats, helped, strict=True), start=1
        ):
            counts = help_counts(hints, take_backs)
            described = seat_description(seat)
            if counts:
                # Translators: a seat, then the help its player had ("2 hints, 1 take-back").
                described = _("{seat}, {help}").format(seat=described, help=counts)
            seat_line = _("Seat {number}: {seat}").format(number=number, seat=described)
            self.lines.append(f"  {seat_line}")
        if self.private is not None:
            self.lines.append(
                _(
                    "Round {number} is still in play at one keyboard: its hands and the tiles "
                    "drawn in it are not shown."
                ).format(number=self.private + 1)
            )

    def step(
        self,
        number: int,
        previous: GameState | None,
        state: GameState,
        events: tuple[Event, ...],
        action: Action | None,
    ) -> None:
        """Write action ``number`` (0 for the first deal) and everything it caused."""
        before_round = previous.round_index if previous is not None else 0
        private = self.private is not None and before_round == self.private and action is not None
        shown = visible_to(events, NOBODY) if private else events
        end = next(
            (i for i, e in enumerate(shown) if isinstance(e, RoundScored | RoundBlocked)),
            len(shown),
        )
        if action is not None:
            (line,) = describe_turn(action, shown[:end], previous, self.names, None)
            self.lines.append(f"  {number}. {line}")
        for index, event in enumerate(shown[end:] if action is not None else shown):
            if isinstance(event, RoundStarted):
                self.round_start(
                    event, shown[end + index + 1 :] if action else shown[index + 1 :], state
                )
            elif isinstance(event, RoundBlocked):
                self.lines.append(f"  {blocked_text(event.round)}")
            elif isinstance(event, RoundScored):
                self.round_scored(event)
            elif isinstance(event, GameOver):
                self.game_over(event)

    def round_start(
        self, event: RoundStarted, following: Sequence[Event], state: GameState
    ) -> None:
        private = self.private is not None and event.round - 1 == self.private
        self.lines.append("")
        self.lines.append(deal_line(event, self.names))
        search = search_line(event, following, self.names, NOBODY if private else None)
        if search:
            self.lines.append(f"  {search}")
        if state.round_number == event.round and not state.over and not private:
            self.lines.append("  " + _("Hands:"))
            self.lines.extend(
                f"    {self.name(seat)}: {_tiles(hand)}" for seat, hand in enumerate(state.hands)
            )

    def round_scored(self, event: RoundScored) -> None:
        self.lines.extend(f"  {line}" for line in round_result_lines(event, self.names))

    def game_over(self, event: GameOver) -> None:
        self.lines.append("")
        self.lines.extend(ranking_lines(event, self.names))

    def footer(self, record: GameRecord, state: GameState) -> None:
        self.lines.append("")
        if state.round_scores:
            self.lines.extend(self.score_table(state.round_scores))
        if not state.over:
            count = len(record.actions)
            self.lines.append(
                ngettext(
                    "The game is not finished: {count} action so far, round {number} of "
                    "{rounds} in play, {name} to act.",
                    "The game is not finished: {count} actions so far, round {number} of "
                    "{rounds} in play, {name} to act.",
                    count,
                ).format(
                    count=count,
                    number=state.round_number,
                    rounds=record.rules.round_count,
                    name=self.name(state.turn),
                )
            )

    def score_table(self, round_scores: tuple[tuple[int, ...], ...]) -> list[str]:
        """Rounds down, seats across, and a line of totals."""
        totals = [sum(column) for column in zip(*round_scores, strict=True)]
        widths = [max(len(self.name(seat)), 5) for seat in range(len(totals))]
        total = _("Total")
        label = max(len(total), len(round_label(len(round_scores))))

        def row(first: str, cells: Sequence[object]) -> str:
            text = "  ".join(
                f"{cell!s:>{width}}" for cell, width in zip(cells, widths, strict=True)
            )
            return f"  {first:<{label}}  {text}".rstrip()

        table = [_("Scores:"), row("", [self.name(seat) for seat in range(len(totals))])]
        table.extend(
            row(round_label(number), scores) for number, scores in enumerate(round_scores, 1)
        )
        table.append(row(total, totals))
        return table


def round_label(number: int) -> str:
    """A round's row in a table of scores: "Round 3"."""
    return _("Round {number}").format(number=number)
