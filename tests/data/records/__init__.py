"""Sample saved games (and the script that writes them)."""
