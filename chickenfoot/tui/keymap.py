"""The player's own keys: the settings' ``keys`` section, checked before the app uses it.

Every binding of the app has an id (``game.hint``, ``menu.new``: docs/keys.md lists them), and
the settings file may give any of them keys of the player's choosing, as Textual's keymaps
take them: ``{"keys": {"game.hint": "H", "game.scores": "f2,S"}}``. Before the app hands the
keymap to Textual (:meth:`textual.app.App.set_keymap`), :func:`check_keymap` checks every
entry; an entry is refused, in one line of plain words, when

- its id names no binding;
- its keys are not text, or one of them is not a key (``"ctlr+h"``);
- one of its new keys is already a key of another command in the same place: the screen (or
  widget) the binding belongs to, with the keys that work everywhere (the app's) and the keys
  of the widgets that can have the keyboard there (a screen's ``KEY_WIDGETS``: Textual's own
  lists, fields and buttons too, whose keys come first while they have it); or a key that
  place reads itself (the game's tile numbers and end letters, every character on a screen
  whose text fields have the keyboard).

A refused entry changes nothing: its command keeps its own keys, and the rest of the keymap
is used. Commands that share a key by design (the game's Enter shows a hand, passes the
keyboard on or plays) move together or not at all (Textual takes a moved key away from every
command bound to it); a binding with no description of its own (the
game's second ``d``, which says why drawing does nothing now) moves with its command. Keys can
also be swapped (``game.hint``: ``s`` and ``game.scores``: ``i``): each entry is checked
against the keys every other command has once the whole keymap is used.

A refusal is worded in the language in use, naming the commands by their words in it (the
bindings' descriptions and tooltips, marked for the catalogues, are translated here).
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Protocol, runtime_checkable

from textual.app import App
from textual.binding import Binding, BindingType
from textual.dom import DOMNode
from textual.keys import Keys, _character_to_key, key_to_character
from textual.widget import Widget

from chickenfoot.lang import N_, _

MODIFIERS = ("ctrl", "alt", "shift", "meta", "super", "hyper")
"""The modifiers a key may have, in the order Textual writes them."""

KEY_ALIASES = {
    "esc": "escape",
    "return": "enter",
    "pgup": "pageup",
    "pgdn": "pagedown",
    "del": "delete",
    "ins": "insert",
}
"""Short names players write for keys, and the names Textual gives them."""

ID_MAX_LENGTH = 60
"""Ids longer than this are not repeated in a refusal (they are cut)."""


@cache
def punctuation() -> dict[str, str]:
    """The key names of the ASCII punctuation characters, and their characters:
    ``question_mark``: "?", ``plus``: "+"."""
    return {_character_to_key(character): character for character in string.punctuation}


@cache
def named_keys() -> frozenset[str]:
    """Every key name Textual knows that is not a single character: ``enter``, ``f5``,
    ``pageup``, ``question_mark``, ``comma``..."""
    names = {key.value for key in Keys if "+" not in key.value and not key.value.startswith("<")}
    names |= set(punctuation())
    return frozenset(name for name in names if len(name) > 1 and name != "ctrl-at")


def character_key(character: str) -> str | None:
    """The key that types ``character`` ("?" -> ``question_mark``), or None for a space, a
    control character, or one whose key name does not lead back to it."""
    if not character.isprintable() or character.isspace():
        return None
    key = _character_to_key(character)
    typed = len(key) == 1 or punctuation().get(key) == character
    return key if typed or key_to_character(key) == character else None


def normalise_key(text: str) -> str | None:
    """The key ``text`` names, as Textual's bindings write it ("?" -> ``question_mark``,
    ``Ctrl+H`` -> ``ctrl+h``, ``shift+h`` -> ``H``, ``esc`` -> ``escape``); None when it
    names no key."""
    text = text.strip()
    if len(text) == 1:
        return character_key(text)
    *modifiers, base = text.split("+")
    modifiers = [modifier.strip().lower() for modifier in modifiers]
    if any(m not in MODIFIERS for m in modifiers) or len(set(modifiers)) < len(modifiers):
        return None
    base = base.strip()
    if len(base) == 1:
        if modifiers == ["shift"] and base.isalpha():
            return base.upper()  # what the terminal sends for Shift and a letter
        found = character_key(base.lower() if modifiers else base)
        if found is None:
            return None
        name = found
    else:
        name = KEY_ALIASES.get(base.lower(), base.lower())
        if name not in named_keys():
            return None
    ordered = [m for m in MODIFIERS if m in modifiers]
    return "+".join([*ordered, name])


def text_keys() -> frozenset[str]:
    """The keys that type a character (every printable ASCII character, and the space): a
    screen whose text field has the keyboard reads them itself."""
    keys = {character_key(character) for character in string.printable}
    return frozenset(key for key in keys if key is not None) | {"space"}


def shown_key(key: str) -> str:
    """A key as a player writes it: ``question_mark`` -> "?", ``ctrl+question_mark`` ->
    "ctrl+?", ``ctrl+h`` stays."""
    *modifiers, base = key.split("+") if key != "+" else [key]
    if len(base) > 1 and base not in named_keys():
        base = key_to_character(base) or base
    return "+".join([*modifiers, punctuation().get(base, base)])


def shown_keys(keys: Iterable[str]) -> str:
    """Keys as a player writes them, each in quotes, joined by "or"."""
    quoted = [f"“{shown_key(key)}”" for key in keys]
    # Translators: two keys, or the keys before and the last one: “f2” or “H”.
    return joined(quoted, N_("{first} or {second}"))


def joined(items: Sequence[str], pair: str) -> str:
    """``items`` joined two by two by ``pair`` (a message of the catalogue with a ``{first}``
    and a ``{second}``, translated here): "a or b or c"."""
    if not items:
        return ""
    words = _(pair)
    result = items[0]
    for item in items[1:]:
        result = words.format(first=result, second=item)
    return result


@dataclass(frozen=True)
class Command:
    """One binding: its id, its own keys (as Textual writes them) and what it does."""

    id: str
    keys: tuple[str, ...]
    does: str
    follows: bool = False
    """A binding with no description of its own (the game's second ``d``, which says why
    drawing does nothing now): it moves with the command bound to the same keys."""
    widget: str = field(default="", compare=False)
    """The widget of the screen whose key it is, in words ("list", "text field"), for a
    widget's binding counted on its screen; "" for the screen's own."""


@dataclass(frozen=True)
class Place:
    """Where keys work together: a screen or a widget, with the app's keys that work
    everywhere, and the keys it reads itself (not through bindings)."""

    name: str
    """How a refusal names it: "the game screen"."""
    commands: tuple[Command, ...]
    typed: frozenset[str] = frozenset()
    """Keys the place reads itself, as Textual writes them."""
    typed_do: str = ""
    """What those keys do there: "choose tiles and open ends"."""
    title: str = ""
    """The screen's title in the help ("Game"), for a screen the help lists; "" for any
    other place."""


@dataclass(frozen=True)
class CheckedKeymap:
    """What :func:`check_keymap` found: the keymap to use (id -> keys as Textual takes them)
    and a line of plain words for each entry refused."""

    keymap: Mapping[str, str] = field(default_factory=dict)
    refusals: tuple[str, ...] = ()


def printable_id(value: object) -> str:
    """An id from the settings file, shown literally and briefly in a refusal."""
    text = value if isinstance(value, str) else repr(value)
    text = "".join(c if c.isprintable() else "?" for c in text)
    return text if len(text) <= ID_MAX_LENGTH else text[: ID_MAX_LENGTH - 1] + "…"


def parse_keys(value: object) -> tuple[str, ...] | str:
    """The keys an entry gives (as Textual writes them), or why they cannot be used."""
    if not isinstance(value, str) or not value.strip():
        return _('its keys must be text, like "H", "f2" or "ctrl+h" (several: "f2,H")')
    keys: list[str] = []
    for text in value.split(","):
        key = normalise_key(text)
        if key is None:
            return _(
                "“{text}” is not a key "
                '(keys are written like "H", "?", "f2", "ctrl+h", "shift+up", "enter")'
            ).format(text=printable_id(text.strip()))
        if key not in keys:
            keys.append(key)
    return tuple(keys)


def check_keymap(entries: Sequence[tuple[Any, Any]], places: Sequence[Place]) -> CheckedKeymap:
    """Check the settings' keymap ``entries`` (id, keys as written) against the ``places``
    where keys work; the entries that can be used, and a refusal for each of the others."""
    commands = {c.id: c for place in places for c in place.commands if c.id}
    refusals: dict[str, str] = {}
    wanted: dict[str, tuple[str, ...]] = {}
    for binding_id, value in entries:
        if not isinstance(binding_id, str) or binding_id not in commands:
            # Translators: "chickenfoot keys" is a command: keep it as it is.
            refusals[printable_id(binding_id)] = _(
                "“{id}” names no command, so it changes no key (“chickenfoot keys” lists every id)"
            ).format(id=printable_id(binding_id))
            continue
        keys = parse_keys(value)
        if isinstance(keys, str):
            # Translators: {problem} says what is wrong with the keys written for command {id}.
            refusals[binding_id] = _("{id}: {problem}; it keeps {keys}").format(
                id=binding_id, problem=keys, keys=shown_keys(commands[binding_id].keys)
            )
        else:
            wanted[binding_id] = keys
    while True:  # a refused entry keeps its old keys, which may clash with another entry
        clashes = {
            binding_id: reason
            for binding_id in wanted
            if (reason := clash(binding_id, wanted, commands, places)) is not None
        }
        if not clashes:
            break
        for binding_id, reason in clashes.items():
            del wanted[binding_id]
            refusals[binding_id] = reason
    keymap = {binding_id: ",".join(keys) for binding_id, keys in wanted.items()}
    for place in places:
        for command in place.commands:
            if command.id not in keymap or command.follows:
                continue
            for follower in followers(command, place):
                keymap.setdefault(follower.id, keymap[command.id])
    return CheckedKeymap(keymap, tuple(refusals.values()))


def followers(command: Command, place: Place) -> list[Command]:
    """The bindings of ``place`` that move with ``command``: those with no description of
    their own, bound to the same keys."""
    return [
        other
        for other in place.commands
        if other.follows and other.id and other.keys == command.keys and not command.follows
    ]


def clash(
    binding_id: str,
    wanted: Mapping[str, tuple[str, ...]],
    commands: Mapping[str, Command],
    places: Sequence[Place],
) -> str | None:
    """Why the keys ``wanted`` for ``binding_id`` clash with another key where it works
    (None when they do not), every other command having the keys ``wanted`` gives it."""
    own = commands[binding_id]
    for place in places:
        if own not in place.commands:
            continue
        sharing = [
            other.id
            for other in place.commands
            if other.id and other.id != binding_id and not other.follows and other.keys == own.keys
        ]
        left = [other for other in sharing if wanted.get(other) != wanted[binding_id]]
        if left:  # Textual takes a moved key away from every command bound to it
            # Translators: {place} is where the keys work: "the game screen".
            return _(
                "{id} cannot move alone: on {place} it shares {keys} with {others}, which must "
                "move with it (give each the same keys); {id} keeps {keys}"
            ).format(
                id=binding_id,
                place=place_words(place),
                keys=shown_keys(own.keys),
                # Translators: two commands' ids, or those before and the last one.
                others=joined(sharing, N_("{first} and {second}")),
            )
        for key in wanted[binding_id]:
            if key in own.keys:
                continue
            if key in place.typed:
                # Translators: {doing} is what the screen does with the keys it reads itself:
                # "choose a tile by its number or an open end by its letter".
                return _(
                    "{id} cannot take “{key}”: on {place} that key is read by the screen "
                    "itself (to {doing}); {id} keeps {keys}"
                ).format(
                    id=binding_id,
                    key=shown_key(key),
                    place=place_words(place),
                    doing=_(place.typed_do),
                    keys=shown_keys(own.keys),
                )
            for other in place.commands:
                if other.id == binding_id or other.keys == own.keys:
                    continue  # the same command, or one that shares its keys by design
                if key in keys_in_use(other, wanted, place):
                    # Translators: {command} is a command: "game.hint (Show a hint)".
                    return _(
                        "{id} cannot take “{key}”: on {place} that key is already {command}; "
                        "{id} keeps {keys}"
                    ).format(
                        id=binding_id,
                        key=shown_key(key),
                        place=place_words(place),
                        command=command_words(other),
                        keys=shown_keys(own.keys),
                    )
    return None


def command_words(command: Command) -> str:
    """``command`` as a refusal names it, in the language in use: its id and what it does
    ("game.hint (Show a hint)"), or what it does alone for one without an id, and the widget
    whose key it is ("“Press the button” of its buttons")."""
    does = _(command.does)
    if command.id:
        words = _("{id} ({does})").format(id=command.id, does=does)
    else:
        words = _("“{does}”").format(does=does)
    if command.widget:
        # Translators: {widget} is a widget of the screen: "list", "text field", "buttons".
        words = _("{command} of its {widget}").format(command=words, widget=_(command.widget))
    return words


def place_words(place: Place) -> str:
    """Where ``place``'s keys work, as a refusal names it in the language in use: "every
    screen", "the game screen", "the table view"."""
    if place.title:
        # Translators: {screen} is a screen's title in the help, in lower case: "the game
        # screen".
        return _("the {screen} screen").format(screen=_(place.title).lower())
    return _(place.name)


