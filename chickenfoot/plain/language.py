"""The plain mode's *Language* item: the language chosen, remembered and spoken at once.

The same choice as the full-screen app's (:mod:`chickenfoot.tui.language`): the system's
language, or one of those chickenfoot speaks, written to the settings' ``display`` section.
The plain mode says everything anew line by line, so the language changes at once for all it
says after the choice.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import partial

from chickenfoot.lang import LANGUAGES, _, language, use
from chickenfoot.lang.choosing import choose, language_code
from chickenfoot.saves.settings import load_settings, update_settings, with_language


def spoken_name() -> str:
    """The language spoken now, named in itself (a catalogue given by hand for a language
    chickenfoot does not list, the tests' pseudo-language, by its code)."""
    return LANGUAGES.get(language(), language())


def menu_text() -> str:
    """The item as the menu lists it: with the language spoken now."""
    return _("Language: {language}").format(language=spoken_name())


def choices() -> list[tuple[str | None, str]]:
    """(code, how it is listed) of each choice: the system's language (None), then every
    language by its own name."""
    system = LANGUAGES[choose(None, None, os.environ)]
    system_text = _("The system's language ({language})").format(language=system)
    return [(None, system_text), *LANGUAGES.items()]


def chosen_by(answer: str, listed: list[tuple[str | None, str]]) -> tuple[str | None] | None:
    """The choice ``answer`` makes (in a tuple: None is the system's language): its number,
    a language's code or locale (``gl``, ``es_ES``) or its own name; None if it makes none."""
    text = answer.strip()
    if text.isdigit():
        number = int(text)
        return (listed[number - 1][0],) if 1 <= number <= len(listed) else None
    for code, name in listed:
        if code is not None and text.casefold() == name.casefold():
            return (code,)
    code = language_code(text) if text else None
    return (code,) if code is not None else None


def choose_language(say: Callable[..., None], ask: Callable[[str], str]) -> None:
    """Ask which language to speak (an empty line keeps it), speak it and remember it."""
    listed = choices()
    chosen = load_settings().display.language
    say(_("Which language? (an empty line keeps this one)"))
    say(
        *(
            f"{number}: {name}" + (" " + _("(in use)") if code == chosen else "")
            for number, (code, name) in enumerate(listed, 1)
        )
    )
    while True:
        answer = ask("> ")
        if not answer.strip():
            return
        choice = chosen_by(answer, listed)
        if choice is not None:
            break
        say(
            _("{answer} is not one of these languages: type 1 to {count}.").format(
                answer=answer.strip(), count=len(listed)
            )
        )
    (code,) = choice
    use(choose(None, code, os.environ))
    try:
        update_settings(partial(with_language, code))
    except OSError as error:
        say(_("Could not remember the language: {problem}").format(problem=error))
    say(_("{language} from now on.").format(language=spoken_name()))
