"""The New game screen: seats, every rule field, live validation, remembering, starting."""

from __future__ import annotations

import re
from itertools import takewhile
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Button, Input, OptionList, Select, Static

from chickenfoot.bots import BOT_LEVELS, DEFAULT_LEVEL
from chickenfoot.lang import speaking
from chickenfoot.record.model import SeatConfig
from chickenfoot.rules import RuleSet, RuleSetError, build_rules, default_hand_size, preset
from chickenfoot.saves.paths import settings_path
from chickenfoot.saves.settings import (
    DEFAULT_SEATS,
    Settings,
    SetupChoice,
    load_settings,
    save_settings,
)
from chickenfoot.text.ruleset import preset_summary, rule_problem
from chickenfoot.text.setup_form import (
    RULE_FIELDS,
    preset_values,
    rule_fields_from_form,
    seat_problems,
)
from chickenfoot.tui import app as app_module
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.menu import MenuScreen
from chickenfoot.tui.screens.online import JoinScreen
from chickenfoot.tui.screens.setup import FormSelect, SetupScreen
from tests.pseudo import OPEN, PSEUDO, PseudoTranslations, english
from tests.tui.conftest import TuiKit, wait_for


class StartRecordingApp(ChickenFootApp):
    """The real app, except that start_game records its arguments instead of dealing."""

    CSS_PATH = [str(Path(app_module.__file__).parent / path) for path in ChickenFootApp.CSS_PATH]

    def __init__(self) -> None:
        super().__init__(bot_delay=0)
        self.started: list[tuple[RuleSet, tuple[SeatConfig, ...], int | None]] = []

    def start_game(self, rules: RuleSet, seats: tuple[SeatConfig, ...], seed: int | None) -> None:
        """Record the call."""
        self.started.append((rules, seats, seed))


async def open_setup(pilot: Pilot[None]) -> SetupScreen:
    """From the menu, open the set-up screen by its key."""
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, MenuScreen), "the menu")
    await pilot.press("n")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, SetupScreen), "the set-up screen")
    screen = pilot.app.screen
    assert isinstance(screen, SetupScreen)
    return screen


def names(screen: SetupScreen) -> list[str]:
    """The seat names as typed."""
    return [row.name_text for row in screen.seat_rows]


def value_of(screen: SetupScreen, field: str) -> str:
    """A rule field's text or choice."""
    return screen.field_values()[field]


def problem_text(node: Widget, selector: str) -> str | None:
    """The text of the problem line ``selector`` under ``node`` if it is shown, else None."""
    problem = node.query_one(selector, Static)
    return str(problem.render()) if problem.display else None


async def choose(pilot: Pilot[None], select_id: str, value: str) -> None:
    """Pick ``value`` in a list by keys: focus it, open it with Enter, arrow to it, Enter."""
    screen = pilot.app.screen
    select = screen.query_one(f"#{select_id}", FormSelect)
    select.focus()
    await wait_for(pilot, lambda: select.has_focus, f"the focus on {select_id}")
    values = [v for _, v in select._options]
    steps = values.index(value) - values.index(select.value)
    await pilot.press("enter")
    await wait_for(pilot, lambda: select.expanded, f"the {select_id} list to open")
    await pilot.press(*(["down"] * steps if steps > 0 else ["up"] * -steps), "enter")
    await wait_for(pilot, lambda: select.value == value and not select.expanded, f"{value} chosen")


def typed_value(widget: Input, text: str) -> str:
    """What ``widget`` holds after ``text`` is typed into it empty: characters its ``restrict``
    pattern refuses, and those past its ``max_length``, are dropped."""
    value = ""
    for character in text:
        candidate = value + character
        if widget.restrict and not re.fullmatch(widget.restrict, candidate):
            continue
        if widget.max_length and len(candidate) > widget.max_length:
            continue
        value = candidate
    return value


async def type_into(pilot: Pilot[None], widget: Input, text: str) -> None:
    """Replace an input's text by typing, as a person would, and wait until it is in."""
    widget.focus()
    await wait_for(pilot, lambda: widget.has_focus, "the input's focus")
    await pilot.press("ctrl+a", "ctrl+k", *text)
    expected = typed_value(widget, text)
    await wait_for(pilot, lambda: widget.value == expected, f"{expected!r} typed")


