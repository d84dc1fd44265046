"""The catalogues of every language: made from the code, and checked.

``python -m tools.catalogues update`` (``make catalogues``) extracts every message of
``chickenfoot/`` into the template ``chickenfoot/lang/locale/chickenfoot.pot`` (gettext's
default keywords: ``_``, ``N_``, ``ngettext``, ``pgettext``, ``npgettext``…; the comments
that start ``# Translators:`` go with their message), brings each language's catalogue
``<code>/LC_MESSAGES/chickenfoot.po`` in line with it (new messages empty, messages whose
English changed a little marked fuzzy with the old translation, messages gone dropped) and
compiles each to ``chickenfoot.mo``, which the program reads. A file is written only when
its messages change, so running it twice changes nothing.

``python -m tools.catalogues merge FILE...`` brings translations written apart (catalogues of
one language each) into the catalogues, then updates and compiles them.

``python -m tools.catalogues check`` (``make check``) fails, naming each problem, unless:

- the template holds exactly the messages the code has now (else: run ``make catalogues``);
- each language of :data:`chickenfoot.lang.LANGUAGES` but English has a catalogue, and every
  catalogue is one of them;
- each catalogue has every message of the template and no other (no stale or obsolete
  ones), every message translated, in every plural form its language has, none fuzzy;
- each translation keeps exactly the placeholders of its English (``{name}``, ``{count}``:
  the same names, conversions and formats), and its braces are well formed;
- each catalogue's header names its language and has Babel's ``Plural-Forms`` for it, and
  passes Babel's own checks (those of ``msgfmt -c``) and compiles;
- each compiled ``.mo`` holds what its ``.po`` holds (the ``.mo`` files are committed, so
  that the game runs from a clean clone and installs without Babel).

Babel is a development dependency only: the game reads the ``.mo`` files with the standard
library's :mod:`gettext`.
"""

from __future__ import annotations

import gettext
import io
import string
import sys
from collections.abc import Iterable, Iterator
from datetime import datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

from chickenfoot import __version__
from chickenfoot.lang import DOMAIN, LANGUAGES, LOCALE_FOLDER, SOURCE_LANGUAGE

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "chickenfoot"
METHOD_MAP = [("**.py", "python")]
"""Babel's mapping: every Python file of the package, read by Babel's Python extractor."""
COMMENT_TAGS = ("Translators:",)
"""A comment on the line above a message that starts with one of these goes with it."""
TRANSLATORS = "<https://github.com/chickenfoot/chickenfoot/issues>"
"""Where the translators of a new catalogue are reached (each signs it when they translate)."""
HEADER_COMMENT = """\
# Translations template for PROJECT.
# Copyright (C) YEAR The chickenfoot authors
# This file is distributed under the same license as the PROJECT project (MIT).
#"""
"""The comment at the top of every catalogue (Babel fills in the names, and the language)."""
WIDTH = 79
"""Lines of the catalogues are wrapped at this width (gettext's own tools wrap at 79)."""


def template_path(locale_folder: Path = LOCALE_FOLDER) -> Path:
    """The template: every message, untranslated."""
    return locale_folder / f"{DOMAIN}.pot"


def catalogue_path(code: str, locale_folder: Path = LOCALE_FOLDER) -> Path:
    """The catalogue of language ``code``, as translators write it."""
    return locale_folder / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def compiled_path(code: str, locale_folder: Path = LOCALE_FOLDER) -> Path:
    """The compiled catalogue of language ``code``, as the program reads it."""
    return catalogue_path(code, locale_folder).with_suffix(".mo")


def translated_languages() -> list[str]:
    """Every language but the source one: those with a catalogue."""
    return [code for code in LANGUAGES if code != SOURCE_LANGUAGE]


# ----- making ---------------------------------------------------------------------------------


def extract(sources: Path = SOURCES) -> Catalog:
    """Every message marked in the Python files under ``sources``, as a template."""
    template = Catalog(
        project="chickenfoot",
        version=__version__,
        msgid_bugs_address="https://github.com/chickenfoot/chickenfoot/issues",
        header_comment=HEADER_COMMENT,
        fuzzy=False,
    )
    messages = extract_from_dir(
        sources,
        method_map=METHOD_MAP,
        keywords=DEFAULT_KEYWORDS,
        comment_tags=COMMENT_TAGS,
    )
    for filename, lineno, message, comments, context in messages:
        location = (f"{sources.name}/{Path(filename).as_posix()}", lineno)
        template.add(message, None, [location], auto_comments=comments, context=context)
    return template


