"""Tests of the rules engine: scenarios from exact decks, properties over random games."""
