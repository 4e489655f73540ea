"""The messages a form shows when a value breaks one of the models' check constraints, instead
of Django's ``Constraint "…" is violated.`` (tests/test_constraint_messages.py checks that every
check constraint has one)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

CHOOSE_LISTED = _("Choose one of the listed options.")
AT_LEAST_ONE = _("Enter a whole number of at least 1.")
NOT_NEGATIVE = _("Enter a number of at least 0.")
ABOVE_ZERO = _("Enter a number greater than 0.")
NOT_EMPTY = _("This cannot be empty.")
CUBE_POWER_OF_TWO = _("The cube must be 1 or a power of two (2, 4, 8, …).")
WINNER_IS_A_PLAYER = _("The winner must be one of the two players.")
OUTCOME_WHEN_FINISHED = _("Only a finished match has an outcome.")
DROP_IS_SINGLE = _("A dropped cube ends the game as a single game.")
TWO_PLAYERS = _("The two players of a match must be different.")
PAIR_OF_TWO = _("A pairing rule needs two different players.")
FINISHED_HAS_WINNER = _("A finished match has a winner, and only a finished match has one.")
WAITING_NUMBER = _("An entry on the waiting list has a place on it, and only such an entry.")
FROM_RESUMED_SCORE = _("The score cannot be lower than the score the match was resumed at.")
POINTS_OF_A_GAME = _("The points of a game must match its kind and the cube.")

BY_NAME = {
    "match_index_positive": AT_LEAST_ONE,
    "match_table_positive": AT_LEAST_ONE,
    "match_scores_not_negative": NOT_NEGATIVE,
    "match_length_positive": AT_LEAST_ONE,
    "match_score_from_resumed_score": FROM_RESUMED_SCORE,
    "match_two_different_entries": TWO_PLAYERS,
    "match_winner_is_a_player": WINNER_IS_A_PLAYER,
    "match_finished_iff_winner": FINISHED_HAS_WINNER,
    "game_points_match_kind_and_cube": POINTS_OF_A_GAME,
    "match_outcome_only_when_finished": OUTCOME_WHEN_FINISHED,
    "game_number_positive": AT_LEAST_ONE,
    "game_cube_power_of_two": CUBE_POWER_OF_TWO,
    "game_drop_is_single": DROP_IS_SINGLE,
    "tournament_slug_not_empty": NOT_EMPTY,
    "tournament_length_positive": AT_LEAST_ONE,
    "tournament_max_cube_power_of_two": CUBE_POWER_OF_TWO,
    "tournament_swiss_rounds_positive": AT_LEAST_ONE,
    "entry_seed_positive": AT_LEAST_ONE,
    "stage_clock_minutes_positive": AT_LEAST_ONE,
    "round_number_positive": AT_LEAST_ONE,
    "round_length_positive": AT_LEAST_ONE,
    "club_slug_not_empty": NOT_EMPTY,
    "club_name_not_empty": NOT_EMPTY,
    "club_rating_points_positive": ABOVE_ZERO,
    "player_name_not_empty": NOT_EMPTY,
    "rating_positive": ABOVE_ZERO,
    "analysis_errors_not_negative": NOT_NEGATIVE,
}
