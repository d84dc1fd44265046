"""What the fit check looks for on a screen of the real app: a line of text cut without an
ellipsis, a notice over a dialog, a key drawn otherwise than the player's keys or the ends
strip name it.

:func:`misfits` reads the screen on top as it is laid out now (each widget's own drawing,
from Textual's :meth:`~textual.widget.Widget.render_lines`, and where the compositor put it)
and says, one line each, what does not fit:

- **text cut**: a widget whose text is not wholly drawn in the room it has, with no "…" where
  it was cut (a line wrapped onto rows the widget does not have, cut at the screen's edge, a
  log line wider than its log, a placeholder wider than its field, a column of a list off the
  screen); text that the player can scroll to is not cut;
- **a notice over a dialog**: a notice drawn over the dialog or question on top, or over the
  widget that has the keyboard;
- **a key drawn wrong**: a footer key cut or hidden off the footer, or showing another key than
  the player's own keymap gives its command; a key on the table that is not one the ends
  strip names (a three-letter key cut to two, say).

Each check is a function of the screen alone, so the walk (:mod:`tests.tui.walk`) can ask it
of every screen and dialog it reaches.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from rich.text import Text
from textual.app import App
from textual.content import Content
from textual.errors import NoWidget
from textual.geometry import Region
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import DataTable, Footer, Input, RichLog
from textual.widgets._footer import FooterKey
from textual.widgets._toast import Toast, ToastRack

from chickenfoot.tui.keymap import keymap_of
from chickenfoot.tui.widgets import (
    BoardPanel,
    EventLog,
    HandView,
    SeatsPanel,
    StatusLine,
    TableView,
)

ELLIPSIS = "…"
DRAWINGS = (BoardPanel,)
"""Widgets that draw a picture, not text (the table, the outline, a chart): what they show is
checked by the keys they draw, not word by word."""


def misfits(app: App[Any], names: Sequence[str] = ()) -> list[str]:
    """Everything that does not fit on the screen on top now, a line each (none: it fits);
    the players' ``names`` may be shown shortened where they are long."""
    screen = app.screen
    return [
        *text_cuts(screen, names),
        *notices_over_dialogs(screen),
        *footer_keys_wrong(screen, keymap_of(app)),
        *table_keys_wrong(screen),
    ]


# ----- text -----------------------------------------------------------------------------------


def squeezed(text: str) -> str:
    """``text`` without any white space: what is read, however it wraps."""
    return "".join(text.split())


def text_of(widget: Widget) -> str | None:
    """The text ``widget`` draws, as it has it before it is laid out (None: not text): the
    words our own widgets fit to their room themselves (a hand-off's banner, the status line)
    are taken from what they are given to show."""
    if isinstance(widget, HandView):
        return widget.shown.banner if widget.shown.hidden else None
    if isinstance(widget, StatusLine):
        return "\n".join(text for text in (widget.shown.text, widget.shown.news) if text)
    rendered = widget.render()
    if isinstance(rendered, Content | Text):
        return rendered.plain
    if isinstance(rendered, str):
        return rendered
    return None


def drawn_rows(widget: Widget, region: Region | None = None) -> list[str]:
    """The rows ``widget`` draws inside its border and padding (within ``region`` of the
    screen, if given: the part of it that shows)."""
    size = widget.outer_size
    strips: list[Strip] = widget.render_lines(Region(0, 0, size.width, size.height))
    gutter = widget.styles.gutter
    top, left = gutter.top, gutter.left
    bottom, right = size.height - gutter.bottom, size.width - gutter.right
    if region is not None:
        offset = widget.region.offset
        top = max(top, region.y - offset.y)
        bottom = min(bottom, region.bottom - offset.y)
        left = max(left, region.x - offset.x)
        right = min(right, region.right - offset.x)
    return [strip.crop(left, right).text for strip in strips[top:bottom]]


