"""A corpus of hostile saved-game files, for checking that every refusal is plain words.

:func:`make_corpus` writes, in a folder, files a hostile user (or a broken disk) could hand
the game: truncations, a wrong type in every field, huge numbers, deep nesting, repeated
fields, byte order marks, zero bytes, invalid UTF-8, lone surrogates, bidi and invisible
names, unknown levels, digits that are not ASCII, illegal moves, more hints and take-backs
than a game may hold, special files (named pipes, folders, sockets, links to /dev/zero), very
long lines and oversized files. Each comes with
whether the game must refuse it: a few hostile-looking files are valid and must load.

``python -m tests.saves.hostile`` writes the corpus in a temporary folder and prints how
many files it holds and how many the loader refuses.
"""

from __future__ import annotations

import copy
import json
import os
import socket
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from chickenfoot.record.model import FORMAT_VERSION, RecordError
from chickenfoot.saves.jsonformat import load_record
from tests.saves import costly

SAMPLES = Path(__file__).resolve().parents[1] / "data" / "records"
SAMPLE = SAMPLES / f"v{FORMAT_VERSION}-unfinished.json"
"""A four-seat double-9 trains game, stopped in round 2, with a hint and a take-back: the
base of most hostile files."""

POSIX = sys.platform != "win32"


@dataclass(frozen=True)
class Hostile:
    """One hostile file: its path, what it is, and whether the game must refuse it."""

    path: Path
    what: str
    refused: bool | None = True
    """True: the game must refuse it; False: it must load; None: either, cleanly."""

    @property
    def regular(self) -> bool:
        """True for a regular file (its bytes can be compared before and after)."""
        return self.path.is_file() and not self.path.is_symlink()


Document = dict[str, Any]
Change = Callable[[Document], object]

WRONG_VALUES: dict[str, Any] = {
    "null": None,
    "true": True,
    "a decimal": 1.5,
    "text": "text",
    "a digit as text": "2",
    "a list": [],
    "an object": {},
    "a huge number": 10**29,
    "a negative number": -1,
}
"""A wrong value of every JSON kind."""

NAME_TRICKS: dict[str, str] = {
    "a bidi override": "Ana\u202egnp.exe",
    "a bidi isolate": "\u2067Ana",
    "a right-to-left mark": "Ana\u200f",
    "a zero-width space": "A\u200bna",
    "a lone joiner": "Ana\u200d",
    "a word joiner": "An\u2060a",
    "a byte order mark": "\ufeffAna",
    "a soft hyphen": "Ana\u00ad",
    "an escape code": "Ana\u001b[2J",
    "a line break": "Ana\nBob",
    "a tab": "Ana\tBob",
    "a line separator": "Ana\u2028Bob",
    "a lone surrogate": "Ana\ud800",
    "only combining marks": "\u0301\u0302",
    "a tag character": "Ana\U000e0041",
    "25 characters": "x" * 25,
    "only spaces": "   ",
    "a megabyte": "A" * 1_000_000,
}


