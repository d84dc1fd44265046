"""The plain mode (``chickenfoot --plain``): the whole game a line at a time, for screen
readers and anyone who prefers a line-by-line terminal.

Every move is announced as one line in the log's words, the game is played by typing a tile
and an end's key, and the menu, the New game set-up, the saved games and the replays work the
same way. Nothing is drawn: no cursor movement, no redrawing, no colour, so a screen reader
reads each line once. It sits below the Textual app and imports no Textual (its start is
quick); a game is played through a seat client of its table
(:mod:`chickenfoot.play.client`), so it shows only what the people's seats may see.
"""
