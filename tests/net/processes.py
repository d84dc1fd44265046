"""Real ``chickenfoot host`` and ``chickenfoot join`` processes for the tests: started with
their own data folders, read line by line as they print, stopped when the test ends.

The server listens on a port the system picks (``--port 0``) and the test reads its join line
from what it prints, so tests running in parallel never race for a port. Every wait has a
deadline and is a condition on what the process printed, never a fixed sleep.
"""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

WAIT = 90.0
"""Seconds a test waits for a line or an exit before it fails (never reached when all is
well)."""


class Process:
    """A ``chickenfoot`` command running in the background, its output collected as it comes."""

    def __init__(
        self, arguments: Sequence[str], data: Path, environment: Mapping[str, str] | None = None
    ) -> None:
        """Start ``chickenfoot ARGUMENTS`` with the data folder ``data`` (and ``environment``
        added to this process's)."""
        environment = dict(
            os.environ, **(environment or {}), CHICKENFOOT_DATA_DIR=str(data), PYTHONUNBUFFERED="1"
        )
        self.process = subprocess.Popen(
            [sys.executable, "-m", "chickenfoot", *arguments],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=environment,
        )
        self.lines: list[str] = []
        self._queue: queue.Queue[str | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._queue.put(line.rstrip("\n"))
        self._queue.put(None)

    def wait_for_line(self, pattern: str, timeout: float = WAIT, since: int = 0) -> re.Match[str]:
        """The first line matching ``pattern`` from line ``since`` of the output on (the
        start by default)."""
        deadline = time.monotonic() + timeout
        compiled = re.compile(pattern)
        while True:
            for line in self.lines[since:]:
                found = compiled.search(line)
                if found:
                    return found
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"no line matching {pattern!r} in: {self.lines[-20:]}")
            try:
                arrived = self._queue.get(timeout=remaining)
            except queue.Empty:
                continue
            if arrived is None:
                self._queue.put(None)
                raise AssertionError(f"the process ended without {pattern!r}: {self.lines[-20:]}")
            self.lines.append(arrived)

    def read_available(self) -> list[str]:
        """Take in the lines printed since last read, without waiting; the new ones."""
        found: list[str] = []
        while True:
            try:
                line = self._queue.get_nowait()
            except queue.Empty:
                break
            if line is None:
                self._queue.put(None)
                break
            found.append(line)
        self.lines += found
        return found

    def finish(self, timeout: float = WAIT) -> int:
        """Wait for the process to end; its exit status (its output all read)."""
        status = self.process.wait(timeout)
        self._reader.join(timeout)
        while True:
            try:
                line = self._queue.get_nowait()
            except queue.Empty:
                break
            if line is not None:
                self.lines.append(line)
        return status

    def stop(self, signum: int = signal.SIGTERM) -> int:
        """Send ``signum`` and wait for the process to end; its exit status."""
        if self.process.poll() is None:
            self.process.send_signal(signum)
        return self.finish()

    def kill(self) -> None:
        """End the process at once, as ``kill -9`` would."""
        if self.process.poll() is None:
            self.process.kill()
        self.finish()


def host(data: Path, *arguments: str) -> tuple[Process, str]:
    """``chickenfoot host --port 0 ARGUMENTS...`` running; it and the join line of its table
    (``--table`` should be among the arguments)."""
    server = Process(["host", "--port", "0", *arguments], data)
    found = server.wait_for_line(r"^table (\w+): chickenfoot join (\S+)$")
    return server, found.group(2)


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 signed by its own key (made by openssl), and the key."""
    certificate, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
            "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
            "-addext", "subjectAltName=IP:127.0.0.1",
            "-keyout", str(key), "-out", str(certificate),
        ],
        check=True,
        capture_output=True,
    )  # fmt: skip
    return certificate, key