class Corpus:
    """Writes hostile files into ``folder`` and keeps the list of them."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.files: list[Hostile] = []
        self.text = SAMPLE.read_text(encoding="utf-8")
        self.document: Document = json.loads(self.text)

    def _path(self, what: str) -> Path:
        safe = "".join(c if c.isascii() and c.isalnum() else "-" for c in what)[:60]
        return self.folder / f"{len(self.files):03}-{safe}.json"

    def raw(self, what: str, content: bytes, refused: bool | None = True) -> None:
        """A file holding ``content``."""
        path = self._path(what)
        path.write_bytes(content)
        self.files.append(Hostile(path, what, refused))

    def text_file(self, what: str, content: str, refused: bool | None = True) -> None:
        """A file holding ``content`` in UTF-8 (lone surrogates kept as their bytes)."""
        self.raw(what, content.encode("utf-8", "surrogatepass"), refused)

    def edited(self, what: str, change: Change, refused: bool | None = True) -> None:
        """The sample game with ``change`` made to its JSON object."""
        document = copy.deepcopy(self.document)
        change(document)
        self.text_file(what, json.dumps(document, ensure_ascii=False), refused)

    def special(self, what: str, make: Callable[[Path], object]) -> None:
        """A file that is not a regular file, made by ``make(path)``."""
        path = self._path(what)
        make(path)
        self.files.append(Hostile(path, what))


def _set(path: tuple[Any, ...], value: Any) -> Change:
    """A change that sets the value at ``path`` (keys and indexes) to ``value``."""

    def change(document: Document) -> None:
        target: Any = document
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _delete(path: tuple[Any, ...]) -> Change:
    def change(document: Document) -> None:
        target: Any = document
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return change


def _add_truncations(corpus: Corpus) -> None:
    data = corpus.text.encode("utf-8")
    for percent in range(0, 100, 5):
        corpus.raw(f"cut at {percent} percent", data[: len(data) * percent // 100])
    corpus.raw("cut one byte short", data[:-2])


def _add_wrong_types(corpus: Corpus) -> None:
    """Every field of the game (top level, rules, a seat, a deck, a play) set to a value of
    every wrong kind, and left out."""
    document = corpus.document
    first_play = next(i for i, a in enumerate(document["actions"]) if a["kind"] == "play")
    fields: list[tuple[Any, ...]] = [(field,) for field in document]
    fields += [("rules", field) for field in document["rules"]]
    fields += [("seats", 2, field) for field in document["seats"][2]]
    fields += [("decks", 0), ("decks", 0, 0), ("actions", 0)]
    fields += [("actions", first_play, field) for field in document["actions"][first_play]]
    for field in fields:
        place = ".".join(map(str, field))
        for kind, value in WRONG_VALUES.items():
            refused = None if kind in MAYBE_VALID else True
            corpus.edited(f"{place} is {kind}", _set(field, value), refused)
        corpus.edited(f"{place} is missing", _delete(field), refused=None)


MAYBE_VALID = frozenset({"null", "text", "a digit as text", "a list", "a negative number"})
"""Kinds of value some fields accept (a null hand size, a name "2", no actions, a seed of
-1): those files may load. A field left out may take its default, too."""


def _add_numbers(corpus: Corpus) -> None:
    text = corpus.text
    corpus.edited("seed of 2 to the 63", _set(("seed",), 2**63))
    corpus.edited("seed of minus 2 to the 63", _set(("seed",), -(2**63)), refused=False)
    corpus.edited("players of 10 to the 29", _set(("rules", "players"), 10**29))
    corpus.edited("hand size of 10 to the 18", _set(("rules", "hand_size"), 10**18))
    corpus.edited("rounds of 10 to the 18", _set(("rules", "rounds"), 10**18))
    corpus.edited("reserve of 10 to the 18", _set(("rules", "reserve"), 10**18))
    corpus.edited("0|0 worth a billion", _set(("rules", "double_blank_points"), 10**9))
    corpus.edited("seat 10 to the 20", _set(("actions", 0, "seat"), 10**20))
    corpus.text_file(
        "a number of 5000 digits", text.replace('"seed": ', '"seed": ' + "9" * 5000 + ', "x": ', 1)
    )
    corpus.text_file(
        "version of 5000 digits", text.replace('"version": 3', '"version": ' + "1" * 5000, 1)
    )
    corpus.text_file("seed 1e999", text.replace('"seed": ', '"seed": 1e999, "x": ', 1))
    corpus.text_file("version 1.0", text.replace('"version": 3', '"version": 3.0', 1))
    corpus.text_file("version minus zero", text.replace('"version": 3', '"version": -0', 1))
    for constant in ("NaN", "Infinity", "-Infinity"):
        corpus.text_file(
            f"seed {constant}", text.replace('"seed": ', f'"seed": {constant}, "x": ', 1)
        )
    corpus.text_file("hexadecimal", text.replace('"version": 3', '"version": 0x1', 1))
    corpus.edited("created as Unix time", _set(("created",), 1_764_525_600))
    corpus.edited("created as Unix time text", _set(("created",), "1764525600"))
    corpus.edited("created without a zone", _set(("created",), "2026-11-30T12:00:00"))
    corpus.edited("created in year 0", _set(("created",), "0000-01-01T00:00:00Z"))
    corpus.edited("created out of range in UTC", _set(("created",), "9999-12-31T23:59:59-05:00"))
    corpus.edited("created as a date", _set(("created",), "2026-11-30"))
    corpus.edited("created with a leap second", _set(("created",), "2026-12-31T23:59:60Z"))


def _add_nesting(corpus: Corpus) -> None:
    corpus.raw("a list nested 100000 deep", b"[" * 100_000 + b"]" * 100_000)
    corpus.raw("objects nested 20000 deep", b'{"a": ' * 20_000 + b"1" + b"}" * 20_000)
    deep = "[" * 5000 + "]" * 5000
    corpus.text_file(
        "the seed nested 5000 deep", corpus.text.replace('"seed": ', f'"seed": {deep}, "x": ', 1)
    )
    corpus.edited("a seat nested 500 deep", _set(("seats", 0), json.loads("[" * 500 + "]" * 500)))


def _add_repeats(corpus: Corpus) -> None:
    text = corpus.text
    corpus.text_file(
        "format twice",
        text.replace('"format": "chickenfoot",', '"format": "chickenfoot", "format": "chess",', 1),
    )
    corpus.text_file(
        "version twice", text.replace('"version": 3,', '"version": 3, "version": 3,', 1)
    )
    corpus.text_file(
        "players twice", text.replace('"players": 4,', '"players": 4, "players": 2,', 1)
    )
    corpus.text_file(
        "a name twice", text.replace('{"name": "Dana",', '{"name": "Dana", "name": "Eve",', 1)
    )
    corpus.text_file(
        "a seat twice in an action", text.replace('"seat": 0}', '"seat": 0, "seat": 1}', 1)
    )
    corpus.text_file("rules twice", text.replace('  "seats": [', '  "rules": {},\n  "seats": [', 1))


def _add_encodings(corpus: Corpus) -> None:
    data = corpus.text.encode("utf-8")
    corpus.raw("a UTF-8 byte order mark", b"\xef\xbb\xbf" + data, refused=False)
    corpus.raw("two byte order marks", b"\xef\xbb\xbf\xef\xbb\xbf" + data)
    corpus.raw("UTF-16 little endian", corpus.text.encode("utf-16"))
    corpus.raw("UTF-16 big endian", b"\xfe\xff" + corpus.text.encode("utf-16-be"))
    corpus.raw("UTF-32", corpus.text.encode("utf-32"))
    corpus.raw("a zero byte in a name", data.replace(b'"Dana"', b'"Da\x00na"', 1))
    corpus.raw("a zero byte at the end", data + b"\x00")
    corpus.raw("latin-1", corpus.text.replace("Dana", "Dané").encode("latin-1"))
    corpus.raw("a lone continuation byte", data.replace(b"Dana", b"Da\x80na", 1))
    corpus.raw("an overlong slash", data.replace(b"Dana", b"Da\xc0\xafna", 1))
    corpus.raw("a surrogate in UTF-8", data.replace(b"Dana", b"Da\xed\xa0\x80na", 1))
    corpus.raw("a cut multibyte character", data.replace(b"Dana", b"Da\xe2\x82na", 1))
    corpus.raw("a PNG", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    corpus.raw("random bytes", bytes(range(256)) * 4)
    corpus.text_file(
        "an escaped lone surrogate in a name", corpus.text.replace('"Dana"', '"Da\\ud800na"', 1)
    )
    corpus.text_file(
        "an escaped lone surrogate in a key", corpus.text.replace('"seed"', '"se\\udc80ed"', 1)
    )
    corpus.text_file(
        "an escaped lone surrogate in format", corpus.text.replace('"chickenfoot"', '"\\udfff"', 1)
    )
    corpus.text_file("an escaped zero in a name", corpus.text.replace('"Dana"', '"Da\\u0000na"', 1))


def _add_names_and_levels(corpus: Corpus) -> None:
    for what, name in NAME_TRICKS.items():
        corpus.edited(f"a name with {what}", _set(("seats", 0, "name"), name))
    corpus.edited("an emoji name", _set(("seats", 0, "name"), "👩\u200d🚀 Dana"), refused=False)
    corpus.edited("a Persian name", _set(("seats", 0, "name"), "می‌خواهم"), refused=False)
    for level in ("grandmaster", "", "GREEDY", "greedy ", "random\u202e", "x" * 33):
        corpus.edited(f"level {level[:10]!r}", _set(("seats", 2, "level"), level))
    corpus.edited("a human with a level", _set(("seats", 0, "level"), "greedy"))
    corpus.edited("a computer without a level", _set(("seats", 2, "level"), None))
    corpus.edited("a robot player", _set(("seats", 0, "player"), "robot"))


def _add_digits_and_tiles(corpus: Corpus) -> None:
    first_play = next(i for i, a in enumerate(corpus.document["actions"]) if a["kind"] == "play")
    for what, tile in (
        ("superscript", "²|3"),
        ("arabic-indic", "٣|٥"),
        ("fullwidth", "３|５"),
        ("spaced", " 3|5"),
        ("a dash", "3-5"),
        ("three ends", "1|2|3"),
        ("19", "19|2"),
        ("negative", "-1|2"),
        ("empty", "|"),
    ):
        corpus.edited(f"a deck tile {what}", _set(("decks", 0, 0), tile))
        corpus.edited(f"a played tile {what}", _set(("actions", first_play, "tile"), tile))
    corpus.edited("a tile of booleans", _set(("decks", 0, 0), [True, False]))
    corpus.edited("a tile of three numbers", _set(("decks", 0, 0), [1, 2, 3]))
    corpus.edited(
        "a tile as a list", _set(("decks", 0, 0), corpus.document["decks"][0][0].split("|"))
    )
    low, high = (int(end) for end in corpus.document["decks"][0][0].split("|"))
    corpus.edited("a tile written as numbers", _set(("decks", 0, 0), [high, low]), refused=False)
    corpus.edited("created in fullwidth digits", _set(("created",), "２０２６-11-30T12:00:00Z"))
    corpus.edited("a tile twice in a deck", _set(("decks", 0, 1), corpus.document["decks"][0][0]))
    corpus.edited("a deck short of a tile", lambda d: d["decks"][0].pop())
    corpus.edited("a deck too many", lambda d: d["decks"].append(d["decks"][0]))


def _add_moves(corpus: Corpus) -> None:
    document = corpus.document
    actions = document["actions"]
    last = actions[-1]
    corpus.edited(
        "a move by the wrong seat",
        _set(("actions", len(actions) - 1, "seat"), (last["seat"] + 1) % 4),
    )
    corpus.edited(
        "a tile not in hand",
        _set(
            ("actions", 0),
            {"kind": "play", "seat": actions[0]["seat"], "tile": "0|0", "target": "A"},
        ),
    )
    corpus.edited("an unknown move", _set(("actions", 0, "kind"), "cheat"))
    corpus.edited("a move with a note", _set(("actions", 0, "note"), "hi"))
    corpus.edited("200000 moves", _set(("actions",), [{}] * 200_000))
    corpus.edited("an unknown field", _set(("colour",), "red"))
    corpus.edited("an unknown rule", _set(("rules", "jokers"), 2))
    corpus.edited("impossible rules", _set(("rules", "hand_size"), 50))
    corpus.edited("a hint of another kind", _set(("assists", 0, "kind"), "cheat"))
    corpus.edited("a hint to no seat", _set(("assists", 0, "seat"), 9))
    corpus.edited("a hint from the future", _set(("assists", 0, "at"), 10_000))
    corpus.edited("a hint with a note", _set(("assists", 0, "note"), "hi"))
    corpus.edited("a take-back of nothing", _set(("assists", 1, "undone"), []))
    corpus.edited(
        "a take-back of a move never played",
        _set(
            ("assists", 1, "undone", 0), {"kind": "play", "seat": 1, "tile": "0|0", "target": "A"}
        ),
    )
    corpus.edited("a take-back as text", _set(("assists", 1, "undone"), "all of it"))
    corpus.edited("assists as an object", _set(("assists",), {"hint": 1}))
    corpus.edited("a newer version", _set(("version",), FORMAT_VERSION + 1))
    corpus.edited("version zero", _set(("version",), 0))
    corpus.edited("another format", _set(("format",), "chess"))
    corpus.edited("a seat too few", lambda d: d["seats"].pop())


def _add_shapes(corpus: Corpus) -> None:
    text = corpus.text
    for what, content in (
        ("empty", ""),
        ("spaces only", "   \n\t  "),
        ("null", "null"),
        ("a list", "[]"),
        ("a string", '"chickenfoot"'),
        ("a number", "0"),
        ("true", "true"),
        ("an empty object", "{}"),
        ("single quotes", "{'format': 'chickenfoot'}"),
        ("a comment", "// a game\n" + text),
        ("a trailing comma", text.rstrip().removesuffix("}") + ",}"),
        ("text after the game", text + "{}"),
        ("Python literals", text.replace("null", "None")),
        ("a raw tab in a string", text.replace('"Dana"', '"Da\tna"', 1)),
        ("an unknown escape", text.replace('"Dana"', '"Da\\qna"', 1)),
        ("a short u escape", text.replace('"Dana"', '"Da\\u12na"', 1)),
    ):
        corpus.text_file(what, content)
    corpus.text_file("three megabytes of spaces on one line", " " * 3_000_000 + text, refused=False)
    corpus.text_file(
        "a megabyte target", text.replace('"target": "A"', '"target": "' + "A" * 1_000_000 + '"', 1)
    )
    big = corpus._path("five megabytes")
    big.write_bytes(b" " * (5 * 1024 * 1024))
    corpus.files.append(Hostile(big, "five megabytes"))
    sparse = corpus._path("a sparse 300 megabytes")
    with open(sparse, "wb") as file:
        file.truncate(300 * 1024 * 1024)
    corpus.files.append(Hostile(sparse, "a sparse 300 megabytes"))


def _add_costly_help(corpus: Corpus) -> None:
    """A long game (8 seats, double-18) with more help than the loader accepts, each kind
    costing seconds to check if it were read: the loader refuses them before that."""
    corpus.text_file("3 take-backs of the same 3,000 actions", costly.repeated_take_backs(3))
    corpus.text_file("5,000 take-backs of one action", costly.one_action_take_backs(5_000))
    corpus.text_file("5,000 hints", costly.hints(5_000))


def _socket(path: Path) -> None:
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(path))
    finally:
        server.close()


def _add_special_files(corpus: Corpus) -> None:
    corpus.special("a folder", lambda path: path.mkdir())
    corpus.special("a missing file", lambda path: None)
    if not POSIX:
        return
    corpus.special("a named pipe", os.mkfifo)
    corpus.special("a link to /dev/zero", lambda path: path.symlink_to("/dev/zero"))
    corpus.special("a link to /dev/null", lambda path: path.symlink_to("/dev/null"))
    corpus.special("a link to /dev/urandom", lambda path: path.symlink_to("/dev/urandom"))
    corpus.special("a broken link", lambda path: path.symlink_to(path.with_name("nowhere")))
    corpus.special("a link to itself", lambda path: path.symlink_to(path))
    corpus.special("a link to a folder", lambda path: path.symlink_to(path.parent))
    if len(str(corpus.folder)) < 60:  # a socket's path must be short
        corpus.special("a socket", _socket)


def make_corpus(folder: Path) -> list[Hostile]:
    """Write the hostile files into ``folder`` (which must exist); return them."""
    corpus = Corpus(folder)
    for add in (
        _add_truncations,
        _add_wrong_types,
        _add_numbers,
        _add_nesting,
        _add_repeats,
        _add_encodings,
        _add_names_and_levels,
        _add_digits_and_tiles,
        _add_moves,
        _add_shapes,
        _add_costly_help,
        _add_special_files,
    ):
        add(corpus)
    return corpus.files


def main() -> None:
    """Print how many hostile files there are and how many the loader refuses."""
    with tempfile.TemporaryDirectory(prefix="cf") as folder:
        files = make_corpus(Path(folder))
        refused = 0
        for hostile in files:
            try:
                load_record(hostile.path)
            except RecordError:
                refused += 1
        must = sum(hostile.refused is True for hostile in files)
        print(
            f"{len(files)} hostile files: {refused} refused ({must} must be), "
            f"{len(files) - refused} load"
        )


if __name__ == "__main__":
    main()