# ----- pure helpers ------------------------------------------------------------------------------


def test_preset_values_cover_every_rule_field_and_match_the_preset() -> None:
    for name in ("cross", "trains"):
        values = preset_values(name)
        assert set(values) == {field.name for field in RULE_FIELDS}
        rules = build_rules(rule_fields_from_form(name, 4, values))
        assert rules == preset(name, players=4)


def test_blank_numbers_mean_the_defaults() -> None:
    values = {**preset_values("cross"), "hand_size": "", "arms": "", "reserve": "", "rounds": ""}
    fields = rule_fields_from_form("cross", 3, values)
    assert fields["hand_size"] is None and fields["arms"] is None and fields["rounds"] is None


def test_seat_problems_find_empty_and_repeated_names() -> None:
    found = seat_problems([("Ana", "human"), ("  ", "human"), ("ana ", "computer:greedy")])
    assert set(found) == {1, 2}
    assert "name" in found[1]
    assert "Seat 1" in found[2]


# ----- the form --------------------------------------------------------------------------------


async def test_defaults_without_settings() -> None:
    app = StartRecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        assert names(screen) == [seat.name for seat in DEFAULT_SEATS]
        await wait_for(
            pilot, lambda: screen.field_values() == preset_values("cross"), "the form to show it"
        )
        assert screen.problems == {}
        await wait_for(
            pilot, lambda: not screen.query_one("#start", Button).disabled, "the form to show it"
        )
        await wait_for(pilot, lambda: isinstance(app.focused, Input), "the focus on a name")
        assert isinstance(app.focused, Input) and app.focused.value == "You"


async def test_every_rule_field_has_a_control() -> None:
    app = StartRecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        rule_names = set(RuleSet.model_fields) - {"preset", "players"}
        assert {field.name for field in RULE_FIELDS} == rule_names
        for field in RULE_FIELDS:
            control = screen.query_one(f"#{field.name}")
            assert isinstance(control, Select if field.choices else Input)


async def test_seat_player_choices_are_person_and_every_bot_level() -> None:
    app = StartRecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        kinds = screen.seat_rows[0].query_one(".seat-kind", FormSelect)
        assert [value for _, value in kinds._options] == [
            "human",
            *(f"computer:{level}" for level in BOT_LEVELS),
        ]


async def test_cross_with_eight_seats_shows_the_engine_message_and_disables_start() -> None:
    app = StartRecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        await pilot.press("ctrl+n", "ctrl+n", "ctrl+n", "ctrl+n")
        await wait_for(pilot, lambda: len(screen.seat_rows) == 8, "eight seats")
        with pytest.raises(RuleSetError) as refused:
            preset("cross", players=8)
        (problem,) = refused.value.problems
        expected = rule_problem(problem)
        assert expected == problem.message  # the English words are the rules' own
        await wait_for(
            pilot,
            lambda: problem_text(screen, "#hand_size-problem") == expected,
            "the form to show it",
        )
        await wait_for(
            pilot, lambda: screen.query_one("#start", Button).disabled, "the form to show it"
        )
        assert screen.check_action("start", ()) is None
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.started == []
        # Fewer tiles each makes it playable again.
        await type_into(pilot, screen.query_one("#hand_size", Input), "6")
        await wait_for(
            pilot, lambda: problem_text(screen, "#hand_size-problem") is None, "the form to show it"
        )
        await wait_for(
            pilot, lambda: not screen.query_one("#start", Button).disabled, "the form to show it"
        )


