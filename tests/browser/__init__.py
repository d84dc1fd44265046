"""Tests of ``chickenfoot serve``: its messages, its signals, and a game in a real browser."""
