"""Saved games and the files chickenfoot keeps: records, where they live, settings.

- :mod:`chickenfoot.saves.record`: :class:`GameRecord`, the versioned JSON of a whole game,
  strict loading with one-line errors, and saving.
- :mod:`chickenfoot.saves.storage`: the data folder, the saves in it, what "Continue" resumes.
- :mod:`chickenfoot.saves.settings`: what the app remembers between runs.
- :mod:`chickenfoot.saves.atomic`: the one atomic write every file goes through.

Imports no Textual.
"""