PLACES_WITHOUT_TITLES = (
    N_("every screen"),
    N_("the analysis screen"),
    N_("the choice screen"),
    N_("the deal screen"),
    N_("the import screen"),
    N_("the legend screen"),
    N_("the log screen"),
    N_("the take over screen"),
    N_("the stats screen"),
    N_("the form select"),
    N_("the form scroll"),
    N_("the table view"),
)
"""The names of the places whose keys the help does not list (made from their classes'
names, :func:`places_for`), marked for the catalogues: a refusal names them translated."""


def keys_in_use(
    command: Command, wanted: Mapping[str, tuple[str, ...]], place: Place
) -> tuple[str, ...]:
    """The keys ``command`` has once the keys ``wanted`` are used: its own, those wanted for
    it, or, for a binding without a description, those wanted for the command it moves with."""
    if command.id in wanted:
        return wanted[command.id]
    if command.follows:
        for leader in place.commands:
            if command in followers(leader, place) and leader.id in wanted:
                return wanted[leader.id]
    return command.keys


def commands_of(bindings: Iterable[BindingType], widget: str = "") -> tuple[Command, ...]:
    """The commands of ``bindings`` (of the screen's ``widget``, in words, if given), their
    keys as Textual writes them. A binding without an id (one of Textual's own, such as Tab
    moving the focus) cannot be moved, but its keys are taken: its command's id is "" ."""
    found: dict[str, Command] = {}
    for binding in Binding.make_bindings(bindings):
        key = normalise_key(binding.key) or binding.key
        does = binding.tooltip or binding.description or binding.action.replace("_", " ")
        name = binding.id or f"#{binding.action}"
        earlier = found.get(name)
        keys = (*earlier.keys, key) if earlier is not None else (key,)
        follows = not binding.description
        found[name] = Command(binding.id or "", keys, does, follows=follows, widget=widget)
    return tuple(found.values())


