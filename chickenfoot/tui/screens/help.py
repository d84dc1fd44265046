"""The help screen: a short summary of the rules, what each preset sets (worded from its rule
set by :func:`~chickenfoot.text.ruleset.preset_summary`), and every key of every screen.

The key tables are built from the screens' own ``BINDINGS`` (so they never drift from the
code), plus a line or two for keys a screen reads itself (digits and letters in the game).
The full rules are in ``docs/rules.md``. Escape, ``?`` or ``q`` closes the screen.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.keys import format_key
from textual.screen import Screen
from textual.widgets import Footer, Header, Markdown

from chickenfoot.bots import BOT_LEVELS
from chickenfoot.rules import PRESETS
from chickenfoot.text.ruleset import preset_summary
from chickenfoot.tui.commands import PaletteCommand

RULES_SUMMARY = """\
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
"""


@dataclass(frozen=True)
class ScreenKeys:
    """Where a screen's class lives, its title in the help, and keys its bindings do not show."""

    title: str
    module: str
    class_name: str
    extra: tuple[tuple[str, str], ...] = ()
    """(keys, what they do) for keys the screen handles itself, not through BINDINGS."""


SCREENS: tuple[ScreenKeys, ...] = (
    ScreenKeys(
        "Everywhere",
        "chickenfoot.tui.app",
        "ChickenFootApp",
        (("Tab / Shift+Tab", "Move between controls"), ("^p", "Command palette")),
    ),
    ScreenKeys(
        "Main menu",
        "chickenfoot.tui.screens.menu",
        "MenuScreen",
        (("↑ ↓, Enter", "Choose an item"),),
    ),
    ScreenKeys(
        "New game",
        "chickenfoot.tui.screens.setup",
        "SetupScreen",
        (
            ("Enter in a text field", "Next field"),
            ("Enter, Space on a list", "Open it; ↑ ↓ and Enter choose"),
        ),
    ),
    ScreenKeys(
        "Game",
        "chickenfoot.tui.screens.game",
        "GameScreen",
        (
            ("a tile's number", "Choose that tile (two digits for tiles 10 and up)"),
            ("an end's key", "Choose that open end (keys shown on the table and the strip)"),
        ),
    ),
    ScreenKeys("Round over", "chickenfoot.tui.screens.round_over", "RoundOverScreen"),
    ScreenKeys("Game over", "chickenfoot.tui.screens.game_over", "GameOverScreen"),
    ScreenKeys("Scoreboard", "chickenfoot.tui.screens.scoreboard", "ScoreboardScreen"),
    ScreenKeys(
        "Load game and Replays",
        "chickenfoot.tui.screens.load",
        "LoadScreen",
        (("↑ ↓", "Choose a saved game"),),
    ),
    ScreenKeys("Replay", "chickenfoot.tui.screens.replay", "ReplayScreen"),
    ScreenKeys(
        "Questions",
        "chickenfoot.tui.screens.confirm",
        "ConfirmScreen",
        (("Enter", "Press the highlighted button"),),
    ),
    ScreenKeys(
        "Save as",
        "chickenfoot.tui.screens.save_as",
        "SaveAsScreen",
        (("Enter", "Save (asks before replacing a file)"),),
    ),
    ScreenKeys("Help", "chickenfoot.tui.screens.help", "HelpScreen"),
)
"""Every screen whose keys the help lists, in the order a player meets them."""


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
        rows.append((", ".join(keys), description))
    return rows


def table_cell(text: str) -> str:
    """A Markdown table cell showing ``text`` literally, as keyboard keys."""
    return "`" + text.replace("`", "'").replace("|", "¦") + "`"


def screen_section(screen: ScreenKeys) -> str:
    """The Markdown key table of one screen (its bindings and extra keys)."""
    try:
        owner = getattr(import_module(screen.module), screen.class_name)
    except (ImportError, AttributeError):
        return ""
    rows = [*screen.extra, *key_rows(getattr(owner, "BINDINGS", []))]
    if not rows:
        return ""
    lines = [f"### {screen.title}", "", "| Keys | Does |", "|---|---|"]
    lines.extend(f"| {table_cell(keys)} | {does} |" for keys, does in rows)
    return "\n".join(lines) + "\n"


def levels_markdown() -> str:
    """The computer players' levels, weakest first, one line each; and the help they give."""
    lines = ["## Computer players", ""]
    lines.extend(f"- **{level}**: {does}" for level, does in BOT_LEVELS.items())
    lines += [
        "",
        "On your turn, **i** asks the expert for a hint, with its reason. Playing alone against",
        "computers, **u** takes back your last decision (the same tiles come up again; off",
        "when two or more people play). Both are kept in the saved game and shown in replays.",
        "",
    ]
    return "\n".join(lines)


def presets_markdown() -> str:
    """What each preset sets, one line each, worded from its rule set; and where the rest is."""
    lines = ["## Presets", ""]
    lines.extend(f"- **{name}**: {preset_summary(name)}" for name in PRESETS)
    lines += [
        "",
        "Every option is set on the *New game* screen. The full rules, with every point the",
        "sources leave open settled, are in **docs/rules.md**.",
        "",
    ]
    return "\n".join(lines)


def help_markdown(screens: Sequence[ScreenKeys] = SCREENS) -> str:
    """The whole help text: the rules summary, the presets, the computer players, then the
    keys of every screen."""
    sections = [section for section in map(screen_section, screens) if section]
    parts = [RULES_SUMMARY, presets_markdown(), levels_markdown(), "## Keys\n", *sections]
    return "\n".join(parts)


def help_command(screen: Screen[Any]) -> PaletteCommand:
    """The palette command that opens the help screen over ``screen``."""
    return PaletteCommand(
        "Help",
        "Keys and a summary of the rules",
        lambda: screen.app.push_screen(HelpScreen()),
    )


class HelpScreen(Screen[None]):
    """The rules in short and every key; Escape, ``?`` or ``q`` closes it."""

    CSS_PATH = "help.tcss"
    BINDINGS = [
        Binding("escape,question_mark,q", "close", "Close", key_display="Esc/?"),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown,space", "page(1)", "Page down", show=False),
        Binding("home", "top", "Top", show=False),
        Binding("end", "bottom", "Bottom", show=False),
    ]

    def compose(self) -> ComposeResult:
        """A header, the scrollable help text and the key footer."""
        yield Header()
        with VerticalScroll(id="help-scroll"):
            yield Markdown(help_markdown(), id="help-text")
        yield Footer()

    def on_mount(self) -> None:
        """Focus the text so the arrow keys scroll it."""
        self.sub_title = "Help"
        self.query_one("#help-scroll", VerticalScroll).focus()

    def palette_commands(self) -> list[PaletteCommand]:
        """Closing is all there is to do here."""
        return [
            PaletteCommand("Close help", "Back to where help was opened (Esc)", self.action_close)
        ]

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
