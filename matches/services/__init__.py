"""Every write to a match result goes through here: referee forms, player reports, online
games, match files and the API alike."""

from matches.services.clock_reports import report_submit_recorded
from matches.services.corrections import match_correct_final_score, match_correct_games
from matches.services.imports import (
    import_refusal,
    match_import_file,
    match_import_final_score,
    match_import_games,
)
from matches.services.reports import (
    report_confirm,
    report_dispute,
    report_submit,
    report_submit_games,
    report_uphold_dispute,
)
from matches.services.results import (
    check_open,
    check_version,
    game_results,
    match_award_forfeit,
    match_declare_score,
    match_lock,
    match_record_final_score,
    match_record_game,
    match_record_time_forfeit,
    match_set_online,
    match_undo_forfeit,
)

__all__ = [
    "check_open",
    "check_version",
    "game_results",
    "import_refusal",
    "match_award_forfeit",
    "match_correct_final_score",
    "match_correct_games",
    "match_declare_score",
    "match_import_file",
    "match_import_final_score",
    "match_import_games",
    "match_lock",
    "match_record_final_score",
    "match_record_game",
    "match_record_time_forfeit",
    "match_set_online",
    "match_undo_forfeit",
    "report_confirm",
    "report_dispute",
    "report_submit",
    "report_submit_games",
    "report_submit_recorded",
    "report_uphold_dispute",
]
