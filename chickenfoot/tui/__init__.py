"""The Textual user interface of chickenfoot: the app, its screens and its widgets.

Start it with :func:`chickenfoot.tui.app.run_app` (the ``chickenfoot`` command does).
"""
