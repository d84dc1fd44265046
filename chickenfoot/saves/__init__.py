"""Persistence: the store of every game, the JSON exchange format, settings.

What a game is lives below, in :mod:`chickenfoot.record`; this package only keeps it.

- :mod:`chickenfoot.saves.store`: the one interface every game is read and written through
  (:class:`~chickenfoot.saves.store.GameStore`), who has a game open, what the lists show;
  :mod:`chickenfoot.saves.database`: the store on SQLite (``chickenfoot.db``), its schema
  and migrations in :mod:`chickenfoot.saves.schema`, its journal watched in
  :mod:`chickenfoot.saves.journal`; :mod:`chickenfoot.saves.committer`: a game in play
  committed move by move.
- :mod:`chickenfoot.saves.jsonformat`: the JSON files (strict loading with one-line errors,
  the pretty writer, the JSON Schema); :mod:`chickenfoot.saves.migrations`: older file
  versions; :mod:`chickenfoot.saves.exchange`: import and export, and the one-time import of
  an older version's saves folder.
- :mod:`chickenfoot.saves.tallying`: the statistics kept in step with each finished game;
  :mod:`chickenfoot.saves.verify`: a saved file read and checked.
- :mod:`chickenfoot.saves.settings`: what the app remembers between runs.
- :mod:`chickenfoot.saves.paths`: where every file lives.
- :mod:`chickenfoot.saves.files`: reading only regular files, never blocking;
  :mod:`chickenfoot.saves.atomic`: the one atomic write every file goes through.
- :mod:`chickenfoot.saves.strict_json`, :mod:`chickenfoot.saves.output`: strict JSON, and
  text for a console of any encoding.

Imports no Textual.
"""
