"""docs/save-format.md says what the code does: each store's schema version (SQLite's and
PostgreSQL's), its tables, the words a newer database is refused with, and the file format's
version; each is read from the document and compared with the code, so the two cannot drift
apart again."""

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
from tests.postgres import PostgresServer

DOC = Path(__file__).resolve().parents[2] / "docs" / "save-format.md"
CREATED_TABLE = re.compile(r"CREATE TABLE (\w+)")


def document() -> str:
    return DOC.read_text(encoding="utf-8")


def section(heading: str) -> str:
    """The document's part under the level-2 ``heading``, to the next one."""
    text = document()
    start = text.index(f"\n## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start : None if end < 0 else end]


def store_section() -> str:
    """The document's part about the store (``chickenfoot.db``)."""
    return section("The store (`chickenfoot.db`)")


def postgres_section() -> str:
    """The document's part about the store on PostgreSQL."""
    return section("The store on PostgreSQL")


def documented_tables(text: str) -> set[str]:
    """The tables named in the first column of ``text``'s tables."""
    rows = re.findall(r"^\| ((?:`\w+`(?:, )?)+) \|", text, flags=re.MULTILINE)
    return {name for row in rows for name in re.findall(r"`(\w+)`", row)}


def test_the_documented_schema_version_is_the_codes() -> None:
    section = store_section()
    (heading,) = re.findall(r"### Tables \(schema version (\d+)\)", section)
    (today,) = re.findall(r"is its schema version: (\d+) today", section)
    assert int(heading) == int(today) == SCHEMA_VERSION


def test_every_table_the_schema_makes_is_documented() -> None:
    made = {
        name for statements in MIGRATIONS for s in statements for name in CREATED_TABLE.findall(s)
    }
    assert made == documented_tables(store_section())


def test_the_postgresql_schema_is_documented() -> None:
    from chickenfoot.saves.postgresql import schema

    text = postgres_section()
    (heading,) = re.findall(r"### Tables \(PostgreSQL schema version (\d+)\)", text)
    (today,) = re.findall(r"is the database's schema\s+version: (\d+) today", text)
    assert int(heading) == int(today) == schema.SCHEMA_VERSION
    made = {
        name
        for _what, statements in schema.MIGRATIONS
        for statement in (schema.MAKE_VERSION_TABLE, *statements)
        for name in CREATED_TABLE.findall(statement)
    }
    assert made == documented_tables(text) == {*schema.TABLES, schema.VERSION_TABLE}


def test_a_newer_postgresql_database_is_refused_as_documented(
    postgres_server: PostgresServer, postgres_database: str
) -> None:
    from chickenfoot.saves.postgresql import PostgresStore, schema

    newer = schema.SCHEMA_VERSION + 1
    postgres_server.execute(
        postgres_database,
        f"INSERT INTO {schema.VERSION_TABLE} (version, description) VALUES (%s, 'later')",
        (newer,),
    )
    (documented,) = re.findall(r'\("(the games were saved by a newer[^"]*)"\)', postgres_section())
    with pytest.raises(StoreError) as refused:
        PostgresStore(postgres_server.address(postgres_database))
    assert refused.value.problem == " ".join(documented.split())


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
