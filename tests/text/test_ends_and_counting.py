"""The open ends in a player's order (fitting ends first, then the table's order, "+N more"
rather than a silent cut) and the count of tiles from one seat's own view."""

from __future__ import annotations

from chickenfoot.bots import Hint
from chickenfoot.rules import Play, Tile, preset
from chickenfoot.text.counting import count_line, count_tiles, counting_lines
from chickenfoot.text.ends import ends_in_order, every_end, more_text, pack, table_order
from chickenfoot.text.hints import hint_reason, hint_text
from tests.rules.conftest import deal, run, start

OPEN = (("C.1", 2), ("C.2", 5), ("H.2", 1), ("H.3", 4), ("H.1.1", 6), ("B", 3), ("E.3.1", 0))
KEYS = {"C.1": "j", "C.2": "l", "H.2": "m", "H.3": "n", "H.1.1": "r", "B": "b", "E.3.1": "t"}


def test_fitting_ends_come_first_then_the_table_order() -> None:
    entries = ends_in_order(OPEN, KEYS, fits=("H.3", "C.2"), chosen="H.3")
    assert [entry.target for entry in entries] == [
        "C.2",
        "H.3",
        "B",
        "C.1",
        "E.3.1",
        "H.1.1",
        "H.2",
    ]
    assert [entry.fits for entry in entries][:3] == [True, True, False]
    assert entries[1].chosen and entries[1].text == "n H.3·4"
    assert sorted(["A.10", "A.2", "A", "A.1.3", "B"], key=table_order) == [
        "A",
        "A.1.3",
        "A.2",
        "A.10",
        "B",
    ]


def test_an_end_without_a_key_still_shows() -> None:
    assert ends_in_order((("A", 3),), {})[0].text == "? A·3"


def test_a_strip_too_short_keeps_room_to_say_how_many_more() -> None:
    lengths = [8] * 20
    assert pack(lengths, width=200, rows=1, lead=5) == 20
    shown = pack(lengths, width=60, rows=2, lead=5)
    assert 0 < shown < 20
    # What is shown plus "+N more" fits the two rows.
    per_row = (60 - 5) // 9
    room_on_last = 60 - 5 - (1 + len(more_text(20 - shown)))
    assert shown <= per_row + room_on_last // 9
    assert more_text(3) == "+3 more (/ lists all)"


def test_the_list_of_every_end_names_each_one() -> None:
    lines = every_end(ends_in_order(OPEN, KEYS, fits=("H.3",), chosen="H.3"))
    assert lines[0] == "7 open ends; the chosen tile fits 1. Type an end's key to choose it."
    assert len(lines) == 8
    assert "  n  line H.3     needs a tile with 4  (chosen)" in lines
    assert "  b  line B       needs a tile with 3" in lines


RULES = preset("cross", set_size=6, players=3, hand_size=5, arms=3, rounds=1)


def test_counting_sees_only_the_hand_and_the_table() -> None:
    hands = {0: "6|6 0|0 0|1 0|2 0|3", 1: "6|1 1|1 1|2 1|3 1|4", 2: "6|2 2|2 2|3 2|4 3|3"}
    state, _events = start(RULES, deal(RULES, hands, boneyard="4|4 6|5"))
    state, _events = run(state, "1 6|1 A")
    counts = count_tiles(state.view(2))
    sixes = counts[6]
    assert (sixes.out, sixes.held, sixes.total) == (2, 1, 7)  # 6|6 and 6|1 out, 6|2 held
    assert sixes.unseen == (Tile(0, 6), Tile(3, 6), Tile(4, 6), Tile(5, 6))
    ones = counts[1]
    assert ones.out == 1 and ones.held == 0
    assert Tile(1, 2) in ones.unseen  # seat 1 holds it: seat 2 has not seen it
    assert count_line(sixes) == "6s: two out, one in your hand, four unseen: 0|6 3|6 4|6 5|6"
    lines = counting_lines(counts)
    assert lines[0].startswith("Each number is on 7 tiles.")
    assert lines[1].startswith("6s:") and lines[-1].startswith("0s:")


def test_a_number_all_seen_says_so() -> None:
    hands = {0: "6|6 0|0 0|1 0|2 0|3", 1: "6|1 1|1 1|2 1|3 1|4", 2: "0|4 0|5 0|6 2|2 3|3"}
    state, _events = start(RULES, deal(RULES, hands, boneyard="4|4 6|5"))
    zeros = count_tiles(state.view(0))[0]
    assert zeros.unseen == (Tile(0, 4), Tile(0, 5), Tile(0, 6))
    assert count_tiles(state.view(2))[0].held == 3


def test_a_hint_about_a_number_counts_it_as_the_count_does() -> None:
    hands = {0: "6|6 0|0 0|1 0|2 0|3", 1: "6|1 1|1 1|2 1|3 1|4", 2: "6|2 2|2 2|3 2|4 3|3"}
    state, _events = start(RULES, deal(RULES, hands, boneyard="4|4 6|5"))
    state, _events = run(state, "1 6|1 A")
    counts = count_tiles(state.view(2))
    keeps = Hint(Play(seat=2, tile=Tile(2, 6), target="B"), "keeps_numbers_playable", 2, 3)
    names = ("Ana", "Bea", "Cy")
    assert hint_reason(keeps, names) == "keeps three 2s playable"
    assert hint_reason(keeps, names, counts) == ("keeps three 2s playable (0 out, 3 unseen)")
    assert count_line(counts[2]) == "2s: none out, four in your hand, three unseen: 0|2 1|2 2|5"
    shed = Hint(Play(seat=2, tile=Tile(2, 6), target="B"), "sheds_points", None, 8)
    assert hint_reason(shed, names, counts) == "sheds 8 points: your heaviest tile that fits"
    text = hint_text(keeps, names, {"B": "b"}, counts)
    assert text == "Hint: play 2|6 on B (key b): keeps three 2s playable (0 out, 3 unseen)"
