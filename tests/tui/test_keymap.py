"""The player's keymap, checked: keys as players write them, ids that name commands, and no
key taken twice in one place (refused in plain words, the command keeping its keys)."""

from __future__ import annotations

from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st
from textual.app import App
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import OptionList

from chickenfoot.tui.app import keymap_places
from chickenfoot.tui.keymap import (
    Command,
    Place,
    check_keymap,
    commands_of,
    normalise_key,
    places_for,
    shown_key,
    text_keys,
    with_keymap,
)
from chickenfoot.tui.own_keys import OwnKeys

APP = (Command("app.quit", ("q",), "Quit"),)
GAME = Place(
    "the game screen",
    (
        *APP,
        Command("game.play", ("enter",), "Play the tile"),
        Command("game.show-hand", ("enter",), "Show my hand"),
        Command("game.hint", ("i",), "A hint"),
        Command("game.draw", ("d",), "Draw"),
        Command("game.draw-why-not", ("d",), "unavailable('draw')", follows=True),
        Command("game.scores", ("s",), "Scores"),
        Command("", ("tab",), "Focus next"),
    ),
    typed=frozenset("0123456789bj"),
    typed_do="choose tiles and open ends",
)
MENU = Place("the main menu", (*APP, Command("menu.stats", ("s",), "Stats")))
PLACES = (GAME, MENU)


@pytest.mark.parametrize(
    ("written", "key"),
    [
        ("h", "h"),
        ("H", "H"),
        ("shift+h", "H"),
        ("?", "question_mark"),
        ("+", "plus"),
        ("Ctrl+H", "ctrl+h"),
        ("shift+ctrl+up", "ctrl+shift+up"),
        (" f2 ", "f2"),
        ("esc", "escape"),
        ("PgDn", "pagedown"),
        ("comma", "comma"),
        ("question_mark", "question_mark"),
        ("ctrl+?", "ctrl+question_mark"),
    ],
)
def test_keys_are_read_as_players_write_them(written: str, key: str) -> None:
    assert normalise_key(written) == key


@pytest.mark.parametrize(
    "written", ["", " ", "ctlr+h", "ctrl+", "ctrl+ctrl+h", "f99", "\x07", "hyper+nothing", "é+x"]
)
def test_what_names_no_key_is_none(written: str) -> None:
    assert normalise_key(written) is None


def test_the_keys_that_type_characters() -> None:
    keys = text_keys()
    assert {"a", "Z", "7", "question_mark", "plus", "comma", "space"} <= keys
    assert not {"enter", "tab", "ctrl+a", "f2", "escape"} & keys


@given(st.text(max_size=12))
def test_any_text_is_a_key_or_none_and_a_key_reads_back(text: str) -> None:
    key = normalise_key(text)
    if key is not None:
        assert normalise_key(shown_key(key)) == key


def test_a_keymap_that_fits_is_used_whole() -> None:
    checked = check_keymap([("game.hint", "H,f2"), ("menu.stats", "S")], PLACES)
    assert checked.keymap == {"game.hint": "H,f2", "menu.stats": "S"}
    assert checked.refusals == ()


def test_a_key_of_another_command_of_the_same_screen_is_refused_in_plain_words() -> None:
    checked = check_keymap([("game.hint", "s"), ("menu.stats", "i")], PLACES)
    assert checked.keymap == {"menu.stats": "i"}  # i is the game's, not the menu's
    assert checked.refusals == (
        "game.hint cannot take “s”: on the game screen that key is already game.scores "
        "(Scores); game.hint keeps “i”",
    )


def test_keys_that_work_everywhere_and_keys_a_screen_reads_itself_are_taken() -> None:
    checked = check_keymap(
        [("game.hint", "q"), ("game.scores", "b"), ("menu.stats", "tab")], PLACES
    )
    assert checked.keymap == {"menu.stats": "tab"}  # Tab moves the focus in the game only
    assert checked.refusals == (
        "game.hint cannot take “q”: on the game screen that key is already app.quit (Quit); "
        "game.hint keeps “i”",
        "game.scores cannot take “b”: on the game screen that key is read by the screen "
        "itself (to choose tiles and open ends); game.scores keeps “s”",
    )


def test_a_key_that_works_everywhere_may_not_take_a_key_of_any_screen() -> None:
    checked = check_keymap([("app.quit", "s")], PLACES)
    assert checked.keymap == {}
    assert checked.refusals == (
        "app.quit cannot take “s”: on the game screen that key is already game.scores "
        "(Scores); app.quit keeps “q”",
    )


def test_keys_can_be_swapped_and_shared_keys_moved_together() -> None:
    swapped = check_keymap([("game.hint", "s"), ("game.scores", "i")], PLACES)
    assert swapped.keymap == {"game.hint": "s", "game.scores": "i"} and not swapped.refusals
    moved = check_keymap([("game.play", "space"), ("game.show-hand", "space")], PLACES)
    assert moved.keymap == {"game.play": "space", "game.show-hand": "space"}
    assert not moved.refusals


