"""The table keeper: a table's row waited for alone, however many other tables' rows wait."""

from __future__ import annotations

import threading

from chickenfoot.net.kept import TableKeeper
from chickenfoot.record.summary import GameId
from chickenfoot.saves.store import KeptTableRow

WAIT = 30.0


class GatedTables:
    """A table store whose writes of table ``A`` wait at a gate until it opens."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.rows: dict[str, str] = {}

    def keep_table(self, code: str, game: GameId | None, data: str) -> None:
        if code == "A":
            assert self.gate.wait(WAIT)
        self.rows[code] = data

    def tables(self) -> list[KeptTableRow]:
        return [(code, None, data) for code, data in sorted(self.rows.items())]

    def drop_table(self, code: str) -> None:
        self.rows.pop(code, None)


def test_a_tables_row_is_waited_for_alone() -> None:
    store = GatedTables()
    keeper = TableKeeper(store)
    keeper.keep("A", None, "a")
    assert keeper.written("B", 0), "no row of B waits: nothing to wait for"
    assert not keeper.written("A", 0.05), "A's row is held at the gate"
    keeper.keep("B", None, "b")
    assert not keeper.written("B", 0.05), "B's row waits its turn behind A's"
    store.gate.set()
    assert keeper.written("B", WAIT) and keeper.written("A", WAIT)
    assert store.rows == {"A": "a", "B": "b"}
    assert keeper.stop(WAIT)
