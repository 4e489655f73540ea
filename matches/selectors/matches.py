"""Reads for matches: a constant number of queries each."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import F, Q, QuerySet

from backgammon.scoring import GameResult, match_progress
from clubs.models import Player
from matches.models import EndedBy, Game, Match, MatchReport, MatchStatus, ReportStatus, WinKind
from matches.reasons import reason_label
from matches.rules import rules_for_match


def next_match_for(player: Player) -> Match | None:
    """The player's next match that can be played (or is being played), oldest round first."""
    return (
        Match.objects.filter(Q(entry_a__player=player) | Q(entry_b__player=player))
        .open()
        .select_related("round__stage__tournament__club", "entry_a__player", "entry_b__player")
        .order_by("round__stage__tournament__starts_at", "round__number", "index")
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
    return MatchSheet(
        lines=lines,
        is_best_of=rules.is_best_of,
        uses_cube=bool(rules.uses_cube),
        next_is_crawford=progress.crawford_game,
        cube_allowed_next=bool(rules.uses_cube) and not progress.crawford_game,
        wins_needed=rules.wins_needed,
        resumed_at=start if match.is_resumed else None,
    )


def open_report(match: Match) -> MatchReport | None:
    return (
        MatchReport.objects.filter(
            match=match, status__in=[ReportStatus.PENDING, ReportStatus.DISPUTED]
        )
        .select_related("reported_by", "decided_by")
        .first()
    )


@dataclass(frozen=True)
class HistoryLine:
    when: Any
    who: str
    reason: str
    before: str
    after: str
    games_before: str = ""
    games_after: str = ""


def _games_text(games: dict[int, Any], side_names: tuple[str, str]) -> str:
    """The games of a moment of the history: "1. Alice gammon ×2 · 2. Bob single"."""
    parts = []
    for game in sorted(games.values(), key=lambda g: g.number):
        text = f"{game.number}. {side_names[game.winner]} {WinKind(game.kind).label}"
        if game.cube > 1:
            text += f" ×{game.cube}"
        parts.append(text)
    return " · ".join(parts)


def match_history(match: Match) -> list[HistoryLine]:
    """Every change of the match's result: who, when, why, the score and the games before and
    after (a correction of the games shows both); and the tournament director's actions on its
    online game, with their reasons."""
    records = list(
        match.history.select_related("history_user").order_by("history_date", "history_id")
    )
    game_records = list(
        Game.history.filter(match_id=match.pk).order_by("history_date", "history_id")
    )
    names = {
        entry.pk: entry.player.name for entry in (match.entry_a, match.entry_b) if entry is not None
    }
    side_names = (
        match.entry_a.player.name if match.entry_a else "?",
        match.entry_b.player.name if match.entry_b else "?",
    )

    def describe(record: Any) -> str:
        if record is None or record.status not in (MatchStatus.FINISHED, MatchStatus.PLAYING):
            return "–"
        text = f"{record.score_a}–{record.score_b}"
        if record.winner_id:
            text += f" ({names.get(record.winner_id, '?')})"
        return text

    lines = []
    previous = None
    games: dict[int, Any] = {}
    games_before = ""
    next_game = 0
    for record in records:
        while (
            next_game < len(game_records)
            and game_records[next_game].history_date <= record.history_date
        ):
            game = game_records[next_game]
            if game.history_type == "-":
                games.pop(game.id, None)
            else:
                games[game.id] = game
            next_game += 1
        games_after = _games_text(games, side_names)
        before, after = describe(previous), describe(record)
        if before != after or games_before != games_after:
            user = record.history_user
            lines.append(
                HistoryLine(
                    when=record.history_date,
                    who=user.get_full_name() or user.get_username() if user else "",
                    reason=reason_label(record.history_change_reason),
                    before=before,
                    after=after,
                    games_before=games_before,
                    games_after=games_after,
                )
            )
        previous = record
        games_before = games_after
    for action in match.director_actions.select_related("user"):
        user = action.user
        lines.append(
            HistoryLine(
                when=action.created_at,
                who=user.get_full_name() or user.get_username() if user else "",
                reason=f"{action.get_kind_display()}: {action.reason}",
                before="",
                after="",
            )
        )
    lines.sort(key=lambda line: line.when)
    return lines


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
