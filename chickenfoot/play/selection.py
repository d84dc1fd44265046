"""The person's choice on their turn: the selected tile, the chosen open end, keys typed.

:class:`Selection` is part of a seat client (:mod:`chickenfoot.play.client`): it keeps the
selected tile (as a tile, so it survives the hand being re-sorted), the end it would be played
on, and the digits or letters typed so far (a tile's number, an end's key). Its commands are
given the :class:`Choices` of the turn (the hand as shown, the ends each tile fits, the ends'
keys) and say in words why they did nothing, when they did nothing. Imports no Textual.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from chickenfoot.play.keys import TileTyping
from chickenfoot.rules import Board, Play, Tile
from chickenfoot.text import prompts


@dataclass(frozen=True)
class Choices:
    """What the person on turn may choose from: their hand as shown, the ends each tile
    (by index) fits, every open end's key, the board, and the tile they just drew; ``keys``
    are the keys the sentences of why not name (the player's own, on the game screen)."""

    seat: int
    hand: tuple[Tile, ...]
    playable: Mapping[int, tuple[str, ...]]
    labels: Mapping[str, str]
    board: Board
    drawn: Tile | None
    keys: prompts.TurnKeys = prompts.PLAIN_KEYS


class Selection:
    """The selected tile, the chosen end and the keys typed so far, on the person's turn."""

    def __init__(self) -> None:
        self.tile: Tile | None = None
        """The selected tile (kept as a tile: it survives re-sorting)."""
        self.end: str | None = None
        """The open end the selected tile would be played on, once chosen."""
        self._digits = TileTyping()
        self._end_typed = ""

    def index(self, hand: tuple[Tile, ...]) -> int | None:
        """The position of the selected tile in ``hand``, or None."""
        return hand.index(self.tile) if self.tile is not None and self.tile in hand else None

    @property
    def key_typed(self) -> str:
        """The first letters of a longer end key typed so far ("" when none)."""
        return self._end_typed

    def typing_done(self) -> None:
        """Any other key ends a tile's number or an end's key being typed."""
        self._digits.clear()
        self._end_typed = ""

    def type_digit(self, digit: str, choices: Choices) -> str | None:
        """A digit: choose the tile with that number (two digits in a long hand, see
        :class:`~chickenfoot.play.keys.TileTyping`); why not, if there is none."""
        self._end_typed = ""
        number = self._digits.type(digit, len(choices.hand))
        if number is None:
            return prompts.only_tiles(len(choices.hand))
        return self.select(number - 1, choices)

    def type_letter(self, letter: str, choices: Choices) -> str | None:
        """A letter of an open end's key: choose that end once its key is complete (most keys
        are one letter; longer ones start with ``z``); why not, if no end has that key."""
        self._digits.clear()
        typed = self._end_typed + letter
        target = next((end for end, key in choices.labels.items() if key == typed), None)
        if target is not None:
            self._end_typed = ""
            return self.choose_end(target, choices)
        if any(key.startswith(typed) for key in choices.labels.values()):
            self._end_typed = typed
            return prompts.key_so_far(typed)
        self._end_typed = ""
        return prompts.no_end_labelled(typed)

    def select(self, index: int, choices: Choices) -> str | None:
        """Select the tile at ``index`` of the hand as shown; why not, if that cannot be."""
        hand = choices.hand
        if not 0 <= index < len(hand):
            return prompts.only_tiles(len(hand))
        self.tile = hand[index]
        ends = choices.playable.get(index, ())
        self.end = ends[0] if len(ends) == 1 else None
        return None

    def step_tile(self, step: int, choices: Choices) -> str | None:
        """Move the selection ``step`` tiles right (left if negative), wrapping around."""
        self.typing_done()
        hand = choices.hand
        if not hand:
            return None
        current = self.index(hand)
        if current is None:
            current = -1 if step > 0 else 0
        return self.select((current + step) % len(hand), choices)

    def step_end(self, step: int, choices: Choices) -> str | None:
        """Move the chosen end among the ends the selected tile fits."""
        self.typing_done()
        selected = self.index(choices.hand)
        if selected is None:
            return prompts.choose_tile_first(choices.keys)
        ends = choices.playable.get(selected, ())
        if not ends:
            return prompts.fits_no_end(choices.hand[selected], choices.keys)
        if self.end in ends:
            index = (ends.index(self.end) + step) % len(ends)
        else:
            index = 0 if step > 0 else len(ends) - 1
        self.end = ends[index]
        return None

    def choose_end(self, target: str, choices: Choices) -> str | None:
        """Choose the open end ``target`` for the selected tile; if that tile does not fit
        there, select the first tile that does."""
        self.typing_done()
        selected = self.index(choices.hand)
        if selected is not None and target in choices.playable.get(selected, ()):
            self.end = target
            return None
        fitting = [index for index, ends in sorted(choices.playable.items()) if target in ends]
        if not fitting:
            label = choices.labels.get(target, target)
            return prompts.nothing_fits_end(label, choices.board.value_at(target))
        self.tile = choices.hand[fitting[0]]
        self.end = target
        return None

    def play(self, choices: Choices) -> Play | str:
        """The play the selection makes (Enter), or why there is none."""
        self.typing_done()
        selected = self.index(choices.hand)
        if selected is None:
            return prompts.choose_tile_first(choices.keys)
        tile = choices.hand[selected]
        ends = choices.playable.get(selected, ())
        if not ends:
            return prompts.cannot_play_selected(tile, choices.drawn)
        if self.end in ends:
            target = self.end
        elif len(ends) == 1:
            target = ends[0]
        else:
            labels = choices.labels
            return prompts.choose_an_end(tile, [labels.get(end, end) for end in ends], choices.keys)
        return Play(seat=choices.seat, tile=tile, target=target)

    def reset(self, choices: Choices, *, keep_end: bool = False) -> None:
        """On a new turn: select the drawn tile after a draw; else keep the tile selected
        before if it is still in hand and playable; else select the first playable tile. The
        end is chosen when the tile fits only one (``keep_end``: a chosen end that still fits
        stays chosen)."""
        hand, playable = choices.hand, choices.playable
        if choices.drawn is not None:
            self.tile = choices.drawn
        elif self.index(hand) not in playable:
            first = min(playable) if playable else (0 if hand else None)
            self.tile = hand[first] if first is not None else None
        selected = self.index(hand)
        ends = playable.get(selected, ()) if selected is not None else ()
        if keep_end and self.end in ends:
            return
        self.end = ends[0] if len(ends) == 1 else None
