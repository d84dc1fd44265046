"""The PostgreSQL server and databases of the store tests (:mod:`tests.saves.conftest`), for
the tests of several table servers sharing one store."""

from __future__ import annotations

from tests.saves.conftest import postgres_database, postgres_server

__all__ = ["postgres_database", "postgres_server"]
