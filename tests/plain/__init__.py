"""Tests of the plain mode: a line at a time, through a scripted console and a real pseudo
terminal."""
