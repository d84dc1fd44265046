"""What a person who listens is told of a table: every move, their turn, what happened since
their last turn, and the answers to the one-key questions.

The plain mode (``chickenfoot --plain``) and a browser tab's page (``chickenfoot serve``) say
the same words, built here from one seat client (what its seat may see, never more):

- :func:`turn_line`: the person on turn, what the table needs and what they can play ("Your
  turn: start arm A on 6|6 (0 of 4 arms). You can play 2: 5|6 on a; 3: 4|6 on a.");
- :func:`digest`: what happened since the seat's last move, in the log's words, and the
  chicken foot still open (:func:`~chickenfoot.text.digest.since_last_turn`);
- the answers to the one-key questions: the hand (:func:`hand_said`), the open ends
  (:func:`ends_said`), every seat's tiles and score (:func:`seats_said`), where the game stands
  (:func:`where_said`);
- :class:`Announcer`: follows a client and, after each change, says what is new as
  :class:`Announcement` s, one per move: each step's lines (polite: said when the reader is
  free), the person's turn, a result, and why a key did nothing (urgent: said at once).

Imports no Textual: the game screen hands the announcements to a browser tab's page through
its driver (:mod:`chickenfoot.tui.served`); the tests read them directly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from chickenfoot.lang import _, ngettext
from chickenfoot.play.client import SeatClient, status_of
from chickenfoot.play.wire import (
    DeadDraw,
    GameEnded,
    PassKeyboard,
    Prompt,
    RoundEnded,
    YourTurn,
)
from chickenfoot.rules import Tile
from chickenfoot.text import prompts
from chickenfoot.text.describe import board_requirement
from chickenfoot.text.digest import sentences, since_last_turn, spoken
from chickenfoot.text.spoken import ends_lines, hand_lines, playable_text, seat_lines
from chickenfoot.text.transcript import ranking_lines, round_result_lines
from chickenfoot.text.words import is_you, seat_name

Kind = Literal["move", "turn", "result", "notice", "answer", "news", "repeat", "level"]
"""What an announcement is: a move (a step of the game: its lines), the person's turn (or a
hand-off, a dead draw), a round's or the game's result, why a key did nothing (or news of
the table a key brought), the answer to a question, news of who is here; ``repeat`` and
``level`` ask the page to say its last announcement again, or to change how much it says."""

URGENT: frozenset[Kind] = frozenset({"turn", "result", "notice", "answer", "repeat", "level"})
"""The kinds said at once, over whatever is being said (the rest wait their turn)."""


@dataclass(frozen=True)
class Announcement:
    """One thing to say: its kind, its words, whether it is a move of this client's own seat,
    and at a turn the digest since the seat's last turn (``since``) and whether that digest
    tells more than the moves said one by one (``sums_up``: more than one move)."""

    kind: Kind
    text: str = ""
    mine: bool = False
    since: str = ""
    sums_up: bool = False

    @property
    def urgent(self) -> bool:
        """True if it is said at once (an assertive live region), not in its turn."""
        return self.kind in URGENT

    def as_json(self) -> dict[str, object]:
        """What a browser tab's page is sent (see docs/browser.md)."""
        said: dict[str, object] = {"kind": self.kind, "text": self.text}
        if self.kind == "move":
            said["mine"] = self.mine
        if self.kind == "turn":
            said.update(since=self.since, sums_up=self.sums_up)
        return said


# ----- the person on turn --------------------------------------------------------------------


def fits_by_key(client: SeatClient) -> dict[int, tuple[str, ...]]:
    """Hand index -> the keys of the ends that tile fits now (the rules' answer, for the
    person on turn)."""
    labels = client.labels()
    return {
        index: tuple(labels.get(end, end) for end in ends)
        for index, ends in client.playable().items()
    }


def whose_turn(client: SeatClient, seat: int) -> str:
    """ "Your turn" for a person alone at their keyboard, "Bea's turn" where people share
    one."""
    name = seat_name(client.names, seat)
    if not client.shared or is_you(name):
        return _("Your turn")
    if name.endswith("s"):
        # Translators: a name ending in s ("James' turn"): say it as "{name}'s turn".
        return _("{name}' turn").format(name=name)
    return _("{name}'s turn").format(name=name)


