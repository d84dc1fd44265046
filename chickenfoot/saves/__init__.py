"""Saved games and the files chickenfoot keeps: records, where they live, settings.

- :mod:`chickenfoot.saves.record`: :class:`GameRecord`, the versioned JSON of a whole game,
  strict loading with one-line errors, and saving (refusing to overwrite a changed file).
- :mod:`chickenfoot.saves.storage`: the saved games in the data folder, their summaries (with
  the index that remembers them), what "Continue" resumes, the clean-up after a crash.
- :mod:`chickenfoot.saves.locks`: one window per game.
- :mod:`chickenfoot.saves.settings`: what the app remembers between runs.
- :mod:`chickenfoot.saves.names`: what a player's name may hold, and its width on screen.
- :mod:`chickenfoot.saves.paths`: where every file lives.
- :mod:`chickenfoot.saves.files`: reading only regular files, never blocking; writing with
  stamps; :mod:`chickenfoot.saves.atomic`: the one atomic write every file goes through.
- :mod:`chickenfoot.saves.strict_json`, :mod:`chickenfoot.saves.problems`,
  :mod:`chickenfoot.saves.output`: strict JSON, plain words for every problem, and text for a
  console of any encoding.

Imports no Textual.
"""
