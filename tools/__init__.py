"""The project's own tools, run from the repository's root: ``python -m tools.NAME``."""
