"""Tests of chickenfoot.lang: choosing the language, numbers, and the catalogues."""
