"""The help screen: a short summary of the rules, what each preset sets (worded from its rule
set by :func:`~chickenfoot.text.ruleset.preset_summary`), and every key of every screen.

The key tables are built from the screens' own ``BINDINGS`` (so they never drift from the
code), with the player's own keys from the settings put in (the app gives its keymap), plus a
line or two for keys a screen reads itself (digits and letters in the game).
The full rules are in ``docs/rules.md``. Escape, ``?`` or ``q`` closes the screen.

Each screen's key table is one widget (:class:`KeyTable`), and the screen is built once and
kept (:func:`installed_help`): every later opening shows it as it was built, so ``?`` opens
the help at once every time.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.dom import DOMNode
from textual.geometry import Size
from textual.keys import format_key
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Header, Markdown

from chickenfoot.bots import BOT_LEVELS, level_description, level_name
from chickenfoot.lang import N_, _, language, pgettext
from chickenfoot.rules import PRESETS
from chickenfoot.text.ruleset import preset_summary
from chickenfoot.tui.commands import PaletteCommand, binding_commands
from chickenfoot.tui.footer import WordsFooter
from chickenfoot.tui.keymap import command_keys, with_keymap

# Translators: Markdown: keep its marks (#, **, *, -, `) and the keys in braces ({drawing}).
RULES_SUMMARY = N_("""\
# Chicken Foot

**Goal:** the lowest total after the last round. Each round, get rid of your tiles; what is
left in your hand scores its pips against you.

- **Rounds** start from the highest double (9|9 in a double-9 set) and count down: round 2
  uses 8|8, and so on to 0|0 (or fewer rounds if the set-up says so).
