"""New game, a line at a time: the seats, the preset, every rule option and the seed.

The set-up starts from the one remembered (:mod:`chickenfoot.saves.settings`, shared with the
full-screen app) and says it in a few lines: the seats, the rules in the transcript's words,
the seed. Each part is changed by a question or two, whose answer in brackets is kept by an
empty line. The same fields and checks as the app's form are used
(:mod:`chickenfoot.text.setup_form`); the rules are checked by the rules
(:func:`~chickenfoot.rules.build_rules`), whose problems are said as they are. An empty line
starts a set-up that can be played (and remembers it); ``q`` goes back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from chickenfoot.bots import BOT_LEVELS, DEFAULT_LEVEL, DEFAULT_THINK_TIME
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
from chickenfoot.plain.console import Console
from chickenfoot.record.model import THINK_TIME_MAX, THINK_TIME_MIN, SeatConfig
from chickenfoot.rules import PRESETS, RuleSet, RuleSetError, build_rules
from chickenfoot.rules.ruleset import MAX_PLAYERS, MIN_PLAYERS, PresetName
from chickenfoot.saves.settings import (
    SEED_MAX_DIGITS,
    Settings,
    SetupChoice,
    is_field_text,
    is_plain_number,
    load_settings,
    update_settings,
)
from chickenfoot.text.ruleset import preset_summary, rules_summary
from chickenfoot.text.setup_form import (
    FIELDS_BY_NAME,
    HUMAN,
    RULE_FIELDS,
    SPARE_NAMES,
    THINK_TIME_LABEL,
    RuleField,
    blank_meaning,
    kind_value,
    preset_values,
    rule_fields_from_form,
    seat_config,
    seat_problems,
    think_time_from_text,
    thinks,
)

Chosen = tuple[RuleSet, tuple[SeatConfig, ...], int | None]
"""What a set-up starts: the rules, the seats and the seed (None: a random deal)."""


@dataclass(frozen=True)
class OnlineChosen:
    """A set-up that makes an online table: on the table server ``server`` (``HOST:PORT``),
    with ``options``, made by ``creator`` (the first person's seat)."""

    server: str
    options: TableOptions
    creator: str


PLAYERS = ("person", *BOT_LEVELS)
"""What a seat can be, as typed: a person or a computer level."""

SETUP_CHOICES = (
    "Enter starts. s: the seats. e: how long an expert thinks. p: the preset (cross or "
    "trains). r: a rule. n: the seed. o: an online table, its server and options. "
    "l: the whole set-up again. q: back to the menu."
)


class Cancelled(Exception):
    """The input ended during the set-up."""


class PlainSetup:
    """The set-up being made, and the questions that change it."""

    def __init__(self, console: Console, choice: SetupChoice) -> None:
        self.console = console
        self.seats = list(choice.seats)
        self.think_time = next(
            (seat.think_time for seat in self.seats if seat.think_time is not None), None
        )
        """How long an expert seat thinks per move, in seconds (None: the default), as the
        form's one field sets it for every thinking seat."""
        self.preset: PresetName = choice.preset
        self.values = {**preset_values(choice.preset), **choice.fields}
        self.seed = choice.seed
        self.server = ""
        """The table server of an online table (``HOST:PORT``; blank: the game is played
        here)."""
        self.grace = ""
        self.cover = COVER_DEFAULT
        self.hints = True
        """The online table's options, as the form's fields hold them."""

    def ask(self, question: str) -> str:
        """Ask ``question``; :class:`Cancelled` once the input has ended."""
        answer = self.console.ask(question)
        if answer is None:
            raise Cancelled
        return answer

    # ----- the set-up as it stands ---------------------------------------------------------------

    def rules(self) -> RuleSet | list[str]:
        """The rules of this set-up, or what is wrong with them."""
        fields = rule_fields_from_form(self.preset, len(self.seats), self.values)
        try:
            return build_rules(fields)
        except RuleSetError as error:
            return [_problem_text(field, message) for field, message in error.problems]

    def seat_lines(self) -> list[str]:
        """The seats, one a line, then how long an expert thinks (when one plays)."""
        lines = [
            f"Seat {number}: {seat.name}, "
            + ("a person" if seat.player == "human" else f"computer, {seat.level}")
            for number, seat in enumerate(self.seats, 1)
        ]
        if any(thinks(kind_value(seat)) for seat in self.seats):
            lines.append(self.think_time_line())
        return lines

    def think_time_line(self) -> str:
        """How long an expert thinks per move, in the form's words."""
        if self.think_time is None:
            return f"{THINK_TIME_LABEL}: {DEFAULT_THINK_TIME:g}, the default"
        return f"{THINK_TIME_LABEL}: {self.think_time:g}"

    def chosen_seats(self) -> tuple[SeatConfig, ...]:
        """The seats, every thinking seat thinking the think time chosen."""
        return tuple(seat_config(s.name, kind_value(s), self.think_time) for s in self.seats)

    def rules_lines(self) -> list[str]:
        """The rules in the transcript's words, or why they cannot be played."""
        rules = self.rules()
        if isinstance(rules, RuleSet):
            return ["Rules:", *rules_summary(rules)]
        return ["These rules cannot be played:", *rules, "r changes a rule."]

    def seed_line(self) -> str:
        """The seed, or that the deal is random."""
        return f"Seed: {self.seed or 'none, a random deal'}"

    def online_lines(self) -> list[str]:
        """The online table, in the form's words (or that the game is played here)."""
        if not self.server:
            return [f"{SERVER_LABEL}: none, {SERVER_BLANK.removeprefix('blank: ')}"]
        hints = next(shown for shown, value in HINTS_CHOICES if value == self.yes_no)
        grace = self.grace or f"{DEFAULT_GRACE:.0f}"
        return [
            f"{SERVER_LABEL}: {self.server}",
            f"{GRACE_LABEL}: {grace}; {COVER_LABEL.lower()}: {self.cover}; "
            f"{HINTS_LABEL.lower()}: {hints}",
        ]

    @property
    def yes_no(self) -> str:
        """The Hints field's value."""
        return "yes" if self.hints else "no"

    def summary(self) -> list[str]:
        """The whole set-up: seats, rules (or their problems), seed, the online table, and
        what can be done."""
        lines = [
            "New game:",
            *self.seat_lines(),
            *self.rules_lines(),
            self.seed_line(),
            *self.online_lines(),
        ]
        if all(seat.player == "computer" for seat in self.seats):
            lines.append("No seat is a person: the computers will play on their own.")
        return [*lines, SETUP_CHOICES]

    # ----- the questions -------------------------------------------------------------------------

    def ask_seats(self) -> None:
        """How many seats, then each seat's name and player."""
        count = len(self.seats)
        while True:
            answer = self.ask(f"How many seats, {MIN_PLAYERS} to {MAX_PLAYERS}? [{count}] ")
            if not answer:
                break
            if answer.isdigit() and MIN_PLAYERS <= int(answer) <= MAX_PLAYERS:
                count = int(answer)
                break
            self.console.say(f"Type a number from {MIN_PLAYERS} to {MAX_PLAYERS}.")
        seats = self.seats[:count]
        for spare in SPARE_NAMES:
            if len(seats) >= count:
                break
            if all(seat.name != spare for seat in seats):
                seats.append(SeatConfig(name=spare, player="computer", level=DEFAULT_LEVEL))
        for index in range(count):
            seats[index] = self.ask_seat(index, seats)
        self.seats = seats
        if any(thinks(kind_value(seat)) for seat in seats):
            self.ask_think_time()

    def ask_seat(self, index: int, seats: list[SeatConfig]) -> SeatConfig:
        """Seat ``index``'s name and player (checked as the app's form checks them)."""
        seat = seats[index]
        while True:
            name = self.ask(f"Seat {index + 1}, name: [{seat.name}] ") or seat.name
            kind = kind_value(seat)
            kinds = ", ".join(PLAYERS)
            now = "person" if kind == HUMAN else kind.split(":", 1)[1]
            typed = self.ask(f"Seat {index + 1} is played by {kinds}? [{now}] ").lower() or now
            if typed not in PLAYERS:
                self.console.say(f"{typed} is not a player: type one of {kinds}.")
                continue
            kind = HUMAN if typed == "person" else f"computer:{typed}"
            others = [(other.name, kind_value(other)) for other in seats[:index]]
            problem = seat_problems([*others, (name, kind)]).get(index)
            if problem is not None:
                self.console.say(problem)
                continue
            return seat_config(name.strip(), kind, self.think_time)

    def ask_think_time(self) -> None:
        """How long an expert thinks per move (checked as the app's form checks it)."""
        now = f"{self.think_time:g}" if self.think_time is not None else "the default"
        typed = self.ask(
            f"{THINK_TIME_LABEL}? (seconds, {THINK_TIME_MIN:g} to {THINK_TIME_MAX:g}; "
            f"- for the default, {DEFAULT_THINK_TIME:g}) [{now}] "
        )
        if typed == "-":
            self.think_time = None
        elif typed:
            try:
                self.think_time = think_time_from_text(typed)
            except ValueError as problem:
                self.console.say(f"{problem}; it stays {now}.")

    def ask_preset(self) -> None:
        """The preset: its values fill every rule but the domino set."""
        for name in PRESETS:
            self.console.say(f"{name}: {preset_summary(name)}")
        answer = self.ask(f"Preset, {' or '.join(PRESETS)}? [{self.preset}] ").lower()
        if not answer:
            return
        if answer not in PRESETS:
            self.console.say(f"{answer} is not a preset: type {' or '.join(PRESETS)}.")
            return
        self.preset = next(name for name in PRESETS if name == answer)
        set_size = self.values.get("set_size", "")
        self.values = {**preset_values(self.preset), "set_size": set_size}

    def field_text(self, field: RuleField) -> str:
        """What ``field`` holds now, in words."""
        value = self.values.get(field.name, "")
        if field.choices is not None:
            return next((shown for shown, choice in field.choices if choice == value), value)
        if value:
            return value
        set_size = int(self.values.get("set_size") or 9)
        return blank_meaning(field, self.preset, set_size, len(self.seats))

    def ask_rule(self) -> None:
        """Which rule, then its new value."""
        for number, field in enumerate(RULE_FIELDS, 1):
            self.console.say(f"{number}: {field.label}: {self.field_text(field)}")
        answer = self.ask("Which rule? (its number; Enter: none) ")
        if not answer:
            return
        if not answer.isdigit() or not 1 <= int(answer) <= len(RULE_FIELDS):
            self.console.say(f"Type a number from 1 to {len(RULE_FIELDS)}.")
            return
        field = RULE_FIELDS[int(answer) - 1]
        if field.choices is not None:
            for number, (shown, _value) in enumerate(field.choices, 1):
                self.console.say(f"{number}: {shown}")
            typed = self.ask(f"{field.label}? (its number; Enter: keep) ")
            if typed.isdigit() and 1 <= int(typed) <= len(field.choices):
                self.values[field.name] = field.choices[int(typed) - 1][1]
            elif typed:
                self.console.say(f"Type a number from 1 to {len(field.choices)}.")
            return
        typed = self.ask(f"{field.label}? (a number; - for the default; Enter: keep) ")
        if typed == "-":
            self.values[field.name] = ""
        elif typed and is_field_text(field.name, typed):
            self.values[field.name] = typed
        elif typed:
            self.console.say(f"{typed} is not a number this form takes.")

    def ask_seed(self) -> None:
        """The seed: a number deals the same game every time; - deals at random."""
        typed = self.ask("Seed? (a number; - for a random deal; Enter: keep) ")
        if typed == "-":
            self.seed = ""
        elif typed and is_plain_number(typed, SEED_MAX_DIGITS):
            self.seed = typed
        elif typed:
            self.console.say(f"A seed is a number of at most {SEED_MAX_DIGITS} digits.")

    def ask_online(self) -> None:
        """The online table: its server (- for none: played here), then how long a lost seat
        waits, the computer that then plays it, and whether hints are allowed."""
        self.console.say(SERVER_HINT)
        typed = self.ask(
            f"{SERVER_LABEL}? (HOST:PORT; - for none, {SERVER_BLANK}) [{self.server or 'none'}] "
        )
        if typed == "-":
            self.server = ""
            return
        server = typed or self.server
        if not server:
            return
        problem = online_server_problem(server, [kind_value(seat) for seat in self.seats])
        if problem is not None:
            self.console.say(problem)
            return
        self.server = server
        self.console.say(GRACE_HINT)
        typed = self.ask(f"{GRACE_LABEL}? [{self.grace or f'{DEFAULT_GRACE:.0f}'}] ")
        if typed:
            try:
                grace_from_text(typed)
            except ValueError as problem_text:
                self.console.say(f"{GRACE_LABEL}: {problem_text}")
            else:
                self.grace = typed
        levels = ", ".join(BOT_LEVELS)
        typed = self.ask(f"{COVER_LABEL}? ({levels}) [{self.cover}] ").lower()
        if typed in BOT_LEVELS:
            self.cover = typed
        elif typed:
            self.console.say(f"{typed} is not a computer player: type one of {levels}.")
        choices = " or ".join(shown for shown, _value in HINTS_CHOICES)
        now = next(shown for shown, value in HINTS_CHOICES if value == self.yes_no)
        typed = self.ask(f"{HINTS_LABEL}? ({choices}) [{now}] ").lower()
        found = next((value for shown, value in HINTS_CHOICES if shown == typed), None)
        if found is not None:
            self.hints = found == "yes"
        elif typed:
            self.console.say(f"Type {choices}.")

    def online(self, rules: RuleSet) -> OnlineChosen | str:
        """The online table this set-up makes, or why it cannot."""
        seats = self.chosen_seats()
        problem = online_server_problem(self.server, [kind_value(seat) for seat in seats])
        if problem is not None:
            return problem
        seed = int(self.seed) if self.seed else None
        options = table_options(
            rules,
            seats,
            seed,
            grace=grace_from_text(self.grace),
            cover=self.cover,
            hints=self.hints,
        )
        return OnlineChosen(self.server, options, creator_name(seats))

    # ----- the whole set-up ----------------------------------------------------------------------

    def run(self) -> Chosen | OnlineChosen | None:
        """Ask until the set-up starts (what it starts) or the person goes back (None)."""
        questions: dict[str, tuple[Callable[[], None], Callable[[], list[str]]]] = {
            "s": (self.ask_seats, lambda: [*self.seat_lines(), *self.rules_lines()[:2]]),
            "e": (self.ask_think_time, lambda: [self.think_time_line()]),
            "p": (self.ask_preset, self.rules_lines),
            "r": (self.ask_rule, self.rules_lines),
            "n": (self.ask_seed, lambda: [self.seed_line()]),
            "o": (self.ask_online, self.online_lines),
        }
        self.console.say(*self.summary())
        while True:
            answer = self.ask("> ").lower()
            if answer in ("q", "back"):
                return None
            if answer in ("l", "?"):
                self.console.say(*self.summary())
                continue
            if answer == "":
                rules = self.rules()
                if isinstance(rules, RuleSet) and self.server:
                    online = self.online(rules)
                    if isinstance(online, OnlineChosen):
                        return online
                    self.console.say(online)
                    continue
                if isinstance(rules, RuleSet):
                    return rules, self.chosen_seats(), int(self.seed) if self.seed else None
                self.console.say("These rules cannot be played:", *rules)
                continue
            found = questions.get(answer[:1])
            if found is None:
                self.console.say(f"{answer}: {SETUP_CHOICES}")
                continue
            question, then = found
            question()
            self.console.say(*then(), SETUP_CHOICES)

    def remember(self) -> None:
        """Remember this set-up for the next New game (also the app's)."""
        choice = SetupChoice(
            seats=self.chosen_seats(), preset=self.preset, fields=self.values, seed=self.seed
        )

        def change(settings: Settings) -> Settings:
            return settings.model_copy(update={"setup": choice})

        try:
            update_settings(change)
        except OSError as error:
            self.console.say(f"Could not remember this set-up: {error}")


def _problem_text(field: str, message: str) -> str:
    """A problem of the rules, under the form's name of its field."""
    rule = FIELDS_BY_NAME.get(field)
    if rule is None:
        return message
    return f"{rule.label}: {message.removeprefix(f'{field}: ')}"


def ask_setup(console: Console) -> Chosen | OnlineChosen | None:
    """The New game set-up (see the module's words); None if the person went back or the
    input ended."""
    setup = PlainSetup(console, load_settings().setup)
    try:
        chosen = setup.run()
    except Cancelled:
        return None
    if chosen is not None:
        setup.remember()
    return chosen
