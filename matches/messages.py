"""Words a referee understands for every error code of the engine's scoring checks."""

from __future__ import annotations

from django.utils.translation import gettext as _

from backgammon.errors import CUBE_ABOVE_MAX, CUBE_IN_CRAWFORD_GAME, ResultError
from backgammon.matchrules import MatchRules
from backgammon.scoring import NON_FIELD
from config.errors import UserError


def result_error_message(error: ResultError, rules: MatchRules) -> str:
    code = error.code
    if code == "match_over":
        return _("The match is already over; no further game can be entered.")
    if code == "cube_in_best_of":
        return _("Best-of-N matches are played without the doubling cube.")
    if code == "cube_disabled":
        return _("This tournament plays without the doubling cube.")
    if code == CUBE_IN_CRAWFORD_GAME:
        return _("This is the Crawford game: nobody may double in it.")
    if code == CUBE_ABOVE_MAX:
        return _("The cube may not go above %(max)s in this tournament.") % {"max": rules.max_cube}
    if code == "drop_not_single":
        return _("A dropped double ends the game as a single game.")
    if code == "points_mismatch":
        return _("The points do not fit the kind of win and the cube.")
    if code == "invalid_cube":
        return _("The cube shows 1, 2, 4, 8, 16, 32, 64 … only.")
    if code == "invalid_winner":
        return _("Choose who won the game.")
    if code == "invalid_kind":
        return _("Choose single game, gammon or backgammon.")
    if code == "invalid_ended_by":
        return _("Choose how the game ended.")
    if code == "score_unreachable":
        if rules.is_best_of:
            return _(
                "In a best of %(n)s the winner has exactly %(wins)s games and the loser fewer."
            ) % {"n": rules.games, "wins": rules.wins_needed}
        return _(
            "A %(n)s-point match cannot end with this score: the winner needs at least "
            "%(n)s points, the loser fewer, and the last game must be able to score the "
            "difference."
        ) % {"n": rules.length}
    return _("This result is not possible in this match.")


def as_user_error(error: ResultError, rules: MatchRules) -> UserError:
    field = None if error.field == NON_FIELD else error.field
    return UserError(result_error_message(error, rules), code=error.code, field=field)
