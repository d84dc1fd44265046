"""``chickenfoot keys``: every command's id and keys, place by place, the player's own marked,
and what the settings' keys section gets refused (status 1), in the same words as the app."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from chickenfoot import cli
from chickenfoot.tui.app import binding_owners
from chickenfoot.tui.keymap import bindings_of

KEYS_DOC = Path(__file__).resolve().parents[1] / "docs" / "keys.md"


def run_keys(capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``chickenfoot keys``: its status, stdout and stderr."""
    status = cli.main(["keys"])
    out, err = capsys.readouterr()
    return status, out, err


def write_keys(data_dir: Path, keys: object) -> None:
    settings = {"version": 1, "keys": keys}
    (data_dir / "settings.json").write_text(json.dumps(settings), encoding="utf-8")


def test_every_id_is_listed_with_its_keys(
    capsys: pytest.CaptureFixture[str], data_dir: Path
) -> None:
    status, out, err = run_keys(capsys)
    assert (status, err) == (0, "")
    listed = set(re.findall(r"^  ([a-z-]+\.[a-z-]+) ", out, re.MULTILINE))
    ids = {b.id for owner in binding_owners() for b in bindings_of(owner) if b.id}
    assert listed == ids
    documented = set(re.findall(r"\| `([a-z.-]+)` \|", KEYS_DOC.read_text(encoding="utf-8")))
    assert listed == documented
    assert re.search(r"^  game\.hint\s+i\s+The expert's suggestion", out, re.MULTILINE)
    assert "Refused" not in out and " * " not in out


def test_your_keys_are_marked_and_a_clash_is_refused(
    capsys: pytest.CaptureFixture[str], data_dir: Path
) -> None:
    write_keys(data_dir, {"game.hint": "I", "game.draw": "D", "menu.stats": "n"})
    status, out, _err = run_keys(capsys)
    assert status == 1
    assert re.search(r"^  game\.hint\s+I \*  \(was i\)\s+The expert's", out, re.MULTILINE)
    assert re.search(
        r"^  game\.draw-why-not\s+D \*  \(was d\)\s+\(moves with game\.draw\)$", out, re.MULTILINE
    )
    assert re.search(r"^  menu\.stats\s+s\s+Stats$", out, re.MULTILINE)
    assert out.endswith(
        "Refused (these commands keep their own keys):\n"
        "  menu.stats cannot take “n”: on the main menu screen that key is already menu.new "
        "(New game); menu.stats keeps “s”\n"
    )
