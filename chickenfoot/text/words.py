"""Small words used everywhere: seat names, counts, lists, tiles and places in words.

Every sentence a player reads is one message of the catalogue (see :mod:`chickenfoot.lang`):
English grammar is never built here out of pieces. A sentence whose subject may be the
player spoken to (the default seat name "You") is two messages, chosen with :func:`is_you`
(``_("You draw a tile.")`` and ``_("{name} draws a tile.")``); a count picks its form with
``ngettext``; a list is joined by :func:`listed` with the language's own separators. The
default name "You" stays "You" in files and on the wire, and is shown as the language's word
for *you* (:func:`shown_name`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from chickenfoot.lang import _, ngettext, pgettext
from chickenfoot.record.names import display_width
from chickenfoot.rules import Tile

YOU = "You"
"""The default name of the seat spoken to, as files and the wire keep it."""


def shown_name(name: str) -> str:
    """``name`` as a player reads it: the default name "You" in the language in use, any
    other name as it is."""
    if name == YOU:
        # Translators: the default name of the player sitting at this screen, spoken to.
        return pgettext("the player spoken to", "You")
    return name


def seat_name(names: Sequence[str], seat: int) -> str:
    """The name of ``seat`` as a player reads it (see :func:`shown_name`), or "Seat N"
    (1-based) when no name is known."""
    if 0 <= seat < len(names) and names[seat]:
        return shown_name(names[seat])
    return _("Seat {number}").format(number=seat + 1)


SECOND_PERSON = "you"
"""The name (any case) that is spoken to rather than about: the default seat name "You"."""


def is_you(name: str) -> bool:
    """True for the seat that is spoken to: the one named "You" (in any case, or as the
    language in use shows it: :func:`shown_name`), whose sentences are the second person's
    own messages."""
    return name.casefold() in (SECOND_PERSON, shown_name(YOU).casefold())


def seat_is_you(names: Sequence[str], seat: int) -> bool:
    """True when ``seat`` is the seat spoken to (see :func:`is_you`)."""
    return 0 <= seat < len(names) and is_you(names[seat])


def in_sentence(name: str) -> str:
    """``name`` as an item of a list inside a sentence ("Ana and you share the win"): the
    language's lower-case *you* for the seat spoken to, any other name as it is. Never a
    sentence's subject: a sentence about the seat spoken to is a message of its own."""
    if is_you(name):
        # Translators: the player spoken to, named inside a list ("Ana and you").
        return pgettext("the player spoken to, in a list", "you")
    return name


def possessive(name: str) -> str:
    """English only, kept for callers that have not made their sentence one message:
    ``name`` owning something ("Ana's", "James'", "Your")."""
    if is_you(name):
        return "Your"
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def listed(items: Iterable[str]) -> str:
    """``items`` as a list in a sentence, with the language's separators: "Ana", "Ana and
    Bea", "Ana, Bea and Cy"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    # Translators: between the items of a list but the last two ("Ana, Bea and Cy").
    separator = pgettext("list", ", ")
    # Translators: the last two items of a list ("Ana, Bea and Cy": {items} is "Ana, Bea").
    return pgettext("list", "{items} and {last}").format(
        items=separator.join(items[:-1]), last=items[-1]
    )


def alternatives(items: Iterable[str]) -> str:
    """``items`` as choices in a sentence: "b", "b or j", "b, j or zl"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    separator = pgettext("list", ", ")
    # Translators: the last two of a list of choices ("b, j or zl": {items} is "b, j").
    return pgettext("list", "{items} or {last}").format(
        items=separator.join(items[:-1]), last=items[-1]
    )


def comma_list(items: Iterable[str]) -> str:
    """``items`` one after another, each separated by the language's comma: "Ana 12, Bea 0"."""
    return pgettext("list", ", ").join(items)


def fitted(text: str, width: int) -> str:
    """``text`` cut to ``width`` terminal columns (wide characters take two), an ellipsis
    marking the cut (right after the last word kept: ``Maximiliana…``)."""
    if display_width(text) <= width:
        return text
    kept = ""
    for character in text:
        if display_width(kept + character) > width - 1:
            break
        kept += character
    return kept.rstrip() + "…"


SHORT_NAME_CELLS = 16
"""How wide a long name is shown in a sentence that does not fit its line otherwise."""

CUT_BEFORE = " ,;:·(—-"
"""What a line cut at a word boundary drops from its end before the ellipsis."""


def fit_line(text: str, width: int, names: Iterable[str] = ()) -> str:
    """``text`` within ``width`` terminal columns (wide characters take two): whole when it
    fits; else with each of ``names`` it holds that is wider than :data:`SHORT_NAME_CELLS`
    shortened (an ellipsis ending it); else cut after the last whole word that fits, an
    ellipsis in place of the rest, so a tile or a key (which hold no space) is never cut. Only
    a first word wider than the line alone is cut inside."""
    if display_width(text) <= width:
        return text
    for name in sorted(set(names), key=len, reverse=True):
        if display_width(name) > SHORT_NAME_CELLS and name in text:
            text = text.replace(name, fitted(name, SHORT_NAME_CELLS))
    if display_width(text) <= width:
        return text
    kept = ""
    for index, character in enumerate(text):
        if character.isspace() and display_width(text[:index].rstrip(CUT_BEFORE)) < width:
            kept = text[:index]
    kept = kept.rstrip(CUT_BEFORE)
    return kept + "…" if kept else fitted(text, width)


