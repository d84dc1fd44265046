"""The slow tests: which they are, and the guard that keeps the ``slow`` marker true.

A test is slow when it starts a process (``chickenfoot host``, ``join`` or ``serve``, the app
in tmux, Chromium, a package build, a fresh interpreter), runs the full-screen app (Textual's
Pilot, a snapshot) or runs the benchmarks. ``make quick`` (``pytest -m "not slow"``) leaves
those out; ``make test`` runs everything.

The marker is put once, by what a test uses: ``tests/conftest.py`` marks every test that uses
one of :data:`SLOW_KITS` or :data:`STARTS` (in its own code, in a function or class of the
tests it calls, or in a fixture) or one of :data:`SLOW_FIXTURES` (:func:`slow_tests`). A test
that runs a benchmark in-process is marked in its module (``pytestmark``). The marker cannot
drift: while a test that is not marked slow runs, :data:`GUARD` refuses to start a process or
the app, and the test fails with :class:`StartedSomethingSlow`, naming itself.
"""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import CodeType, ModuleType
from typing import Any

import pytest

SLOW_KITS = (
    "multiprocessing",
    "pty",
    "subprocess",
    "tests.browser.server",
    "tests.browser.tabs",
    "tests.crash.kills",
    "tests.net.processes",
    "tests.net.terminals",
    "tests.terminal",
)
"""The modules whose use makes a test slow: Python's own ways to start a process, and the
kits that start ours (``chickenfoot serve``, ``host`` and ``join``, Chromium, the app in
tmux, a game under strace)."""

STARTS = frozenset({"create_subprocess_exec", "create_subprocess_shell", "run_test", "run_async"})
"""Names of methods elsewhere that start something slow: ``asyncio``'s processes, and
Textual's app (``App.run_test``, Pilot's way in; ``App.run_async``)."""

SLOW_FIXTURES = frozenset({"snap_compare"})
"""Fixtures of plugins that start something slow: pytest-textual-snapshot's runs the app."""

FORKS = ("fork", "forkpty", "posix_spawn", "posix_spawnp", "system")
"""The functions of :mod:`os` that start a process without :class:`subprocess.Popen`."""


class StartedSomethingSlow(AssertionError):
    """A test that is not marked slow tried to start a process or the app."""


def _of_the_tests(value: object) -> bool:
    """True if ``value`` (a module, function or class) is of the tests (``tests.*``)."""
    name = value.__name__ if isinstance(value, ModuleType) else getattr(value, "__module__", "")
    return isinstance(name, str) and name.partition(".")[0] == "tests"


def _from_kit(value: object) -> bool:
    """True if ``value`` (a module, function or class) is of one of :data:`SLOW_KITS`."""
    name = value.__name__ if isinstance(value, ModuleType) else getattr(value, "__module__", "")
    return isinstance(name, str) and any(
        name == kit or name.startswith(f"{kit}.") for kit in SLOW_KITS
    )


def _names(code: CodeType) -> Iterator[str]:
    """Every global or attribute name ``code`` reads, in its nested functions too."""
    yield from code.co_names
    for constant in code.co_consts:
        if isinstance(constant, CodeType):
            yield from _names(constant)


def reaches_slow_kit(function: Callable[..., Any], seen: set[int] | None = None) -> bool:
    """True if ``function`` names (or imports) a module, function or class of one of
    :data:`SLOW_KITS`, or one of :data:`STARTS`, or calls a function (or uses a class) of the
    tests that does, by its name or as an attribute of its module. A name used only in a type
    annotation does not count."""
    function = inspect.unwrap(function)
    code = getattr(function, "__code__", None)
    if code is None:
        return False
    seen = set() if seen is None else seen
    names = set(_names(code))
    if names & STARTS or names & set(SLOW_KITS):
        return True
    scope = function.__globals__
    found = [scope[name] for name in names if name in scope]
    for module in [value for value in found if isinstance(value, ModuleType)]:
        if _of_the_tests(module):
            found += [vars(module)[name] for name in names if name in vars(module)]
    for value in found:
        if id(value) in seen:
            continue
        seen.add(id(value))
        if _from_kit(value):
            return True
        if not _of_the_tests(value) or isinstance(value, ModuleType):
            continue
        if inspect.isclass(value):
            members = [m for m in vars(value).values() if inspect.isfunction(m)]
            if any(reaches_slow_kit(member, seen) for member in members):
                return True
        elif inspect.isfunction(inspect.unwrap(value)) and reaches_slow_kit(value, seen):
            return True
    return False


