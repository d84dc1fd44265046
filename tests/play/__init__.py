"""Tests of the application layer without Textual: the session, the table, the replay cursor."""
