"""Deals anyone can verify (chickenfoot.record.verify): decks against the seed, illegal
actions located and explained, and where every tile of a deal went.

The deals are checked against rules written out here by hand (cross deals seat ``i`` the
``i``-th block of the deck), and the seed's decks against an independent implementation of
the steps ``docs/save-format.md`` documents, so the documentation cannot drift from the code.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from chickenfoot.record.model import FORMAT_VERSION, GameRecord, RecordError
from chickenfoot.record.verify import deck_checks, decks_from_seed, round_deal, verify_record
from chickenfoot.rules import (
    Draw,
    GameState,
    Pass,
    Play,
    RuleSet,
    Tile,
    full_set,
    preset,
)
from chickenfoot.saves.jsonformat import load_record, parse_record
from chickenfoot.saves.verify import verify_file
from tests.kit import people
from tests.recorded import SEED, honest_record, random_record, three_seat_rules, write_record


@pytest.fixture(scope="module")
def honest() -> GameRecord:
    """A whole three-seat game dealt from SEED, its moves chosen at random (seeded)."""
    return honest_record(people(3))


def with_decks(record: GameRecord, decks: list[list[Tile]]) -> GameRecord:
    """``record`` with other decks and the same actions, nothing checked or replayed."""
    return record.model_copy(update={"decks": tuple(tuple(deck) for deck in decks)})


# ----- the decks against the seed ------------------------------------------------------------


def test_an_honest_game_is_verified(honest: GameRecord) -> None:
    verification = verify_record(honest)
    assert verification.verdict == "verified"
    assert [check.matches for check in verification.decks] == [True, True]
    assert all(check.misplaced == () for check in verification.decks)
    assert verification.illegal is None
    assert verification.finished and verification.dealt == 2


def test_a_deck_in_another_order_is_not_from_its_seed_yet_legal(
    honest: GameRecord, tmp_path: Path
) -> None:
    # Two tiles of seat 0's hand of round 2 trade places: the same hands, another deck.
    def reorder(document: dict[str, Any]) -> None:
        deck = document["decks"][1]
        deck[0], deck[2] = deck[2], deck[0]

    verification = verify_file(write_record(tmp_path / "game.json", honest, reorder))
    assert verification.verdict == "not_from_seed"
    first, second = verification.decks
    assert first.matches
    assert not second.matches and second.misplaced == (1, 3) and second.tile_count == 28
    assert verification.illegal is None and verification.finished


def test_a_swapped_tile_makes_an_action_illegal(honest: GameRecord, tmp_path: Path) -> None:
    # Seat 0's first play of round 1 uses a tile that now goes to seat 1 instead.
    index, played = next(
        (index, action)
        for index, action in enumerate(honest.actions)
        if isinstance(action, Play) and action.seat == 0
    )
    decks = [list(deck) for deck in honest.decks]
    per_hand = honest.rules.tiles_per_hand
    here = decks[0].index(played.tile)
    assert here < per_hand, "seat 0 was dealt the tile it played"
    there = next(
        place
        for place in range(per_hand, 2 * per_hand)
        if not decks[0][place].is_double  # the double's holder stays the same
    )
    decks[0][here], decks[0][there] = decks[0][there], decks[0][here]

    verification = verify_record(with_decks(honest, decks))
    assert verification.verdict == "illegal"
    assert not verification.decks[0].matches
    assert verification.decks[0].misplaced == (here + 1, there + 1)
    illegal = verification.illegal
    assert illegal is not None
    assert illegal.index <= index and illegal.round_number == 1
    assert illegal.action == honest.actions[illegal.index]
    if illegal.index == index:
        assert illegal.reason == "tile_not_in_hand"
    assert not verification.finished


def test_a_file_with_an_illegal_action_is_still_checked_deck_by_deck(
    honest: GameRecord, tmp_path: Path
) -> None:
    def cheat(document: dict[str, Any]) -> None:
        first = document["actions"][0]
        document["actions"][0] = {
            "kind": "play",
            "seat": first["seat"],
            "tile": "0|0",
            "target": "A",
        }
        document["decks"][1].reverse()

    path = write_record(tmp_path / "game.json", honest, cheat)
    with pytest.raises(RecordError, match=r"actions\[0\]"):
        load_record(path)
    verification = verify_file(path)
    assert verification.verdict == "illegal"
    assert [check.matches for check in verification.decks] == [True, False]
    assert verification.illegal is not None and verification.illegal.index == 0
    assert verification.dealt == 1


def test_an_action_after_the_end_is_illegal(honest: GameRecord) -> None:
    final = honest.final_state()
    extra = honest.appended(Pass(seat=final.turn))
    verification = verify_record(extra)
    assert verification.verdict == "illegal"
    assert verification.illegal is not None
    assert verification.illegal.index == len(honest.actions)
    assert verification.illegal.reason == "game_over"


def test_a_record_without_a_seed_cannot_be_checked_but_may_be_legal(
    honest: GameRecord, tmp_path: Path
) -> None:
    unseeded = GameRecord.new(honest.rules, honest.seats, decks=honest.decks)
    for action in honest.actions:
        unseeded = unseeded.appended(action)
    assert unseeded.seed is None
    verification = verify_record(unseeded)
    assert verification.verdict == "no_seed"
    assert all(check.seed is None and not check.matches for check in verification.decks)

    path = write_record(tmp_path / "game.json", honest, lambda document: document.pop("seed"))
    assert verify_file(path).verdict == "no_seed"


def test_an_illegal_action_outranks_a_missing_seed(honest: GameRecord) -> None:
    extra = honest.model_copy(update={"seed": None}).appended(Draw(seat=0))
    assert verify_record(extra).verdict == "illegal"


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda document: document["actions"][0].update(kind="cheat"), "unknown action kind"),
        (lambda document: document["actions"][0].update(seat="1"), "must be a whole number"),
        (lambda document: document["decks"][0].pop(), "the deck has 27 tiles"),
        (lambda document: document.update(version=FORMAT_VERSION + 1), "newer than this program"),
    ],
    ids=["unknown-kind", "seat-as-text", "short-deck", "newer-version"],
)
def test_a_file_that_is_not_a_sound_saved_game_gets_the_loaders_error(
    honest: GameRecord, tmp_path: Path, change: Any, problem: str
) -> None:
    path = write_record(tmp_path / "game.json", honest, change)
    with pytest.raises(RecordError) as caught:
        verify_file(path)
    assert problem in caught.value.problem
    assert str(caught.value).startswith(f"{path}: ")


def test_a_missing_file_gets_the_loaders_error(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="no such file"):
        verify_file(tmp_path / "nothing.json")


def test_a_deck_of_another_seed_is_not_from_this_one(honest: GameRecord) -> None:
    other = with_decks(honest, [list(deck) for deck in decks_from_seed(honest.rules, SEED + 1)])
    checks = deck_checks(other)
    assert not any(check.matches for check in checks)
    assert all(len(check.misplaced) > 10 for check in checks)


def test_the_documented_example_is_dealt_from_its_seed() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "save-format.md").read_text("utf-8")
    example = parse_record(text.split("```json\n", 1)[1].split("```", 1)[0])
    assert example.seed == 7 and verify_record(example).verdict == "verified"


def test_the_decks_of_every_saved_sample_come_from_their_seed() -> None:
    samples = Path(__file__).resolve().parents[1] / "data" / "records"
    for sample in sorted(samples.glob("*.json")):
        assert verify_file(sample).verdict == "verified", sample.name


# ----- the documented derivation ---------------------------------------------------------------


def documented_outputs(seed: int) -> Iterator[int]:
    """The 32-bit outputs of MT19937 seeded with ``init_by_array(key)``, the key being the
    absolute value of ``seed`` in 32-bit words, least significant first (as documented)."""
    number = abs(seed)
    key = [number & 0xFFFFFFFF]
    while number >> 32:
        number >>= 32
        key.append(number & 0xFFFFFFFF)
    state = [19650218]
    for i in range(1, 624):
        state.append((1812433253 * (state[-1] ^ (state[-1] >> 30)) + i) & 0xFFFFFFFF)
    i, j = 1, 0
    for _ in range(max(624, len(key))):
        mixed = (state[i - 1] ^ (state[i - 1] >> 30)) * 1664525
        state[i] = ((state[i] ^ mixed) + key[j] + j) & 0xFFFFFFFF
        i, j = i + 1, (j + 1) % len(key)
        if i == 624:
            state[0], i = state[623], 1
    for _ in range(623):
        mixed = (state[i - 1] ^ (state[i - 1] >> 30)) * 1566083941
        state[i] = ((state[i] ^ mixed) - i) & 0xFFFFFFFF
        i += 1
        if i == 624:
            state[0], i = state[623], 1
    state[0] = 0x80000000
    while True:
        for k in range(624):
            y = (state[k] & 0x80000000) | (state[(k + 1) % 624] & 0x7FFFFFFF)
            state[k] = state[(k + 397) % 624] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        for y in state:
            y ^= y >> 11
            y ^= (y << 7) & 0x9D2C5680
            y ^= (y << 15) & 0xEFC60000
            yield y ^ (y >> 18)


def documented_decks(rules: RuleSet, seed: int) -> list[list[Tile]]:
    """The decks as docs/save-format.md says to make them."""
    outputs = documented_outputs(seed)

    def below(limit: int) -> int:
        bits = limit.bit_length()
        while True:
            value = next(outputs) >> (32 - bits)
            if value < limit:
                return value

    decks = []
    for _round in range(rules.round_count):
        deck = list(full_set(rules.set_size))
        for i in range(len(deck) - 1, 0, -1):
            j = below(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        decks.append(deck)
    return decks


@pytest.mark.parametrize("seed", [0, 1, 7, SEED, -SEED, 2**32 + 5, 2**63 - 1, -(2**63)])
def test_the_seed_makes_the_decks_the_documentation_describes(seed: int) -> None:
    for rules in (three_seat_rules(rounds=3), preset("cross", players=4, set_size=12, rounds=2)):
        assert [list(deck) for deck in decks_from_seed(rules, seed)] == documented_decks(
            rules, seed
        )


def test_the_decks_are_those_a_new_game_shuffles() -> None:
    rules = three_seat_rules()
    assert GameRecord.new(rules, people(3), seed=99).decks == decks_from_seed(rules, 99)


# ----- where the tiles went ------------------------------------------------------------------


def first_record(rules: RuleSet, wanted: Any) -> GameRecord:
    """The first game dealt from seeds 1, 2, ... whose deal of round 1 is ``wanted``."""
    for seed in range(1, 500):
        record = GameRecord.new(rules, people(rules.players), seed=seed)
        if wanted(record):
            return record
    raise AssertionError("no seed deals that")


def test_a_dealt_double_stays_in_its_holders_hand() -> None:
    rules = three_seat_rules()
    per_hand = rules.tiles_per_hand
    double = Tile(6, 6)
    record = first_record(rules, lambda r: double in r.decks[0][: 3 * per_hand])
    deck = record.decks[0]
    deal = round_deal(record, 1)
    assert deal.hands == tuple(deck[seat * per_hand : (seat + 1) * per_hand] for seat in range(3))
    assert deal.boneyard == deck[3 * per_hand :]
    assert deal.double == double and deal.double_dealt and deal.searched == ()
    assert double in deal.hands[deal.placed_by]
    assert deal.place_of(double) == deck.index(double) + 1


def test_a_double_nobody_was_dealt_is_drawn_for() -> None:
    rules = three_seat_rules()
    per_hand = rules.tiles_per_hand
    record = first_record(rules, lambda r: Tile(6, 6) not in r.decks[0][: 3 * per_hand])
    deck = record.decks[0]
    deal = round_deal(record, 1)
    assert deal.hands == tuple(deck[seat * per_hand : (seat + 1) * per_hand] for seat in range(3))
    found = deck.index(Tile(6, 6))
    drawn = deck[3 * per_hand : found + 1]
    # Seat 0 (round 1 mod 3 players) draws first, then the seats in turn.
    assert deal.searched == tuple((offset % 3, tile) for offset, tile in enumerate(drawn))
    assert deal.search_draws == len(drawn) and not deal.double_dealt
    assert deal.placed_by == (len(drawn) - 1) % 3
    assert deal.boneyard == deck[found + 1 :]


def test_a_searched_double_is_turned_up_and_the_rest_dealt_in_order() -> None:
    rules = three_seat_rules("trains")
    per_hand = rules.tiles_per_hand
    record = first_record(rules, lambda r: r.decks[0].index(Tile(6, 6)) > 0)
    deck = record.decks[0]
    found = deck.index(Tile(6, 6))
    rest = deck[:found] + deck[found + 1 :]
    deal = round_deal(record, 1)
    assert deal.hands == tuple(rest[seat * per_hand : (seat + 1) * per_hand] for seat in range(3))
    assert deal.boneyard == rest[3 * per_hand :]
    assert deal.searched == () and deal.search_draws == found + 1
    assert deal.placed_by == found % 3


def test_the_deal_of_a_later_round(honest: GameRecord) -> None:
    per_hand = honest.rules.tiles_per_hand
    deal = round_deal(honest, 2)
    assert deal.round_number == 2 and deal.double == Tile(5, 5)
    dealt = {tile for hand in deal.hands for tile in hand}
    drawn = {tile for _seat, tile in deal.searched}
    assert dealt | drawn | set(deal.boneyard) | {deal.double} == set(full_set(6))
    assert sum(len(hand) for hand in deal.hands) == 3 * per_hand


def test_a_round_over_as_soon_as_it_is_dealt() -> None:
    # One tile each, and seat 0's is the double: placing it empties seat 0's hand.
    rules = preset("cross", players=2, set_size=6, hand_size=1, rounds=2)
    deck = (Tile(6, 6), *(tile for tile in full_set(6) if tile != Tile(6, 6)))
    record = GameRecord.new(rules, people(2), decks=[deck, full_set(6)])
    state: GameState = record.final_state()
    assert state.round_index == 1, "round 1 was over at once"
    deal = round_deal(record, 1)
    assert deal.hands == ((Tile(6, 6),), (deck[1],))
    assert deal.boneyard == deck[2:] and deal.placed_by == 0


def test_a_round_not_dealt_yet_has_no_deal(honest: GameRecord) -> None:
    with pytest.raises(ValueError, match="round 2 has not been dealt"):
        round_deal(honest.truncated(0), 2)


def test_every_deal_of_a_played_game_accounts_for_every_tile() -> None:
    rules = preset("cross", players=4, set_size=9, rounds=3)
    record = random_record(rules, people(4), 5)
    for number in range(1, 4):
        deal = round_deal(record, number)
        tiles = [tile for hand in deal.hands for tile in hand]
        tiles += [tile for _seat, tile in deal.searched if tile != deal.double]
        tiles += list(deal.boneyard)
        if not deal.double_dealt:
            tiles.append(deal.double)
        assert sorted(tiles) == sorted(record.decks[number - 1])


def test_games_played_to_the_end_are_verified() -> None:
    for seed in range(5):
        assert (
            verify_record(random_record(three_seat_rules(), people(3), seed)).verdict == "verified"
        )
