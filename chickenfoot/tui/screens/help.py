"""The help screen: a short summary of the rules, what each preset sets (worded from its rule
set by :func:`~chickenfoot.text.ruleset.preset_summary`), and every key of every screen.

The key tables are built from the screens' own ``BINDINGS`` (so they never drift from the
code), with the player's own keys from the settings put in (the app gives its keymap), plus a
line or two for keys a screen reads itself (digits and letters in the game).
The full rules are in ``docs/rules.md``. Escape, ``?`` or ``q`` closes the screen.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.dom import DOMNode
from textual.keys import format_key
from textual.screen import Screen
from textual.widgets import Footer, Header, Markdown

from chickenfoot.bots import BOT_LEVELS
from chickenfoot.rules import PRESETS
from chickenfoot.text.ruleset import preset_summary
from chickenfoot.tui.commands import PaletteCommand, binding_commands
from chickenfoot.tui.keymap import command_keys, with_keymap

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
"""


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
        rows.append((", ".join(keys), description))
    return rows


def table_cell(text: str) -> str:
    """A Markdown table cell showing ``text`` literally, as keyboard keys."""
    return "`" + text.replace("`", "'").replace("|", "¦") + "`"


def screen_section(screen: ScreenKeys, keymap: Mapping[str, str]) -> str:
    """The Markdown key table of one screen (its bindings, with the keys ``keymap`` gives
    their ids, and extra keys)."""
    rows = [*screen.extra, *key_rows(with_keymap(screen.screen.BINDINGS, keymap))]
    if not rows:
        return ""
    lines = [f"### {screen.title}", "", "| Keys | Does |", "|---|---|"]
    lines.extend(f"| {table_cell(keys)} | {does} |" for keys, does in rows)
    return "\n".join(lines) + "\n"


def keys_of(screens: Sequence[ScreenKeys], binding_id: str, keymap: Mapping[str, str]) -> str:
    """The keys of the command ``binding_id`` of one of ``screens``, as the help's prose names
    them (the player's own where ``keymap`` changes them)."""
    bindings = [binding for screen in screens for binding in screen.screen.BINDINGS]
    return " or ".join(table_cell(key) for key in command_keys(bindings, binding_id, keymap))


def rules_summary(screens: Sequence[ScreenKeys], keymap: Mapping[str, str]) -> str:
    """The rules' summary, naming the game's keys in use."""
    return RULES_SUMMARY.format(
        drawing=keys_of(screens, "game.drawing", keymap),
        log=keys_of(screens, "game.log", keymap),
        every_end=keys_of(screens, "game.every-end", keymap),
        count=keys_of(screens, "game.count-tiles", keymap),
    )


def levels_markdown(screens: Sequence[ScreenKeys], keymap: Mapping[str, str]) -> str:
    """The computer players' levels, weakest first, one line each; and the help they give,
    with the keys the game's bindings have (the player's own where ``keymap`` changes them)."""
    hint, take_back = (keys_of(screens, id_, keymap) for id_ in ("game.hint", "game.take-back"))
    lines = ["## Computer players", ""]
    lines.extend(f"- **{level}**: {does}" for level, does in BOT_LEVELS.items())
    lines += [
        "",
        f"**Hints** ({hint} on your turn): the expert's suggestion for your move, with its",
        f"reason. **Take-backs** ({take_back}, when you play alone against computers): undo",
        "back to your previous decision; the same tiles come up again. The saved game keeps",
        "both, and replays show them.",
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


KEYS_INTRO = """## Keys

Every key can be changed: the settings file's `keys` section gives a command (by its id) keys
of your own; `chickenfoot keys` lists every id. These tables show the keys in use.
"""


def help_markdown(screens: Sequence[ScreenKeys], keymap: Mapping[str, str] | None = None) -> str:
    """The whole help text: the rules summary, the presets, the computer players, then the
    keys of every screen (with the keys ``keymap`` gives: the player's own)."""
    keys = keymap or {}
    sections = [section for screen in screens if (section := screen_section(screen, keys))]
    levels = levels_markdown(screens, keys)
    parts = [rules_summary(screens, keys), presets_markdown(), levels, KEYS_INTRO, *sections]
    return "\n".join(parts)


class HelpScreen(Screen[None]):
    """The rules in short and every key of ``screens``; Escape, ``?`` or ``q`` closes it."""

    CSS_PATH = "help.tcss"
    KEY_WIDGETS = (VerticalScroll,)
    """The widgets that can have the keyboard here: their keys count when keys are changed."""
    BINDINGS = [
        Binding(
            "escape,question_mark,q",
            "close",
            "Close",
            key_display="Esc/?",
            id="help.close",
            tooltip="Back to where help was opened",
        ),
        Binding("pageup", "page(-1)", "Page up", show=False, id="help.page-up"),
        Binding("pagedown,space", "page(1)", "Page down", show=False, id="help.page-down"),
        Binding("home", "top", "Top", show=False, id="help.top"),
        Binding("end", "bottom", "Bottom", show=False, id="help.bottom"),
    ]

    def __init__(
        self, screens: Sequence[ScreenKeys] = (), keymap: Mapping[str, str] | None = None
    ) -> None:
        """``screens``: the screens whose keys the help lists, in the order a player meets
        them, and ``keymap`` the player's own keys in use (the app gives both)."""
        super().__init__()
        self.screens = tuple(screens)
        self.keymap = dict(keymap or {})

    def compose(self) -> ComposeResult:
        """A header, the scrollable help text and the key footer."""
        yield Header()
        with VerticalScroll(id="help-scroll"):
            yield Markdown(help_markdown(self.screens, self.keymap), id="help-text")
        yield Footer()

    def on_mount(self) -> None:
        """Focus the text so the arrow keys scroll it."""
        self.sub_title = "Help"
        self.query_one("#help-scroll", VerticalScroll).focus()

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
