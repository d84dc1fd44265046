"""What a player chooses about the app itself, and how the app remembers it.

The palette's app-wide commands (the theme, the language, the help, a quit that asks first),
its search field and the theme picker in the language in use, and the writing of the display
settings a player changes (the theme, the computers' pause, the board view) to the settings
file on a worker thread, a failure only a notice. :class:`~chickenfoot.tui.app.ChickenFootApp`
composes one :class:`Preferences`; the language's own choice and memory are
:mod:`chickenfoot.tui.language`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import TYPE_CHECKING, Any, cast

from textual.app import App, SystemCommand
from textual.command import CommandPalette

from chickenfoot.lang import N_, _
from chickenfoot.tui.themes import NamedThemes

if TYPE_CHECKING:
    from chickenfoot.saves.settings import Settings

NOT_REMEMBERED = N_("Could not remember the settings: {error}")


def with_display(settings: Settings, **changes: object) -> Settings:
    """``settings`` with the display ``changes`` that are not None."""
    given = {name: value for name, value in changes.items() if value is not None}
    return settings.model_copy(update={"display": settings.display.model_copy(update=given)})


class Preferences:
    """The palette's app-wide commands and the remembered display settings of ``app``
    (see the module's description)."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app

    def system_commands(
        self,
        change_language: Callable[[], None],
        help_: Callable[[], None],
        quit_: Callable[[], None],
    ) -> Iterable[SystemCommand]:
        """The palette's app-wide commands, in the language in use (Textual's own keys and
        screenshot commands are left out)."""
        yield SystemCommand(
            _("Theme"), _("Choose the colours (remembered)"), self.app.action_change_theme
        )
        yield SystemCommand(_("Language"), _("Choose the language (remembered)"), change_language)
        yield SystemCommand(_("Help"), _("Keys and a summary of the rules"), help_)
        yield SystemCommand(_("Quit"), _("Leave Chicken Foot (asks first)"), quit_)

    def open_palette(self) -> None:
        """Show the command palette, its search field's hint in the language in use."""
        app = self.app
        if app.use_command_palette and not CommandPalette.is_open(cast("App[object]", app)):
            app.push_screen(
                CommandPalette(id="--command-palette", placeholder=_("Search for commands…"))
            )

    def search_themes(self) -> None:
        """Show the theme picker: the themes by their names in the language in use."""
        self.app.push_screen(
            CommandPalette(providers=[NamedThemes], placeholder=_("Search for themes…"))
        )

    def remember_display(self, **display: object) -> None:
        """Write the display settings ``display`` that are not None (``theme``,
        ``bot_delay``, ``outline``) to the settings file, in a thread."""
        self.write(lambda settings: with_display(settings, **display), NOT_REMEMBERED)

    def write(self, change: Callable[[Settings], Settings], failure: str) -> None:
        """Write ``change`` of the settings, in a thread (a failure is only a notice:
        ``failure``, a message of the catalogue with the ``{error}``)."""
        self.app.run_worker(partial(self._write, change, failure), thread=True, group="settings")

    def _write(self, change: Callable[[Settings], Settings], failure: str) -> None:
        from chickenfoot.saves.settings import update_settings

        try:
            update_settings(change)
        except OSError as error:
            message = _(failure).format(error=error)
            self.app.call_from_thread(self.app.notify, message, severity="error", markup=False)
