"""The New game screen: seats, preset, every rule option and an optional seed.

Each seat has a name (any text up to 24 characters, shown literally) and a player: a person
or a computer player of some level (:data:`chickenfoot.bots.BOT_LEVELS`). Choosing a preset
fills every rule field with that preset's values; a blank number field means the default
its placeholder shows. The form is checked as it is typed with the engine's own validation
(:func:`chickenfoot.rules.build_rules`): each problem is shown under its field and Start stays
disabled while there is one. Start remembers the set-up (:mod:`chickenfoot.saves.settings`)
and posts :class:`~chickenfoot.tui.messages.StartGame`.

Keys: Tab / Shift+Tab or ↓ / ↑ move between fields, Enter or Space opens a list, ``ctrl+n``
adds a seat, ``ctrl+r`` removes the last seat, ``ctrl+s`` starts,
Escape goes back.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Header, Input, Label, Select, Static

from chickenfoot.bots import (
    BOT_LEVELS,
    DEFAULT_LEVEL,
    DEFAULT_THINK_TIME,
    level_name,
)
from chickenfoot.lang import N_, _, ngettext
from chickenfoot.net.protocol import DEFAULT_GRACE, TableOptions
from chickenfoot.net.seating import (
    COVER_DEFAULT,
    COVER_LABEL,
    GRACE_HINT,
    GRACE_LABEL,
    HINTS_CHOICES,
    HINTS_LABEL,
    SERVER_BLANK,
    SERVER_HINT,
    SERVER_LABEL,
    creator_name,
    grace_from_text,
    online_server_problem,
    table_options,
)
from chickenfoot.record.model import (
    NAME_MAX_LENGTH,
    SeatConfig,
)
from chickenfoot.rules import (
    PRESETS,
    RuleSet,
    RuleSetError,
    build_rules,
)
from chickenfoot.rules.ruleset import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    PresetName,
)
from chickenfoot.saves.settings import (
    NUMBER_MAX_DIGITS,
    SEED_MAX_DIGITS,
    Settings,
    SetupChoice,
    is_field_text,
    is_plain_number,
    load_settings,
)
from chickenfoot.text.ruleset import preset_name, preset_summary, rule_problem
from chickenfoot.text.setup_form import (
    FIELDS_BY_NAME,
    HUMAN,
    NOBODY_PLAYS,
    RULE_FIELDS,
    SPARE_NAMES,
    THINK_TIME_LABEL,
    RuleField,
    blank_meaning,
    kind_options,
    kind_value,
    levels_text,
    preset_values,
    rule_fields_from_form,
    seat_config,
    seat_problems,
    think_time_from_text,
    think_time_text,
)
from chickenfoot.tui.commands import PaletteCommand, binding_commands, button_key
from chickenfoot.tui.footer import WordsFooter
from chickenfoot.tui.keymap import text_keys
from chickenfoot.tui.messages import CreateOnline, StartGame
from chickenfoot.tui.widgets.typing import TypingInput


def show_line(line: Static, text: str | None) -> None:
    """Show ``text`` in ``line`` (hide the line for None or ""), touching it only if it changes:
    the form is checked on every key, and an unchanged line should not cost a layout pass."""
    wanted = text or ""
    if line.content != wanted:
        line.update(wanted)
    if line.display != bool(wanted):
        line.display = bool(wanted)


class FormSelect(Select[str], inherit_bindings=False):
    """A Select that opens on Enter or Space only, so ↑ and ↓ move between fields. Its list
    opens in place, pushing the rows below down (see setup.tcss), and scrolls into view."""

    BINDINGS = [
        Binding("enter,space", "show_overlay", N_("Open list"), show=False, id="setup.open-list")
    ]

    def on_mount(self) -> None:
        """Follow the list opening."""
        self.watch(self, "expanded", self._list_opened, init=False)

    def _list_opened(self, expanded: bool) -> None:
        if expanded:  # once laid out with the list, bring all of it into view
            self.call_after_refresh(self.scroll_visible, animate=False)


class FormScroll(VerticalScroll, inherit_bindings=False):
    """The form's scrolling column: Page Up / Page Down scroll it, ↑ and ↓ are left to the
    screen (to move between fields)."""

    BINDINGS = [
        Binding("pageup", "page_up", N_("Page up"), show=False, id="setup.page-up"),
        Binding("pagedown", "page_down", N_("Page down"), show=False, id="setup.page-down"),
    ]


class SeatRow(Vertical):
    """One seat: its number, a name input, a player choice, and a line for its problem."""

    def __init__(self, index: int, seat: SeatConfig) -> None:
        super().__init__(classes="seat")
        self.seat = seat
        self.index = index

    def compose(self) -> ComposeResult:
        """Number, name and player on one line; the problem below."""
        with Horizontal(classes="seat-line"):
            yield Label(f"{self.index + 1}.", classes="seat-number")
            yield TypingInput(
                self.seat.name,
                placeholder=_("name"),
                max_length=NAME_MAX_LENGTH,
                classes="seat-name",
                compact=True,
            )
            yield FormSelect(
                kind_options(),
                value=kind_value(self.seat),
                allow_blank=False,
                classes="seat-kind",
                compact=True,
            )
        yield Static("", classes="problem seat-problem", markup=False)

    @property
    def name_text(self) -> str:
        """The name as typed."""
        return self.query_one(".seat-name", Input).value

    @property
    def kind(self) -> str:
        """The player choice value."""
        return str(self.query_one(".seat-kind", FormSelect).value)

    def show_problem(self, message: str | None) -> None:
        """Show (or clear) the problem with this seat."""
        show_line(self.query_one(".seat-problem", Static), message)


class OnlineFields(Vertical):
    """The form's online table: its server (blank: play here), how long a person's lost seat
    waits, the computer that then plays it, and whether hints are allowed."""

    DEFAULT_CSS = """
    OnlineFields {
        height: auto;
    }
    """

    def compose(self) -> ComposeResult:
        """The section's title, its fields, their problems and what they mean."""
        yield Static(_("Online table"), classes="section-title", markup=False)
        with Horizontal(classes="field"):
            yield Label(_(SERVER_LABEL), classes="field-label", markup=False)
            yield TypingInput(
                "",
                placeholder=_(SERVER_BLANK),
                max_length=200,
                id="online-server",
                compact=True,
            )
        yield Static("", id="online-server-problem", classes="problem field-problem")
        yield Static(_(SERVER_HINT), classes="hint", markup=False)
        with Horizontal(classes="field"):
            yield Label(_(GRACE_LABEL), classes="field-label", markup=False)
            yield TypingInput(
                "",
                placeholder=f"{DEFAULT_GRACE:.0f}",
                restrict=r"\d*",
                max_length=4,
                id="online-grace",
                compact=True,
            )
        yield Static("", id="online-grace-problem", classes="problem field-problem")
        with Horizontal(classes="field"):
            yield Label(_(COVER_LABEL), classes="field-label", markup=False)
            yield FormSelect(
                [(level_name(level), level) for level in BOT_LEVELS],
                value=COVER_DEFAULT,
                allow_blank=False,
                id="online-cover",
                compact=True,
            )
        with Horizontal(classes="field"):
            yield Label(_(HINTS_LABEL), classes="field-label", markup=False)
            yield FormSelect(
                [(_(label), value) for label, value in HINTS_CHOICES],
                value="yes",
                allow_blank=False,
                id="online-hints",
                compact=True,
            )
        yield Static(_(GRACE_HINT), classes="hint", markup=False)

    @property
    def server(self) -> str:
        """The server typed (blank: the game is played here)."""
        return self.query_one("#online-server", Input).value.strip()

    def problems(self, kinds: list[str], seed: str = "", creator: str = "") -> dict[str, str]:
        """Check the fields for seats of ``kinds``, the seed typed ``seed`` and the creator's
        seat's name ``creator``: show each problem under its field and return them by field
        name (``online-server``, ``online-grace``)."""
        problems: dict[str, str] = {}
        if self.server:
            problem = online_server_problem(self.server, kinds, seed=seed, creator=creator)
            if problem is not None:
                problems["online-server"] = problem
        try:
            grace_from_text(self.query_one("#online-grace", Input).value)
        except ValueError as error:
            problems["online-grace"] = str(error)
        for name in ("online-server", "online-grace"):
            show_line(self.query_one(f"#{name}-problem", Static), problems.get(name))
        return problems

    def options(self, rules: RuleSet, seats: tuple[SeatConfig, ...]) -> TableOptions:
        """The online table's options for ``rules`` and ``seats`` (call only when the form has
        no problem)."""
        return table_options(
            rules,
            seats,
            grace=grace_from_text(self.query_one("#online-grace", Input).value),
            cover=str(self.query_one("#online-cover", FormSelect).value),
            hints=self.query_one("#online-hints", FormSelect).value == "yes",
        )


