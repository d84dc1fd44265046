"""chickenfoot: Chicken Foot dominoes in the terminal.

``chickenfoot.rules`` is the pure game engine; ``chickenfoot.record.model`` reads and writes saved
games; ``chickenfoot.bots`` holds the computer players; ``chickenfoot.tui`` is the Textual app.

Importing this package imports nothing else: ``chickenfoot --version`` reads
:data:`__version__` and starts as fast as Python.
"""

__version__ = "0.1.0"
"""The one place the version is written: ``pyproject.toml`` reads it (without importing)."""
