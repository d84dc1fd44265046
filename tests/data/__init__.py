"""Test data: sample saved games of every format version."""