def name_pattern(name: str) -> str:
    """A regex of ``name`` squeezed, whole or shortened to a first part and an ellipsis."""
    squeezed_name = squeezed(name)
    shortened = (re.escape(squeezed_name[:kept]) + ELLIPSIS for kept in range(1, len(name)))
    return "(?:" + "|".join([re.escape(squeezed_name), *shortened]) + ")"


def line_pattern(line: str, names: Sequence[str]) -> str:
    """A regex of ``line`` squeezed, each of ``names`` in it whole or shortened."""
    found = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True) if name)
    pieces = re.split(f"({found})", line) if found else [line]
    return "".join(
        name_pattern(piece) if piece in names else re.escape(squeezed(piece)) for piece in pieces
    )


def is_shown(line: str, drawn: str, names: Sequence[str] = ()) -> bool:
    """True if ``line`` is drawn in ``drawn`` (squeezed), whole, or cut after a whole word
    with a "…" in place of the rest (never inside a word, a tile or a key); a long name of
    ``names`` in it may be shown shortened, an ellipsis ending it."""
    if re.search(line_pattern(line, names), drawn):
        return True
    cuts = [index for index, character in enumerate(line) if character.isspace()]
    return any(
        re.search(line_pattern(line[:cut].rstrip(), names) + ELLIPSIS, drawn)
        for cut in cuts
        if line[:cut].strip()
    )


def within_drawings(widget: Widget) -> bool:
    """True for a widget inside a drawing of the table (see :data:`DRAWINGS`) or a notice
    (what notices cover is checked on its own)."""
    return any(isinstance(node, (*DRAWINGS, ToastRack)) for node in widget.ancestors_with_self)


def scrolls_to(widget: Widget) -> bool:
    """True if a container round ``widget`` scrolls: what it clips can be scrolled to."""
    return any(
        isinstance(node, Widget) and (node.max_scroll_y > 0 or node.max_scroll_x > 0)
        for node in widget.ancestors
    )


def shown_widgets(screen: Screen[Any]) -> Iterator[tuple[Widget, Region]]:
    """Every widget of ``screen`` drawn now, with the part of the screen it shows in."""
    for widget in screen.walk_children(with_self=False):
        if not isinstance(widget, Widget):
            continue
        try:
            geometry = screen.find_widget(widget)
        except NoWidget:
            continue
        if geometry.visible_region.area:
            yield widget, geometry.visible_region


def text_cuts(screen: Screen[Any], names: Sequence[str] = ()) -> Iterator[str]:
    """Each widget of ``screen`` whose text is cut without an ellipsis."""
    for widget, visible in shown_widgets(screen):
        if within_drawings(widget):
            continue
        name = describe(widget)
        if isinstance(widget, RichLog):
            width = widget.scrollable_content_region.width
            widest = max((line.cell_length for line in widget.lines), default=0)
            if widest > width:
                yield f"{name}: a line {widest} cells wide in {width}"
            continue
        if isinstance(widget, DataTable):
            width = widget.scrollable_content_region.width
            if widget.virtual_size.width > width:
                yield f"{name}: columns {widget.virtual_size.width} cells wide in {width}"
            continue
        if isinstance(widget, Input):
            room = widget.content_region.width
            placeholder = Content(widget.placeholder)
            if not widget.value and placeholder.cell_length > room:
                yield f"{name}: placeholder {widget.placeholder!r} cut to {room} cells"
            continue
        if isinstance(widget, ScrollView | FooterKey):
            continue  # lists wrap their options; the footer's keys are checked below
        yield from border_cuts(widget, name, names)
        text = text_of(widget)
        if not text or not text.strip():
            continue
        clipped = visible != widget.region
        if clipped and scrolls_to(widget):
            continue
        drawn = squeezed("".join(drawn_rows(widget, visible if clipped else None)))
        for line in text.splitlines():
            if squeezed(line) and not is_shown(line, drawn, names):
                yield f"{name}: {line.strip()!r} drawn as {' / '.join(drawn_rows(widget))!r}"
                break


