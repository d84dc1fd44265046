"""What the pseudo-language check looks for on a screen of the real app: a word drawn that did
not come through the catalogue.

With the app speaking the pseudo-language (:mod:`tests.pseudo`), every message it translates
is drawn marked (``⟦…⟧``). :func:`not_from_the_catalogue` reads the screen on top as the fit
check reads it (each widget's own drawing, from :meth:`~textual.widget.Widget.render_lines`,
where the compositor put it: :mod:`tests.tui.fit`) and says, a line per widget, which words it
draws outside the markers that are not a player's name, a literal the test put there (a file's
path, a theme's name) or a key (the keys of every command, with the player's own keymap, as
Textual's footer and the app's sentences show them, and the ends' keys on the table, under a
dialog too) or a command's id (``game.count-tiles``, as the settings file names it). Numbers,
tiles, punctuation and drawings have no letters and are never reported. Frame titles are read
too.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.text import Text
from textual.app import App
from textual.content import Content
from textual.widgets import DataTable

from chickenfoot.tui.app import binding_owners
from chickenfoot.tui.keymap import SENTENCE_WORDS, bindings_of, keymap_of, with_keymap
from chickenfoot.tui.widgets import TableView
from tests.pseudo import Allowance, unmarked
from tests.tui.fit import describe, drawn_rows, shown_widgets


def not_from_the_catalogue(app: App[Any], allowance: Allowance) -> list[str]:
    """Every widget of the screen on top that draws a word outside the markers (none: every
    word it shows came through the catalogue)."""
    shown = allowance.with_keys(keys_shown(app)).with_literals(binding_ids())
    return list(_found(app, shown))


def _found(app: App[Any], allowance: Allowance) -> Iterator[str]:
    for widget, visible in shown_widgets(app.screen):
        name = describe(widget)
        for title in (widget.border_title, widget.border_subtitle):
            if title:
                text = (
                    title.plain if isinstance(title, Content) else Content.from_markup(title).plain
                )
                if words := unmarked(text, allowance):
                    yield f"{name}: frame title {text!r}: {', '.join(words)}"
        if isinstance(widget, DataTable):
            yield from _table_cells(widget, name, allowance)
            continue
        clipped = visible != widget.region
        rows = drawn_rows(widget, visible if clipped else None)
        cut_above = visible.y > widget.region.y or widget.scroll_offset.y > 0
        if words := unmarked("\n".join(rows), allowance, cut_above):
            shown = " / ".join(row.strip() for row in rows if row.strip())
            yield f"{name}: {', '.join(words)} in {shown!r}"


def _table_cells(table: DataTable[Any], name: str, allowance: Allowance) -> Iterator[str]:
    """The words of a table's column labels and cells (each whole: a column cut at the table's
    edge is the fit check's to report)."""
    labels = [column.label.plain for column in table.columns.values()]
    cells = [
        cell.plain if isinstance(cell, Text) else str(cell)
        for row in range(table.row_count)
        for cell in table.get_row_at(row)
    ]
    for text in (*labels, *cells):
        if words := unmarked(text, allowance):
            yield f"{name}: {', '.join(words)} in {text!r}"


def binding_ids() -> set[str]:
    """The ids of the app's commands (``game.count-tiles``): what a player writes in the
    settings file to give a command other keys, shown literally where a key is refused."""
    return {
        binding.id
        for owner in binding_owners()
        for binding in bindings_of(owner)
        if binding.id is not None
    }


def keys_shown(app: App[Any]) -> set[str]:
    """Every key of the app's commands as a screen may show it (the footer's ``^p``, a
    sentence's ``Esc``, a key's own name), with the player's keymap, those Textual binds on the
    screen on top (the command palette's), and the ends' keys the table draws."""
    keys: set[str] = set(SENTENCE_WORDS.values())
    keymap = keymap_of(app)
    for owner in binding_owners():
        for binding in with_keymap(bindings_of(owner), keymap):
            for key in binding.key.split(","):
                keys |= {key, key.capitalize(), key.upper()}
            keys.add(app.get_key_display(binding))
    for _node, binding, _enabled, _tooltip in app.screen.active_bindings.values():
        keys.add(app.get_key_display(binding))
    for screen in app.screen_stack:  # the table under a dialog about it (the game's log)
        for table in screen.query(TableView):
            if table.shown is not None:
                keys |= set(table.shown.labels.values())
    return keys