def ready_text(rules: RuleSet) -> str:
    """What the game set up will be, once the form has no problem: its seats, its set, the
    tiles dealt to each seat, its arms and its rounds."""
    seats = ngettext("{count} seat", "{count} seats", rules.players)
    tiles = ngettext("{count} tile", "{count} tiles", rules.tile_count)
    hand = ngettext("{count} tile", "{count} tiles", rules.tiles_per_hand)
    arms = ngettext("{count} arm", "{count} arms", rules.arm_count)
    rounds = ngettext("{count} round", "{count} rounds", rules.round_count)
    # Translators: the game set up: "Ready: 4 seats, double-9 (55 tiles), 13 tiles each,
    # 4 arms, 10 rounds."
    return _("Ready: {seats}, double-{number} ({tiles}), {hand} each, {arms}, {rounds}.").format(
        seats=seats.format(count=rules.players),
        number=rules.set_size,
        tiles=tiles.format(count=rules.tile_count),
        hand=hand.format(count=rules.tiles_per_hand),
        arms=arms.format(count=rules.arm_count),
        rounds=rounds.format(count=rules.round_count),
    )


class SetupScreen(Screen[None]):
    """Set up a new game and start it."""

    CSS_PATH = "setup.tcss"
    KEY_WIDGETS = (TypingInput, FormSelect, FormScroll, Button)
    """The widgets that can have the keyboard here: their keys count when keys are changed."""
    TYPED_KEYS = text_keys()
    """Keys typed into the text fields, which have the keyboard: no binding may take them."""
    TYPED_KEYS_DO = N_("type into its fields")
    BINDINGS = [
        Binding(
            "ctrl+s",
            "start",
            N_("Start"),
            id="setup.start",
            tooltip=N_("Deal and play with these seats and rules"),
        ),
        Binding(
            "ctrl+n",
            "add_seat",
            N_("Add seat"),
            id="setup.add-seat",
            tooltip=N_("Another seat, up to 8"),
        ),
        Binding(
            "ctrl+r",
            "remove_seat",
            N_("Remove seat"),
            id="setup.remove-seat",
            tooltip=N_("Remove the last seat, down to 2"),
        ),
        Binding("down", "app.focus_next", N_("Next field"), show=False, id="setup.next-field"),
        Binding(
            "up", "app.focus_previous", N_("Previous field"), show=False, id="setup.previous-field"
        ),
        Binding("escape", "back", N_("Back"), id="setup.back", tooltip=N_("Leave the set-up")),
    ]

    def __init__(self, settings: Settings | None = None) -> None:
        super().__init__()
        self.settings = settings if settings is not None else load_settings()
        choice = self.settings.setup
        self.preset_name: PresetName = choice.preset
        self.initial_seats: tuple[SeatConfig, ...] = choice.seats
        self.initial_values = {**preset_values(choice.preset), **self._known_values(choice.fields)}
        self.initial_seed = choice.seed if is_plain_number(choice.seed, SEED_MAX_DIGITS) else ""
        self.rules: RuleSet | None = None
        """The rules the form describes, or None while it has a problem."""
        self._enabled: tuple[bool, bool, bool] | None = None
        """Whether Start, Add seat and Remove seat were last allowed (to refresh the keys)."""
        self.problems: dict[str, str] = {}
        """Every problem shown, by field name ("seat-<n>" for seats, "players", "rules")."""

    @staticmethod
    def _known_values(values: dict[str, str]) -> dict[str, str]:
        """The remembered field values that the form can show; anything else is dropped."""
        return {
            name: text
            for name, text in values.items()
            if name in FIELDS_BY_NAME and is_field_text(name, text)
        }

    # ----- building the form ---------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """Seats, then the preset and rule fields, then Start; all in one scrolling column."""
        yield Header()
        with FormScroll(id="setup-form"):
            yield Static(_("Seats"), classes="section-title", markup=False)
            with Vertical(id="seats"):
                for index, seat in enumerate(self.initial_seats):
                    yield SeatRow(index, seat)
            yield Static("", id="players-problem", classes="problem", markup=False)
            with Horizontal(id="seat-buttons"):
                add = _("Add seat ({key})").format(key=button_key(self, "setup.add-seat"))
                yield Button(add, id="add-seat", compact=True)
                remove = _("Remove seat ({key})").format(key=button_key(self, "setup.remove-seat"))
                yield Button(remove, id="remove-seat", compact=True)
            yield Static(levels_text(), id="levels-help", markup=False)
            with Horizontal(classes="field"):
                yield Label(_(THINK_TIME_LABEL), classes="field-label", markup=False)
                yield TypingInput(
                    think_time_text(self.initial_seats),
                    placeholder=f"{DEFAULT_THINK_TIME:g}",
                    restrict=r"[0-9.]*",
                    max_length=5,
                    id="think-time",
                    compact=True,
                )
            yield Static("", id="think-time-problem", classes="problem field-problem", markup=False)
            yield Static(_("Rules"), classes="section-title", markup=False)
            with Horizontal(classes="field"):
                yield Label(_("Preset"), classes="field-label", markup=False)
                yield FormSelect(
                    [(preset_name(name), name) for name in PRESETS],
                    value=self.preset_name,
                    allow_blank=False,
                    id="preset",
                    compact=True,
                )
            yield Static(preset_summary(self.preset_name), id="preset-help", markup=False)
            for field in RULE_FIELDS:
                yield from self._field_widgets(field)
            with Horizontal(classes="field"):
                yield Label(_("Seed (optional)"), classes="field-label", markup=False)
                yield TypingInput(
                    self.initial_seed,
                    placeholder=_("random deal"),
                    restrict=r"\d*",
                    max_length=SEED_MAX_DIGITS,
                    id="seed",
                    compact=True,
                )
            yield Static(
                _("The same seed and set-up deal the same game."), classes="hint", markup=False
            )
            yield OnlineFields(id="online-table")
            yield Static("", id="setup-summary", markup=False)
            with Horizontal(id="start-buttons"):
                start, back = button_key(self, "setup.start"), button_key(self, "setup.back")
                yield Button(
                    _("Start ({key})").format(key=start),
                    id="start",
                    variant="success",
                    compact=True,
                )
                yield Button(_("Back ({key})").format(key=back), id="back", compact=True)
        yield WordsFooter()

    def _field_widgets(self, field: RuleField) -> Iterable[Widget]:
        """The label and control of one rule field, and a line for its problem."""
        value = self.initial_values[field.name]
        control: Widget
        if field.choices is not None:
            choices = [(_(label), choice) for label, choice in field.choices]
            control = FormSelect(
                choices, value=value, allow_blank=False, id=field.name, compact=True
            )
        else:
            control = TypingInput(
                value, restrict=r"\d*", max_length=NUMBER_MAX_DIGITS, id=field.name, compact=True
            )
        label = Label(_(field.label), classes="field-label", markup=False)
        row = Horizontal(label, control, classes="field")
        yield row
        yield Static("", id=f"{field.name}-problem", classes="problem field-problem", markup=False)

    def on_mount(self) -> None:
        """Check the form and put the cursor on the first name."""
        self.sub_title = _("New game")
        if self.settings.problem:
            self.notify(self.settings.problem, severity="warning", markup=False)
        self.validate_form()
        self.query(".seat-name").first(Input).focus()

    # ----- reading the form ----------------------------------------------------------------------

    @property
    def seat_rows(self) -> list[SeatRow]:
        """The seat rows in order."""
        return list(self.query(SeatRow))

    def field_values(self) -> dict[str, str]:
        """Every rule field's text or choice value, by field name."""
        values: dict[str, str] = {}
        for field in RULE_FIELDS:
            if field.choices is not None:
                values[field.name] = str(self.query_one(f"#{field.name}", FormSelect).value)
            else:
                values[field.name] = self.query_one(f"#{field.name}", Input).value
        return values

    def seat_configs(self) -> tuple[SeatConfig, ...]:
        """The seats as typed (call only when the form has no problem)."""
        think_time = think_time_from_text(self.query_one("#think-time", Input).value)
        return tuple(
            seat_config(row.name_text.strip(), row.kind, think_time) for row in self.seat_rows
        )

    @property
    def seed(self) -> int | None:
        """The seed typed, or None for a random deal."""
        text = self.query_one("#seed", Input).value
        return int(text) if text else None

    # ----- checking ------------------------------------------------------------------------------

    @on(Input.Changed)
    @on(Select.Changed)
    def _form_changed(self, event: Input.Changed | Select.Changed) -> None:
        if isinstance(event, Select.Changed) and event.select.id == "preset":
            self._preset_chosen(str(event.value))
        self.validate_form()

    def _preset_chosen(self, name: str) -> None:
        """A different preset: fill every rule field with its values."""
        if name == self.preset_name or name not in PRESETS:
            return
        self.preset_name = name
        self.query_one("#preset-help", Static).update(preset_summary(self.preset_name))
        for field_name, value in preset_values(self.preset_name).items():
            if field_name == "set_size":
                continue  # A set chosen stays chosen: the presets differ in rules, not sets.
            if FIELDS_BY_NAME[field_name].choices is not None:
                self.query_one(f"#{field_name}", FormSelect).value = value
            else:
                self.query_one(f"#{field_name}", Input).value = value

    def validate_form(self) -> None:
        """Check seats and rules; show every problem, the placeholders and the summary, and
        enable Start only when the game can be played."""
        rows = self.seat_rows
        values = self.field_values()
        problems: dict[str, str] = {}
        for index, message in seat_problems((row.name_text, row.kind) for row in rows).items():
            problems[f"seat-{index}"] = message
        try:
            think_time_from_text(self.query_one("#think-time", Input).value)
        except ValueError as error:
            problems["think-time"] = str(error)
        fields = rule_fields_from_form(self.preset_name, len(rows), values)
        try:
            rules: RuleSet | None = build_rules(fields)
        except RuleSetError as error:
            rules = None
            for problem in error.problems:
                shown_at = (
                    problem.field
                    if problem.field in FIELDS_BY_NAME or problem.field == "players"
                    else "rules"
                )
                problems.setdefault(shown_at, rule_problem(problem))
        seed = self.query_one("#seed", Input).value
        creator = next((row.name_text for row in rows if row.kind == HUMAN), "")
        online = self.query_one(OnlineFields)
        problems.update(online.problems([row.kind for row in rows], seed, creator))
        self.rules = rules
        self.problems = problems
        for index, row in enumerate(rows):
            row.show_problem(problems.get(f"seat-{index}"))
        for field in RULE_FIELDS:
            self._show_problem(f"#{field.name}-problem", problems.get(field.name))
        self._show_problem("#think-time-problem", problems.get("think-time"))
        nobody = all(row.kind != HUMAN for row in rows)
        players_line = problems.get("players") or (_(NOBODY_PLAYS) if nobody else None)
        self._show_problem("#players-problem", players_line)
        self._update_placeholders(fields)
        self._update_summary(rules, problems)
        enabled = (not problems, len(rows) < MAX_PLAYERS, len(rows) > MIN_PLAYERS)
        for button_id, allowed in zip(
            ("#start", "#add-seat", "#remove-seat"), enabled, strict=True
        ):
            self.query_one(button_id, Button).disabled = not allowed
        if enabled != self._enabled:
            self._enabled = enabled
            self.refresh_bindings()

    def _show_problem(self, selector: str, message: str | None) -> None:
        show_line(self.query_one(selector, Static), message)

    def _update_placeholders(self, fields: dict[str, Any]) -> None:
        """Say in each empty number field what its default is for the current set-up."""
        for field in RULE_FIELDS:
            if field.choices is None:
                control = self.query_one(f"#{field.name}", Input)
                placeholder = blank_meaning(
                    field, self.preset_name, fields["set_size"], fields["players"]
                )
                if control.placeholder != placeholder:
                    control.placeholder = placeholder

    def _update_summary(self, rules: RuleSet | None, problems: dict[str, str]) -> None:
        summary = self.query_one("#setup-summary", Static)
        if rules is None or problems:
            show_line(summary, problems.get("rules") or _("Fix the marked fields to start."))
            summary.set_class(True, "-invalid")
            return
        show_line(summary, ready_text(rules))
        summary.set_class(False, "-invalid")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Start only when the game can be played; add and remove seats within 2 to 8."""
        if not self.is_mounted:
            return True
        if action == "start":
            return None if self.problems else True
        if action == "add_seat":
            return None if len(self.seat_rows) >= MAX_PLAYERS else True
        if action == "remove_seat":
            return None if len(self.seat_rows) <= MIN_PLAYERS else True
        return True

    # ----- seats ---------------------------------------------------------------------------------

    async def action_add_seat(self) -> None:
        """Add a seat (a computer player with a free name), up to 8."""
        rows = self.seat_rows
        if len(rows) >= MAX_PLAYERS:
            at_most = ngettext("At most {count} seat.", "At most {count} seats.", MAX_PLAYERS)
            self.notify(at_most.format(count=MAX_PLAYERS), severity="warning")
            return
        taken = {row.name_text.strip().casefold() for row in rows}
        name = next(n for n in SPARE_NAMES if n.casefold() not in taken)
        row = SeatRow(len(rows), SeatConfig(name=name, player="computer", level=DEFAULT_LEVEL))
        await self.query_one("#seats", Vertical).mount(row)
        self._seats_changed(row)

    async def action_remove_seat(self) -> None:
        """Remove the last seat, down to 2 (the cursor goes to the new last seat's name)."""
        rows = self.seat_rows
        if len(rows) <= MIN_PLAYERS:
            at_least = ngettext("At least {count} seat.", "At least {count} seats.", MIN_PLAYERS)
            self.notify(at_least.format(count=MIN_PLAYERS), severity="warning")
            return
        await rows[-1].remove()
        self._seats_changed(self.seat_rows[-1])

    def _seats_changed(self, focus: SeatRow) -> None:
        """Renumber the seats, check the form, and put the cursor on ``focus``'s name."""
        for index, row in enumerate(self.seat_rows):
            row.index = index
            row.query_one(".seat-number", Label).update(f"{index + 1}.")
        self.validate_form()
        focus.query_one(".seat-name", Input).focus()

    # ----- buttons and keys ----------------------------------------------------------------------

    @on(Button.Pressed, "#add-seat")
    async def _add_pressed(self) -> None:
        await self.action_add_seat()

    @on(Button.Pressed, "#remove-seat")
    async def _remove_pressed(self) -> None:
        await self.action_remove_seat()

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#back")
    def _back_pressed(self) -> None:
        self.action_back()

    @on(Input.Submitted)
    def _input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a text field moves to the next field."""
        event.stop()
        self.focus_next()

    def action_start(self) -> None:
        """Remember the set-up and start the game (if the form has no problem)."""
        self.validate_form()
        if self.problems or self.rules is None:
            self.notify(_("Fix the marked fields first."), severity="warning")
            return
        seats = self.seat_configs()
        choice = SetupChoice(
            seats=seats,
            preset=self.preset_name,
            fields=self.field_values(),
            seed=self.query_one("#seed", Input).value,
        )
        online = self.query_one(OnlineFields)
        if online.server:
            options = online.options(self.rules, seats)
            self.post_message(CreateOnline(online.server, options, creator_name(seats)))
            return
        self.post_message(StartGame(self.rules, seats, self.seed, remember=choice))

    def palette_commands(self) -> list[PaletteCommand]:
        """Start (only when the set-up can be played), add or remove a seat, back."""
        return binding_commands(self)

    def action_back(self) -> None:
        """Back to the menu without starting."""
        self.dismiss()
