"""Writing to a console that may not speak UTF-8.

In a ``C`` or ASCII locale (``LC_ALL=C PYTHONIOENCODING=ascii``), printing a name such as
"Cé" raises ``UnicodeEncodeError``. Everything chickenfoot prints on a console goes through
:func:`write_text`, which writes what the stream can encode and a ``?`` for the rest.
"""

from __future__ import annotations

from typing import TextIO


def encodable(text: str, stream: TextIO) -> str:
    """``text`` with every character that ``stream``'s encoding cannot write replaced by "?"."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        return text.encode(encoding, "replace").decode(encoding, "replace")
    except LookupError:  # a stream that names an encoding Python does not know
        return text.encode("ascii", "replace").decode("ascii")


def write_text(stream: TextIO, text: str) -> None:
    """Write ``text`` to ``stream``, replacing what its encoding cannot write."""
    stream.write(encodable(text, stream))


def write_line(stream: TextIO, text: str) -> None:
    """Write ``text`` and a line break to ``stream`` (see :func:`write_text`)."""
    write_text(stream, text + "\n")
