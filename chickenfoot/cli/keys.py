"""``chickenfoot keys``: every key of the game, place by place, with the player's own.

It lists each command's id (what the settings' ``keys`` section changes), its keys (the
player's where the settings change them, marked ``*`` with the keys they replace) and what it
does, for the keys that work everywhere and then each screen and widget; then every entry of
the ``keys`` section that is refused, with the reason in plain words (the same check the app
makes when it starts: :mod:`chickenfoot.tui.keymap`). The status is 0 when every entry is
used, 1 when one is refused.
"""

from __future__ import annotations

import sys
from typing import Any

from chickenfoot.cli.common import EXIT_FAILED, EXIT_OK, summary
from chickenfoot.lang import _
from chickenfoot.saves.display import read_display
from chickenfoot.saves.output import write_line
from chickenfoot.saves.paths import settings_path


def add_parsers(commands: Any) -> None:
    """Add ``keys`` to the subcommands ``commands``."""
    keys = commands.add_parser(
        "keys",
        help=summary("keys"),
        description=_(
            "List every command of the game with its id, its keys and what it does, "
            "with the keys the settings file gives (its keys section: an id and its keys, e.g. "
            '"game.hint": "H"), and say which of those cannot be used and why. Exit status 0 '
            "when every key of the settings is used, 1 when one is refused."
        ),
    )
    keys.set_defaults(run=lambda args: run())


def run() -> int:
    """Print the keys, place by place, then what the settings' keys section gets refused."""
    from chickenfoot.tui.app import keymap_places
    from chickenfoot.tui.keymap import followers, shown_key
    from chickenfoot.tui.own_keys import OwnKeys

    display = read_display()
    places = keymap_places()
    checked = OwnKeys(display.keymap, display.keymap_problem)
    checked.check(places)
    refusals = checked.refusals
    write_line(sys.stdout, _("Keys (yours, marked *, from {file}):").format(file=settings_path()))
    everywhere = {command.id for command in places[0].commands}
    for index, place in enumerate(places):
        commands = [
            command
            for command in place.commands
            if command.id and (index == 0 or command.id not in everywhere)
        ]
        if not commands:
            continue
        name = _(place.name)
        write_line(sys.stdout, f"\n{name[:1].upper()}{name[1:]}:")
        width = max(len(command.id) for command in commands)
        leaders = {f.id: c.id for c in place.commands for f in followers(c, place)}
        for command in commands:
            given = checked.keymap.get(command.id)
            keys = given.split(",") if given is not None else command.keys
            text = ", ".join(shown_key(key) for key in keys)
            if given is not None:
                was = ", ".join(shown_key(key) for key in command.keys)
                # Translators: a key the player chose, then the keys it replaces.
                text = _("{keys} *  (was {was})").format(keys=text, was=was)
            does = (
                _("(moves with {command})").format(command=leaders[command.id])
                if command.follows
                else _(command.does)
            )
            write_line(sys.stdout, f"  {command.id:<{width}}  {text:<12}  {does}")
    if refusals:
        write_line(sys.stdout, "\n" + _("Refused (these commands keep their own keys):"))
        for refusal in refusals:
            write_line(sys.stdout, f"  {refusal}")
        return EXIT_FAILED
    return EXIT_OK
