"""The tournament fixtures live in tests/conftest.py; these names stay importable from here."""

from tests.conftest import club, commit, make_tournament, open_matches, organizer, play

__all__ = ["club", "commit", "make_tournament", "open_matches", "organizer", "play"]
