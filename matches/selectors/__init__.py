"""Reads for matches and their match files: a constant number of queries each."""

from matches.selectors.file_record import match_file_record
from matches.selectors.files import match_file_text, match_player_names, matfile_read
from matches.selectors.history import match_history
from matches.selectors.matches import (
    disputed_matches,
    has_games,
    match_files,
    match_sheet,
    matches_with_entries,
    matches_with_players,
    next_match_for,
    open_matches_for,
    open_report,
    round_match,
    round_match_values,
    round_matches,
    stage_matches,
    tournament_matches,
)
from matches.selectors.results import result_rows

__all__ = [
    "disputed_matches",
    "has_games",
    "match_file_record",
    "match_file_text",
    "match_files",
    "match_history",
    "match_player_names",
    "match_sheet",
    "matches_with_entries",
    "matches_with_players",
    "matfile_read",
    "next_match_for",
    "open_matches_for",
    "open_report",
    "result_rows",
    "round_match",
    "round_match_values",
    "round_matches",
    "stage_matches",
    "tournament_matches",
]