def turn_line(client: SeatClient) -> str:
    """The person on turn: what the table needs and what they can do, with the keys of the
    client's interface ("Your turn: chicken foot on arm A (5|5): 2 toes to go. You can play 3:
    5|6 on e."; "You drew 3|4: play it (6: 3|4 on b) or keep it (k).")."""
    view = client.seat_view
    assert view is not None, "a person on turn sees their own view"
    keys = client.keys
    fits = fits_by_key(client)
    hand = client.hand()
    if view.drawn is not None:
        name = seat_name(client.names, view.seat) if client.shared else "You"
        return drew_line(name, view.drawn, playable_text(hand, fits), keys.keep, client.can("keep"))
    # Translators: {whose_turn} is "Your turn" or "Bea's turn"; {needs}, what the table needs
    # ("chicken foot on arm A (5|5): 2 toes to go").
    whose = _("{whose_turn}: {needs}.").format(
        whose_turn=whose_turn(client, view.seat), needs=board_requirement(view.board)
    )
    if not fits:
        return f"{whose} {prompts.no_tile_fits(can_draw=client.can('draw'), keys=keys)}"
    # Translators: {tiles} are the tiles that fit and where ("3: 5|6 on e").
    return f"{whose} " + _("You can play {tiles}.").format(tiles=playable_text(hand, fits))


def drew_line(name: str, tile: Tile, playable: str, keep_key: str, can_keep: bool) -> str:
    """The person on turn drew ``tile``, which fits (``playable``: where): play it, or (when
    the rules let them, ``can_keep``) keep it with ``keep_key``."""
    if is_you(name):
        if can_keep:
            return _("You drew {tile}: play it ({playable}) or keep it ({key}).").format(
                tile=tile, playable=playable, key=keep_key
            )
        return _("You drew {tile}: play it ({playable}).").format(tile=tile, playable=playable)
    if can_keep:
        return _("{name} drew {tile}: play it ({playable}) or keep it ({key}).").format(
            name=name, tile=tile, playable=playable, key=keep_key
        )
    return _("{name} drew {tile}: play it ({playable}).").format(
        name=name, tile=tile, playable=playable
    )


def starts_turn(before: object, prompt: Prompt) -> bool:
    """True if ``prompt`` starts a person's turn that the prompt ``before`` it was not (a tile
    drawn on the same turn brings a new prompt that starts nothing)."""
    if not isinstance(prompt, YourTurn):
        return False
    return not (isinstance(before, YourTurn) and before.seat == prompt.seat)


@dataclass(frozen=True)
class Digest:
    """What happened since a seat's last turn: the paragraph, and whether it tells more than
    the moves said one by one as they came (``sums_up``: more than one move; the chicken foot
    still open is said by the turn itself)."""

    text: str
    sums_up: bool


def digest(client: SeatClient, seat: int | None = None) -> Digest | None:
    """What happened since ``seat``'s latest move (by default the seat on turn if it is this
    client's, else the client's first seat), in the log's words, with the chicken foot still
    open (None: the client plays no seat)."""
    view = client.view
    if view is None or not client.seats:
        return None
    if seat is None:
        seat = view.turn if view.turn in client.seats else client.seats[0]
    history = client.history
    start = history.after_move.get(seat, 0)
    lines = client.log[start:]
    moves = sum(1 for begins, mover in history.steps if begins >= start and mover is not None)
    return Digest(since_last_turn(lines, view.board), moves > 1)


# ----- the one-key questions -------------------------------------------------------------------


def hand_said(client: SeatClient) -> list[str]:
    """The hand shown, a tile a line, with the ends each tile fits on the person's turn."""
    view = client.seat_view
    if view is None:
        return [_("No hand is shown now: every hand is hidden.")]
    fits = fits_by_key(client) if client.on_turn else None
    fresh = client.fresh_tiles.get(view.seat, frozenset())
    name = seat_name(client.names, view.seat)
    return hand_lines(name, client.hand(), view.rules, fits, fresh)


def ends_said(client: SeatClient) -> list[str]:
    """What the table needs, then every open end (with the tiles that fit it on the person's
    turn)."""
    view = client.view
    if view is None:
        return []
    fitting: dict[str, list[Tile]] | None = None
    if client.on_turn:
        fitting = {}
        hand = client.hand()
        for index, ends in sorted(client.playable().items()):
            for end in ends:
                fitting.setdefault(end, []).append(hand[index])
    return ends_lines(view.board, client.labels(), fitting)


def seats_said(client: SeatClient) -> list[str]:
    """Every seat's tiles in hand and total score, and who is on turn."""
    view = client.view
    if view is None:
        return []
    turn = None if view.over or isinstance(client.prompt, RoundEnded) else view.turn
    names = client.names
    return seat_lines(names, view.hand_counts, view.totals, turn, client.table.computers)


