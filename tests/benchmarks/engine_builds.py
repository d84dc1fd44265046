"""The rules core's optional compiled build: make it, remove it, check it, and set it aside.

``make fast`` (``python -m tests.benchmarks.engine_builds build``) compiles the modules of
:data:`FAST_MODULES` with mypyc, in place: beside each source a compiled extension
(``moves.cpython-311-x86_64-linux-gnu.so``), and one library they share at the top of the
checkout. Python then imports the extension instead of the source, so an editable install
(``make play``, ``make test``) runs the compiled core; the same functions, the same results
(``tests/rules/test_compiled_core.py`` plays seeded games through both and compares every
position). ``make pure`` removes them, and the pure-Python core (the default install) is back.

An extension does not follow later edits of its source: :func:`stale_modules` names the ones
older than their source, ``make fast`` again rebuilds them. :func:`use_pure_source` makes a
fresh interpreter import the sources even where a build is present, so the benchmark and the
tests can run both side by side.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import json
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
"""The checkout: the folder holding ``chickenfoot``."""

FAST_MODULES = (
    "chickenfoot/rules/core/moves.py",
    "chickenfoot/rules/core/rounds.py",
    "chickenfoot/rules/core/shared.py",
)
"""What the fast build compiles: the rules core, whose moves are the playouts' hot path.
Not ``rules/board.py`` (it holds a Pydantic model, which mypyc cannot compile), nor
``core/positions.py``: its set's ``tiles_in`` table, kept in every position, builds with a
nested function, which compiled could no longer be copied with ``copy.deepcopy``; nor
``core/imagined.py``: compiled code rebuilds a tuple it returns, and ``round_only`` hands back
the very position it was given when that is already a round alone."""

PACKAGE = "chickenfoot"
EXTENSIONS = tuple(importlib.machinery.EXTENSION_SUFFIXES)


def module_name(source: str) -> str:
    """The dotted name of the module in ``source`` (a path relative to the checkout)."""
    return source.removesuffix(".py").replace("/", ".")


def compiled_files(root: Path = ROOT) -> list[Path]:
    """Every file a fast build left in ``root``: the extensions and their shared library."""
    extensions = [path for path in (root / PACKAGE).rglob("*") if path.name.endswith(EXTENSIONS)]
    shared = [path for path in root.glob("*__mypyc*") if path.name.endswith(EXTENSIONS)]
    return sorted(extensions + shared)


def compiled_sources(root: Path = ROOT) -> dict[Path, Path]:
    """The sources that have a compiled extension in ``root``, each with its extension."""
    found = {}
    for path in compiled_files(root):
        suffix = next(suffix for suffix in EXTENSIONS if path.name.endswith(suffix))
        if path.parent != root:
            found[path.with_name(path.name.removesuffix(suffix) + ".py")] = path
    return found


def stale_modules(root: Path = ROOT) -> list[str]:
    """The compiled modules whose source changed after they were built (sorted names)."""
    return sorted(
        module_name(str(source.relative_to(root)))
        for source, extension in compiled_sources(root).items()
        if not source.exists() or source.stat().st_mtime > extension.stat().st_mtime
    )


def cannot_build() -> str | None:
    """Why this machine cannot make the fast build (in words), or None if it can."""
    if importlib.util.find_spec("mypyc") is None:
        return "mypyc is not installed (make fast installs it: the `fast` dependency group)"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler: {compiler!r} is not on PATH"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "Python's C headers (Python.h) are not installed"
    return None


def build(root: Path = ROOT) -> None:
    """Compile :data:`FAST_MODULES` of the checkout ``root`` in place (mypyc and a C compiler).

    Raises ``RuntimeError`` with the reason if it cannot, or with mypyc's output if it fails.
    """
    reason = cannot_build()
    if reason is not None:
        raise RuntimeError(f"the fast build cannot be made here: {reason}")
    remove(root)
    done = subprocess.run(
        [sys.executable, "-m", "mypyc", *FAST_MODULES],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"mypyc failed:\n{done.stdout[-4000:]}{done.stderr[-4000:]}")


def remove(root: Path = ROOT) -> list[Path]:
    """Delete the fast build's files from ``root`` (the pure-Python core is back): which."""
    removed = compiled_files(root)
    for path in removed:
        path.unlink()
    return removed


class PureSource(importlib.abc.MetaPathFinder):
    """Imports a module of ours from its source even where a compiled extension sits beside it."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        """The source's spec for a compiled module of ours; None (ask the others) otherwise."""
        if not fullname.startswith(PACKAGE + "."):
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        origin = spec.origin if spec is not None else None
        if origin is None or not origin.endswith(EXTENSIONS):
            return None
        suffix = next(suffix for suffix in EXTENSIONS if origin.endswith(suffix))
        return importlib.util.spec_from_file_location(fullname, origin.removesuffix(suffix) + ".py")


