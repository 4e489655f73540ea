"""Finished matches of a tournament as the pure standings code wants them (a fixed number of
queries)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import connections
from django.db.models import Q

from entries.models import Entry
from matches.models import Game, Match, MatchOutcome, MatchStatus, WinKind
from standings.totals import MatchResult, PlainRow, ResultRow
from tournaments.models import MatchFormat, Round, RoundStatus, Stage, Tournament

GAMMONISH = [WinKind.GAMMON, WinKind.BACKGAMMON]


def finished_results(tournament: Tournament, *, stage_id: int | None = None) -> list[MatchResult]:
    """Every finished match with its points, games and gammons per side; byes as byes."""
    make = MatchResult._make
    results = [make(row) for row in finished_result_rows(tournament, stage_id=stage_id)]
    if stage_id is None:
        results += awarded_results(tournament)
    return results


def finished_result_rows(
    tournament: Tournament | int, *, stage_id: int | None = None
) -> list[ResultRow]:
    """The finished matches as plain tuples in ``MatchResult``'s field order: what
    :func:`finished_results` gives without an object per match (a big Swiss's standings read
    ten thousand)."""
    plain, others = _finished(tournament, stage_id, with_round=True)
    return [
        *(
            (a, b, winner, a_pts, b_pts, 0, 0, 0, 0, False, number, None)
            for a, b, winner, a_pts, b_pts, number in plain
        ),
        *others,
    ]


def finished_result_parts(tournament: Tournament | int) -> tuple[list[PlainRow], list[ResultRow]]:
    """The finished matches in two parts, for the standings: the plain ones (an N-point match
    of two players scored as a final score: the score is all there is) as ``PlainRow``, and
    the others (byes, best-of-N, matches recorded game by game) with their games."""
    return _finished(tournament, None, with_round=False)


def _finished(
    tournament: Tournament | int, stage_id: int | None, *, with_round: bool
) -> tuple[list[Any], list[ResultRow]]:
    """The plain matches (with their round's number after the score if ``with_round``) and
    the others. Two plain queries: built through the ORM, these two cost more than the
    fetch of ten thousand rows."""
    tournament_id = tournament if isinstance(tournament, int) else tournament.pk
    matches, rounds, stages, games = (
        Match._meta.db_table,
        Round._meta.db_table,
        Stage._meta.db_table,
        Game._meta.db_table,
    )
    # In no order (the ranking sorts).
    finished = (
        f"FROM {matches} m JOIN {rounds} r ON r.id = m.round_id "
        f"JOIN {stages} s ON s.id = r.stage_id WHERE s.tournament_id = %s AND m.status = %s"
    )
    params: list[Any] = [tournament_id, MatchStatus.FINISHED]
    if stage_id is not None:
        finished += " AND r.stage_id = %s"
        params.append(stage_id)
    has_games = f"EXISTS (SELECT 1 FROM {games} g0 WHERE g0.match_id = m.id)"
    plain = (
        "m.match_format = %s AND m.entry_a_id IS NOT NULL AND m.entry_b_id IS NOT NULL "
        f"AND m.outcome <> %s AND NOT {has_games}"
    )
    # Exactly the matches that are not plain, said positively (a simpler query than NOT).
    other = (
        "(m.match_format <> %s OR m.entry_a_id IS NULL OR m.entry_b_id IS NULL "
        f"OR m.outcome = %s OR {has_games})"
    )
    kinds = ", ".join(["%s"] * len(GAMMONISH))
    connection = connections[Match.objects.db]
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT m.entry_a_id, m.entry_b_id, m.winner_id, m.score_a, m.score_b"
            f"{', r.number' if with_round else ''} {finished} AND {plain}",
            [*params, MatchFormat.POINTS, MatchOutcome.BYE],
        )
        plain_rows = cursor.fetchall()
        found: list[ResultRow] = []
        # The others are few (byes, best-of-N, matches recorded game by game): their games
        # are counted in the same query.
        cursor.execute(
            "SELECT m.entry_a_id, m.entry_b_id, m.winner_id, m.score_a, m.score_b, m.outcome, "
            "m.match_format, r.number, m.start_score_a, m.start_score_b, "
            "SUM(CASE WHEN g.winner = 0 THEN 1 ELSE 0 END), "
            "SUM(CASE WHEN g.winner = 1 THEN 1 ELSE 0 END), "
            f"SUM(CASE WHEN g.winner = 0 AND g.kind IN ({kinds}) THEN 1 ELSE 0 END), "
            f"SUM(CASE WHEN g.winner = 1 AND g.kind IN ({kinds}) THEN 1 ELSE 0 END) "
            f"{finished.replace(' WHERE ', f' LEFT JOIN {games} g ON g.match_id = m.id WHERE ')} "
            f"AND {other} "
            "GROUP BY m.id, m.entry_a_id, m.entry_b_id, m.winner_id, m.score_a, m.score_b, "
            "m.outcome, m.match_format, r.number, m.start_score_a, m.start_score_b",
            [*GAMMONISH, *GAMMONISH, *params, MatchFormat.POINTS, MatchOutcome.BYE],
        )
        rows = cursor.fetchall()
    append = found.append
    for row in rows:
        a, b, winner, score_a, score_b, outcome, match_format, number = row[:8]
        if a is None or b is None:  # a bye to the one player present
            append((winner, None, winner, 0, 0, 0, 0, 0, 0, True, number, None))
            continue
        start_a, start_b, a_games, b_games, a_gammons, b_gammons = row[8:]
        if match_format == MatchFormat.GAMES and a_games + b_games == 0:  # final score only
            a_games, b_games = score_a, score_b
        elif match_format == MatchFormat.GAMES:  # the games a late opponent gave count too
            a_games, b_games = a_games + start_a, b_games + start_b
        append(
            (
                a,
                b,
                winner,
                score_a,
                score_b,
                a_games,
                b_games,
                a_gammons,
                b_gammons,
                outcome == MatchOutcome.BYE,
                number,
                None,
            )
        )
    return plain_rows, found


def awarded_results(tournament: Tournament) -> list[MatchResult]:
    """Match points without a match: late entries' starting scores, and the byes players
    asked for in rounds that are drawn (a draft round is not drawn yet)."""
    entries = list(
        Entry.objects.filter(tournament=tournament)
        .filter(Q(starting_points__gt=0) | ~Q(requested_byes={}))
        .values_list("pk", "starting_points", "requested_byes")
    )
    if not entries:  # most tournaments: no need to ask which rounds are drawn
        return []
    drawn = set(
        Round.objects.filter(stage__tournament=tournament)
        .exclude(status=RoundStatus.PENDING)
        .values_list("number", flat=True)
    )
    return awards(entries, drawn)


def awards(
    entries: Iterable[tuple[int, int, dict[str, int]]], drawn: set[int]
) -> list[MatchResult]:
    """``(entry id, starting points, byes asked for)`` rows as awarded results."""
    found = []
    for entry_id, start, byes in entries:
        if start:
            found.append(MatchResult(a=entry_id, b=None, winner=entry_id, award=start))
        for number, points in (byes or {}).items():
            if int(number) in drawn:
                found.append(
                    MatchResult(
                        a=entry_id,
                        b=None,
                        winner=entry_id,
                        award=int(points),
                        round_number=int(number),
                    )
                )
    return found


def match_result(
    a: int | None,
    b: int | None,
    winner: int,
    score_a: int,
    score_b: int,
    a_games: int,
    b_games: int,
    a_gammons: int,
    b_gammons: int,
    outcome: str,
    match_format: str,
    round_number: int,
) -> MatchResult:
    """One finished match as the standings code wants it; a bye to the one player present."""
    if a is None or b is None:
        return MatchResult(a=winner, b=None, winner=winner, bye=True, round_number=round_number)
    if match_format == "games" and a_games + b_games == 0:  # final score only: it is the games
        a_games, b_games = score_a, score_b
    return MatchResult(
        a=a,
        b=b,
        winner=winner,
        a_points=score_a,
        b_points=score_b,
        a_games=a_games,
        b_games=b_games,
        a_gammons=a_gammons,
        b_gammons=b_gammons,
        bye=outcome == MatchOutcome.BYE,
        round_number=round_number,
    )
