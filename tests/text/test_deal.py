"""A round's deal and a saved game's check in words (chickenfoot.text.deal)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from chickenfoot.record.model import GameRecord, SeatConfig
from chickenfoot.record.verify import DeckCheck, deck_checks, round_deal, verify_record
from chickenfoot.rules import Draw, Pass, Play, RuleSet, Tile, full_set, preset
from chickenfoot.text.deal import (
    action_text,
    deal_text,
    file_text,
    origin_text,
    recorded_deal_text,
    verify_lines,
)
from tests.kit import choose_action
from tests.recorded import SEED, honest_record, random_record, three_seat_rules

NAMES = ("Ana", "You", "[b]Cy[/b]")


def seats(names: tuple[str, ...] = NAMES) -> tuple[SeatConfig, ...]:
    return tuple(SeatConfig(name=name, player="human") for name in names)


def first_record(game_rules: RuleSet, wanted: Callable[[tuple[Tile, ...]], bool]) -> GameRecord:
    """The first game dealt from seeds 1, 2, ... whose first deck is ``wanted``."""
    for seed in range(1, 500):
        record = GameRecord.new(game_rules, seats(), seed=seed)
        if wanted(record.decks[0]):
            return record
    raise AssertionError("no seed deals that")


def first_round_played(record: GameRecord) -> GameRecord:
    """``record`` played on until its first round is over (a deal is shown only then)."""
    state = record.final_state()
    while state.round_index == 0 and not state.over:
        action = choose_action(state)
        record = record.appended(action)
        state = record.final_state()
    return record


MATCHES = DeckCheck(1, SEED, (), 28)
GIVEN = DeckCheck(1, SEED, (4, 9, 20), 28)
UNSEEDED = DeckCheck(1, None, (), 28)


def test_a_deck_from_the_seed_tells_how_to_re_make_it() -> None:
    text = origin_text(MATCHES, "game.json in the saves folder", show_seed=True)
    assert text == (
        "Shuffled from the game's seed, 1234: anyone can re-make this deck with "
        "chickenfoot verify FILE, FILE being game.json in the saves folder."
    )


def test_the_seed_is_kept_back_while_the_game_goes_on() -> None:
    text = origin_text(MATCHES, "game.json", show_seed=False)
    assert "1234" not in text
    assert text.startswith("Shuffled from the game's seed, kept back until the game is over")
    assert "chickenfoot verify FILE, FILE being game.json" in text


def test_a_given_deck_says_so_naming_places_only() -> None:
    text = origin_text(GIVEN, "game.json", show_seed=False)
    assert text.startswith("This deal was given, not shuffled from the game's seed: ")
    assert "3 of its 28 tiles are not where the seed puts them (the first is tile 4" in text
    assert not re.search(r"\d\|\d", text), "no tile is named"
    assert "1234" not in text


def test_an_unseeded_deck_cannot_be_re_made() -> None:
    text = origin_text(UNSEEDED, "game.json", show_seed=True)
    assert text.startswith("No seed is recorded for this game: its decks were shuffled by chance")


def test_a_game_of_the_store_is_named_by_the_export_that_writes_its_file() -> None:
    assert file_text(12) == "the file `chickenfoot export 12 --to FOLDER` writes"


def test_the_deal_of_a_dealt_double_in_words() -> None:
    per_hand = three_seat_rules().tiles_per_hand
    record = first_record(three_seat_rules(), lambda deck: deck.index(Tile(6, 6)) < per_hand)
    deal = round_deal(record, 1)
    text = deal_text(deal, deck_checks(record)[0], NAMES, 2, "game.json", show_seed=True)
    deck = record.decks[0]
    assert text.lines() == [
        "Round 1 of 2 (6|6): the deal",
        text.origin,
        "Dealt from the top of the deck, in order:",
        f"Ana: {' '.join(map(str, deck[:per_hand]))}",
        f"You: {' '.join(map(str, deck[per_hand : 2 * per_hand]))}",
        f"[b]Cy[/b]: {' '.join(map(str, deck[2 * per_hand : 3 * per_hand]))}",
        f"Ana placed 6|6 (tile {deck.index(Tile(6, 6)) + 1} from the top) at the centre.",
        f"The boneyard, next to draw first ({len(deck) - 3 * per_hand} tiles):",
        " ".join(map(str, deck[3 * per_hand :])),
    ]
    assert text.double == Tile(6, 6)


def test_a_double_drawn_for_in_words() -> None:
    per_hand = three_seat_rules().tiles_per_hand
    # Drawn by the second seat to draw: "you".
    record = first_record(
        three_seat_rules(), lambda deck: deck.index(Tile(6, 6)) == 3 * per_hand + 1
    )
    text = recorded_deal_text(first_round_played(record), 1, 7)
    drawn = record.decks[0][3 * per_hand]
    assert text.centre == (
        f"Nobody was dealt 6|6: the seats drew in turn until you drew it (tile {3 * per_hand + 2} "
        "from the top) and placed it at the centre."
    )
    assert text.searched == f"Drawn looking for 6|6: Ana {drawn}, You 6|6."
    assert "FILE being the file `chickenfoot export 7 --to FOLDER` writes" in text.origin
    assert "kept back" in text.origin  # round 2 is still to come


def test_a_double_turned_up_in_words() -> None:
    record = first_record(three_seat_rules("trains"), lambda deck: deck.index(Tile(6, 6)) == 2)
    text = recorded_deal_text(first_round_played(record), 1, 1)
    assert text.centre == (
        "The seats turned tiles from the top in turn until [b]Cy[/b] found 6|6 (tile 3 from "
        "the top) and placed it at the centre; the other tiles were dealt in order."
    )
    assert text.searched == ""


def test_the_last_rounds_deal_names_the_seed() -> None:
    record = random_record(three_seat_rules(rounds=1), seats(), SEED)
    assert record.finished
    text = recorded_deal_text(record, 1, 1)
    assert text.origin.startswith("Shuffled from the game's seed, 1234: ")


def test_the_deal_of_a_round_in_play_is_never_worded() -> None:
    record = first_record(three_seat_rules(), lambda deck: True)
    with pytest.raises(ValueError, match="round 1 is not over: its deal is shown once it is"):
        recorded_deal_text(record, 1, 1)
    record = first_round_played(record)
    assert recorded_deal_text(record, 1, 1).title.startswith("Round 1 of 2")
    with pytest.raises(ValueError, match="round 2 is not over"):
        recorded_deal_text(record, 2, 1)


def test_an_empty_boneyard() -> None:
    game_rules = preset("cross", players=4, set_size=6, hand_size=7, reserve=0, rounds=1)
    names = ("Ana", "Bea", "Cy", "Dee")
    record = GameRecord.new(game_rules, seats(names), decks=[full_set(6)])
    text = recorded_deal_text(first_round_played(record), 1, 1)
    assert text.boneyard == () and text.boneyard_heading == "The boneyard was empty."
    assert text.lines()[-1] == "The boneyard was empty."


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (Play(seat=2, tile=Tile(3, 6), target="B.1"), "[b]Cy[/b] plays 3|6 on toe B.1"),
        (Play(seat=1, tile=Tile(3, 6), target="A"), "You play 3|6 on arm A"),
        (Draw(seat=0), "Ana draws"),
        (Pass(seat=1), "You pass"),
    ],
)
def test_actions_in_words(action: Play | Draw | Pass, words: str) -> None:
    assert action_text(action, NAMES) == words


# ----- the report of chickenfoot verify ----------------------------------------------------------


@pytest.fixture(scope="module")
def honest() -> GameRecord:
    return honest_record(seats())


def test_the_report_of_an_honest_game(honest: GameRecord) -> None:
    assert verify_lines(verify_record(honest), "game.json") == [
        f"game.json: Ana, You and [b]Cy[/b]; {len(honest.actions)} actions, finished; seed 1234",
        "round 1: the deck matches seed 1234",
        "round 2: the deck matches seed 1234",
        f"every action follows the rules ({len(honest.actions)} actions)",
        "verified: every deck comes from seed 1234 and every action follows the rules",
    ]


def test_the_report_of_an_unfinished_game_keeps_the_seed_back(honest: GameRecord) -> None:
    verification = verify_record(honest.truncated(3))
    lines = verify_lines(verification, "game.json")
    assert lines == [
        "game.json: Ana, You and [b]Cy[/b]; 3 actions, stopped in round 1 of 2; the seed is "
        "kept back until the game is over",
        "round 1 (in play): the deck matches the game's seed",
        "round 2 (not dealt yet): the deck matches the game's seed",
        "every action follows the rules (3 actions)",
        "verified: every deck comes from the game's seed and every action so far follows the rules",
    ]
    assert str(SEED) not in "\n".join(lines)


def swapped(record: GameRecord, deck: int, first: int, second: int) -> GameRecord:
    """``record`` with two tiles of its deck ``deck`` (0-based) trading places."""
    decks = [list(tiles) for tiles in record.decks]
    decks[deck][first], decks[deck][second] = decks[deck][second], decks[deck][first]
    return record.model_copy(update={"decks": tuple(map(tuple, decks))})


def test_an_unfinished_report_says_which_deck_is_not_from_the_seed(honest: GameRecord) -> None:
    record = swapped(honest, 1, 5, 9).truncated(3)
    lines = verify_lines(verify_record(record), "game.json")
    assert lines[2] == (
        "round 2 (not dealt yet): the deck does not come from the game's seed: 2 of its 28 "
        "tiles are not where the seed puts them (the first is tile 6 from the top)"
    )
    assert lines[-1] == (
        "not from its seed: every action follows the rules, but round 2's deck was not "
        "shuffled from the game's seed"
    )
    assert str(SEED) not in "\n".join(lines)
    assert not any(re.search(r"\d\|\d", line) for line in lines), "no tile is named"


def test_the_report_of_decks_not_from_the_seed(honest: GameRecord) -> None:
    record = swapped(honest, 1, 0, 1)
    lines = verify_lines(verify_record(record), "game.json")
    assert lines[2] == (
        "round 2: the deck does not come from seed 1234: 2 of its 28 tiles are not where the "
        "seed puts them (the first is tile 1 from the top)"
    )
    assert lines[-1] == (
        "not from its seed: every action follows the rules, but round 2's deck was not "
        "shuffled from seed 1234"
    )
    record = swapped(record, 0, 0, 1)
    assert verify_lines(verify_record(record), "game.json")[-1] == (
        "not from its seed: every action follows the rules, but the decks of rounds 1 and 2 "
        "were not shuffled from seed 1234"
    )


def test_the_report_of_a_game_without_a_seed(honest: GameRecord) -> None:
    record = honest.model_copy(update={"seed": None})
    lines = verify_lines(verify_record(record), "game.json")
    assert lines[0].endswith("; no seed recorded")
    assert lines[1] == "the decks: no seed is recorded, so nobody can re-make them to compare"
    assert not any(line.startswith("round ") for line in lines)
    assert lines[-1].startswith("unverified: every action follows the rules")


def test_the_report_of_an_illegal_action(honest: GameRecord) -> None:
    record = honest.truncated(0).appended(Play(seat=0, tile=Tile(0, 0), target="Z"))
    verification = verify_record(record)
    assert verification.illegal is not None
    lines = verify_lines(verification, "game.json")
    assert lines[0] == (
        "game.json: Ana, You and [b]Cy[/b]; 1 action; the seed is kept back until the game is over"
    )
    assert lines[2] == "round 2 (not reached): the deck matches the game's seed"
    assert verification.illegal.reason == "not_your_turn"
    assert lines[3] == (
        "action 1 (round 1) breaks the rules: Ana plays 0|0 on arm Z, but "
        "it is not that seat's turn"
    )
    assert lines[-1] == "illegal: action 1 breaks the rules"


def test_an_illegal_action_after_the_end_names_the_seed(honest: GameRecord) -> None:
    record = honest.appended(Draw(seat=0))
    lines = verify_lines(verify_record(record), "game.json")
    assert lines[0].endswith(f"; seed {SEED}")
    assert lines[-1].startswith("illegal: ")
