"""The game record: what a game is, whatever keeps it (the store, a file, the wire).

- :mod:`chickenfoot.record.model`: :class:`~chickenfoot.record.model.GameRecord`, a whole
  game (rules, seats, decks, actions, hints and take-backs) that replays exactly;
  :mod:`chickenfoot.record.fields` reads its JSON values strictly, and
  :mod:`chickenfoot.record.errors` words what is wrong (:class:`RecordError`);
  :mod:`chickenfoot.record.names`: what a player's name may hold, and its width on screen.
- :mod:`chickenfoot.record.disclosure`: what of a game may be shown while it goes on (the
  rule every output follows); :mod:`chickenfoot.record.verify`: every deck against its seed,
  every move against the rules, and where each tile of a round's deck went.
- :mod:`chickenfoot.record.tallies`: what the statistics hold;
  :mod:`chickenfoot.record.summary`: a stored game as the lists show it.
- :mod:`chickenfoot.record.problems`: plain words for every problem with a file or a value.

Below the words (:mod:`chickenfoot.text`) and the stores (:mod:`chickenfoot.saves`), which
both read records and never each other. Imports no Textual.
"""