def po_text(catalogue: Catalog) -> bytes:
    """``catalogue`` as a ``.po`` (or ``.pot``) file: locations without line numbers (they
    would change with every edit above a message), nothing obsolete."""
    buffer = io.BytesIO()
    write_po(buffer, catalogue, width=WIDTH, ignore_obsolete=True, include_lineno=False)
    return buffer.getvalue()


def mo_bytes(catalogue: Catalog) -> bytes:
    """``catalogue`` compiled (fuzzy messages left out, as ``msgfmt`` does)."""
    buffer = io.BytesIO()
    write_mo(buffer, catalogue, use_fuzzy=False)
    return buffer.getvalue()


def read_catalogue(path: Path, code: str | None = None) -> Catalog:
    """The catalogue (or template) in ``path``; raises ``ValueError`` if it cannot be read."""
    with path.open("rb") as file:
        return read_po(file, locale=code, abort_invalid=True)


def write_if_changed(path: Path, data: bytes) -> bool:
    """Write ``data`` to ``path`` unless it holds it already; True if it was written."""
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def same_apart_from_dates(first: Catalog, second: Catalog) -> bool:
    """True when the two catalogues would be written alike but for their dates."""
    saved = (second.creation_date, second.revision_date)
    second.creation_date, second.revision_date = first.creation_date, first.revision_date
    try:
        return po_text(first) == po_text(second)
    finally:
        second.creation_date, second.revision_date = saved


def update(locale_folder: Path = LOCALE_FOLDER, sources: Path = SOURCES) -> list[Path]:
    """Extract the template, update every language's catalogue from it and compile them;
    the files written (none when everything was current)."""
    written: list[Path] = []
    template = extract(sources)
    pot = template_path(locale_folder)
    if pot.exists() and same_apart_from_dates(template, read_catalogue(pot)):
        template = read_catalogue(pot)
    elif write_if_changed(pot, po_text(template)):
        written.append(pot)
    for code in translated_languages():
        path = catalogue_path(code, locale_folder)
        if path.exists():
            catalogue = read_catalogue(path, code)
            before = po_text(catalogue)
            catalogue.update(template, update_header_comment=False, update_creation_date=False)
            if po_text(catalogue) != before:
                catalogue.revision_date = datetime.now().astimezone()
        else:
            catalogue = new_catalogue(code, template)
        if write_if_changed(path, po_text(catalogue)):
            written.append(path)
        if write_if_changed(compiled_path(code, locale_folder), mo_bytes(catalogue)):
            written.append(compiled_path(code, locale_folder))
    return written


def new_catalogue(code: str, template: Catalog) -> Catalog:
    """A catalogue for language ``code`` with every message of ``template``, untranslated,
    and its language's plural rules."""
    catalogue = Catalog(
        locale=code,
        domain=DOMAIN,
        project=template.project,
        version=template.version,
        msgid_bugs_address=template.msgid_bugs_address,
        header_comment=HEADER_COMMENT,
        creation_date=template.creation_date,
        last_translator=TRANSLATORS,
        language_team=f"{LANGUAGES[code]} {TRANSLATORS}",
        fuzzy=False,
    )
    catalogue.revision_date = datetime.now().astimezone()
    catalogue.update(template, update_header_comment=False, update_creation_date=False)
    return catalogue


def merge(
    files: Iterable[Path], locale_folder: Path = LOCALE_FOLDER, sources: Path = SOURCES
) -> list[str]:
    """Bring the translations in ``files`` (catalogues of one language each, as its header's
    ``Language`` says) into the catalogues, then :func:`update` them (which compiles them).

    A translation fills its message where the catalogue has it untranslated or fuzzy (the
    fuzzy mark goes); one that differs from a translation already there is left out, and so
    is one of a message the template does not have, and one marked fuzzy: each is said in
    the lines returned, with the catalogues written."""
    said: list[str] = []
    update(locale_folder, sources)
    for file in files:
        incoming = read_catalogue(file)
        code = str(incoming.locale) if incoming.locale is not None else ""
        path = catalogue_path(code, locale_folder)
        if code not in translated_languages() or not path.exists():
            said.append(f"{file}: its header names no language of chickenfoot ({code or 'none'})")
            continue
        catalogue = read_catalogue(path, code)
        for message in incoming:
            if not message.id or not all(forms(message)):
                continue
            mine = catalogue.get(message.id, context=message.context)
            if message.fuzzy:
                said.append(f"{file}: {shown(message)}: fuzzy, left out")
            elif mine is None:
                said.append(f"{file}: {shown(message)}: not in the template, left out")
            elif all(forms(mine)) and not mine.fuzzy and forms(mine) != forms(message):
                said.append(f"{file}: {shown(message)}: translated otherwise already, left out")
            else:
                mine.string = message.string
                mine.flags.discard("fuzzy")
        write_if_changed(path, po_text(catalogue))
    update(locale_folder, sources)
    return said


