"""Words: the game described in plain language for logs, status lines and transcripts.

- :mod:`chickenfoot.text.words`: names (the default "You" in the language in use), counts,
  lists with the language's separators, and other small helpers.
- :mod:`chickenfoot.text.describe`: one line per event, what the board needs, refusals.
- :mod:`chickenfoot.text.ruleset`: a rule set, and what each preset sets, in short phrases.
- :mod:`chickenfoot.text.transcript`: a whole saved game as readable text.

Every sentence is one message of the catalogue (:mod:`chickenfoot.lang`), in the language in
use when it is made; a sentence about the player spoken to is a message of its own. Names are
returned inside plain strings: callers show them literally, never as markup.
Imports no Textual.
"""