async def test_add_and_remove_seat_keys_stay_within_two_to_eight() -> None:
    app = StartRecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        await pilot.press(*["ctrl+n"] * 6)
        await wait_for(pilot, lambda: len(screen.seat_rows) == 8, "eight seats")
        assert len({n.casefold() for n in names(screen)}) == 8
        await wait_for(
            pilot, lambda: screen.query_one("#add-seat", Button).disabled, "the form to show it"
        )
        await wait_for(
            pilot,
            lambda: app.focused is screen.seat_rows[-1].query_one(".seat-name", Input),
            "the form to show it",
        )
        await pilot.press(*["ctrl+r"] * 8)
        await wait_for(pilot, lambda: len(screen.seat_rows) == 2, "two seats")
        await wait_for(
            pilot, lambda: screen.query_one("#remove-seat", Button).disabled, "the form to show it"
        )
        await wait_for(
            pilot,
            lambda: (
                [str(row.query_one(".seat-number").render()) for row in screen.seat_rows]
                == ["1.", "2."]
            ),
            "the form to show it",
        )


async def test_remove_seat_removes_the_last_seat_and_the_cursor_stays_in_the_form() -> None:
    app = StartRecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        first_name = screen.seat_rows[0].query_one(".seat-name", Input)
        await wait_for(pilot, lambda: first_name.has_focus, "the person's name, on arrival")
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: names(screen) == ["You", "Ada", "Ben"], "the last seat gone")
        last_name = screen.seat_rows[-1].query_one(".seat-name", Input)
        await wait_for(pilot, lambda: last_name.has_focus, "the cursor on the new last seat")


async def test_a_table_of_computers_is_a_warning_not_a_problem() -> None:
    app = StartRecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        kind = screen.seat_rows[0].query_one(".seat-kind", FormSelect)
        kind.value = f"computer:{next(iter(BOT_LEVELS))}"
        await wait_for(
            pilot,
            lambda: "No seat is a person" in str(screen.query_one("#players-problem").render()),
            "the warning",
        )
        assert not screen.problems
        assert not screen.query_one("#start", Button).disabled


async def test_choosing_a_preset_keeps_the_chosen_set() -> None:
    app = StartRecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        await choose(pilot, "set_size", "12")
        await choose(pilot, "preset", "trains")
        await wait_for(pilot, lambda: screen.preset_name == "trains", "the preset")
        assert screen.field_values()["set_size"] == "12"


async def test_add_and_remove_buttons() -> None:
    app = StartRecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        screen.query_one("#add-seat", Button).press()
        await wait_for(pilot, lambda: len(screen.seat_rows) == 5, "a fifth seat")
        screen.query_one("#remove-seat", Button).press()
        await wait_for(pilot, lambda: len(screen.seat_rows) == 4, "four seats again")


async def test_changing_the_preset_refills_every_rule_field() -> None:
    app = StartRecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        await type_into(pilot, screen.query_one("#rounds", Input), "3")
        await choose(pilot, "preset", "trains")
        await wait_for(
            pilot, lambda: screen.field_values() == preset_values("trains"), "the form to show it"
        )
        await wait_for(
            pilot,
            lambda: (
                value_of(screen, "drawn_tile") == "must_play" and value_of(screen, "arms") == ""
            ),
            "the form to show it",
        )
        await wait_for(
            pilot,
            lambda: (
                str(screen.query_one("#preset-help", Static).render()) == preset_summary("trains")
            ),
            "the form to show it",
        )
        await choose(pilot, "preset", "cross")
        await wait_for(
            pilot, lambda: screen.field_values() == preset_values("cross"), "the form to show it"
        )


async def test_placeholders_show_the_defaults_for_the_set_up() -> None:
    app = StartRecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        await choose(pilot, "preset", "trains")
        await choose(pilot, "set_size", "12")
        await wait_for(
            pilot,
            lambda: (
                screen.query_one("#hand_size", Input).placeholder
                == f"default: {default_hand_size('trains', 12, 4)}"
            ),
            "the form to show it",
        )
        await wait_for(
            pilot,
            lambda: screen.query_one("#arms", Input).placeholder == "one per seat (4)",
            "the form to show it",
        )
        await wait_for(
            pilot,
            lambda: screen.query_one("#rounds", Input).placeholder == "all (13)",
            "the form to show it",
        )
        await pilot.press("ctrl+r", "ctrl+r")
        await wait_for(
            pilot,
            lambda: screen.query_one("#reserve", Input).placeholder == "default: 2",
            "the new default",
        )


