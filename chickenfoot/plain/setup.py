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

from chickenfoot.bots import BOT_LEVELS, DEFAULT_LEVEL, DEFAULT_THINK_TIME, level_name
from chickenfoot.lang import N_, _, ngettext, pgettext
from chickenfoot.net.protocol import DEFAULT_GRACE, TableOptions
from chickenfoot.net.seating import (
    COVER_DEFAULT,
    COVER_LABEL,
    GRACE_HINT,
    GRACE_LABEL,
    HINTS_CHOICES,
    HINTS_LABEL,
    SERVER_HINT,
    SERVER_LABEL,
    creator_name,
    grace_from_text,
    online_server_problem,
    table_options,
)
from chickenfoot.plain.console import Console
from chickenfoot.record.model import THINK_TIME_MAX, THINK_TIME_MIN, SeatConfig
from chickenfoot.rules import PRESETS, RuleProblem, RuleSet, RuleSetError, build_rules
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
from chickenfoot.text.ruleset import preset_summary, rule_problem, rule_problem_at, rules_summary
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
    who_plays_question,
)
from chickenfoot.text.words import shown_name

Chosen = tuple[RuleSet, tuple[SeatConfig, ...], int | None]
"""What a set-up starts: the rules, the seats and the seed (None: a random deal)."""


@dataclass(frozen=True)
class OnlineChosen:
    """A set-up that makes an online table: on the table server ``server`` (``HOST:PORT``),
    with ``options``, made by ``creator`` (the first person's seat)."""

    server: str
    options: TableOptions
    creator: str


PERSON_TYPED = "person"
"""What is typed for a seat a person plays (also in the player's language: :func:`person_typed`)."""


PLAYERS = (PERSON_TYPED, *BOT_LEVELS)
"""What a seat can be, as typed: a person or a computer level (as the question lists them, in
every language; also as the language says them: :func:`player_typed`)."""

# Translators: the letters typed (s, e, p, r, n, o, l, q) and the presets' names (cross,
# trains) stay as they are.
SETUP_CHOICES = N_(
    "Enter starts. s: the seats. e: how long an expert thinks. p: the preset (cross or "
    "trains). r: a rule. n: the seed. o: an online table, its server and options. "
    "l: the whole set-up again. q: back to the menu."
)
"""What the set-up's letters do (translated where said)."""


def person_typed() -> str:
    """The player's language's word typed for a seat a person plays."""
    return pgettext("typed for a seat a person plays", "person")


def player_typed(typed: str) -> str:
    """What a seat's player ``typed`` means (one of :data:`PLAYERS` if it is one): "person"
    and the levels' names also in the player's language."""
    if typed == person_typed().lower():
        return PERSON_TYPED
    return next((level for level in BOT_LEVELS if typed == level_name(level).lower()), typed)


