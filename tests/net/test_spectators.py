"""Spectators as players expect: who watches is always told (coming and going), a name is a
name and not a sentence, no name may pass for another's at the table (case, width, accents,
look-alike letters of other alphabets), seats' names checked the same way, and the creator
may turn watching off."""

from __future__ import annotations

import pytest

from chickenfoot.net.denials import denial_text
from chickenfoot.net.names import look_alike_key, looks_like, name_refusal
from chickenfoot.net.protocol import (
    Denied,
    JoinTable,
    Seated,
    SetWatching,
    TableStatus,
    WatchTable,
)
from chickenfoot.net.seating import lobby_lines
from tests.net.online import Probe, online, options, wait_for


@pytest.mark.parametrize(
    "other",
    ["ana", "ANA", "Аna", "Ａｎａ", "Áná", "  Ana ", "Αna", "AnA"],
)
def test_names_that_look_alike_are_one_name(other: str) -> None:
    assert look_alike_key(other) == look_alike_key("Ana"), other
    assert looks_like(other, ["Bea", "Ana"]) == "Ana"


def test_look_alike_letters_within_latin_are_caught_too() -> None:
    assert look_alike_key("AIice") == look_alike_key("Alice")
    assert look_alike_key("B0b") == look_alike_key("Bob")
    assert looks_like("Bea", ["Ana", "Cy"]) is None


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("Ana: Bob peeks at tiles", "a name, not a sentence"),
        ("Bob peeks", None),
        ("Mary-Ann O'Neil", None),
        ("Jean  Luc", "a name, not a sentence"),
        ("Ana!", "a name has letters, digits and - ' . _ only, not '!'"),
        ("Аna", "a name of one alphabet: it mixes letters of Cyrillic and Latin"),
        ("Анна", None),
        ("山田たろう", None),
        ("1234", "a name needs a letter"),
        ("Ana\x1b[31m", "control character"),
        ("A" * 25, "at most 24 characters"),
    ],
)
def test_a_name_is_one_word_like_name(name: str, words: str | None) -> None:
    problem = name_refusal(name)
    if words is None:
        assert problem is None, problem
    else:
        assert problem is not None and words in problem, problem


async def test_a_spectator_cannot_pass_for_a_seated_person_nor_say_a_sentence() -> None:
    async with online() as room:
        table = room.table(options(2), auto_start=False)
        ana = Probe(room.link(JoinTable(code=table.code, name="Ana"), table.code))
        await ana.next(Seated)
        refusals = {}
        for name in ("ana", "Аna", "Ａｎａ", "Bea", "Ana: Bob peeks at tiles"):
            spy = Probe(room.link(WatchTable(code=table.code, name=name), table.code))
            refusals[name] = await spy.next(Denied)
            await spy.close()
        assert refusals["ana"].reason == "name_taken"
        assert refusals["Аna"].reason == "bad_message", "one alphabet"
        assert (refusals["Ａｎａ"].name, refusals["Ａｎａ"].like) == ("Ａｎａ", "Ana")
        assert (
            denial_text(refusals["Ａｎａ"])
            == "Ａｎａ looks like Ana, who is at this table: choose another name"
        )
        assert refusals["Bea"].reason == "name_taken", "not the name of a seat still to be taken"
        assert refusals["Ana: Bob peeks at tiles"].detail == "bad_name"
        assert "not a sentence" in denial_text(refusals["Ana: Bob peeks at tiles"])
        assert not table.watchers
        # A person joining is checked against the spectators the same way.
        spy = Probe(room.link(WatchTable(code=table.code, name="Spy"), table.code))
        await spy.next(Seated)
        impostor = Probe(room.link(JoinTable(code=table.code, name="SPY"), table.code))
        assert (await impostor.next(Denied)).reason == "name_taken"
        for probe in (ana, spy, impostor):
            await probe.close()


async def test_spectators_coming_and_going_are_told_and_the_creator_turns_watching_off() -> None:
    async with online() as room:
        table = room.table(options(2), auto_start=False)
        ana = Probe(room.link(JoinTable(code=table.code, name="Ana"), table.code))
        await ana.next(Seated)
        bea = Probe(room.link(JoinTable(code=table.code, name="Bea"), table.code))
        await bea.next(Seated)
        spy = Probe(room.link(WatchTable(code=table.code, name="Spy"), table.code))
        await spy.next(Seated)
        await wait_for(lambda: ana.of(TableStatus)[-1].spectators == ("Spy",), "Spy told")
        await spy.close()
        await wait_for(lambda: ana.of(TableStatus)[-1].spectators == (), "Spy's leaving told")
        # Only the creator (Ana: the table's first person) decides who may watch.
        eve = Probe(room.link(WatchTable(code=table.code, name="Eve"), table.code))
        await eve.next(Seated)
        seen = len(bea.frames)
        assert bea.link.send(SetWatching(allowed=False))
        assert (await bea.next(Denied, seen)).reason == "not_creator"
        assert ana.link.send(SetWatching(allowed=False))
        assert (await eve.next(Denied)).reason == "watching_off"
        await wait_for(lambda: eve.link.ended, "Eve sent away")
        assert eve.link.problem == "the table's creator turned watching off"
        status = ana.of(TableStatus)[-1]
        await wait_for(lambda: not ana.of(TableStatus)[-1].watching, "the table's status")
        status = ana.of(TableStatus)[-1]
        assert status.spectators == ()
        seated = ana.link.seated
        lines = lobby_lines(room.address(table), seated, status)
        assert "Nobody may watch this table (its creator turned watching off)" in lines
        late = Probe(room.link(WatchTable(code=table.code, name="Fay"), table.code))
        assert (await late.next(Denied)).reason == "watching_off"
        assert ana.link.send(SetWatching(allowed=True))
        again = Probe(room.link(WatchTable(code=table.code, name="Gus"), table.code))
        await again.next(Seated)
        for probe in (ana, bea, eve, late, again):
            await probe.close()