async def test_number_fields_take_digits_only() -> None:
    app = StartRecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        await type_into(pilot, screen.query_one("#rounds", Input), "-x2")
        assert value_of(screen, "rounds") == "2"


async def test_the_engine_message_is_shown_in_the_players_language() -> None:
    with speaking(PSEUDO, PseudoTranslations()):
        app = StartRecordingApp()
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_setup(pilot)
            await pilot.press("ctrl+n", "ctrl+n", "ctrl+n", "ctrl+n")
            await wait_for(pilot, lambda: len(screen.seat_rows) == 8, "eight seats")
            with pytest.raises(RuleSetError) as refused:
                preset("cross", players=8)
            (problem,) = refused.value.problems
            expected = rule_problem(problem)
            assert expected.startswith(OPEN) and english(expected) == problem.message
            await wait_for(
                pilot,
                lambda: problem_text(screen, "#hand_size-problem") == expected,
                "the form to show it in the language",
            )


async def test_too_many_rounds_and_arms_show_their_messages() -> None:
    app = StartRecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        await choose(pilot, "set_size", "6")
        await type_into(pilot, screen.query_one("#rounds", Input), "9")
        await type_into(pilot, screen.query_one("#arms", Input), "8")
        with pytest.raises(RuleSetError) as refused:
            build_rules(rule_fields_from_form("cross", 4, screen.field_values()))
        expected = {problem.field: rule_problem(problem) for problem in refused.value.problems}
        await wait_for(
            pilot,
            lambda: problem_text(screen, "#rounds-problem") == expected["rounds"],
            "the form to show it",
        )
        await wait_for(
            pilot,
            lambda: problem_text(screen, "#arms-problem") == expected["arms"],
            "the form to show it",
        )
        await wait_for(
            pilot, lambda: screen.query_one("#start", Button).disabled, "the form to show it"
        )


async def test_a_zero_hand_shows_the_field_message() -> None:
    app = StartRecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        await type_into(pilot, screen.query_one("#hand_size", Input), "0")
        await wait_for(
            pilot, lambda: problem_text(screen, "#hand_size-problem") is not None, "the problem"
        )
        assert problem_text(screen, "#hand_size-problem") == "at least 1"


async def test_empty_and_duplicate_names_are_refused() -> None:
    app = StartRecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        second = screen.seat_rows[1]
        await type_into(pilot, second.query_one(".seat-name", Input), "")
        await wait_for(
            pilot,
            lambda: problem_text(second, ".seat-problem") == "Give this seat a name.",
            "the form to show it",
        )
        await wait_for(
            pilot, lambda: screen.query_one("#start", Button).disabled, "the form to show it"
        )
        await type_into(pilot, second.query_one(".seat-name", Input), "you")
        await wait_for(
            pilot,
            lambda: (
                problem_text(second, ".seat-problem")
                == "Seat 1 already has this name: names must differ."
            ),
            "the form to show it",
        )
        await wait_for(
            pilot, lambda: screen.query_one("#start", Button).disabled, "the form to show it"
        )
        await type_into(pilot, second.query_one(".seat-name", Input), "Zed")
        await wait_for(
            pilot, lambda: problem_text(second, ".seat-problem") is None, "the form to show it"
        )
        await wait_for(
            pilot, lambda: not screen.query_one("#start", Button).disabled, "the form to show it"
        )


async def test_names_are_limited_to_24_characters() -> None:
    app = StartRecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        await type_into(pilot, screen.seat_rows[0].query_one(".seat-name", Input), "x" * 25)
        assert names(screen)[0] == "x" * 24


async def test_markup_in_names_is_kept_literally() -> None:
    app = StartRecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        name_input = screen.seat_rows[0].query_one(".seat-name", Input)
        await type_into(pilot, name_input, "[bold]x[/]")
        assert "[bold]x[/]" in name_input.render_line(0).text
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: len(app.started) == 1, "the game to start")
        assert app.started[0][1][0].name == "[bold]x[/]"


