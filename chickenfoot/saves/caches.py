"""Cache files: JSON documents of remembered entries that can always be rebuilt (the saves'
summaries index, the statistics cache).

A :class:`CacheFile` reads its file only when it changed since this process last read or
wrote it, and only a document of its own format and version made with the same checks (the
program version and whatever else its entries depend on); anything else is ignored, never
an error. Writing is atomic and never fails loudly: a folder that refuses writes only costs
time.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from chickenfoot.saves.files import (
    FileProblem,
    FileStamp,
    FileWriteError,
    read_regular_file,
    write_file,
)

Stamp = tuple[int, int, int]
"""A file version: (size, modification time in ns, inode)."""


def file_stamp(stamp: FileStamp) -> Stamp:
    """The :data:`Stamp` of a file as read or written."""
    return (stamp.size, stamp.mtime_ns, stamp.inode)


class CacheFile:
    """One kind of cache file: its ``format`` name and ``version``, what it is called in
    messages (``what``), and the most bytes read of it."""

    def __init__(self, format: str, version: int, what: str, max_bytes: int) -> None:
        self.format = format
        self.version = version
        self.what = what
        self.max_bytes = max_bytes
        self._seen: dict[str, Stamp] = {}
        """The stamp of each such file when this process last read or wrote it."""

    def read(self, path: Path, checks: str) -> dict[str, Any] | None:
        """The ``files`` object of the cache at ``path``; None when it is missing, unreadable,
        another format, version or checks, or unchanged since this process read or wrote it
        (its entries are known already)."""
        try:
            content = read_regular_file(path, self.max_bytes, self.what)
        except FileProblem:
            return None
        stamp = file_stamp(content.stamp)
        if self._seen.get(str(path)) == stamp:
            return None
        self._seen[str(path)] = stamp
        try:
            document = json.loads(content.data)
        except (ValueError, RecursionError):
            return None
        if not (
            isinstance(document, dict)
            and document.get("format") == self.format
            and document.get("version") == self.version
            and document.get("checks") == checks
            and isinstance(document.get("files"), dict)
        ):
            return None
        files: dict[str, Any] = document["files"]
        return files

    def write(self, path: Path, checks: str, files: dict[str, Any]) -> None:
        """Write the cache at ``path`` with these ``files`` entries (atomically, without
        waiting for the disk); a write that fails is left at that."""
        document: dict[str, Any] = {
            "format": self.format,
            "version": self.version,
            "checks": checks,
            "files": files,
        }
        try:
            stamp = write_file(path, json.dumps(document, ensure_ascii=False).encode(), sync=False)
        except FileWriteError:
            return
        self._seen[str(path)] = file_stamp(stamp)

    def forget(self) -> None:
        """Forget which files were read (as a new process would start)."""
        self._seen.clear()