def either(words: list[str]) -> str:
    """``words`` as choices in a sentence: "cross or trains", "a, b or c"."""
    if len(words) < 2:
        return "".join(words)
    return _("{first} or {last}").format(first=", ".join(words[:-1]), last=words[-1])


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
            return [_problem_text(problem) for problem in error.problems]

    def seat_lines(self) -> list[str]:
        """The seats, one a line, then how long an expert thinks (when one plays)."""
        lines = [
            _("Seat {number}: {name}, a person").format(number=number, name=shown_name(seat.name))
            if seat.player == "human"
            else _("Seat {number}: {name}, computer, {level}").format(
                number=number, name=shown_name(seat.name), level=level_name(seat.level or "")
            )
            for number, seat in enumerate(self.seats, 1)
        ]
        if any(thinks(kind_value(seat)) for seat in self.seats):
            lines.append(self.think_time_line())
        return lines

    def think_time_line(self) -> str:
        """How long an expert thinks per move, in the form's words."""
        if self.think_time is None:
            return _("{label}: {seconds}, the default").format(
                label=_(THINK_TIME_LABEL), seconds=f"{DEFAULT_THINK_TIME:g}"
            )
        return f"{_(THINK_TIME_LABEL)}: {self.think_time:g}"

    def chosen_seats(self) -> tuple[SeatConfig, ...]:
        """The seats, every thinking seat thinking the think time chosen."""
        return tuple(seat_config(s.name, kind_value(s), self.think_time) for s in self.seats)

    def rules_lines(self) -> list[str]:
        """The rules in the transcript's words, or why they cannot be played."""
        rules = self.rules()
        if isinstance(rules, RuleSet):
            return [_("Rules:"), *rules_summary(rules)]
        return [_("These rules cannot be played:"), *rules, _("r changes a rule.")]

    def seed_line(self) -> str:
        """The seed, or that the deal is random."""
        if not self.seed:
            return _("Seed: none, a random deal")
        return _("Seed: {seed}").format(seed=self.seed)

    def online_lines(self) -> list[str]:
        """The online table, in the form's words (or that the game is played here)."""
        if not self.server:
            return [_("{label}: none, play here").format(label=_(SERVER_LABEL))]
        hints = next(shown for shown, value in HINTS_CHOICES if value == self.yes_no)
        grace = self.grace or f"{DEFAULT_GRACE:.0f}"
        return [f"{_(SERVER_LABEL)}: {self.server}", options_line(grace, self.cover, hints)]

    @property
    def yes_no(self) -> str:
        """The Hints field's value."""
        return "yes" if self.hints else "no"

    def summary(self) -> list[str]:
        """The whole set-up: seats, rules (or their problems), seed, the online table, and
        what can be done."""
        lines = [
            _("New game:"),
            *self.seat_lines(),
            *self.rules_lines(),
            self.seed_line(),
            *self.online_lines(),
        ]
        if all(seat.player == "computer" for seat in self.seats):
            lines.append(_("No seat is a person: the computers will play on their own."))
        return [*lines, _(SETUP_CHOICES)]

    # ----- the questions -------------------------------------------------------------------------

    def ask_seats(self) -> None:
        """How many seats, then each seat's name and player."""
        count = len(self.seats)
        while True:
            answer = self.ask(
                _("How many seats, {low} to {high}? [{now}] ").format(
                    low=MIN_PLAYERS, high=MAX_PLAYERS, now=count
                )
            )
            if not answer:
                break
            if answer.isdigit() and MIN_PLAYERS <= int(answer) <= MAX_PLAYERS:
                count = int(answer)
                break
            self.console.say(number_from(MIN_PLAYERS, MAX_PLAYERS))
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
            name = self.ask(
                _("Seat {number}, name: [{now}] ").format(
                    number=index + 1, now=shown_name(seat.name)
                )
            )
            name = name or seat.name
            kind = kind_value(seat)
            kinds = ", ".join(PLAYERS)
            now = PERSON_TYPED if kind == HUMAN else kind.split(":", 1)[1]
            # Translators: the seat asked about in "Who plays seat 2: ...?".
            seat_words = _("seat {number}").format(number=index + 1)
            asked = who_plays_question(seat_words, person_typed() if now == PERSON_TYPED else now)
            typed = player_typed(self.ask(asked).lower() or now)
            if typed not in PLAYERS:
                self.console.say(not_a_player(typed, kinds))
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
        now = f"{self.think_time:g}" if self.think_time is not None else _("the default")
        question = _("{label}? (seconds, {low} to {high}; - for the default, {default}) [{now}] ")
        typed = self.ask(
            question.format(
                label=_(THINK_TIME_LABEL),
                low=f"{THINK_TIME_MIN:g}",
                high=f"{THINK_TIME_MAX:g}",
                default=f"{DEFAULT_THINK_TIME:g}",
                now=now,
            )
        )
        if typed == "-":
            self.think_time = None
        elif typed:
            try:
                self.think_time = think_time_from_text(typed)
            except ValueError as problem:
                self.console.say(_("{problem}; it stays {now}.").format(problem=problem, now=now))

    def ask_preset(self) -> None:
        """The preset: its values fill every rule but the domino set."""
        for name in PRESETS:
            self.console.say(f"{name}: {preset_summary(name)}")
        presets = either(list(PRESETS))
        answer = self.ask(
            _("Preset, {choices}? [{now}] ").format(choices=presets, now=self.preset)
        ).lower()
        if not answer:
            return
        if answer not in PRESETS:
            self.console.say(
                _("{answer} is not a preset: type {choices}.").format(
                    answer=answer, choices=presets
                )
            )
            return
        self.preset = next(name for name in PRESETS if name == answer)
        set_size = self.values.get("set_size", "")
        self.values = {**preset_values(self.preset), "set_size": set_size}

    def field_text(self, field: RuleField) -> str:
        """What ``field`` holds now, in words."""
        value = self.values.get(field.name, "")
        if field.choices is not None:
            return next((_(shown) for shown, choice in field.choices if choice == value), value)
        if value:
            return value
        set_size = int(self.values.get("set_size") or 9)
        return blank_meaning(field, self.preset, set_size, len(self.seats))

    def ask_rule(self) -> None:
        """Which rule, then its new value."""
        for number, field in enumerate(RULE_FIELDS, 1):
            self.console.say(f"{number}: {_(field.label)}: {self.field_text(field)}")
        answer = self.ask(_("Which rule? (its number; Enter: none) "))
        if not answer:
            return
        if not answer.isdigit() or not 1 <= int(answer) <= len(RULE_FIELDS):
            self.console.say(number_from(1, len(RULE_FIELDS)))
            return
        field = RULE_FIELDS[int(answer) - 1]
        label = _(field.label)
        if field.choices is not None:
            for number, (shown, _value) in enumerate(field.choices, 1):
                self.console.say(f"{number}: {_(shown)}")
            typed = self.ask(_("{label}? (its number; Enter: keep) ").format(label=label))
            if typed.isdigit() and 1 <= int(typed) <= len(field.choices):
                self.values[field.name] = field.choices[int(typed) - 1][1]
            elif typed:
                self.console.say(number_from(1, len(field.choices)))
            return
        typed = self.ask(
            _("{label}? (a number; - for the default; Enter: keep) ").format(label=label)
        )
        if typed == "-":
            self.values[field.name] = ""
        elif typed and is_field_text(field.name, typed):
            self.values[field.name] = typed
        elif typed:
            self.console.say(_("{typed} is not a number this form takes.").format(typed=typed))

    def ask_seed(self) -> None:
        """The seed: a number deals the same game every time; - deals at random."""
        typed = self.ask(_("Seed? (a number; - for a random deal; Enter: keep) "))
        if typed == "-":
            self.seed = ""
        elif typed and is_plain_number(typed, SEED_MAX_DIGITS):
            self.seed = typed
        elif typed:
            most = ngettext(
                "A seed is a number of at most {count} digit.",
                "A seed is a number of at most {count} digits.",
                SEED_MAX_DIGITS,
            )
            self.console.say(most.format(count=SEED_MAX_DIGITS))

    def ask_online(self) -> None:
        """The online table: its server (- for none: played here), then how long a lost seat
        waits, the computer that then plays it, and whether hints are allowed."""
        self.console.say(_(SERVER_HINT))
        now = self.server or pgettext("no table server", "none")
        typed = self.ask(
            _("{label}? (HOST:PORT; - for none, blank: play here) [{now}] ").format(
                label=_(SERVER_LABEL), now=now
            )
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
        self.console.say(_(GRACE_HINT))
        grace = self.grace or f"{DEFAULT_GRACE:.0f}"
        typed = self.ask(_("{label}? [{now}] ").format(label=_(GRACE_LABEL), now=grace))
        if typed:
            try:
                grace_from_text(typed)
            except ValueError as problem_text:
                self.console.say(f"{_(GRACE_LABEL)}: {problem_text}")
            else:
                self.grace = typed
        levels = ", ".join(BOT_LEVELS)
        typed = self.ask(
            _("{label}? ({choices}) [{now}] ").format(
                label=_(COVER_LABEL), choices=levels, now=self.cover
            )
        ).lower()
        if typed in BOT_LEVELS:
            self.cover = typed
        elif typed:
            self.console.say(
                _("{typed} is not a computer player: type one of {levels}.").format(
                    typed=typed, levels=levels
                )
            )
        shown_hints = [(_(shown), shown, value) for shown, value in HINTS_CHOICES]
        choices = either([said for said, _english, _value in shown_hints])
        now = next(said for said, _english, value in shown_hints if value == self.yes_no)
        typed = self.ask(
            _("{label}? ({choices}) [{now}] ").format(
                label=_(HINTS_LABEL), choices=choices, now=now
            )
        ).lower()
        found = next(
            (value for said, english, value in shown_hints if typed in (said.lower(), english)),
            None,
        )
        if found is not None:
            self.hints = found == "yes"
        elif typed:
            self.console.say(_("Type {choices}.").format(choices=choices))

    def online(self, rules: RuleSet) -> OnlineChosen | str:
        """The online table this set-up makes, or why it cannot."""
        seats = self.chosen_seats()
        kinds = [kind_value(seat) for seat in seats]
        creator = creator_name(seats) if HUMAN in kinds else ""
        problem = online_server_problem(self.server, kinds, seed=self.seed, creator=creator)
        if problem is not None:
            return problem
        options = table_options(
            rules,
            seats,
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
                self.console.say(_("These rules cannot be played:"), *rules)
                continue
            found = questions.get(answer[:1])
            if found is None:
                self.console.say(f"{answer}: {_(SETUP_CHOICES)}")
                continue
            question, then = found
            question()
            self.console.say(*then(), _(SETUP_CHOICES))

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
            self.console.say(_("Could not remember this set-up: {problem}").format(problem=error))


def _problem_text(problem: RuleProblem) -> str:
    """A problem of the rules, under the form's name of its field."""
    rule = FIELDS_BY_NAME.get(problem.field)
    if rule is None:
        return rule_problem_at(problem, problem.field)
    return _("{field}: {problem}").format(field=_(rule.label), problem=rule_problem(problem))


def options_line(grace: str, cover: str, hints: str) -> str:
    """An online table's options in the form's words: how long a lost seat waits (``grace``),
    the level that then plays it and whether hints are allowed (``hints``: the form's
    English choice, translated here)."""
    # Translators: the online table's options, e.g. "Lost seat waits (s): 60; then plays
    # it: hard; hints: allowed" (the labels come lowercased where English lowercases them).
    options = _("{grace_label}: {grace}; {cover_label}: {cover}; {hints_label}: {hints}")
    return options.format(
        grace_label=_(GRACE_LABEL),
        grace=grace,
        cover_label=_(COVER_LABEL).lower(),
        cover=cover,
        hints_label=_(HINTS_LABEL).lower(),
        hints=_(hints),
    )


def number_from(low: int, high: int) -> str:
    """What to type instead of an answer out of bounds."""
    return _("Type a number from {low} to {high}.").format(low=low, high=high)


def not_a_player(typed: str, kinds: str) -> str:
    """Why ``typed`` cannot play a seat: what can."""
    return _("{typed} is not a player: type one of {kinds}.").format(typed=typed, kinds=kinds)


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