def _loaded_conftests() -> dict[Path, ModuleType]:
    """Every ``conftest.py`` module loaded, by its file."""
    return {
        Path(module.__file__): module
        for name, module in list(sys.modules.items())
        if name.rpartition(".")[2] == "conftest" and module.__file__ is not None
    }


def _fixture_functions(
    item: pytest.Function, conftests: dict[Path, ModuleType]
) -> Iterator[Callable[..., Any]]:
    """The functions of the fixtures ``item`` uses, as its module or a ``conftest.py`` above
    it defines them (plugins' fixtures are not looked for: see :data:`SLOW_FIXTURES`)."""
    places = [item.module]
    places += [
        conftests[f / "conftest.py"] for f in item.path.parents if f / "conftest.py" in conftests
    ]
    for name in item.fixturenames:
        found = next((vars(place)[name] for place in places if name in vars(place)), None)
        if found is not None and inspect.unwrap(found) is not found:
            yield found


def slow_tests(items: list[pytest.Item]) -> list[pytest.Item]:
    """The tests of ``items`` that use one of :data:`SLOW_FIXTURES`, or whose function or a
    fixture of theirs reaches a slow kit (see :func:`reaches_slow_kit`)."""
    conftests = _loaded_conftests()
    return [
        item
        for item in items
        if isinstance(item, pytest.Function)
        and (
            not SLOW_FIXTURES.isdisjoint(item.fixturenames)
            or any(map(reaches_slow_kit, [item.function, *_fixture_functions(item, conftests)]))
        )
    ]


class SlowGuard:
    """Refuses to start a process or the app except while a slow test runs.

    :meth:`install` puts checks of :attr:`running` in front of :class:`subprocess.Popen`'s
    constructor (which ``subprocess.run``, ``asyncio``'s subprocesses and Playwright use),
    the ways of :mod:`os` to start a process (:data:`FORKS`), and Textual's ``App.run_test``
    and ``App.run_async`` (every way to run the app); :meth:`uninstall` takes them away.
    """

    def __init__(self) -> None:
        self.running: str | None = None
        """The test running now that may start nothing slow (None: anything may start)."""
        self._originals: list[tuple[object, str, Callable[..., Any]]] = []

    def refuse(self) -> None:
        """Fail the test running now if it may start nothing slow."""
        if self.running is not None:
            raise StartedSomethingSlow(
                f"{self.running} starts a process or the app but is not marked slow: mark it "
                "(@pytest.mark.slow, or pytestmark = pytest.mark.slow for its module) so "
                "that make quick leaves it out"
            )

    def _check(self, owner: object, name: str) -> None:
        original: Callable[..., Any] = getattr(owner, name)

        def checked(*arguments: Any, **options: Any) -> Any:
            self.refuse()
            return original(*arguments, **options)

        self._originals.append((owner, name, original))
        setattr(owner, name, checked)

    def install(self) -> None:
        """Check every start of a process or of the app from now on."""
        from textual.app import App

        self._check(subprocess.Popen, "__init__")
        for name in FORKS:
            if hasattr(os, name):
                self._check(os, name)
        self._check(App, "run_test")
        self._check(App, "run_async")

    def uninstall(self) -> None:
        """Let processes and the app start unchecked again."""
        for owner, name, original in reversed(self._originals):
            setattr(owner, name, original)
        self._originals.clear()

    @contextmanager
    def test_running(self, test: str, *, slow: bool) -> Iterator[None]:
        """While the test named ``test`` runs: nothing slow may start unless it is ``slow``."""
        before, self.running = self.running, None if slow else test
        try:
            yield
        finally:
            self.running = before


GUARD = SlowGuard()
"""The guard ``tests/conftest.py`` installs for the whole test session."""