def forms(message: Message) -> list[str]:
    """The translation of ``message``: one text, or one per plural form."""
    if isinstance(message.string, tuple | list):
        return [str(form) for form in message.string]
    return [str(message.string or "")]


# ----- checking -------------------------------------------------------------------------------


def placeholders(text: str) -> set[str] | None:
    """The replacement fields of ``text`` as :meth:`str.format` reads them (``{count}``,
    ``{share:.0%}``), or None when its braces are not well formed."""
    try:
        fields = list(string.Formatter().parse(text))
    except ValueError:
        return None
    found = set()
    for _literal, name, spec, conversion in fields:
        if name is not None:
            found.add(
                "{"
                + name
                + (f"!{conversion}" if conversion else "")
                + (f":{spec}" if spec else "")
                + "}"
            )
    return found


def shown(message: Message) -> str:
    """A message as a problem names it: its English (its first line, shortened), and its
    context."""
    english = message.id[0] if isinstance(message.id, tuple | list) else message.id
    first = str(english).splitlines()[0] if english else ""
    first = first if len(first) <= 60 else first[:57] + "..."
    context = f" (context {message.context!r})" if message.context else ""
    return f"{first!r}{context}"


def key(message: Message) -> tuple[str, str | None]:
    """What tells a message from the others: its English and its context."""
    english = message.id[0] if isinstance(message.id, tuple | list) else message.id
    return str(english), message.context


def single_number_forms(catalogue: Catalog) -> set[int]:
    """The plural forms of ``catalogue``'s language that its rule picks for one number alone
    (Hebrew's "one" and "two"), among the counts a game has (0 to 1,000)."""
    rule = gettext.c2py(catalogue.plural_expr)
    numbers: dict[int, set[int]] = {}
    for count in range(1001):
        numbers.setdefault(rule(count), set()).add(count)
    return {form for form, counts in numbers.items() if len(counts) == 1}


def placeholder_problems(message: Message, single: set[int] | None = None) -> Iterator[str]:
    """Where a translation of ``message`` does not keep the placeholders of its English.

    A message without plural forms keeps exactly those of its English. Each plural form keeps
    those the English singular and plural share, and may use the others (a language may say
    "one tile" where English says "{count} tile"); a form its language uses for one number
    alone (``single``) may leave out one of them, the count it writes as a word ("אבן אחת")."""
    plural = isinstance(message.id, tuple | list)
    if plural:
        english_forms = [placeholders(str(english)) for english in message.id]
        if any(form is None for form in english_forms):
            return  # English that is not a format string: nothing to keep
        known = [form for form in english_forms if form is not None]
        required, allowed = set.intersection(*known), set.union(*known)
    else:
        english = placeholders(str(message.id))
        if english is None:
            return
        required = allowed = english
    translations = forms(message)
    for number, translation in enumerate(translations):
        if not translation:
            continue
        which = f"plural form {number}" if len(translations) > 1 else "translation"
        used = placeholders(str(translation))
        if used is None:
            yield f"{shown(message)}: its {which} has braces str.format cannot read"
        elif not required <= used <= allowed and not (
            plural and number in (single or set()) and len(required - used) == 1 and used <= allowed
        ):
            lost = ", ".join(sorted(required - used))
            added = ", ".join(sorted(used - allowed))
            said = "; ".join(
                part for part in (lost and f"lost {lost}", added and f"added {added}") if part
            )
            yield f"{shown(message)}: its {which} does not keep the English placeholders ({said})"


def header_problems(catalogue: Catalog, code: str) -> Iterator[str]:
    """What is wrong in the header of language ``code``'s catalogue."""
    if str(catalogue.locale) != code:
        yield f"its header names the language {catalogue.locale!s}, not {code}"
    expected = Catalog(locale=code).plural_forms
    if catalogue.plural_forms != expected:
        yield f"its Plural-Forms is {catalogue.plural_forms!r}; Babel's for {code} is {expected!r}"
    if catalogue.fuzzy:
        yield "its header is marked fuzzy (the compiled catalogue would lose its plural rules)"
    if catalogue.charset.lower() != "utf-8":
        yield f"it is written in {catalogue.charset}, not UTF-8"