def test_a_command_that_shares_its_key_by_design_cannot_move_alone() -> None:
    alone = check_keymap([("game.show-hand", "f5")], PLACES)
    assert alone.keymap == {}
    assert alone.refusals == (
        "game.show-hand cannot move alone: on the game screen it shares “enter” with game.play, "
        "which must move with it (give each the same keys); game.show-hand keeps “enter”",
    )
    apart = check_keymap([("game.show-hand", "f5"), ("game.play", "f6")], PLACES)
    assert apart.keymap == {} and len(apart.refusals) == 2


def test_a_binding_without_a_description_moves_with_its_command() -> None:
    checked = check_keymap([("game.draw", "D")], PLACES)
    assert checked.keymap == {"game.draw": "D", "game.draw-why-not": "D"}
    refused = check_keymap([("game.draw", "s")], PLACES)
    assert refused.keymap == {}
    freed = check_keymap([("game.draw", "D"), ("game.hint", "d")], PLACES)
    assert freed.keymap == {"game.draw": "D", "game.draw-why-not": "D", "game.hint": "d"}


def test_two_entries_asking_for_one_key_are_both_refused() -> None:
    checked = check_keymap([("game.hint", "f2"), ("game.scores", "f2")], PLACES)
    assert checked.keymap == {}
    assert len(checked.refusals) == 2


def test_a_refused_entry_keeps_its_keys_and_so_refuses_an_entry_that_wanted_them() -> None:
    checked = check_keymap([("game.hint", "s"), ("game.scores", "b")], PLACES)
    assert checked.keymap == {}
    assert [line.split(" ")[0] for line in checked.refusals] == ["game.scores", "game.hint"]


@pytest.mark.parametrize(
    ("entry", "refusal"),
    [
        (
            ("game.hnt", "H"),
            "“game.hnt” names no command, so it changes no key (“chickenfoot keys” lists every id)",
        ),
        (
            ("game.hint", 5),
            'game.hint: its keys must be text, like "H", "f2" or "ctrl+h" (several: "f2,H"); '
            "it keeps “i”",
        ),
        (
            ("game.hint", "ctlr+h"),
            'game.hint: “ctlr+h” is not a key (keys are written like "H", "?", "f2", "ctrl+h", '
            '"shift+up", "enter"); it keeps “i”',
        ),
        (
            ("", "x"),
            "“” names no command, so it changes no key (“chickenfoot keys” lists every id)",
        ),
    ],
)
def test_an_entry_that_cannot_be_used_says_why(entry: tuple[str, object], refusal: str) -> None:
    assert check_keymap([entry], PLACES) == check_keymap([entry], PLACES)
    checked = check_keymap([entry], PLACES)
    assert checked.keymap == {} and checked.refusals == (refusal,)


def test_text_from_the_file_is_shown_literally_and_briefly() -> None:
    checked = check_keymap([("[b]x\x1b" + "y" * 100, "H")], PLACES)
    (refusal,) = checked.refusals
    assert refusal.startswith("“[b]x?yyy") and "…”" in refusal and "\x1b" not in refusal


def test_the_bindings_commands_and_the_keys_a_keymap_gives_them() -> None:
    bindings = [
        Binding("escape,question_mark", "close", "Close", id="help.close"),
        Binding("tab", "focus_next", "Next"),
        Binding("s", "scores", "Scores", key_display="S!", id="game.scores"),
        Binding("s", "unavailable('scores')", id="game.scores-why-not"),
    ]
    assert commands_of(bindings) == (
        Command("help.close", ("escape", "question_mark"), "Close"),
        Command("", ("tab",), "Next"),
        Command("game.scores", ("s",), "Scores"),
        Command("game.scores-why-not", ("s",), "unavailable('scores')", follows=True),
    )
    moved = with_keymap(bindings, {"help.close": "x,f1", "game.scores": "f2"})
    assert [(b.key, b.key_display) for b in moved] == [
        ("x", None),
        ("f1", None),
        ("tab", None),
        ("f2", None),
        ("s", None),
    ]


class LittleApp(App[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "quit", "Quit", id="little.quit")]


class LittleScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "scores", "Scores", id="little.scores"),
        Binding("i", "hint", "Hint", id="little.hint"),
    ]
    TYPED_KEYS = frozenset("0123456789")
    TYPED_KEYS_DO = "choose a tile"


class PanView(Widget):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("shift+left", "pan", "Pan", id="pan.left")]


