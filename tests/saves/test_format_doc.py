"""docs/save-format.md says what the code does: the store's schema version, its tables, the
version a newer database is refused with, and the file format's version; each is read from
the document and compared with the code, so the two cannot drift apart again."""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from chickenfoot.record.model import FORMAT_VERSION
from chickenfoot.saves.database import open_store
from chickenfoot.saves.schema import MIGRATIONS, SCHEMA_VERSION
from chickenfoot.saves.store import StoreError

DOC = Path(__file__).resolve().parents[2] / "docs" / "save-format.md"
CREATED_TABLE = re.compile(r"CREATE TABLE (\w+)")


def document() -> str:
    return DOC.read_text(encoding="utf-8")


def store_section() -> str:
    """The document's part about the store (``chickenfoot.db``)."""
    text = document()
    return text[text.index("## The store (`chickenfoot.db`)") :]


def test_the_documented_schema_version_is_the_codes() -> None:
    section = store_section()
    (heading,) = re.findall(r"### Tables \(schema version (\d+)\)", section)
    (today,) = re.findall(r"is its schema version: (\d+) today", section)
    assert int(heading) == int(today) == SCHEMA_VERSION


def test_every_table_the_schema_makes_is_documented() -> None:
    rows = re.findall(r"^\| ((?:`\w+`(?:, )?)+) \|", store_section(), flags=re.MULTILINE)
    documented = {name for row in rows for name in re.findall(r"`(\w+)`", row)}
    made = {
        name for statements in MIGRATIONS for s in statements for name in CREATED_TABLE.findall(s)
    }
    assert made == documented


def test_the_refusal_of_a_newer_database_is_worded_as_documented(tmp_path: Path) -> None:
    path = tmp_path / "chickenfoot.db"
    with closing(sqlite3.connect(path)) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    (documented,) = re.findall(r'\("(the games were saved by a newer[^"]*)"\)', store_section())
    with pytest.raises(StoreError) as refused:
        open_store(path)
    assert str(refused.value) == f"{path}: {documented.replace(chr(10), ' ')}"


def test_the_documented_file_version_is_the_codes() -> None:
    (field,) = re.findall(
        r"\| `version` \| integer \| The format version, `(\d+)` today", document()
    )
    (versions,) = re.findall(r"chickenfoot writes `FORMAT_VERSION` \((\d+)\)", document())
    assert int(field) == int(versions) == FORMAT_VERSION