def message_problems(catalogue: Catalog, template: Catalog) -> Iterator[str]:
    """What is missing, stale, untranslated, fuzzy or wrong in ``catalogue``'s messages."""
    wanted = {key(message) for message in template if message.id}
    have = {key(message): message for message in catalogue if message.id}
    single = single_number_forms(catalogue)
    for message in template:
        if message.id and key(message) not in have:
            yield f"{shown(message)}: missing (run make catalogues)"
    for message in have.values():
        if key(message) not in wanted:
            yield f"{shown(message)}: stale, no longer in the template (run make catalogues)"
    for message in catalogue.obsolete.values():
        yield f"{shown(message)}: obsolete (#~), no longer in the template (run make catalogues)"
    for message in have.values():
        if message.fuzzy:
            yield f"{shown(message)}: fuzzy (check the translation, then remove the flag)"
        if not all(forms(message)):
            yield f"{shown(message)}: not translated"
        yield from placeholder_problems(message, single)
    for message, errors in catalogue.check():
        for error in errors:
            yield f"{shown(message)}: {error}"


def compiled_problems(catalogue: Catalog, compiled: Path) -> Iterator[str]:
    """Whether ``catalogue`` compiles, reads back in Python's :mod:`gettext`, and is what the
    committed ``compiled`` file holds."""
    try:
        data = mo_bytes(catalogue)
        gettext.GNUTranslations(io.BytesIO(data))
    except Exception as error:  # any failure to compile is the finding
        yield f"it does not compile: {error}"
        return
    if not compiled.exists():
        yield f"{compiled.name} is missing (run make catalogues)"
        return
    with compiled.open("rb") as file:
        committed = read_mo(file)
    fresh = read_mo(io.BytesIO(data))
    if mo_contents(committed) != mo_contents(fresh):
        yield f"{compiled.name} is not compiled from it (run make catalogues)"


def mo_contents(catalogue: Catalog) -> tuple[object, ...]:
    """What a compiled catalogue says: its plural rules and every translation."""
    messages = sorted(
        (repr(message.context), repr(message.id), repr(message.string)) for message in catalogue
    )
    return (catalogue.plural_forms, tuple(messages))


def check(locale_folder: Path = LOCALE_FOLDER, sources: Path = SOURCES) -> list[str]:
    """Every problem of the template and the catalogues, each on one line naming its file."""
    problems: list[str] = []
    pot = template_path(locale_folder)
    if not pot.exists():
        return [f"{relative(pot)}: missing (run make catalogues)"]
    try:
        template = read_catalogue(pot)
    except Exception as error:  # a template that cannot be read is the finding
        return [f"{relative(pot)}: cannot be read: {error}"]
    if not same_apart_from_dates(extract(sources), template):
        problems.append(f"{relative(pot)}: not the messages the code has now (run make catalogues)")
    folders = {path.parent.parent.name for path in locale_folder.glob(f"*/LC_MESSAGES/{DOMAIN}.po")}
    for code in sorted(folders - set(translated_languages())):
        problems.append(
            f"{relative(catalogue_path(code, locale_folder))}: "
            f"{code} is not in chickenfoot.lang.LANGUAGES"
        )
    for code in translated_languages():
        path = catalogue_path(code, locale_folder)
        if not path.exists():
            problems.append(f"{relative(path)}: missing (run make catalogues)")
            continue
        try:
            catalogue = read_catalogue(path, code)
        except Exception as error:  # a catalogue that cannot be read is the finding
            problems.append(f"{relative(path)}: cannot be read: {error}")
            continue
        found = [
            *header_problems(catalogue, code),
            *message_problems(catalogue, template),
            *compiled_problems(catalogue, compiled_path(code, locale_folder)),
        ]
        problems.extend(f"{relative(path)}: {problem}" for problem in found)
    return problems


def relative(path: Path) -> str:
    """``path`` as a problem names it: from the repository's root when it is inside it."""
    try:
        return path.relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


def main(arguments: Iterable[str]) -> int:
    """``update``, ``check`` or ``merge FILE...``; the exit status."""
    match list(arguments):
        case ["update"]:
            for path in update():
                print(f"wrote {relative(path)}")
            return 0
        case ["merge", *files] if files:
            for line in merge(Path(file) for file in files):
                print(line)
            return 0
        case ["check"]:
            problems = check()
            for problem in problems:
                print(problem, file=sys.stderr)
            if problems:
                print(
                    f"{len(problems)} problem(s) in the catalogues (CONTRIBUTING.md, "
                    '"Words in every language")',
                    file=sys.stderr,
                )
            return 1 if problems else 0
        case _:
            print("usage: python -m tools.catalogues update|check|merge FILE...", file=sys.stderr)
            return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
