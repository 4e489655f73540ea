"""How a tournament is described to players: its rules in plain words, its bracket laid out."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import MatchFormat, StartingRule, Tournament, TournamentFormat

if TYPE_CHECKING:  # matches sit above tournaments: for the annotations only
    from matches.models import Match


def match_format_label(match_format: str, length: int) -> str:
    if match_format == MatchFormat.GAMES:
        return ngettext("Best of %(n)d game", "Best of %(n)d games", length) % {"n": length}
    return ngettext("%(n)d-point match", "%(n)d-point match", length) % {"n": length}


def rules_summary(tournament: Tournament) -> list[str]:
    """The rules of the tournament as sentences a player understands."""
    lines = [
        _("Format: %(format)s.") % {"format": tournament.get_format_display()},
        _("Matches: %(format)s.")
        % {"format": match_format_label(tournament.match_format, tournament.default_length)},
    ]
    if tournament.format == TournamentFormat.SWISS and tournament.swiss_rounds:
        lines.append(
            ngettext(
                "%(n)d round; nobody meets the same opponent twice.",
                "%(n)d rounds; nobody meets the same opponent twice.",
                tournament.swiss_rounds,
            )
            % {"n": tournament.swiss_rounds}
        )
        lines.append(
            ngettext(
                "A bye counts as a win worth %(n)d match point.",
                "A bye counts as a win worth %(n)d match points.",
                tournament.bye_match_points,
            )
            % {"n": tournament.bye_match_points}
        )
    if tournament.format == TournamentFormat.MAIN_CONSOLATION:
        lines.append(
            _("Who loses in the first round (or right after a bye) plays on in the consolation.")
        )
        if tournament.last_chance:
            lines.append(_("Early losers of the consolation get a last chance."))
    if tournament.format == TournamentFormat.DOUBLE_ELIMINATION:
        lines.append(_("Nobody is out before losing twice."))
    if tournament.match_format == MatchFormat.GAMES:
        lines.append(_("Every game counts one, whatever the kind of win; no doubling cube."))
    elif tournament.cube_enabled:
        cube = _("Gammons count 2, backgammons 3, times the doubling cube.")
        cube += " " + _("The cube goes up to %(max)d.") % {"max": tournament.cube_limit}
        lines.append(cube)
        if tournament.crawford:
            lines.append(
                _(
                    "Crawford rule: no doubling in the first game after a player reaches "
                    "match point."
                )
            )
        if tournament.holland:
            lines.append(
                _(
                    "Holland rule: after the Crawford game the trailer doubles only after "
                    "two rolls each."
                )
            )
    else:
        lines.append(_("Played without the doubling cube."))
    starts = {
        StartingRule.OPENING_ROLL: _("Every game starts with an opening roll."),
        StartingRule.WINNER_STARTS: _(
            "The winner of a game starts the next one without an opening roll."
        ),
        StartingRule.LOSER_STARTS_SECOND: _(
            "The loser of game 1 starts game 2; later games start with an opening roll."
        ),
    }
    lines.append(starts[StartingRule(tournament.starting_rule)])
    if tournament.lower_die_starts:
        lines.append(_("In the opening roll the lower die starts."))
    if tournament.online_play:
        lines.append(_("Matches are played on Crawford's online board; the server rolls the dice."))
    if tournament.last_checker_larger_die:
        lines.append(_("The last checker coming home must use the larger die."))
    if tournament.no_hit_and_continue_home:
        lines.append(_("A checker that hits in its home board may not go on to an own blot."))
    return lines


@dataclass
class BracketRound:
    number: int
    title: str
    length_label: str
    matches: list[Match] = field(default_factory=list)


def round_title(number: int, total: int) -> str:
    remaining = total - number
    if remaining == 0:
        return _("Final")
    if remaining == 1:
        return _("Semi-finals")
    if remaining == 2:
        return _("Quarter-finals")
    return _("Round %(number)d") % {"number": number}


def bracket_columns(matches: list[Match], *, knockout: bool) -> list[BracketRound]:
    """Matches of one stage grouped into columns by round, top to bottom."""
    columns: dict[int, BracketRound] = {}
    total = max((m.round.number for m in matches), default=0)
    for match in matches:
        number = match.round.number
        if number not in columns:
            title = (
                round_title(number, total)
                if knockout
                else _("Round %(number)d") % {"number": number}
            )
            columns[number] = BracketRound(
                number, title, match_format_label(match.round.match_format, match.round.length)
            )
        columns[number].matches.append(match)
    return [columns[n] for n in sorted(columns)]