async def test_start_calls_start_game_with_the_rules_seats_and_seed() -> None:
    app = StartRecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        screen.seat_rows[3].query_one(".seat-name", Input).focus()
        await pilot.press("ctrl+r")  # three seats: You, Ada, Ben
        await wait_for(
            pilot,
            lambda: (
                len(screen.seat_rows) == 3
                and app.focused is screen.seat_rows[2].query_one(".seat-name", Input)
            ),
            "the seat removed and the cursor on the new last seat",
        )
        await type_into(pilot, screen.seat_rows[0].query_one(".seat-name", Input), "Ann")
        await type_into(pilot, screen.seat_rows[1].query_one(".seat-name", Input), "Bea")
        kind = screen.seat_rows[1].query_one(".seat-kind", FormSelect)
        kind.focus()
        await wait_for(pilot, lambda: kind.has_focus, "the focus on the player list")
        await pilot.press("enter", "home", "enter")
        await wait_for(pilot, lambda: kind.value == kind._options[0][1], "the first choice")
        await choose(pilot, "preset", "trains")
        await choose(pilot, "draw", "until_playable")
        await type_into(pilot, screen.query_one("#rounds", Input), "4")
        await type_into(pilot, screen.query_one("#double_blank_points", Input), "25")
        await type_into(pilot, screen.query_one("#seed", Input), "1234")
        start = screen.query_one("#start", Button)
        start.focus()
        await wait_for(pilot, lambda: start.has_focus, "the focus on Start")
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(app.started) == 1, "the game to start")
        rules, seats, seed = app.started[0]
        assert rules == preset(
            "trains", players=3, draw="until_playable", rounds=4, double_blank_points=25
        )
        assert seats == (  # two people: neither may be "You" (the game would say "you" to both)
            SeatConfig(name="Ann", player="human"),
            SeatConfig(name="Bea", player="human"),
            SeatConfig(name="Ben", player="computer", level=DEFAULT_LEVEL),
        )
        assert seed == 1234


async def test_blank_seed_means_a_random_deal() -> None:
    app = StartRecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot)
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: len(app.started) == 1, "the game to start")
        assert app.started[0][2] is None
        assert app.started[0][0] == preset("cross", players=4)


async def test_escape_and_back_button_return_to_the_menu() -> None:
    app = StartRecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        screen = await open_setup(pilot)
        screen.query_one("#back", Button).press()
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        assert app.started == []


async def test_up_and_down_move_between_fields() -> None:
    app = StartRecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        first = screen.seat_rows[0].query_one(".seat-name", Input)
        await wait_for(pilot, lambda: app.focused is first, "the first name to have the cursor")
        await pilot.press("down")
        await wait_for(
            pilot,
            lambda: app.focused is screen.seat_rows[0].query_one(".seat-kind", FormSelect),
            "the form to show it",
        )
        await pilot.press("down")
        await wait_for(
            pilot,
            lambda: app.focused is screen.seat_rows[1].query_one(".seat-name", Input),
            "the form to show it",
        )
        await pilot.press("up", "up")
        await wait_for(pilot, lambda: app.focused is first, "the form to show it")


@pytest.mark.parametrize("which", ["first seat", "last field"])
async def test_an_open_list_hides_no_row_and_shows_every_choice(which: str) -> None:
    app = StartRecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        selects = list(screen.query(FormSelect))
        select = selects[0] if which == "first seat" else selects[-1]
        select.focus()
        await pilot.press("enter")
        overlay = select.query_one(OptionList)  # the list Select opens
        form = screen.query_one("#setup-form")
        # Textual lays out the list and the rows around it as each one's refresh arrives: on a
        # loaded machine a frame can hold the list before its row has grown to make room. The
        # settled layout is the one where the Select and every container of it in the form
        # hold the whole list (were it laid over the form instead, this never comes).
        inside_form = takewhile(lambda node: node is not form, select.ancestors_with_self)
        holders = [node for node in inside_form if isinstance(node, Widget)]
        await wait_for(
            pilot,
            lambda: (
                select.expanded
                and overlay.region.height > 0
                and all(node.region.contains_region(overlay.region) for node in holders)
            ),
            "the list laid out in place, its row grown to hold it",
        )
        await wait_for(
            pilot,
            lambda: form.region.contains_region(overlay.region),
            "the whole list in view",
        )
        assert overlay.option_count >= 2 and overlay.region.height >= overlay.option_count
        for row in screen.seat_rows[1:]:
            assert not row.region.overlaps(overlay.region), "the list covers no other seat"
        await pilot.press("down", "enter")
        await wait_for(
            pilot,
            lambda: not select.expanded and overlay.region.height == 0,
            "the list to close and leave the screen",
        )


