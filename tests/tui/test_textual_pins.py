"""The tests' patches of Textual's private API, pinned to the Textual they were checked with.

Textual offers no public way to do what these patches do, so they stay; a private name can
change in any release, silently turning a patch into a no-op. So each one is listed here with
the reason it exists, its use is checked to still reach what it means to change, and the
Textual version they were all checked against is written down: a new version fails
:func:`test_textual_is_the_version_the_private_patches_were_checked_with`, naming them. Once
each patch is checked again against the new version (or replaced by a public API), update
:data:`CHECKED_WITH`.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass

import textual
import textual._time
import textual.pilot
import textual.timer
from textual.pilot import Pilot

CHECKED_WITH = "8.2.8"
"""The Textual version every patch below was checked against."""


@dataclass(frozen=True)
class PrivatePatch:
    """A test's patch of a private name of Textual, and why no public API does it."""

    name: str
    where: str
    reason: str


PATCHES = (
    PrivatePatch(
        "textual.pilot.Pilot._wait_for_screen",
        "tests/conftest.py (patient_pilot, every test)",
        "Pilot gives a screen 30 s to handle its messages, a limit a loaded machine can exceed; "
        "run_test and Pilot have no setting for it, so the patch gives the default timeout "
        "PILOT_PATIENCE instead.",
    ),
    PrivatePatch(
        "textual._time.get_time",
        "tests/tui/test_computer_turns.py",
        "the clock Textual's timers read: the test makes it jump at every read, to show a "
        "computer's pause ends however late its timer's tick is; Textual has no public clock "
        "to replace.",
    ),
)
"""Every patch of Textual's private API in the tests."""


def test_textual_is_the_version_the_private_patches_were_checked_with() -> None:
    patches = "\n".join(f"- {patch.name} in {patch.where}: {patch.reason}" for patch in PATCHES)
    assert textual.__version__ == CHECKED_WITH, (
        f"Textual {textual.__version__} is installed; these patches of its private API were "
        f"checked with {CHECKED_WITH}. Check each one still works (or use a public API now), "
        f"then update CHECKED_WITH in {__name__}:\n{patches}"
    )


def test_pilot_still_waits_for_the_screen_through_the_patched_method() -> None:
    # Read from Textual's source: every test runs with the method patched.
    source = inspect.getsource(textual.pilot)
    assert "async def _wait_for_screen(self, timeout: float = 30.0) -> bool:" in source
    for method in (Pilot.press, Pilot.pause):
        assert "self._wait_for_screen()" in inspect.getsource(method), method


def test_timers_still_read_the_patched_clock() -> None:
    source = inspect.getsource(textual.timer.Timer._run)
    assert source.count("_time.get_time()") >= 2, "a timer reads the clock before and after"
    assert vars(textual.timer)["_time"] is textual._time
