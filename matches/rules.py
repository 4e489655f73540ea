"""The engine's MatchRules for a match of a tournament: its format, length and settings."""

from __future__ import annotations

from backgammon.matchrules import MatchRules
from matches.models import Match
from tournaments.models import MatchFormat, Tournament


def rules_for(tournament: Tournament, match_format: str, length: int) -> MatchRules:
    if match_format == MatchFormat.GAMES:
        return MatchRules(
            games=length,
            start=tournament.starting_rule,
            lower_die_starts=tournament.lower_die_starts,
            last_checker_larger_die=tournament.last_checker_larger_die,
            no_hit_and_continue_home=tournament.no_hit_and_continue_home,
        )
    cube = tournament.cube_enabled
    return MatchRules(
        length=length,
        cube=cube,
        crawford=tournament.crawford,
        holland=tournament.holland and tournament.crawford and cube,
        max_cube=tournament.cube_limit,
        start=tournament.starting_rule,
        lower_die_starts=tournament.lower_die_starts,
        last_checker_larger_die=tournament.last_checker_larger_die,
        no_hit_and_continue_home=tournament.no_hit_and_continue_home,
    )


def rules_for_match(match: Match) -> MatchRules:
    return rules_for(match.round.stage.tournament, match.match_format, match.length)