def use_pure_source() -> None:
    """Import the rules core from its sources from now on, whatever is compiled.

    Call it before anything imports :mod:`chickenfoot.rules`: a module already imported stays.
    """
    if any(name == PACKAGE or name.startswith(PACKAGE + ".") for name in sys.modules):
        raise RuntimeError("use_pure_source() must come before chickenfoot is imported")
    sys.meta_path.insert(0, PureSource())


def is_compiled(module: ModuleType) -> bool:
    """True if ``module`` was imported from a compiled extension."""
    return str(getattr(module, "__file__", "")).endswith(EXTENSIONS)


TRACED_TABLES: tuple[tuple[str, int, int, str, str], ...] = (
    ("cross", 4, 9, "may_play", "one"),
    ("trains", 4, 9, "must_play", "until_playable"),
    ("cross", 2, 6, "must_play", "until_playable"),
    ("trains", 3, 9, "may_play", "one"),
    ("cross", 6, 12, "may_play", "until_playable"),
    ("trains", 8, 12, "must_play", "one"),
)
"""The tables :func:`trace` plays: preset, seats, set, what a drawn tile may do, how to draw."""


def trace(games: int, seed: int = 1) -> list[str]:
    """One line per step of ``games`` seeded games on each of :data:`TRACED_TABLES`, made with
    the rules core as imported: the position, its events, and the refusal of a wrong move.

    Each step picks a legal move at random and also asks the core about a move it may refuse
    (a tile of the hand on a random end), so refusals are traced with their reason and words.
    Two builds of the core that give the same lines played every game alike.
    """
    import random

    from chickenfoot.rules import Event, core, preset
    from chickenfoot.rules.history import moves_of
    from chickenfoot.rules.ruleset import PresetName

    lines = []
    rng = random.Random(seed)
    for name, players, set_size, drawn_tile, draw in TRACED_TABLES:
        preset_name: PresetName = "cross" if name == "cross" else "trains"
        rules = preset(
            preset_name, players=players, set_size=set_size, drawn_tile=drawn_tile, draw=draw
        )
        for _ in range(games):
            events: list[Event] = []
            position = core.new_game(rules, seed=rng.getrandbits(32), events=events)
            while True:
                table, hands, boneyard, board, seat, drawn, bits, log = position
                facts = (hands, boneyard, board, seat, drawn, bits, moves_of(log))
                round_facts = (table.round_index, table.round_scores, table.over)
                lines.append(repr((facts, round_facts, events)))
                if table.over:
                    break
                hand = hands[seat]
                if hand:
                    targets = [end.target for end in core.open_ends(position)] + ["B.2"]
                    wrong = ("play", seat, rng.choice(hand), rng.choice(targets))
                    refused = core.refusal(position, wrong)
                    lines.append(repr((wrong, refused, getattr(refused, "reason", None))))
                events = []
                position = core.play(position, rng.choice(core.legal_moves(position)), events)
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """``build`` (compile), ``remove`` (back to pure Python) or ``status``; 2 for a bad word."""
    words = list(sys.argv[1:] if argv is None else argv)
    if words == ["build"]:
        try:
            build()
        except RuntimeError as failed:
            print(failed, file=sys.stderr)
            return 1
        print(f"compiled with mypyc: {', '.join(map(module_name, FAST_MODULES))}")
        print("`make pure` removes the build; rebuild with `make fast` after editing them")
        return 0
    if len(words) == 3 and words[0] == "trace" and words[1].isdigit():
        if words[2] == "pure":
            use_pure_source()
        from chickenfoot.rules.core import moves

        print(json.dumps({"compiled": is_compiled(moves), "lines": trace(int(words[1]))}))
        return 0
    if words == ["remove"]:
        removed = remove()
        print(f"removed {len(removed)} compiled files: the rules core is pure Python")
        return 0
    if words == ["status"]:
        sources = compiled_sources()
        stale = stale_modules()
        if not sources:
            print("pure Python: no compiled module (make fast builds them)")
        for source in sorted(sources):
            name = module_name(str(source.relative_to(ROOT)))
            print(f"{name}: compiled{', STALE (make fast again)' if name in stale else ''}")
        return 1 if stale else 0
    usage = "usage: python -m tests.benchmarks.engine_builds build | remove | status | trace N MODE"
    print(usage, file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