- **The centre double** must first get its **arms** (how many: see the presets below). Until
  then every play must start a new arm (a tile carrying the double's number).
- **A turn:** play one tile whose end matches an open end. With no play, **draw** one tile
  (or keep drawing, if the rules say so); the rules say whether a playable drawn tile may be
  kept (with *Keep*) or must be played. If nothing can be drawn, **pass**.
- **Chicken foot:** a double played on an open end closes that line and must get exactly
  **three toes** (tiles carrying its number) before anything else is played anywhere.
- **A round ends** when a seat plays its last tile, or nobody can play or draw (blocked).
  Remaining pips count against you.
- **Ties** for the lowest total are settled as the preset says (below).

**The table** is drawn in full (`[3|5]` across, `┌3┐` over `└5┘` down a column) when it fits;
a bigger one is drawn **compact**: each tile shows only its outer number after a joint
(`9·3·5` is 9|3 then 3|5; down a column the numbers stand one under another), a double is
`═5` (`═5═` across a column), the centre `║9║`, every other line shaded. {drawing} switches
between the two. On a short screen a big table takes the room of the seats and the log (the seats
then show on your hand's frame; {log} shows the log). A key (`‹b›`,
`‹b` compact) sits against the end it chooses; a dotted rail (`┄ ┆`) leads to a tile that had
no room beside the one it follows. Under the table the **ends strip** lists the ends your tile
fits first, then the others line by line; "+N more" means {every_end} lists them all.
{count} **counts tiles**: for each number, how many are out (on the table), in your hand,
and which you have not seen yet.
""")


@dataclass(frozen=True)
class ScreenKeys:
    """A screen's title in the help, its class (whose bindings are listed), and keys its
    bindings do not show."""

    title: str
    screen: type[DOMNode]
    extra: tuple[tuple[str, str], ...] = ()
    """(keys, what they do) for keys the screen handles itself, not through BINDINGS."""


PALETTE_ACTIONS = ("command_palette", "app.command_palette")
"""A screen may bind the palette's key again (so its Footer shows it): "Everywhere" lists it."""

KEY_NAMES: dict[str, str] = {
    "enter": "Enter",
    "escape": "Esc",
    "space": "Space",
    "delete": "Del",
    "pageup": "PgUp",
    "pagedown": "PgDn",
}
"""Words for keys that Textual shows as symbols or lower case."""


def key_text(binding: Binding) -> str:
    """How a binding's key is written in the help: its display text, or the formatted key."""
    if binding.key_display:
        return binding.key_display
    modifiers, key = binding.parse_key()
    shown = KEY_NAMES.get(key) or format_key(key)
    if len(shown) > 1 and shown.islower():
        shown = shown.capitalize()  # "escape" -> "Escape"; printable characters stay as typed
    if "ctrl" in modifiers:
        modifiers = [m for m in modifiers if m != "ctrl"]
        shown = f"^{shown}"
    return "+".join([*modifiers, shown])


def key_rows(bindings: Iterable[BindingType]) -> list[tuple[str, str]]:
    """(keys, what they do) rows for the bindings that have a description, in order.

    Bindings with the same description are one row; when any of them has a ``key_display``
    (e.g. "←→" for left and right), only those displays are used. The command palette's key
    is left out (the "Everywhere" table has it).
    """
    groups: dict[str, list[Binding]] = {}
    for binding in Binding.make_bindings(bindings):
        if binding.description and binding.action not in PALETTE_ACTIONS:
            groups.setdefault(binding.description, []).append(binding)
    rows: list[tuple[str, str]] = []
    for description, group in groups.items():
        displayed = [b for b in group if b.key_display] or group
        keys: list[str] = []
        for binding in displayed:
            text = key_text(binding)
            if text not in keys:
                keys.append(text)
        rows.append((", ".join(keys), _(description)))
    return rows


def key_span(text: str) -> str:
    """A Markdown code span showing ``text`` literally, as keyboard keys (a backtick or a pipe
    in it cannot end the span or break the line)."""
    return "`" + text.replace("`", "'").replace("|", "¦") + "`"


def screen_rows(screen: ScreenKeys, keymap: Mapping[str, str]) -> list[tuple[str, str]]:
    """The (keys, what they do) rows of one screen: the keys it reads itself, then its
    bindings, with the keys ``keymap`` gives their ids (the words in the language in use)."""
    extra = [(_(keys), _(does)) for keys, does in screen.extra]
    return [*extra, *key_rows(with_keymap(screen.screen.BINDINGS, keymap))]


KEYS_WIDTH = 16
"""The widest the keys' column of a key table gets (longer keys put the words under them)."""


def key_table(title: str, rows: Sequence[tuple[str, str]], width: int) -> Content:
    """One screen's key table within ``width`` cells: its title, then each row's keys beside
    what they do, the words wrapping in their own column (keys shown literally)."""
    widths = [Content(keys).cell_length for keys, _does in rows]
    column = max((width for width in widths if width <= KEYS_WIDTH), default=KEYS_WIDTH)
    room = max(width - column - 2, 10)
    lines = [Content.styled(title, "bold $text-primary")]
    for keys, does in rows:
        shown = Content.styled(keys, "bold $text-accent")
        words = Content(does).wrap(room)
        if shown.cell_length > column:
            lines.append(shown)
            first, rest = Content(""), words
        else:
            first, rest = words[0], words[1:]
        lines.append(shown.pad_right(column - shown.cell_length) + Content("  ") + first)
        lines.extend(Content(" " * (column + 2)) + line for line in rest)
    return Content("\n").join(lines)


class KeyTable(Widget):
    """One screen's keys in the help, laid out at the width the help has (a widget of its
    own: a Markdown table would make a widget of every cell, and the help would open
    slowly)."""

    DEFAULT_CSS = """
    KeyTable {
        height: auto;
        max-width: 100;
        margin: 1 0 0 0;
        text-wrap: nowrap;
    }
    """

    def __init__(self, title: str, rows: Sequence[tuple[str, str]]) -> None:
        super().__init__(classes="help-keys")
        self.title = title
        self.rows = tuple(rows)

    def render(self) -> Content:
        """The table at the widget's width."""
        return key_table(self.title, self.rows, self.content_region.width or 76)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """A row for the title, and each key's rows."""
        return len(key_table(self.title, self.rows, width).plain.splitlines())


def keys_of(screens: Sequence[ScreenKeys], binding_id: str, keymap: Mapping[str, str]) -> str:
    """The keys of the command ``binding_id`` of one of ``screens``, as the help's prose names
    them (the player's own where ``keymap`` changes them)."""
    bindings = [binding for screen in screens for binding in screen.screen.BINDINGS]
    # Translators: between two keys that do the same ("`u` or `z`").
    either = pgettext("between keys", " or ")
    return either.join(key_span(key) for key in command_keys(bindings, binding_id, keymap))


def rules_summary(screens: Sequence[ScreenKeys], keymap: Mapping[str, str]) -> str:
    """The rules' summary, naming the game's keys in use."""
    return _(RULES_SUMMARY).format(
        drawing=keys_of(screens, "game.drawing", keymap),
        log=keys_of(screens, "game.log", keymap),
        every_end=keys_of(screens, "game.every-end", keymap),
        count=keys_of(screens, "game.count-tiles", keymap),
    )


def levels_markdown(screens: Sequence[ScreenKeys], keymap: Mapping[str, str]) -> str:
    """The computer players' levels, weakest first, one line each; and the help they give,
    with the keys the game's bindings have (the player's own where ``keymap`` changes them)."""
    hint, take_back = (keys_of(screens, id_, keymap) for id_ in ("game.hint", "game.take-back"))
    lines = ["## " + _("Computer players"), ""]
    lines.extend(f"- **{level_name(level)}**: {level_description(level)}" for level in BOT_LEVELS)
    lines += [
        "",
        # Translators: Markdown: keep its marks (**) and the keys in braces.
        _(
            "**Hints** ({hint} on your turn): the expert's suggestion for your move, with its\n"
            "reason. **Take-backs** ({take_back}, when you play alone against computers): undo\n"
            "back to your previous decision; the same tiles come up again. The saved game keeps\n"
            "both, and replays show them."
        ).format(hint=hint, take_back=take_back),
        "",
    ]
    return "\n".join(lines)


def presets_markdown() -> str:
    """What each preset sets, one line each, worded from its rule set; and where the rest is."""
    lines = ["## " + _("Presets"), ""]
    lines.extend(f"- **{name}**: {preset_summary(name)}" for name in PRESETS)
    lines += [
        "",
        # Translators: Markdown: keep its marks (*, **) and the file's name.
        _(
            "Every option is set on the *New game* screen. The full rules, with every point the\n"
            "sources leave open settled, are in **docs/rules.md**."
        ),
        "",
    ]
    return "\n".join(lines)


# Translators: Markdown: keep its marks (#, `) and the words in backquotes (`keys`).
KEYS_INTRO = N_("""## Keys

Every key can be changed: the settings file's `keys` section gives a command (by its id) keys
of your own; `chickenfoot keys` lists every id. These tables show the keys in use.
""")


def help_markdown(screens: Sequence[ScreenKeys], keymap: Mapping[str, str] | None = None) -> str:
    """The help's words: the rules summary, the presets, the computer players and how keys
    are changed, naming the keys ``keymap`` gives (the player's own); the key tables of the
    screens follow it (:func:`screen_rows`)."""
    keys = keymap or {}
    levels = levels_markdown(screens, keys)
    return "\n".join([rules_summary(screens, keys), presets_markdown(), levels, _(KEYS_INTRO)])


HELP_SCREEN = "help"
"""The name the help screen is installed under in the app."""


def installed_help(app: App[Any], screens: Sequence[ScreenKeys], keymap: Mapping[str, str]) -> str:
    """The name of ``app``'s help screen for ``screens`` and the player's ``keymap``: built
    and installed the first time it is asked for, so every later opening shows it at once (it
    is built again only when the player's keys or the language changed meanwhile)."""
    if app.is_screen_installed(HELP_SCREEN):
        installed = app.get_screen(HELP_SCREEN)
        if (
            isinstance(installed, HelpScreen)
            and installed.keymap == dict(keymap)
            and installed.language == language()
        ):
            return HELP_SCREEN
        app.uninstall_screen(HELP_SCREEN)
    app.install_screen(HelpScreen(screens, keymap), HELP_SCREEN)
    return HELP_SCREEN


class HelpScreen(Screen[None]):
    """The rules in short and every key of ``screens``; Escape, ``?`` or ``q`` closes it."""

    CSS_PATH = "help.tcss"
    KEY_WIDGETS = (VerticalScroll,)
    """The widgets that can have the keyboard here: their keys count when keys are changed."""
    BINDINGS = [
        Binding(
            "escape,question_mark,q",
            "close",
            N_("Close"),
            key_display="Esc/?",
            id="help.close",
            tooltip=N_("Back to where help was opened"),
        ),
        Binding("pageup", "page(-1)", N_("Page up"), show=False, id="help.page-up"),
        Binding("pagedown,space", "page(1)", N_("Page down"), show=False, id="help.page-down"),
        # Translators: keys of the help: to its top, to its bottom.
        Binding("home", "top", N_("Top"), show=False, id="help.top"),
        Binding("end", "bottom", N_("Bottom"), show=False, id="help.bottom"),
    ]

    def __init__(
        self, screens: Sequence[ScreenKeys] = (), keymap: Mapping[str, str] | None = None
    ) -> None:
        """``screens``: the screens whose keys the help lists, in the order a player meets
        them, and ``keymap`` the player's own keys in use (the app gives both)."""
        super().__init__()
        self.screens = tuple(screens)
        self.keymap = dict(keymap or {})
        self.language = language()
        """The language the help is written in (it is built again in another)."""

    def compose(self) -> ComposeResult:
        """A header, the scrollable help (its words, then every screen's key table) and the
        key footer."""
        yield Header()
        with VerticalScroll(id="help-scroll"):
            yield Markdown(help_markdown(self.screens, self.keymap), id="help-text")
            for screen in self.screens:
                if rows := screen_rows(screen, self.keymap):
                    yield KeyTable(_(screen.title), rows)
        yield WordsFooter()

    def on_mount(self) -> None:
        """Focus the text so the arrow keys scroll it."""
        self.sub_title = _("Help")

        self.query_one("#help-scroll", VerticalScroll).focus()

    def on_screen_resume(self) -> None:
        """Shown again (the screen is kept between openings): from the top."""
        self.query_one("#help-scroll", VerticalScroll).scroll_home(animate=False)

    def palette_commands(self) -> list[PaletteCommand]:
        """Closing is all there is to do here."""
        return binding_commands(self)

    def action_close(self) -> None:
        """Back to where help was opened."""
        self.dismiss()

    def action_page(self, step: int) -> None:
        """Scroll a page up or down."""
        scroll = self.query_one("#help-scroll", VerticalScroll)
        if step > 0:
            scroll.scroll_page_down(animate=False)
        else:
            scroll.scroll_page_up(animate=False)

    def action_top(self) -> None:
        """Scroll to the top."""
        self.query_one("#help-scroll", VerticalScroll).scroll_home(animate=False)

    def action_bottom(self) -> None:
        """Scroll to the bottom."""
        self.query_one("#help-scroll", VerticalScroll).scroll_end(animate=False)
