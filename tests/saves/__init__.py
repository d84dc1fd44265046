"""Tests of saved games: records, storage, settings."""
