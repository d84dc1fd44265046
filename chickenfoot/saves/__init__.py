"""Saved games: the store of every game, the JSON exchange format, settings.

- :mod:`chickenfoot.saves.store`: the one interface every game is read and written through
  (:class:`~chickenfoot.saves.store.GameStore`), who has a game open, what the lists show;
  :mod:`chickenfoot.saves.database`: the store on SQLite (``chickenfoot.db``), its schema
  and migrations in :mod:`chickenfoot.saves.schema`, its journal watched in
  :mod:`chickenfoot.saves.journal`; :mod:`chickenfoot.saves.committer`: a game in play
  committed move by move.
- :mod:`chickenfoot.saves.record`: :class:`~chickenfoot.saves.record.GameRecord`, a whole
  game (rules, seats, decks, actions, hints and take-backs) that replays exactly;
  :mod:`chickenfoot.saves.fields` reads its JSON values strictly, and
  :mod:`chickenfoot.saves.errors` words what is wrong (:class:`RecordError`).
- :mod:`chickenfoot.saves.jsonformat`: the JSON files (strict loading with one-line errors,
  the pretty writer, the JSON Schema); :mod:`chickenfoot.saves.migrations`: older file
  versions; :mod:`chickenfoot.saves.exchange`: import and export, and the one-time import of
  an older version's saves folder.
- :mod:`chickenfoot.saves.tallies`: what the statistics hold; :mod:`chickenfoot.saves.verify`:
  every deck against its seed; :mod:`chickenfoot.saves.disclosure`: what of a game may be
  shown while it goes on (the rule every output follows).
- :mod:`chickenfoot.saves.settings`: what the app remembers between runs.
- :mod:`chickenfoot.saves.names`: what a player's name may hold, and its width on screen.
- :mod:`chickenfoot.saves.paths`: where every file lives.
- :mod:`chickenfoot.saves.files`: reading only regular files, never blocking;
  :mod:`chickenfoot.saves.atomic`: the one atomic write every file goes through.
- :mod:`chickenfoot.saves.strict_json`, :mod:`chickenfoot.saves.problems`,
  :mod:`chickenfoot.saves.output`: strict JSON, plain words for every problem, and text for a
  console of any encoding.

Imports no Textual.
"""