def with_keymap(bindings: Iterable[BindingType], keymap: Mapping[str, str]) -> list[Binding]:
    """``bindings`` (one per key) with the keys ``keymap`` gives their ids, as Textual uses
    them: for the help, which lists keys from the classes' ``BINDINGS``."""
    result: list[Binding] = []
    moved: set[str] = set()
    for binding in Binding.make_bindings(bindings):
        keys = keymap.get(binding.id) if binding.id is not None else None
        if keys is None:
            result.append(binding)
        elif binding.id not in moved:
            moved.add(str(binding.id))
            result.extend(binding.with_key(key, key_display=None) for key in keys.split(","))
    return result


def command_keys(
    bindings: Iterable[BindingType], binding_id: str, keymap: Mapping[str, str]
) -> tuple[str, ...]:
    """The keys of the binding ``binding_id`` of ``bindings``, with the keys ``keymap`` gives,
    as a player writes them (``KeyError`` when no binding has that id)."""
    keys = tuple(
        shown_key(binding.key)
        for binding in with_keymap(bindings, keymap)
        if binding.id == binding_id
    )
    if not keys:
        raise KeyError(binding_id)
    return keys


SENTENCE_WORDS = {"escape": "Esc", "left": "←", "right": "→", "up": "↑", "down": "↓"}
"""Keys a sentence names by a word or symbol of its own (other named keys are capitalised:
"Enter", "Space")."""