def listed_seats(names: Iterable[str], copied: bool) -> str:
    """A saved game's seats as the lists name them, with "(copy)" after a game copied from
    another (taken over from a replay, or played as a copy of a game open in another window),
    so it can be told from the original: "Ana, Bea (copy)"."""
    joined = comma_list(shown_name(name) for name in names)
    # Translators: a saved game's players, marked as a copy of another game.
    return _("{seats} (copy)").format(seats=joined) if copied else joined


def plural(count: int, word: str) -> str:
    """``count`` and ``word`` in the form the count takes: "2 toes", "1 toe". Each word
    counted anywhere in the game is a message of its own (the language's plural rules choose
    the form); a word without one is counted the English way."""
    message = _counted(count, word)
    if message is not None:
        return message.format(count=count)
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _counted(count: int, word: str) -> str | None:
    """The message counting ``word`` in the form ``count`` takes, None for a word not listed."""
    match word:
        case "tile":
            return ngettext("{count} tile", "{count} tiles", count)
        case "arm":
            return ngettext("{count} arm", "{count} arms", count)
        case "toe":
            return ngettext("{count} toe", "{count} toes", count)
        case "more toe":
            return ngettext("{count} more toe", "{count} more toes", count)
        case "round":
            return ngettext("{count} round", "{count} rounds", count)
        case "game":
            return ngettext("{count} game", "{count} games", count)
        case "finished game":
            return ngettext("{count} finished game", "{count} finished games", count)
        case "unfinished game":
            return ngettext("{count} unfinished game", "{count} unfinished games", count)
        case "saved game":
            return ngettext("{count} saved game", "{count} saved games", count)
        case "move":
            return ngettext("{count} move", "{count} moves", count)
        case "action":
            return ngettext("{count} action", "{count} actions", count)
        case "draw":
            return ngettext("{count} draw", "{count} draws", count)
        case "point":
            return ngettext("{count} point", "{count} points", count)
        case "hint":
            return ngettext("{count} hint", "{count} hints", count)
        case "take-back":
            return ngettext("{count} take-back", "{count} take-backs", count)
        case "choice":
            return ngettext("{count} choice", "{count} choices", count)
        case "decision":
            return ngettext("{count} decision", "{count} decisions", count)
        case "imagined round":
            return ngettext("{count} imagined round", "{count} imagined rounds", count)
        case "attempt":
            return ngettext("{count} attempt", "{count} attempts", count)
        case "open end":
            return ngettext("{count} open end", "{count} open ends", count)
        case "table":
            return ngettext("{count} table", "{count} tables", count)
        case "open table":
            return ngettext("{count} open table", "{count} open tables", count)
        case "file":
            return ngettext("{count} file", "{count} files", count)
        case "step":
            return ngettext("{count} step", "{count} steps", count)
        case "deal":
            return ngettext("{count} deal", "{count} deals", count)
        case "playout":
            return ngettext("{count} playout", "{count} playouts", count)
        case "earlier line":
            return ngettext("{count} earlier line", "{count} earlier lines", count)
    return None


def said_with_an(number: int) -> bool:
    """True when English says ``number`` with "an" ("an 8", "an 11", "an 18"): a choice
    between two English messages, which other languages may give the same words."""
    return number in (8, 11, 18) or 80 <= number <= 89


def a_number(number: int) -> str:
    """``number`` with its article as it is said aloud: "a 5", "an 8", "an 11", "an 18"."""
    if said_with_an(number):
        # Translators: a number a tile must carry, said aloud with its article ("an 8").
        return pgettext("a number", "an {number}").format(number=number)
    # Translators: a number a tile must carry, said aloud with its article ("a 5").
    return pgettext("a number", "a {number}").format(number=number)


def double_text(value: int) -> str:
    """The double of ``value`` written as a tile: 9 -> "9|9"."""
    return f"{value}|{value}"


def place_name(target: str) -> str:
    """A board position in words: "A" is "arm A", "A.2" is "toe A.2"."""
    if "." in target:
        # Translators: a line of the table that grows from a chicken foot, by its id ("toe A.2").
        return _("toe {line}").format(line=target)
    # Translators: a line of the table that grows from the centre, by its id ("arm A").
    return _("arm {line}").format(line=target)


def hand_order(tile: Tile) -> tuple[int, int, int]:
    """Sort key of a tile in a hand: doubles first, then by the higher end, then the lower,
    heaviest first; so tiles sharing a high number sit together."""
    return (0 if tile.is_double else 1, -tile.high, -tile.low)


def sorted_hand(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """``tiles`` in the order a hand is shown: doubles (highest first), then the others grouped
    by their higher end, heaviest first. E.g. 6|6 2|2 5|6 1|6 3|5 0|4."""
    return tuple(sorted(tiles, key=hand_order))


def count_word(count: int) -> str:
    """A count of tiles as players say it: "no", "one" ... "nine", then digits ("12")."""
    if not 0 <= count <= 9:
        return str(count)
    # Translators: counts of tiles said as words ("keeps three 5s playable", "four out").
    words = (
        pgettext("a count of tiles", "no"),
        pgettext("a count of tiles", "one"),
        pgettext("a count of tiles", "two"),
        pgettext("a count of tiles", "three"),
        pgettext("a count of tiles", "four"),
        pgettext("a count of tiles", "five"),
        pgettext("a count of tiles", "six"),
        pgettext("a count of tiles", "seven"),
        pgettext("a count of tiles", "eight"),
        pgettext("a count of tiles", "nine"),
    )
    return words[count]
