"""The outline (one row per line) words what a line not started yet needs."""

from __future__ import annotations

from chickenfoot.play.shown import BoardShown
from chickenfoot.rules import Board
from chickenfoot.tui.widgets.board import render_board


def test_a_new_arm_needs_an_eight() -> None:
    board = Board(centre=8, arms_required=4, played=())
    rows = render_board(BoardShown(board, {"A": "a"}), 60).rows
    assert any("new arm: needs an 8" in row.plain for row in rows)
    assert not any("needs a 8" in row.plain for row in rows)
