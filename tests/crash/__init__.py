"""Crash tests: a game killed (``kill -9``) on a slow disk loses at most the move being saved."""