async def test_start_with_the_real_app_opens_the_game(kit: type[TuiKit]) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot)
        await pilot.press("ctrl+s")
        await kit.wait_for(pilot, lambda: app.game_screen is not None, "the game to open")
        assert [seat.name for seat in kit.game_screen(app).session.record.seats] == [
            s.name for s in DEFAULT_SEATS
        ]


# ----- remembering -----------------------------------------------------------------------------


async def test_the_last_set_up_is_prefilled_next_time() -> None:
    app = StartRecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        seats = len(screen.seat_rows)
        await pilot.press("ctrl+n")
        # The new seat takes the cursor once mounted: type only after that, or it takes the
        # cursor from the first seat's name in the middle of the typing.
        await wait_for(pilot, lambda: len(screen.seat_rows) == seats + 1, "the new seat")
        new_name = screen.seat_rows[-1].query_one(".seat-name", Input)
        await wait_for(pilot, lambda: new_name.has_focus, "the cursor on the new seat")
        await type_into(pilot, screen.seat_rows[0].query_one(".seat-name", Input), "Zoë")
        await choose(pilot, "preset", "trains")
        await type_into(pilot, screen.query_one("#rounds", Input), "2")
        await type_into(pilot, screen.query_one("#seed", Input), "77")
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: len(app.started) == 1, "the game to start")
        await wait_for(pilot, lambda: load_settings().setup.seed == "77", "it to be written")
        typed_names = names(screen)
        typed_values = screen.field_values()
    again = StartRecordingApp()
    async with again.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        assert names(screen) == typed_names
        assert screen.field_values() == typed_values
        assert screen.query_one("#seed", Input).value == "77"
        assert str(screen.query_one("#preset", FormSelect).value) == "trains"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: len(again.started) == 1, "the game to start")
        assert again.started[0][0] == preset("trains", players=5, rounds=2)


@pytest.mark.parametrize(
    "content", ["{not json", "[]", '{"version": 1, "setup": {"seats": []}}', "\udcff"]
)
async def test_a_corrupt_settings_file_gives_the_defaults(data_dir: Path, content: str) -> None:
    settings_path().write_bytes(content.encode("utf-8", "surrogateescape"))
    assert load_settings().problem is not None
    app = StartRecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        assert names(screen) == [seat.name for seat in DEFAULT_SEATS]
        await wait_for(
            pilot, lambda: screen.field_values() == preset_values("cross"), "the form to show it"
        )
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: len(app.started) == 1, "the game to start")
        assert app.started[0][0] == preset("cross", players=4)
        # The set-up is remembered once the game starts, writing a good file over the bad one.
        await wait_for(pilot, lambda: load_settings().problem is None, "a good file written")


async def test_unknown_or_bad_remembered_values_are_dropped(data_dir: Path) -> None:
    fields: dict[str, Any] = {
        **preset_values("cross"),
        "rounds": "abc",
        "draw": "sometimes",
        "colour": "red",
    }
    seats = (
        SeatConfig(name="Ann", player="human"),
        SeatConfig(name="Bot", player="computer", level="genius"),
    )
    save_settings(
        Settings(setup=SetupChoice(seats=seats, preset="cross", fields=fields, seed="12x"))
    )
    app = StartRecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        await wait_for(
            pilot, lambda: screen.field_values() == preset_values("cross"), "the form to show it"
        )
        assert screen.seat_rows[1].kind == f"computer:{DEFAULT_LEVEL}"
        assert screen.query_one("#seed", Input).value == ""


def test_settings_round_trip(tmp_path: Path) -> None:
    choice = SetupChoice(seats=DEFAULT_SEATS[:2], preset="trains", fields={"rounds": "3"}, seed="9")
    save_settings(Settings(setup=choice), tmp_path / "deeper" / "settings.json")
    assert load_settings(tmp_path / "deeper" / "settings.json").setup == choice


