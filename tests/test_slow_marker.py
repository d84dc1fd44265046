"""The ``slow`` marker stays true: a test not marked slow starts no process and not the app,
and a test that uses a slow kit is found and marked (:mod:`tests.slow`)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from types import ModuleType

import pytest

from tests.slow import GUARD, StartedSomethingSlow, reaches_slow_kit


def test_a_test_not_marked_slow_may_start_no_process(request: pytest.FixtureRequest) -> None:
    assert request.node.get_closest_marker("slow") is None
    with pytest.raises(StartedSomethingSlow, match="not marked slow"):
        os.popen("true")  # through subprocess.Popen
    with pytest.raises(StartedSomethingSlow, match=re.escape(request.node.nodeid)):
        os.system("true")


@pytest.mark.slow
def test_a_slow_test_may_start_processes() -> None:
    done = subprocess.run([sys.executable, "-c", "print('started')"], capture_output=True)
    assert done.stdout.strip() == b"started"


def test_the_guard_refuses_only_while_a_test_not_marked_slow_runs() -> None:
    with GUARD.test_running("tests/made_up.py::test_quick", slow=False):
        with pytest.raises(StartedSomethingSlow, match=re.escape("made_up.py::test_quick")):
            GUARD.refuse()
        with GUARD.test_running("tests/made_up.py::test_slow", slow=True):
            GUARD.refuse()
        with pytest.raises(StartedSomethingSlow, match=re.escape("made_up.py::test_quick")):
            GUARD.refuse()


def test_the_guard_refuses_the_app_to_a_test_not_marked_slow() -> None:
    from textual.app import App

    quick = GUARD.test_running("tests/made_up.py::test_quick", slow=False)
    refused = pytest.raises(StartedSomethingSlow, match=re.escape("made_up.py::test_quick"))
    with quick, refused:
        App().run_test()


def made_up_module(source: str) -> ModuleType:
    """A test module made of ``source`` (never imported from a file)."""
    module = ModuleType("tests.made_up")
    exec(compile(source, "tests/made_up.py", "exec"), vars(module))
    return module


def test_a_test_that_names_a_slow_kit_reaches_it() -> None:
    module = made_up_module(
        "from tests import terminal\n"
        "from tests.net.processes import host\n"
        "def test_module(): terminal.start\n"
        "def test_function(): host\n"
        "def test_nested():\n"
        "    def later(): return host\n"
        "    return later\n"
        "def test_imports():\n"
        "    import subprocess\n"
        "    subprocess.run(['true'])\n"
    )
    assert reaches_slow_kit(module.test_module)
    assert reaches_slow_kit(module.test_function)
    assert reaches_slow_kit(module.test_nested)
    assert reaches_slow_kit(module.test_imports)


def test_a_test_reaches_a_slow_kit_through_its_module_s_helpers() -> None:
    module = made_up_module(
        "from tests.browser.server import start\n"
        "def serve(): return start\n"
        "def twice(): return serve(), serve()\n"
        "class Table:\n"
        "    def open(self): return twice()\n"
        "def test_helper(): twice()\n"
        "def test_class(): Table().open()\n"
    )
    assert reaches_slow_kit(module.test_helper)
    assert reaches_slow_kit(module.test_class)


def test_a_test_that_runs_the_app_reaches_it() -> None:
    module = made_up_module(
        "from chickenfoot.tui.app import ChickenFootApp\n"
        "async def pilot():\n"
        "    async with ChickenFootApp().run_test() as pilot:\n"
        "        await pilot.pause()\n"
        "async def test_pilot(): await pilot()\n"
    )
    assert reaches_slow_kit(module.test_pilot)


def test_a_test_that_names_a_kit_only_as_a_type_or_uses_other_kits_does_not() -> None:
    module = made_up_module(
        "from __future__ import annotations\n"
        "from tests.browser.server import Served\n"
        "from tests.kit import short_rules\n"
        "def helper(): return short_rules(2)\n"
        "def test_typed(served: Served) -> None: helper()\n"
    )
    assert not reaches_slow_kit(module.test_typed)
