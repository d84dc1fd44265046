"""The catalogues: the check of ``make check`` passes on those committed and names each kind
of problem it exists to find; ``make catalogues`` makes them, and changes nothing when they
are current."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from chickenfoot.lang import LOCALE_FOLDER, catalogue, speaking, use
from tools.catalogues import (
    catalogue_path,
    check,
    compiled_path,
    extract,
    merge,
    placeholders,
    template_path,
    update,
)

SOURCE = """\
from chickenfoot.lang import _, N_, ngettext, pgettext

GREETING = N_("Hello")


def said(name: str, count: int) -> list[str]:
    return [
        _(GREETING),
        # Translators: a person at the table, by name.
        _("{name} draws a tile.").format(name=name),
        ngettext("{count} tile left", "{count} tiles left", count).format(count=count),
        pgettext("a tile", "Double"),
        ngettext("a tile in the boneyard", "{count} tiles in the boneyard", count).format(
            count=count
        ),
    ]
"""

TRANSLATIONS: dict[str | tuple[str, ...], str | tuple[str, ...]] = {
    "Hello": "Ola",
    "{name} draws a tile.": "{name} rouba unha ficha.",
    ("{count} tile left", "{count} tiles left"): ("Queda {count} ficha", "Quedan {count} fichas"),
    "Double": "Dobre",
    ("a tile in the boneyard", "{count} tiles in the boneyard"): (
        "unha ficha no galiñeiro",
        "{count} fichas no galiñeiro",
    ),
}


@pytest.fixture
def made(tmp_path: Path) -> tuple[Path, Path]:
    """Sources with a few messages, and their catalogues made by ``update`` and translated
    into Galician (Spanish and Hebrew translated alike: only Galician's words matter here)."""
    sources = tmp_path / "chickenfoot"
    sources.mkdir()
    (sources / "words.py").write_text(SOURCE, encoding="utf-8")
    locale = tmp_path / "locale"
    update(locale, sources)
    for code in ("gl", "es", "he"):

        def translate(catalogue: Catalog, code: str = code) -> None:
            for message in catalogue:
                if message.id:
                    key = message.id if isinstance(message.id, str) else tuple(message.id)
                    words = TRANSLATIONS[key]
                    if isinstance(words, tuple):  # as many forms as the language has
                        message.string = (*words, words[-1])[: catalogue.num_plurals]
                    else:
                        message.string = words

        edit(catalogue_path(code, locale), translate, code)
    update(locale, sources)  # compiles what was translated
    return sources, locale


def edit(path: Path, change: Callable[[Catalog], object], code: str = "gl") -> None:
    """Read the catalogue in ``path``, ``change`` it, write it back."""
    with path.open("rb") as file:
        catalogue = read_po(file, locale=code)
    change(catalogue)
    with path.open("wb") as file:
        write_po(file, catalogue, width=79, include_lineno=False)


def problems_of(made: tuple[Path, Path]) -> list[str]:
    sources, locale = made
    return check(locale, sources)


def message(catalogue: Catalog, english: str, context: str | None = None) -> object:
    found = catalogue.get(english, context=context)
    assert found is not None
    return found


def test_the_committed_catalogues_pass_the_check() -> None:
    assert check() == []


def test_the_catalogues_made_and_translated_pass_the_check(made: tuple[Path, Path]) -> None:
    assert problems_of(made) == []


def test_making_them_again_changes_nothing(made: tuple[Path, Path]) -> None:
    sources, locale = made
    before = {path: path.read_bytes() for path in locale.rglob("*") if path.is_file()}
    assert update(locale, sources) == []
    assert {path: path.read_bytes() for path in locale.rglob("*") if path.is_file()} == before


def test_the_template_holds_every_kind_of_message_with_the_translators_comments(
    made: tuple[Path, Path],
) -> None:
    sources, _locale = made
    template = extract(sources)
    assert {
        (m.id if isinstance(m.id, str) else tuple(m.id), m.context) for m in template if m.id
    } == {
        ("Hello", None),
        ("{name} draws a tile.", None),
        (("{count} tile left", "{count} tiles left"), None),
        ("Double", "a tile"),
        (("a tile in the boneyard", "{count} tiles in the boneyard"), None),
    }
    assert template.get("{name} draws a tile.").auto_comments == [  # type: ignore[union-attr]
        "Translators: a person at the table, by name."
    ]


def test_a_template_behind_the_code_is_found(made: tuple[Path, Path]) -> None:
    sources, locale = made
    (sources / "more.py").write_text('from chickenfoot.lang import _\n_("Pass")\n', "utf-8")
    assert problems_of(made) == [
        f"{template_path(locale)}: not the messages the code has now (run make catalogues)"
    ]


def test_new_messages_are_missing_until_translated(made: tuple[Path, Path]) -> None:
    sources, locale = made
    (sources / "more.py").write_text('from chickenfoot.lang import _\n_("Pass")\n', "utf-8")
    update(locale, sources)
    problems = problems_of(made)
    assert f"{catalogue_path('gl', locale)}: 'Pass': not translated" in problems
    assert len(problems) == 3  # one in each language


def test_a_message_gone_from_the_template_is_stale(made: tuple[Path, Path]) -> None:
    _sources, locale = made
    edit(catalogue_path("gl", locale), lambda catalogue: catalogue.add("Gone", "Marchou"))
    assert (
        f"{catalogue_path('gl', locale)}: 'Gone': stale, no longer in the template "
        "(run make catalogues)" in problems_of(made)
    )


def test_a_missing_message_is_found(made: tuple[Path, Path]) -> None:
    _sources, locale = made
    edit(catalogue_path("gl", locale), lambda catalogue: catalogue.delete("Hello"))
    assert f"{catalogue_path('gl', locale)}: 'Hello': missing (run make catalogues)" in problems_of(
        made
    )


def test_a_fuzzy_translation_is_found(made: tuple[Path, Path]) -> None:
    _sources, locale = made

    def fuzzy(catalogue: Catalog) -> None:
        catalogue.get("Hello").flags.add("fuzzy")  # type: ignore[union-attr]

    edit(catalogue_path("gl", locale), fuzzy)
    problems = problems_of(made)
    assert (
        f"{catalogue_path('gl', locale)}: 'Hello': fuzzy "
        "(check the translation, then remove the flag)" in problems
    )


@pytest.mark.parametrize(
    ("english", "translation", "problem"),
    [
        (
            "{name} draws a tile.",
            "Rouba unha ficha.",
            "its translation does not keep the English placeholders (lost {name})",
        ),
        (
            "{name} draws a tile.",
            "{nome} rouba unha ficha.",
            "its translation does not keep the English placeholders (lost {name}; added {nome})",
        ),
        (
            "{name} draws a tile.",
            "{name} rouba {tile}.",
            "its translation does not keep the English placeholders (added {tile})",
        ),
        (
            "{name} draws a tile.",
            "{name!r} rouba unha ficha.",
            "its translation does not keep the English placeholders (lost {name}; added {name!r})",
        ),
        (
            "{name} draws a tile.",
            "{name rouba unha ficha.",
            "its translation has braces str.format cannot read",
        ),
        (
            "Hello",
            "Ola {name}",
            "its translation does not keep the English placeholders (added {name})",
        ),
    ],
)
def test_a_translation_must_keep_the_placeholders_of_its_english(
    made: tuple[Path, Path], english: str, translation: str, problem: str
) -> None:
    _sources, locale = made

    def change(catalogue: Catalog) -> None:
        catalogue.get(english).string = translation  # type: ignore[union-attr]

    edit(catalogue_path("gl", locale), change)
    update(*reversed(made))  # compiled, so only the placeholders are wrong
    assert problems_of(made) == [f"{catalogue_path('gl', locale)}: {english!r}: {problem}"]


def test_each_plural_form_keeps_the_placeholders_both_english_forms_have(
    made: tuple[Path, Path],
) -> None:
    _sources, locale = made

    def change(catalogue: Catalog) -> None:
        found = catalogue.get("{count} tile left")
        found.string = ("Queda {count} ficha", "Quedan fichas")  # type: ignore[union-attr]

    edit(catalogue_path("gl", locale), change)
    update(*reversed(made))
    assert problems_of(made) == [
        f"{catalogue_path('gl', locale)}: '{{count}} tile left': its plural form 1 does not "
        "keep the English placeholders (lost {count})"
    ]


def test_a_form_for_one_number_alone_may_write_its_count_as_a_word(
    made: tuple[Path, Path],
) -> None:
    _sources, locale = made

    def change(catalogue: Catalog) -> None:
        found = catalogue.get("{count} tile left")
        found.string = ("Queda unha ficha", "Quedan {count} fichas")  # type: ignore[union-attr]

    edit(catalogue_path("gl", locale), change)
    update(*reversed(made))
    assert problems_of(made) == [], "Galician's singular is for 1 alone: 'unha' says it"


def test_a_plural_form_may_leave_out_a_number_the_english_singular_leaves_out(
    made: tuple[Path, Path],
) -> None:
    _sources, locale = made

    def change(catalogue: Catalog) -> None:
        found = catalogue.get("a tile in the boneyard")
        found.string = ("unha ficha", "fichas")  # type: ignore[union-attr]

    edit(catalogue_path("gl", locale), change)
    update(*reversed(made))
    assert problems_of(made) == []


def test_the_plural_rules_must_be_the_language_s_own(made: tuple[Path, Path]) -> None:
    _sources, locale = made
    path = catalogue_path("gl", locale)
    text = path.read_text("utf-8").replace(
        "nplurals=2; plural=(n != 1);", "nplurals=3; plural=(n == 1 ? 0 : n == 2 ? 1 : 2);"
    )
    path.write_text(text, "utf-8")
    problems = problems_of(made)
    assert (
        f"{path}: its Plural-Forms is 'nplurals=3; plural=(n == 1 ? 0 : n == 2 ? 1 : 2);'; "
        "Babel's for gl is 'nplurals=2; plural=(n != 1);'"
    ) in problems
    assert f"{path}: '{{count}} tile left': not translated" in problems  # its third form


def test_a_fuzzy_header_is_found(made: tuple[Path, Path]) -> None:
    _sources, locale = made
    path = catalogue_path("es", locale)
    path.write_text(path.read_text("utf-8").replace('msgid ""', '#, fuzzy\nmsgid ""', 1), "utf-8")
    assert (
        f"{path}: its header is marked fuzzy (the compiled catalogue would lose its plural rules)"
        in problems_of(made)
    )


def test_an_obsolete_entry_is_found(made: tuple[Path, Path]) -> None:
    _sources, locale = made
    path = catalogue_path("gl", locale)
    with path.open("a", encoding="utf-8") as file:
        file.write('\n#~ msgid "Old"\n#~ msgstr "Vello"\n')
    assert f"{path}: 'Old': obsolete (#~), no longer in the template (run make catalogues)" in (
        problems_of(made)
    )


def test_a_compiled_catalogue_behind_its_translations_is_found(made: tuple[Path, Path]) -> None:
    _sources, locale = made

    def change(catalogue: Catalog) -> None:
        catalogue.get("Hello").string = "Bos días"  # type: ignore[union-attr]

    edit(catalogue_path("gl", locale), change)
    assert problems_of(made) == [
        f"{catalogue_path('gl', locale)}: chickenfoot.mo is not compiled from it "
        "(run make catalogues)"
    ]
    compiled_path("gl", locale).unlink()
    assert problems_of(made) == [
        f"{catalogue_path('gl', locale)}: chickenfoot.mo is missing (run make catalogues)"
    ]


def test_every_language_has_a_catalogue_and_every_catalogue_a_language(
    made: tuple[Path, Path],
) -> None:
    _sources, locale = made
    shutil.copytree(locale / "gl", locale / "pt")
    catalogue_path("es", locale).unlink()
    assert problems_of(made) == [
        f"{catalogue_path('pt', locale)}: pt is not in chickenfoot.lang.LANGUAGES",
        f"{catalogue_path('es', locale)}: missing (run make catalogues)",
    ]


def test_a_message_s_english_that_is_no_format_string_is_not_held_to_placeholders() -> None:
    assert placeholders("keys in braces ({...})") == {"{...}"}
    assert placeholders("a } alone") is None
    assert placeholders("{share:.0%} of {count}") == {"{share:.0%}", "{count}"}


def test_the_committed_catalogues_are_read_by_the_program() -> None:
    for code in ("gl", "es", "he"):
        assert catalogue(code).gettext("Language") != "Language"
    with speaking("es"):
        from chickenfoot.lang import _

        assert _("Language") == "Idioma"
    use("en")
    assert LOCALE_FOLDER.joinpath("chickenfoot.pot").is_file()


def test_translations_written_apart_are_merged_into_the_catalogues(
    made: tuple[Path, Path], tmp_path: Path
) -> None:
    sources, locale = made
    (sources / "more.py").write_text(
        'from chickenfoot.lang import _\n_("Pass")\n_("Draw")\n_("Undo")\n', "utf-8"
    )
    update(locale, sources)
    apart = Catalog(locale="gl")
    apart.add("Pass", "Pasar")
    apart.add("Draw", "Roubar", flags=["fuzzy"])
    apart.add("Hello", "Boas")  # translated otherwise already
    apart.add("Gone", "Marchou")
    written = tmp_path / "apart.gl.po"
    with written.open("wb") as file:
        write_po(file, apart)
    nameless = tmp_path / "nameless.po"
    with nameless.open("wb") as file:
        write_po(file, Catalog())
    said = merge([written, nameless], locale, sources)
    assert said == [
        f"{written}: 'Draw': fuzzy, left out",
        f"{written}: 'Hello': translated otherwise already, left out",
        f"{written}: 'Gone': not in the template, left out",
        f"{nameless}: its header names no language of chickenfoot (none)",
    ]
    with catalogue_path("gl", locale).open("rb") as file:
        merged = read_po(file, locale="gl")
    assert merged.get("Pass").string == "Pasar"  # type: ignore[union-attr]
    assert merged.get("Hello").string == "Ola"  # type: ignore[union-attr]
    problems = problems_of(made)
    assert f"{catalogue_path('gl', locale)}: 'Pass': not translated" not in problems
    assert f"{catalogue_path('gl', locale)}: 'Draw': not translated" in problems
