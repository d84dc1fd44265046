"""Tests of the words: event descriptions and transcripts."""