def key_in_words(
    bindings: Iterable[BindingType], binding_id: str, keymap: Mapping[str, str]
) -> str:
    """The first key of the command ``binding_id`` of ``bindings``, with the player's own
    ``keymap``, as a sentence names it ("Enter", "d", "ctrl+s", "Esc", "←"): every sentence
    that names a key names it so, never by the key it has by default."""
    key = command_keys(bindings, binding_id, keymap)[0]
    if key in SENTENCE_WORDS:
        return SENTENCE_WORDS[key]
    return key if len(key) == 1 or "+" in key else key.capitalize()


@runtime_checkable
class KeepsKeymap(Protocol):
    """What an app keeps of the player's own keys: the keymap in use
    (:class:`~chickenfoot.tui.own_keys.OwnKeys`, the app's ``own_keys``)."""

    keymap: Mapping[str, str]


def keymap_of(app: object) -> Mapping[str, str]:
    """The player's keys in use in ``app`` (those of its ``own_keys``; none for an app that
    keeps none)."""
    own_keys = getattr(app, "own_keys", None)
    return own_keys.keymap if isinstance(own_keys, KeepsKeymap) else {}


def words_of(name: str) -> str:
    """A class name in words: ``TableView`` -> "table view"."""
    return re.sub(r"(?<!^)(?=[A-Z])", " ", name).lower()


