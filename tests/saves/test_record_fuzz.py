"""Fuzz the saved-game loader: real saved games, mutated, must load cleanly or fail cleanly.

Every mutation (a JSON value deleted, duplicated or replaced; the bytes cut short, flipped or
spliced) must end in a record that loads and round-trips, or in a ``RecordError``: never any
other exception.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chickenfoot.record.model import GameRecord, RecordError
from chickenfoot.saves.jsonformat import load_record, parse_record, record_json

SAMPLES = Path(__file__).resolve().parents[1] / "data" / "records"
SAMPLE_TEXTS = {path.name: path.read_bytes() for path in sorted(SAMPLES.glob("v*.json"))}

FUZZ_SETTINGS = settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.integers(min_value=-3, max_value=20),
    st.floats(allow_nan=False),
    st.text(max_size=30),
    st.sampled_from(
        [
            "3|5",
            "9|9",
            "0|0",
            "19|2",
            "A",
            "B.1",
            "play",
            "draw",
            "pass",
            "human",
            "computer",
            "cross",
            "trains",
            "2026-11-30T12:00:00Z",
            "9999-12-31T23:59:59-05:00",
            "chickenfoot",
        ]
    ),
)
json_values = st.recursive(
    json_scalars,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=8,
)


@pytest.fixture(scope="module")
def scratch() -> Iterator[Path]:
    """A file the byte-level cases write to (module-scoped: Hypothesis reruns the test body)."""
    with TemporaryDirectory() as folder:
        yield Path(folder) / "fuzzed.json"


def loads_cleanly_or_fails_cleanly(load: Any) -> None:
    """Run ``load``: a record must replay and survive a save/load round trip; any failure must
    be a ``RecordError`` with a one-line message."""
    try:
        record = load()
    except RecordError as error:
        message = str(error)
    else:
        assert isinstance(record, GameRecord)
        assert parse_record(record_json(record)) == record
        return
    assert message and "\n" not in message


def containers(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The paths of every list and object inside ``value`` (the top level included)."""
    if isinstance(value, (dict, list)):
        yield path
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, child in items:
            yield from containers(child, (*path, key))


def at(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


@FUZZ_SETTINGS
@given(
    name=st.sampled_from(sorted(SAMPLE_TEXTS)),
    data=st.data(),
    operation=st.sampled_from(["delete", "duplicate", "replace", "add"]),
    new_value=json_values,
)
def test_mutated_json_loads_or_fails_cleanly(
    name: str, data: st.DataObject, operation: str, new_value: Any
) -> None:
    document = json.loads(SAMPLE_TEXTS[name])
    paths = list(containers(document))
    container = at(document, data.draw(st.sampled_from(paths), label="container"))
    keys = list(container.keys()) if isinstance(container, dict) else list(range(len(container)))
    if keys and operation != "add":
        key = data.draw(st.sampled_from(keys), label="key")
        if operation == "delete":
            del container[key]
        elif operation == "duplicate" and isinstance(container, list):
            container.insert(key, copy.deepcopy(container[key]))
        else:
            container[key] = new_value
    elif isinstance(container, dict):
        container[data.draw(st.text(max_size=8), label="new key")] = new_value
    else:
        container.append(new_value)
    text = json.dumps(document, ensure_ascii=data.draw(st.booleans(), label="ascii"))
    loads_cleanly_or_fails_cleanly(lambda: parse_record(text))


@FUZZ_SETTINGS
@given(
    name=st.sampled_from(sorted(SAMPLE_TEXTS)),
    data=st.data(),
    operation=st.sampled_from(["truncate", "flip", "splice"]),
)
def test_mutated_bytes_load_or_fail_cleanly(
    scratch: Path, name: str, data: st.DataObject, operation: str
) -> None:
    original = SAMPLE_TEXTS[name]
    position = data.draw(st.integers(min_value=0, max_value=len(original) - 1), label="position")
    if operation == "truncate":
        mutated = original[:position]
    elif operation == "flip":
        flipped = bytearray(original)
        for offset in data.draw(
            st.lists(st.integers(0, 64), min_size=1, max_size=4), label="offsets"
        ):
            index = min(position + offset, len(original) - 1)
            flipped[index] ^= data.draw(st.integers(1, 255), label="mask")
        mutated = bytes(flipped)
    else:
        inserted = data.draw(st.binary(min_size=1, max_size=16), label="inserted")
        mutated = original[:position] + inserted + original[position:]
    scratch.write_bytes(mutated)
    loads_cleanly_or_fails_cleanly(lambda: load_record(scratch))
    assert scratch.read_bytes() == mutated
