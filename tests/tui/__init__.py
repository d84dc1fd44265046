"""Tests of the Textual app: Pilot tests, snapshots and a real-terminal smoke test."""
