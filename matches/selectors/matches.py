"""Reads for matches: a constant number of queries each."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import F, Q, QuerySet

from backgammon.scoring import GameResult, match_progress
from clubs.models import Player
from matches.models import EndedBy, Game, Match, MatchFile, MatchReport, ReportStatus, WinKind
from matches.rules import rules_for_match
from matches.selectors.lateness import late_penalties


def next_match_for(player: Player, *, tournament: Any = None) -> Match | None:
    """The player's next match that can be played (or is being played), oldest round first;
    in ``tournament`` only, when given."""
    matches = Match.objects.filter(Q(entry_a__player=player) | Q(entry_b__player=player))
    if tournament is not None:
        matches = matches.filter(round__stage__tournament=tournament)
    return (
        matches.open()
        .select_related("round__stage__tournament__club", "entry_a__player", "entry_b__player")
        # Matches of two tournaments starting at the same time (or at no set time) in the
        # same round and place: the same one each time, whatever order the database finds them.
        .order_by(
            "round__stage__tournament__starts_at",
            "round__number",
            "index",
            "round__stage__order",
            "pk",
        )
        .first()
    )


def open_matches_for(player: Player) -> list[Match]:
    """Every match the player can play now (or is playing), oldest round first."""
    return list(
        Match.objects.filter(Q(entry_a__player=player) | Q(entry_b__player=player))
        .open()
        .select_related("round__stage__tournament__club", "entry_a__player", "entry_b__player")
        .order_by(
            F("round__deadline").asc(nulls_last=True),
            "round__stage__tournament__starts_at",
            "round__stage__order",
            "round__number",
            "index",
            "pk",
        )
    )


@dataclass(frozen=True)
class GameLine:
    game: Game
    score_a: int
    score_b: int
    crawford: bool


@dataclass(frozen=True)
class MatchSheet:
    """The score sheet of a match: every game with the running score after it."""

    lines: list[GameLine]
    is_best_of: bool
    uses_cube: bool
    next_is_crawford: bool
    cube_allowed_next: bool
    wins_needed: int
    #: The score the match was resumed from (its earlier games are not recorded), or None.
    resumed_at: tuple[int, int] | None = None
    #: What each side starts with for the opponent's lateness, or None.
    late_start: tuple[int, int] | None = None


def match_sheet(match: Match) -> MatchSheet:
    rules = rules_for_match(match)
    start = match.start_score
    games = list(match.games.order_by("number"))
    results: list[GameResult] = []
    lines = []
    for game in games:
        crawford = match_progress(rules, results, start).crawford_game
        results.append(
            GameResult(
                game.winner, WinKind(game.kind), game.cube, game.points, EndedBy(game.ended_by)
            )
        )
        score = match_progress(rules, results, start).score
        lines.append(GameLine(game, score[0], score[1], crawford))
    progress = match_progress(rules, results, start)
    late = late_penalties(match) if match.is_resumed else (0, 0)
    resumed = (start[0] - late[0], start[1] - late[1])
    return MatchSheet(
        lines=lines,
        is_best_of=rules.is_best_of,
        uses_cube=bool(rules.uses_cube),
        next_is_crawford=progress.crawford_game,
        cube_allowed_next=bool(rules.uses_cube) and not progress.crawford_game,
        wins_needed=rules.wins_needed,
        resumed_at=resumed if resumed != (0, 0) else None,
        late_start=late if late != (0, 0) else None,
    )


def open_report(match: Match) -> MatchReport | None:
    return (
        MatchReport.objects.filter(
            match=match, status__in=[ReportStatus.PENDING, ReportStatus.DISPUTED]
        )
        .select_related("reported_by", "decided_by")
        .first()
    )


def disputed_matches(tournament: Any) -> list[Match]:
    return list(
        Match.objects.of_tournament(tournament)
        .filter(reports__status=ReportStatus.DISPUTED)
        .select_related("round__stage", "entry_a__player", "entry_b__player")
        .distinct()
    )


def round_matches(round_: Any) -> QuerySet[Any]:
    return (
        Match.objects.filter(round=round_)
        .select_related("entry_a__player", "entry_b__player", "winner", "referee")
        .order_by("index")
    )


def stage_matches(stage: Any) -> list[Any]:
    return list(
        Match.objects.filter(round__stage=stage)
        .select_related("round", "entry_a__player", "entry_b__player")
        .order_by("round__number", "index")
    )


def round_match(round_: Any, pk: int) -> Match:
    """The round's match ``pk`` (``Match.DoesNotExist`` when the round has none)."""
    return Match.objects.get(pk=pk, round=round_)


def round_match_values(round_: Any, fields: tuple[str, ...]) -> QuerySet[Any]:
    """The round's matches in table order, as tuples of ``fields``."""
    return Match.objects.filter(round=round_).order_by("index").values_list(*fields)


def matches_with_players() -> QuerySet[Match]:
    """Matches with their tournament, club and players, for a page to pick one from."""
    return Match.objects.select_related(
        "round__stage__tournament__club", "entry_a__player", "entry_b__player"
    )


def matches_with_entries() -> QuerySet[Match]:
    """Matches with their tournament and entries, for a page to pick one from."""
    return Match.objects.select_related("round__stage__tournament", "entry_a", "entry_b")


def tournament_matches(tournament: Any) -> QuerySet[Match]:
    return Match.objects.filter(round__stage__tournament=tournament)


def has_games(match: Match) -> bool:
    return Game.objects.filter(match=match).exists()


def match_files(match: Match) -> QuerySet[MatchFile]:
    """The files kept for the match."""
    return MatchFile.objects.filter(match=match)
