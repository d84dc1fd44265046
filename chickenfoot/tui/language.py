"""The app's language, chosen in the command palette (``ctrl+p``, *Language*) and remembered.

The palette lists "the system's language" (the environment's, or English) and every language
chickenfoot speaks, each by its own name. The choice is written to the settings (``display``,
``language``: a code, or nothing for the system's) and spoken at once: every screen opened
from then on, every notice, the palette and the footer. The screens already open are told
with :class:`LanguageChanged`; the menu words itself again at once (it holds nothing that
could be lost), the others keep their words until they are opened again, which the notice
of the change says, and everything speaks the language at the next start.
"""

from __future__ import annotations

import os
from functools import partial
from typing import TYPE_CHECKING, Any

from textual.command import CommandPalette, SimpleCommand
from textual.message import Message

from chickenfoot.lang import LANGUAGES, _, use
from chickenfoot.lang.choosing import choose

if TYPE_CHECKING:
    from textual.app import App


class LanguageChanged(Message):
    """The app speaks another language now: a screen that can, words itself again."""

    def __init__(self, code: str) -> None:
        super().__init__()
        self.code = code


def language_commands(app: App[Any], chosen: str | None) -> list[SimpleCommand]:
    """The palette's entries: the system's language, then each language by its own name;
    ``chosen`` (a code, None: the system's) is marked as the one in use."""
    system = choose(None, None, os.environ)
    entries: list[tuple[str | None, str]] = [
        (None, _("The system's language ({language})").format(language=LANGUAGES[system]))
    ]
    entries += list(LANGUAGES.items())
    return [
        SimpleCommand(
            name,
            partial(change_language, app, code),
            _("In use") if code == chosen else None,
        )
        for code, name in entries
    ]


def choose_language(app: App[Any]) -> None:
    """Open the palette of languages."""
    from chickenfoot.saves.display import read_display

    app.search_commands(
        language_commands(app, read_display().language),
        placeholder=_("Search for a language…"),
    )


def change_language(app: App[Any], code: str | None) -> None:
    """Speak language ``code`` (None: the system's) from now on, remember it, and say so."""
    spoken = choose(None, code, os.environ)
    use(spoken)
    app.run_worker(
        partial(remember_language, app, code), thread=True, group="settings", exit_on_error=False
    )
    for screen in app.screen_stack:
        screen.post_message(LanguageChanged(spoken))
    app.refresh_bindings()
    open_screens = [
        screen
        for screen in app.screen_stack
        if screen.id != "_default" and not isinstance(screen, CommandPalette)
    ]
    others_open = len(open_screens) > 1  # the menu, and something opened from it
    name = LANGUAGES[spoken]
    if others_open:
        app.notify(
            _(
                "{language} from now on. What is open already keeps its words until you open "
                "it again; all of it speaks {language} at the next start."
            ).format(language=name),
            markup=False,
        )
    else:
        app.notify(_("{language} from now on.").format(language=name), markup=False)


def remember_language(app: App[Any], code: str | None) -> None:
    """Write the language chosen to the settings (in a worker thread); a failure is a notice."""
    from chickenfoot.saves.settings import update_settings, with_language

    try:
        update_settings(partial(with_language, code))
    except OSError as error:
        app.call_from_thread(
            app.notify,
            _("Could not remember the language: {problem}").format(problem=error),
            severity="error",
            markup=False,
        )
