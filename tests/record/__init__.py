"""Tests of the game record: the model, names, what may be shown."""
