"""chickenfoot: Chicken Foot dominoes in the terminal.

``chickenfoot.rules`` is the pure game engine; ``chickenfoot.saves.record`` reads and writes saved
games; ``chickenfoot.bots`` holds the computer players; ``chickenfoot.tui`` is the Textual app.
"""

__version__ = "0.1.0"