@cache
def widget_kinds() -> tuple[tuple[type[Widget], str], ...]:
    """How a refusal names a widget of Textual's, by the class it is made from (imported
    only when the keys are checked, never at start)."""
    from textual.containers import ScrollableContainer
    from textual.scroll_view import ScrollView
    from textual.widgets import Button, Checkbox, DataTable, Input, OptionList, Select

    return (
        (Input, N_("text field")),
        (Select, N_("drop-down list")),
        (OptionList, N_("list")),
        (DataTable, N_("list")),
        (Button, N_("buttons")),
        (Checkbox, N_("check box")),
        (ScrollableContainer, N_("scrolling text")),
        (ScrollView, N_("scrolling text")),
    )


def widget_words(widget: type[Widget]) -> str:
    """A widget class in words, as a player sees it: a list, a text field, buttons."""
    found = (words for cls, words in widget_kinds() if issubclass(widget, cls))
    return next(found, words_of(widget.__name__))


def declared_key_widgets(owner: type[DOMNode]) -> tuple[type[Widget], ...]:
    """The widgets that can have the keyboard on a screen of class ``owner`` (its
    ``KEY_WIDGETS``; none for a widget or a screen that declares none)."""
    widgets: tuple[type[Widget], ...] = getattr(owner, "KEY_WIDGETS", ())
    return widgets


def bindings_of(owner: type[DOMNode]) -> list[Binding]:
    """Every binding an instance of ``owner`` has: its own and those it inherits (Textual's
    too, such as Tab moving the focus), one per key."""
    merged = owner._merge_bindings()  # what Textual itself gives each instance
    return [binding for bindings in merged.key_to_bindings.values() for binding in bindings]


def places_for(
    app: type[App[Any]], owners: Iterable[type[DOMNode]], titles: Mapping[type[DOMNode], str]
) -> list[Place]:
    """The places where keys work together: every screen and widget class of ``owners``
    (named by its help title in ``titles``, else by its class), each with the keys of
    ``app`` (which work everywhere, with the command palette's) and the keys it reads itself
    (a class's ``TYPED_KEYS``: what ``TYPED_KEYS_DO``), and on a screen the keys of the widgets
    that can have the keyboard there (:func:`declared_key_widgets`)."""
    everywhere = (
        *commands_of(bindings_of(app)),
        Command("", (app.COMMAND_PALETTE_BINDING,), N_("Command palette")),
    )
    places = [Place("every screen", everywhere)]
    for owner in owners:
        if issubclass(owner, App):
            continue
        title = titles.get(owner)
        name = f"the {title.lower()} screen" if title else f"the {words_of(owner.__name__)}"
        typed: frozenset[str] = getattr(owner, "TYPED_KEYS", frozenset())
        typed_do: str = getattr(owner, "TYPED_KEYS_DO", "")
        widgets = (
            command
            for widget in declared_key_widgets(owner)
            for command in commands_of(bindings_of(widget), widget_words(widget))
        )
        commands = (*everywhere, *commands_of(bindings_of(owner)), *widgets)
        places.append(Place(name, commands, typed, typed_do, title or ""))
    return places