def test_the_places_are_the_app_and_each_class_with_what_it_inherits() -> None:
    places = places_for(LittleApp, [LittleApp, LittleScreen, PanView], {LittleScreen: "Little"})
    assert [place.name for place in places] == [
        "every screen",
        "the little screen",
        "the pan view",
    ]
    screen = places[1]
    assert {c.id for c in screen.commands} >= {"little.quit", "little.scores", "little.hint", ""}
    assert screen.typed == frozenset("0123456789") and screen.typed_do == "choose a tile"
    checked = check_keymap(
        [("little.hint", "tab"), ("little.scores", "ctrl+p"), ("pan.left", "s")], places
    )
    assert checked.keymap == {"pan.left": "s"}  # the view is a place of its own
    assert [refusal.split(":")[1] for refusal in checked.refusals] == [
        " on the little screen that key is already “Focus Next”; little.hint keeps “i”",
        " on the little screen that key is already “Command palette”; little.scores keeps “s”",
    ]


class ListScreen(Screen[None]):
    KEY_WIDGETS = (OptionList, PanView)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("o", "open", "Open", id="list.open"),
        Binding("x", "delete", "Delete", id="list.delete"),
    ]


def test_the_keys_of_the_widgets_that_can_have_the_keyboard_on_a_screen_are_taken() -> None:
    places = places_for(LittleApp, [LittleApp, ListScreen, PanView], {})
    checked = check_keymap(
        [("list.open", "enter"), ("list.delete", "shift+left"), ("pan.left", "o")], places
    )
    assert checked.keymap == {}
    assert checked.refusals == (
        "list.open cannot take “enter”: on the list screen that key is already “Select” of "
        "its list; list.open keeps “o”",
        "pan.left cannot take “o”: on the list screen that key is already list.open (Open); "
        "pan.left keeps “shift+left”",
        "list.delete cannot take “shift+left”: on the list screen that key is already "
        "pan.left (Pan) of its pan view; list.delete keeps “x”",
    )


@pytest.mark.parametrize(
    ("entry", "refusal"),
    [
        (
            ("menu.new", "enter"),
            "menu.new cannot take “enter”: on the main menu screen that key is already "
            "“Select” of its list; menu.new keeps “n”",
        ),
        (
            ("load.continue", "home"),
            "load.continue cannot take “home”: on the load game and replays screen that key "
            "is already “Home” of its list; load.continue keeps “c”",
        ),
        (
            ("confirm.yes", "enter"),
            "confirm.yes cannot take “enter”: on the questions screen that key is already "
            "“Press button” of its buttons; confirm.yes keeps “y”",
        ),
        (
            ("join.back", "x"),
            "join.back cannot take “x”: on the join a table screen that key is read by the "
            "screen itself (to type into its fields); join.back keeps “escape”",
        ),
    ],
)
def test_a_key_a_widget_of_the_app_would_swallow_is_refused(
    entry: tuple[str, str], refusal: str
) -> None:
    checked = check_keymap([entry], keymap_places())
    assert checked.refusals == (refusal,)


def test_the_app_s_own_keys_are_checked_once_with_the_section_s_own_problem_first() -> None:
    assert OwnKeys().checked, "no keys section: nothing to check"
    own = OwnKeys([("game.hint", "H"), ("game.hnt", "x")], "the keys section is not read")
    assert not own.checked and own.keymap == {}
    own.check(PLACES)
    assert own.checked and own.keymap == {"game.hint": "H"}
    assert own.refusals[0] == "the keys section is not read"
    assert own.refusals[1].startswith("“game.hnt” names no command")
    assert own.notice == "\n".join(own.refusals)


def test_the_notice_gives_the_first_refusals_and_says_where_to_read_them_all() -> None:
    """A long list of refusals would cover the menu: the notice gives the first two in full."""
    own = OwnKeys([("game.hnt", "x"), ("game.hlp", "y"), ("menu.nw", "z")])
    own.check(PLACES)
    assert len(own.refusals) == 3
    assert own.notice.splitlines() == [
        *own.refusals[:2],
        "…and 1 more: chickenfoot keys lists every one",
    ]


class KeysFollower(Screen[None]):
    """A screen that names keys, counting how often it is told they changed."""

    def __init__(self) -> None:
        super().__init__()
        self.told = 0

    def follow_keymap(self) -> None:
        """Count the call (a real screen queries its widgets here: it must be mounted)."""
        assert self.is_mounted, "told before its widgets exist"
        self.told += 1


async def test_the_keys_are_given_to_mounted_screens_not_to_one_still_being_pushed() -> None:
    """A game opened while the keys are checked is pushed but not mounted yet: its widgets do
    not exist, and it names the keys in use as it mounts (its ``on_mount``)."""
    app: App[None] = App()
    async with app.run_test() as pilot:
        shown = KeysFollower()
        await app.push_screen(shown)
        pushed = KeysFollower()
        app.push_screen(pushed)  # not awaited: on the stack, not mounted yet
        assert not pushed.is_mounted
        OwnKeys([("game.hint", "I")]).use_in(app, PLACES)
        assert shown.told == 1 and pushed.told == 0
        await pilot.pause()
        assert pushed.is_mounted
