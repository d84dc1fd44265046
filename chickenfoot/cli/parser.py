"""argparse in the player's language: the command line's own words come from the catalogue.

argparse words its help and its refusals itself ("usage:", "options", "the following
arguments are required: ...", "invalid choice: ...") through the standard library's
:func:`gettext.gettext`, which knows nothing of the language chickenfoot speaks. A
:class:`Parser` lends argparse chickenfoot's own :func:`~chickenfoot.lang._` and
:func:`~chickenfoot.lang.ngettext` while it builds its help, reads the command line and
words a refusal, and argparse's English back afterwards: the words listed in
:data:`ARGPARSE_WORDS` (argparse's own messages, ``%``-placeholders and all) are translated
like every other message. Imports nothing but argparse and :mod:`chickenfoot.lang`, so
``chickenfoot --version`` stays quick.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NoReturn

from chickenfoot.lang import N_, _, ngettext

ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    # Translators: argparse's one line for a bad command line: "chickenfoot: error: ...".
    N_("%(prog)s: error: %(message)s\n"),
)
"""argparse's own words that a player can meet (Python 3.11 to 3.13 word them alike; a
wording a later Python changes is shown in English until the catalogue has it)."""


@contextmanager
def speaking_argparse() -> Iterator[None]:
    """argparse words everything through chickenfoot's catalogue inside the block (the
    previous words again after it, even when it exits)."""
    names = vars(argparse)  # the module's own names: its calls look them up when made
    before = (names["_"], names["ngettext"])
    names["_"], names["ngettext"] = _, ngettext
    try:
        yield
    finally:
        names["_"], names["ngettext"] = before


class Parser(argparse.ArgumentParser):
    """An :class:`argparse.ArgumentParser` whose own words (its help's headings, its
    refusals) come from chickenfoot's catalogue; its subcommands' parsers are Parsers too."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        with speaking_argparse():
            super().__init__(*args, **kwargs)

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: Any = None
    ) -> tuple[Any, list[str]]:
        """argparse's reading of ``args``, its refusals in the player's language."""
        with speaking_argparse():
            return super().parse_known_args(args, namespace)

    def format_usage(self) -> str:
        """The usage line, "usage:" in the player's language."""
        with speaking_argparse():
            return super().format_usage()

    def format_help(self) -> str:
        """The whole help, its headings in the player's language."""
        with speaking_argparse():
            return super().format_help()

    def error(self, message: str) -> NoReturn:
        """Print the usage and ``message`` as argparse does, in the player's language; exit
        with status 2."""
        with speaking_argparse():
            super().error(message)
