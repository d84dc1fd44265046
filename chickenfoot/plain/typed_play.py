"""A play typed as a line in the plain mode: a tile, then (maybe) an end's key.

``3 b`` is tile 3 of the hand as shown, on the end whose key is b; ``5|6 b`` names the tile
by its numbers (``5/6``, ``5-6`` and ``5:6`` too); the key may be left out when the tile fits
one end only. :func:`typed_play` reads such a line against what the seat client shows: the
play it means, or why there is none, in plain words. The rules are asked through the client
(the ends each tile fits), never restated. Imports no Textual.
"""

from __future__ import annotations

import re

from chickenfoot.lang import _, ngettext, pgettext
from chickenfoot.play.client import SeatClient
from chickenfoot.rules import Play, Tile, parse_tile
from chickenfoot.text import prompts
from chickenfoot.text.spoken import keys_text
from chickenfoot.text.words import a_number

TILE_AND_KEY = re.compile(r"^(?:(\d+)|(\d+)\s*[|/:.-]\s*(\d+))\s*([a-z]*)$")
"""A play: a tile's number in the hand or its two numbers, then (maybe) an end's key."""


def typed_play(client: SeatClient, line: str) -> Play | str | None:
    """The play ``line`` types for ``client``'s person on turn, or why it cannot be made (a
    sentence); None if ``line`` is not written as a play at all."""
    typed = TILE_AND_KEY.match(line.lower())
    if typed is None:
        return None
    view = client.seat_view
    if view is None or not client.on_turn:
        return client.why_not("play")
    hand = client.hand()
    number, low, high, key = typed.groups()
    if number is not None:
        index = int(number) - 1
        if not 0 <= index < len(hand):
            return prompts.only_tiles(len(hand))
    else:
        found = _index_of(hand, f"{low}|{high}")
        if found is None:
            return _("You have no {tile}.").format(tile=f"{low}|{high}")
        index = found
    tile = hand[index]
    ends = client.playable().get(index, ())
    labels = client.labels()
    if not ends:
        if not client.playable():
            return client.why_not("play")
        return prompts.cannot_play_selected(tile, view.drawn)
    if key:
        target = next((end for end, label in labels.items() if label == key), None)
        if target is None:
            return prompts.no_end_labelled(key)
        if target not in ends:
            value = view.board.value_at(target)
            fits = keys_text([labels.get(end, end) for end in ends])
            if value is None:
                refusal = _("{tile} does not fit end {key}: it fits {fits}.")
                return refusal.format(tile=tile, key=key, fits=fits)
            # Translators: {needs} is the number the end needs, as "a 5" below says it.
            refusal = _("{tile} does not fit end {key} (it needs {needs}): it fits {fits}.")
            return refusal.format(tile=tile, key=key, needs=_needed(value), fits=fits)
    elif len(ends) == 1:
        target = ends[0]
    else:
        keys = [labels.get(end, end) for end in ends]
        # Translators: {count} is always 2 or more.
        choose = ngettext(
            "{tile} fits {count} end: type {number} and one of {keys}.",
            "{tile} fits {count} ends: type {number} and one of {keys}.",
            len(ends),
        )
        return choose.format(tile=tile, count=len(ends), number=index + 1, keys=keys_text(keys))
    return Play(seat=view.seat, tile=tile, target=target)


def _needed(value: int) -> str:
    """The number ``value`` an end needs, with its article as it is said ("a 5", "an 8")."""
    if a_number(value).startswith("an "):
        return pgettext("the number an end needs", "an {number}").format(number=value)
    return pgettext("the number an end needs", "a {number}").format(number=value)


def _index_of(hand: tuple[Tile, ...], text: str) -> int | None:
    """The place of the tile written ``text`` in ``hand``, if it holds it."""
    try:
        tile = parse_tile(text)
    except ValueError:
        return None
    return hand.index(tile) if tile in hand else None