def test_an_unreadable_settings_file_gives_the_defaults(tmp_path: Path) -> None:
    folder = tmp_path / "settings.json"
    folder.mkdir()
    loaded = load_settings(folder)
    assert loaded.setup == SetupChoice() and loaded.problem and "cannot be read" in loaded.problem


async def test_fast_typing_in_a_name_keeps_every_character() -> None:
    """Keys arriving faster than the form is checked (all in the driver's queue at once) are
    all typed, in order."""
    app = StartRecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        name = screen.seat_rows[1].query_one(".seat-name", Input)
        name.focus()
        await wait_for(pilot, lambda: name.has_focus, "the focus on the second name")
        name.value = ""
        typed = "Ferdinand-Zoë 42"
        driver = app._driver
        assert driver is not None
        for character in typed:
            key = "space" if character == " " else character
            driver.send_message(events.Key(key, character))
        await wait_for(pilot, lambda: name.value == typed, "every key typed")
        assert screen.seat_configs()[1].name == typed


def test_two_people_cannot_both_be_you() -> None:
    found = seat_problems([("You", "human"), ("Bea", "human")])
    assert set(found) == {0} and "player's name" in found[0]
    assert seat_problems([("You", "human"), ("Bea", "computer:hard")]) == {}


async def test_tab_reaches_the_preset_and_the_domino_set() -> None:
    app = StartRecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot)
        reached: list[str | None] = []
        for _ in range(30):
            await pilot.press("tab")
            focused = app.focused
            reached.append(focused.id if focused is not None else None)
        assert "preset" in reached and "set_size" in reached
        assert reached.index("set_size") == reached.index("preset") + 1


async def test_editing_keys_typed_fast_act_in_order_with_the_characters() -> None:
    """A name typed fast with corrections: the editing keys (ctrl+u, Backspace, the arrows,
    End) arrive in the driver's queue at once with the characters around them, and each
    acts where it was typed (Textual runs an Input's own keys when they reach the app, after
    the characters typed behind them, unless the field runs them itself)."""
    app = StartRecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        name = screen.seat_rows[0].query_one(".seat-name", Input)
        await wait_for(pilot, lambda: name.has_focus, "the focus on the first name")
        keys = ["ctrl+u", *"Ferdinandd", "backspace", *" Zoe", "left", "left", "X", "end"]
        keys += ["backspace", *"ë 42"]
        driver = app._driver
        assert driver is not None
        for key in keys:
            character = key if len(key) == 1 else {"backspace": "\x7f", "ctrl+u": "\x15"}.get(key)
            driver.send_message(events.Key("space" if key == " " else key, character))
        await wait_for(pilot, lambda: name.value == "Ferdinand ZXoë 42", "every key in order")
        assert screen.seat_configs()[0].name == "Ferdinand ZXoë 42"


async def test_characters_typed_fast_after_tab_go_to_the_next_field(data_dir: object) -> None:
    """Join a table typed fast: an address, Tab, a name and Enter arrive at once (a browser
    tab's keys do, a fast typist's may), and the name goes to the name field, not after the
    address (Textual moves the keyboard on Tab when the key has bubbled up to the app, after
    the characters typed behind it went to the field Tab was leaving, unless the field runs
    Tab itself and passes on what came after)."""
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await pilot.press("j")
        await wait_for(pilot, lambda: isinstance(app.screen, JoinScreen), "the Join form")
        screen = app.screen
        address = screen.query_one("#join-address", Input)
        name = screen.query_one("#join-name", Input)
        await wait_for(pilot, lambda: screen.focused is address, "the focus on the address")
        driver = app._driver
        assert driver is not None
        for key in [*"KM7R3P@127.0.0.1:9", "tab", *"Bea"]:
            driver.send_message(events.Key(key, "\t" if key == "tab" else key))
        await wait_for(pilot, lambda: name.value == "Bea", "the name in the name field")
        assert address.value == "KM7R3P@127.0.0.1:9"
