"""Upgrading saved-game files of older versions to the current one.

Each version of the JSON format that shipped can still be read: :data:`MIGRATIONS` turns a
document (the parsed JSON object) of one version into the next, and :func:`upgrade` checks a
file's ``format`` and ``version`` and runs the steps it needs. The store's own schema has its
migrations beside its tables (:mod:`chickenfoot.saves.schema`). This module imports no Textual.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from chickenfoot.lang import _
from chickenfoot.record.model import FORMAT_NAME, FORMAT_VERSION, RecordError
from chickenfoot.record.problems import is_whole, short_json

__all__ = ["MIGRATIONS", "supported_versions", "upgrade"]

Migration = Callable[[dict[str, Any]], dict[str, Any]]


def _from_version_1(document: dict[str, Any]) -> dict[str, Any]:
    """Version 2 added hints and take-backs (``assists``) and a seat's ``think_time``: a
    version-1 game had neither."""
    return {**document, "assists": []}


def _from_version_2(document: dict[str, Any]) -> dict[str, Any]:
    """Version 3 added ``taken_over``: a version-2 game does not say it was taken over."""
    return document


MIGRATIONS: dict[int, Migration] = {1: _from_version_1, 2: _from_version_2}
"""Upgrade functions by version: ``MIGRATIONS[n]`` turns a version-``n`` document (the parsed
JSON object) into a version-``n + 1`` one. The loader sets ``version`` itself after each step.
When the format changes: bump :data:`FORMAT_VERSION`, add the step here, and commit a sample of
the old version to ``tests/data/records/`` (see docs/save-format.md)."""


def supported_versions() -> range:
    """Every format version this program can load: the oldest with a migration path, to now."""
    oldest = FORMAT_VERSION
    while oldest - 1 in MIGRATIONS:
        oldest -= 1
    return range(oldest, FORMAT_VERSION + 1)


def upgrade(document: dict[str, Any]) -> dict[str, Any]:
    """Check ``format`` and ``version``, and upgrade an older version to the current one."""
    if "format" not in document:
        raise RecordError(
            None, "format", _('not a chickenfoot saved game: there is no "format" field')
        )
    if document["format"] != FORMAT_NAME:
        raise RecordError(
            None,
            "format",
            _('not a chickenfoot saved game: format is {found}, not "{format}"').format(
                found=short_json(document["format"]), format=FORMAT_NAME
            ),
        )
    supported = supported_versions()
    if len(supported) == 1:
        # Translators: shown in "(this program reads {versions})".
        supported_text = _("version {version}").format(version=supported[0])
    else:
        # Translators: shown in "(this program reads {versions})".
        supported_text = _("versions {first} to {last}").format(
            first=supported[0], last=supported[-1]
        )
    if "version" not in document:
        raise RecordError(
            None,
            "version",
            _("there is no version field (this program reads {versions})").format(
                versions=supported_text
            ),
        )
    version = document["version"]
    if not is_whole(version):
        raise RecordError(
            None,
            "version",
            _(
                "the version must be a whole number, not {value} (this program reads {versions})"
            ).format(value=short_json(version), versions=supported_text),
        )
    if version > FORMAT_VERSION:
        raise RecordError(
            None,
            "version",
            _(
                "version {version} is newer than this program understands (it reads "
                "{versions}): update chickenfoot to load it"
            ).format(version=version, versions=supported_text),
        )
    if version not in supported:
        raise RecordError(
            None,
            "version",
            _("unknown version {version}: this program reads {versions}").format(
                version=version, versions=supported_text
            ),
        )
    while version < FORMAT_VERSION:
        try:
            document = MIGRATIONS[version](document)
        except RecordError:
            raise
        except (LookupError, TypeError, ValueError, AttributeError) as error:
            raise RecordError(
                None,
                "",
                _("cannot upgrade this version-{version} file: {reason}").format(
                    version=version, reason=error
                ),
            ) from None
        version += 1
        document["version"] = version
    return document