def where_said(client: SeatClient) -> str:
    """Where the game stands: the round, its double, the boneyard and what the table needs."""
    view = client.view
    if view is None:
        return ""
    double = f"{view.round_double}|{view.round_double}"
    return ngettext(
        "Round {number} of {rounds}, with {double}; boneyard {count} tile; {needs}.",
        "Round {number} of {rounds}, with {double}; boneyard {count} tiles; {needs}.",
        view.boneyard_count,
    ).format(
        number=view.round_number,
        rounds=view.rules.round_count,
        double=double,
        count=view.boneyard_count,
        needs=board_requirement(view.board),
    )


def status_said(client: SeatClient) -> str:
    """What the table waits for now, as the status line says it (the round's result and the
    game's end with what Enter does)."""
    if client.on_turn:
        return turn_line(client)
    return status_of(client, client.playable(), client.labels()).text


# ----- following a client ----------------------------------------------------------------------


class Announcer:
    """Follows one seat client and says what is new since it last looked (see the module's
    description): a screen calls :meth:`follow` whenever it shows the client anew."""

    def __init__(self) -> None:
        self._restarts = 0
        self._said = 0
        """How many of the log's lines were said."""
        self._told = 0
        self._hinting = False
        self._prompt: object = None
        self._status = ""
        self.last: Announcement | None = None
        """The latest announcement (what "say it again" repeats where no page keeps it)."""

    def told(self, client: SeatClient) -> None:
        """What the client was told now is said another way (as news): not as a notice."""
        self._told = client.told

    def follow(self, client: SeatClient) -> list[Announcement]:
        """What is new since the last call: the moves, then news a key brought or why it did
        nothing, then the person's turn or a result."""
        moves = self._moves(client)
        said = [*moves, *self._notice(client, moved=bool(moves)), *self._prompted(client)]
        if said:
            self.last = said[-1]
        return said

    def _moves(self, client: SeatClient) -> list[Announcement]:
        """One announcement per step of the game since the last call (a step's lines: the move
        and what it set off); the round so far sent anew (a welcome, a take-back) is not news."""
        log = client.log
        if client.log_restarts != self._restarts:
            self._restarts, self._said = client.log_restarts, len(log)
            return []
        acted = dict(client.history.steps)
        starts = sorted({self._said, *(start for start in acted if self._said < start < len(log))})
        said = [
            Announcement("move", sentences(log[begin:end]), mine=acted.get(begin) in client.seats)
            for begin, end in zip(starts, [*starts[1:], len(log)], strict=True)
            if begin < end
        ]
        self._said = len(log)
        return said

    def _notice(self, client: SeatClient, *, moved: bool) -> list[Announcement]:
        """News a key brought or why it did nothing (each telling, even of the same words). A
        notice that came with moves is their news (a chicken foot), already in their lines;
        a hint's answer is said whatever came with it."""
        answered = self._hinting and not client.hint_pending
        self._hinting = client.hint_pending
        told, self._told = self._told, client.told
        if client.told == told or not client.feedback or (moved and not answered):
            return []
        return [Announcement("answer" if answered else "notice", spoken(client.feedback))]

    def _prompted(self, client: SeatClient) -> list[Announcement]:
        """The person's turn (with the digest at its start), a hand-off, a dead draw, or a
        result, once each; once the person went on from a round's result, what it waits for."""
        prompt, before = client.prompt, self._prompt
        if prompt is before:
            status = status_said(client) if isinstance(prompt, RoundEnded) else ""
            if status == self._status:
                return []
            self._status = status
            return [Announcement("news", spoken(status))]
        self._prompt = prompt
        self._status = status_said(client) if isinstance(prompt, RoundEnded) else ""
        if isinstance(prompt, YourTurn) and client.seat_view is not None:
            found = digest(client, prompt.seat) if starts_turn(before, prompt) else None
            since, sums_up = (found.text, found.sums_up) if found is not None else ("", False)
            return [Announcement("turn", turn_line(client), since=since, sums_up=sums_up)]
        if isinstance(prompt, PassKeyboard | DeadDraw):
            return [Announcement("turn", spoken(status_said(client)))]
        if isinstance(prompt, RoundEnded):
            lines = round_result_lines(prompt.result, client.names, scores=False)
            return [Announcement("result", sentences([*lines, self._status]))]
        if isinstance(prompt, GameEnded):
            lines = ranking_lines(prompt.result, client.names)
            return [Announcement("result", sentences([_(prompts.GAME_OVER), *lines]))]
        return []
