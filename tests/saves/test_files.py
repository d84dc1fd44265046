"""Reading only regular files, never blocking; writing with plain-words errors and stamps."""

from __future__ import annotations

import os
import socket
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import pytest

from chickenfoot.record.model import RecordError
from chickenfoot.record.problems import FileWriteError
from chickenfoot.saves.files import FileContent, FileProblem, read_regular_file, write_file
from chickenfoot.saves.jsonformat import load_record
from chickenfoot.saves.settings import load_settings

if TYPE_CHECKING:
    from _typeshed import FileDescriptorOrPath

POSIX_ONLY = pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX special files")

Result = TypeVar("Result")


def within(seconds: float, work: Callable[[], Result]) -> Result:
    """``work()``, failing the test (instead of hanging it) if it takes over ``seconds``."""
    outcome: list[Result] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            outcome.append(work())
        except BaseException as error:  # handed to the test below
            failure.append(error)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), f"still running after {seconds} s: it blocks"
    if failure:
        raise failure[0]
    return outcome[0]


@pytest.fixture
def short_folder() -> Iterator[Path]:
    """A folder with a short path (a socket's path must be under about 100 bytes)."""
    with tempfile.TemporaryDirectory(prefix="cf") as folder:
        yield Path(folder)


def special_files(folder: Path) -> dict[str, Path]:
    """A named pipe, a folder, a device (a link to /dev/zero) and a socket, named *.json."""
    pipe = folder / "pipe.json"
    os.mkfifo(pipe)
    directory = folder / "folder.json"
    directory.mkdir()
    device = folder / "zero.json"
    device.symlink_to("/dev/zero")
    socket_path = folder / "socket.json"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(socket_path))
    server.close()
    return {
        "a named pipe": pipe,
        "a folder": directory,
        "a device": device,
        "a socket": socket_path,
    }


@POSIX_ONLY
def test_anything_but_a_regular_file_is_refused_at_once_in_words(short_folder: Path) -> None:
    for kind, path in special_files(short_folder).items():
        with pytest.raises(FileProblem) as caught:
            within(5, partial(read_regular_file, path, 1000, "a test file"))
        assert caught.value.problem == f"not a regular file: {kind}"
        with pytest.raises(RecordError) as refused:
            within(5, partial(load_record, path))
        assert str(refused.value) == f"{path}: not a regular file: {kind}"
        settings = within(5, partial(load_settings, path))
        assert settings.problem == (
            f"{path}: cannot be read (not a regular file: {kind}); using the defaults"
        )


@POSIX_ONLY
def test_a_file_swapped_for_a_pipe_after_the_check_still_cannot_block(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    regular = tmp_path / "regular.json"
    regular.write_text("{}")
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    real_stat = os.stat

    def stat_before_the_swap(
        path: FileDescriptorOrPath, *, dir_fd: int | None = None, follow_symlinks: bool = True
    ) -> os.stat_result:
        if Path(str(path)) == pipe:
            return real_stat(regular)
        return real_stat(path, dir_fd=dir_fd, follow_symlinks=follow_symlinks)

    monkeypatch.setattr(os, "stat", stat_before_the_swap)
    with pytest.raises(FileProblem) as caught:
        within(5, lambda: read_regular_file(pipe, 1000, "a test file"))
    assert caught.value.problem == "not a regular file: a named pipe"


def test_a_regular_file_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b"hello")
    assert read_regular_file(path, 5, "a test file") == FileContent(b"hello")


def test_size_limits_are_checked_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    with open(path, "wb") as file:
        file.truncate(10 * 1024 * 1024)
    with pytest.raises(FileProblem) as caught:
        read_regular_file(path, 1024, "a small file")
    assert (
        caught.value.problem == "the file is 10.0 MiB, larger than the 1.0 KiB a small file may be"
    )


def test_a_broken_link_and_a_missing_file_are_told_apart(tmp_path: Path) -> None:
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "gone.json")
    with pytest.raises(FileProblem, match="a link to a file that does not exist"):
        read_regular_file(link, 10, "a test file")
    with pytest.raises(FileProblem, match="no such file"):
        read_regular_file(tmp_path / "gone.json", 10, "a test file")


def test_write_errors_are_plain_words(tmp_path: Path) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where a folder should be")
    with pytest.raises(FileWriteError) as caught:
        write_file(blocker / "saves" / "game.json", b"{}")
    target = blocker / "saves" / "game.json"
    assert str(caught.value) == f"{target}: cannot be written: {blocker} is a file, not a folder"
    assert "Errno" not in str(caught.value) and isinstance(caught.value, OSError)