def border_cuts(widget: Widget, name: str, names: Sequence[str] = ()) -> Iterator[str]:
    """The border title or subtitle of ``widget`` if it is cut without an ellipsis."""
    size = widget.outer_size
    if not size.height:
        return
    strips = widget.render_lines(Region(0, 0, size.width, size.height))
    for title, row in ((widget.border_title, 0), (widget.border_subtitle, -1)):
        if not title or not strips:
            continue
        text = title.plain if isinstance(title, Content) else Content.from_markup(title).plain
        if not is_shown(text, squeezed(strips[row].text), names):
            yield f"{name}: frame title {text!r} drawn as {strips[row].text.strip()!r}"


def describe(widget: Widget) -> str:
    """A widget as a failure names it: its class and id, on its screen."""
    where = type(widget.screen).__name__
    return f"{where} {type(widget).__name__}" + (f"#{widget.id}" if widget.id else "")


# ----- notices --------------------------------------------------------------------------------


def notices_over_dialogs(screen: Screen[Any]) -> Iterator[str]:
    """Each notice drawn over the dialog on top, the widget with the keyboard, or the table
    and the panels beside it."""
    covered: list[tuple[str, Region]] = []
    if screen.is_modal:
        covered += [
            (describe(child), child.region)
            for child in screen.children
            if not isinstance(child, ToastRack | Footer) and child.display
        ]
    if screen.focused is not None:
        covered.append((f"{describe(screen.focused)} (it has the keyboard)", screen.focused.region))
    covered += [
        (describe(widget), region)
        for widget, region in shown_widgets(screen)
        if isinstance(widget, BoardPanel | SeatsPanel | EventLog)
    ]
    for toast in screen.query(Toast):
        try:
            region = screen.find_widget(toast).visible_region
        except NoWidget:
            continue
        for what, place in covered:
            if region.overlaps(place):
                yield f"a notice ({text_of(toast)!r}) over {what}"


# ----- keys -----------------------------------------------------------------------------------


def footer_keys_wrong(screen: Screen[Any], keymap: Mapping[str, str]) -> Iterator[str]:
    """Each footer key cut, hidden off the footer, or not the player's own key."""
    ids = {
        binding.action: binding.id
        for _node, binding, _enabled, _tooltip in screen.active_bindings.values()
        if binding.id
    }
    for footer in screen.query(Footer):
        try:
            room = screen.find_widget(footer).visible_region
        except NoWidget:
            continue
        keys = list(footer.query(FooterKey))
        for key in keys:
            if not key.display:
                continue  # left out: not drawn at all
            shown = f"{key.key_display} {key.description}".strip()
            try:
                geometry = screen.find_widget(key)
            except NoWidget:
                yield f"{describe(footer)}: {shown!r} is off the footer"
                continue
            over = [
                other
                for other in keys
                if other is not key and other.display and other.region.overlaps(key.region)
            ]
            cut = geometry.visible_region != geometry.region
            docked = key.has_class("-command-palette")  # drawn over the others, whole
            if not docked and (over or cut or not room.contains_region(geometry.region)):
                yield f"{describe(footer)}: {shown!r} cut at the footer's edge"
            own = keymap.get(ids.get(key.action, ""))
            if own is not None and key.key not in own.split(","):
                yield f"{describe(footer)}: {shown!r} is not the player's key {own!r}"


KEY_MARKS = re.compile(r"‹([a-z]+)›?|([a-z]+)›")
"""An end's key as the table draws it: ``‹b›`` (full), ``‹b`` or ``b›`` (compact)."""


def table_keys_wrong(screen: Screen[Any]) -> Iterator[str]:
    """Each key the table draws that the ends strip does not name (a key cut short)."""
    for table in screen.query(TableView):
        if not table.display or table.shown is None:
            continue
        named = set(table.shown.labels.values())
        for row in drawn_rows(table):
            for found in KEY_MARKS.finditer(row):
                key = found[1] or found[2]
                if key not in named:
                    yield f"{describe(table)}: key {key!r} drawn, the strip names {sorted(named)}"
