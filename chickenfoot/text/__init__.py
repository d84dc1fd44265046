"""Words: the game described in plain language for logs, status lines and transcripts.

- :mod:`chickenfoot.text.words`: names, plurals, articles and other small helpers.
- :mod:`chickenfoot.text.describe`: one line per event, what the board needs, refusals.
- :mod:`chickenfoot.text.ruleset`: a rule set, and what each preset sets, in short phrases.
- :mod:`chickenfoot.text.transcript`: a whole saved game as readable text.

Names are returned inside plain strings: callers show them literally, never as markup.
Imports no Textual.
"""
