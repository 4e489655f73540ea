"""How a tournament is described to players: its rules in plain words, its bracket laid out."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import (
    MatchFormat,
    Round,
    StageKind,
    StartingRule,
    Tournament,
    TournamentFormat,
)
from tournaments.pairing.elimination import PROGRESSIVE_MIN_ENTRANTS, progressive_last_round
from tournaments.pairing.seeding import bracket_size

if TYPE_CHECKING:  # matches sit above tournaments: for the annotations only
    from matches.models import Match


def match_format_label(match_format: str, length: int) -> str:
    if match_format == MatchFormat.GAMES:
        return ngettext("Best of %(n)d game", "Best of %(n)d games", length) % {"n": length}
    return ngettext("%(n)d-point match", "%(n)d-point match", length) % {"n": length}


def rules_summary(tournament: Tournament, field_size: Callable[[Tournament], int]) -> list[str]:
    """The rules of the tournament as sentences a player understands; ``field_size`` counts
    its players (``entries.selectors.field_size``), asked only when a rule depends on it."""
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
        if tournament.progressive_consolation:
            lines.append(progressive_rule(field_size(tournament)))
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


def progressive_rule(players: int) -> str:
    """What a progressive consolation means for a field of ``players``."""
    last = progressive_last_round(players)
    if players < PROGRESSIVE_MIN_ENTRANTS or last < 2:
        return _(
            "Progressive consolation applies from %(min)d players on: with fewer, only "
            "first-round losers play the consolation."
        ) % {"min": PROGRESSIVE_MIN_ENTRANTS}
    rounds_total = bracket_size(players).bit_length() - 1
    if last == rounds_total - 1:
        return _(
            "Progressive consolation: who loses in the main up to the semi-finals drops into "
            "the consolation."
        )
    return _(
        "Progressive consolation: who loses in the main up to the quarter-finals drops into "
        "the consolation."
    )


#: The flights of a bracket (``tournaments.pairing``'s main, consolation and last chance), as
#: a reader finds them.
FLIGHT_LABELS = {
    "main": StageKind.MAIN.label,
    "consolation": StageKind.CONSOLATION.label,
    "last_chance": StageKind.LAST_CHANCE.label,
}


def flight_label(flight: str) -> str:
    """A flight's name in the reader's language (empty for what is not a flight)."""
    return str(FLIGHT_LABELS.get(flight, ""))


@dataclass
class BracketPart:
    """The matches of one column that belong to one section of the bracket."""

    section: int
    matches: list[Match]


@dataclass
class BracketRound:
    number: int
    title: str
    length_label: str
    matches: list[Match] = field(default_factory=list)
    #: The column's matches by section, top to bottom (``bracket_sections``).
    parts: list[BracketPart] = field(default_factory=list)

    @property
    def section_classes(self) -> str:
        return " ".join(f"s{part.section}" for part in self.parts)


@dataclass(frozen=True)
class BracketSection:
    number: int
    label: str


#: A bracket whose biggest round has this many matches (32 players) or more is shown one
#: section at a time on a phone: its four quarters, then the final rounds.
SECTIONED_FROM = 16
FINAL_ROUNDS = 5


def bracket_sections(columns: list[BracketRound]) -> list[BracketSection]:
    """Split a big bracket into the quarters of its draw (each round's matches in four equal
    runs, top to bottom, while a round has four or more) and its final rounds; fill each
    column's ``parts``. A small bracket is one section and gets no tabs (``[]``)."""
    if max((len(column.matches) for column in columns), default=0) < SECTIONED_FROM:
        for column in columns:
            column.parts = [BracketPart(0, column.matches)]
        return []
    for column in columns:
        count = len(column.matches)
        if count < 4:
            column.parts = [BracketPart(FINAL_ROUNDS, column.matches)]
            continue
        bounds = [quarter * count // 4 for quarter in range(5)]
        column.parts = [
            BracketPart(quarter + 1, column.matches[bounds[quarter] : bounds[quarter + 1]])
            for quarter in range(4)
        ]
    sections = [
        BracketSection(quarter, _("Quarter %(number)d") % {"number": quarter})
        for quarter in range(1, 5)
    ]
    if any(part.section == FINAL_ROUNDS for column in columns for part in column.parts):
        sections.append(BracketSection(FINAL_ROUNDS, _("Final rounds")))
    return sections


def round_title(
    number: int, total: int, kind: str = StageKind.MAIN, *, double_elimination: bool = False
) -> str:
    """The name of a knockout round of a stage with ``total`` rounds. In a double
    elimination the main stage is the winners' bracket, the losers' bracket counts its own
    rounds, and the final stage is the grand final and its reset."""
    if kind == StageKind.FINAL:
        return _("Grand final") if number == 1 else _("Grand final (reset)")
    if kind == StageKind.LOSERS:
        if number == total:
            return _("Losers' final")
        return _("Losers' round %(number)d") % {"number": number}
    if double_elimination and kind == StageKind.MAIN:
        if number == total:
            return _("Winners' final")
        return _("Winners' round %(number)d") % {"number": number}
    remaining = total - number
    if remaining == 0:
        return _("Final")
    if remaining == 1:
        return _("Semi-finals")
    if remaining == 2:
        return _("Quarter-finals")
    return _("Round %(number)d") % {"number": number}


def round_heading(round_: Round, *, rounds_in_stage: int) -> str:
    """A round's name on its own page: "Main · Semi-finals", "Losers' final",
    "Grand final (reset)", "Swiss · Round 3"."""
    stage = round_.stage
    tournament = stage.tournament
    if stage.kind in (StageKind.SWISS, StageKind.ROUND_ROBIN):
        title = _("Round %(number)d") % {"number": round_.number}
        return f"{stage.get_kind_display()} · {title}"
    double = tournament.format == TournamentFormat.DOUBLE_ELIMINATION
    title = round_title(round_.number, rounds_in_stage, stage.kind, double_elimination=double)
    if double:  # the title names its bracket
        return title
    return f"{stage.get_kind_display()} · {title}"


def round_name(round_: Round) -> str:
    """One round's name wherever it is shown (its match's page, its score sheets), as its
    own page, the results and the brackets name it: counts its stage's rounds."""
    return round_heading(round_, rounds_in_stage=Round.objects.filter(stage=round_.stage).count())


def round_names(rounds: list[Round]) -> dict[int, str]:
    """The names of a tournament's rounds (every round of their stages, read with their
    stage and tournament), by id, as :func:`round_heading` names them, without a query."""
    per_stage = Counter(round_.stage_id for round_ in rounds)
    return {
        round_.pk: round_heading(round_, rounds_in_stage=per_stage[round_.stage_id])
        for round_ in rounds
    }


def bracket_columns(
    matches: list[Match],
    *,
    knockout: bool,
    kind: str = StageKind.MAIN,
    double_elimination: bool = False,
) -> list[BracketRound]:
    """Matches of one stage (of ``kind``) grouped into columns by round, top to bottom."""
    columns: dict[int, BracketRound] = {}
    total = max((m.round.number for m in matches), default=0)
    for match in matches:
        number = match.round.number
        if number not in columns:
            title = (
                round_title(number, total, kind, double_elimination=double_elimination)
                if knockout
                else _("Round %(number)d") % {"number": number}
            )
            columns[number] = BracketRound(
                number, title, match_format_label(match.round.match_format, match.round.length)
            )
        columns[number].matches.append(match)
    return [columns[n] for n in sorted(columns)]


def pairing_notes(codes: list[str]) -> list[str]:
    """Why a pairing is so, in the reader's language (codes stored with the round)."""
    labels = pairing_labels()
    return [labels[code] for code in codes if code in labels]


def pairing_labels() -> dict[str, str]:
    """The reasons a Swiss gives for its pairings, by code, in the reader's language."""
    return {
        "score_group": _("Same score group"),
        "floated": _("Floated to a different score group"),
        "rematch_avoided": _("Avoided a rematch"),
        "club_avoided": _("Avoided club mates"),
        "forbidden_honoured": _("Avoided a forbidden pairing"),
        "forbidden_broken": _("Forbidden pairing: no other pairing was possible"),
        "pinned": _("Pinned pairing"),
        "bye": _("Bye: the lowest-ranked player without one"),
        "bye_requested": _("Bye on request"),
        "swapped": _("Swapped by the organizer"),
    }


def ended_early(round_pairing_notes: dict[str, list[str]], number: int) -> str:
    """Why a Swiss ended before its last round ("" if it did not)."""
    codes = round_pairing_notes.get("ended") or []
    if not codes:
        return ""
    reasons = {
        "no_valid_pairing": _("every pairing left would have been a rematch"),
        "no_bye_candidate": _("every player who could get the bye had had one"),
    }
    return _(
        "The Swiss ended after round %(number)d: round %(next)d could not be paired (%(why)s)."
    ) % {
        "number": number - 1,
        "next": number,
        "why": reasons.get(codes[0], _("no pairing was possible")),
    }
