"""Property: whatever sequence of results, reports, confirmations, corrections, withdrawals
and forfeits a tournament goes through, after every step

* an elimination bracket in the database is the one rebuilt from its results
  (``standings.brackets.bracket_state`` against the rows),
* a match kept game by game scores the sum of its games,
* a finished tournament has no match left to play,
* the history holds every change: the last history row of every match and game is what the
  row says now (nothing was written around django-simple-history).

Bounded (a few examples of a few steps per format) so that it runs in seconds in ``make test``.
"""

from __future__ import annotations

from collections import defaultdict

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from config.errors import UserError
from draw import services as draw_services
from entries import services as entry_services
from entries.models import Entry, EntryStatus
from matches import services as match_services
from matches.models import UNDECIDED_STATUSES, Game, Match, MatchOutcome, MatchStatus
from standings.brackets import bracket_state
from tournaments.formats import is_bracket
from tournaments.models import TournamentStatus
from tournaments.pairing.resolve import MatchStatus as Plan

pytestmark = pytest.mark.django_db

FORMATS = {
    "single_elimination": {},
    "double_elimination": {},
    "swiss": {"swiss_rounds": 3},
    "round_robin": {},
}
ACTIONS = ["game", "score", "report", "dispute", "correct", "correct_games", "withdraw", "forfeit"]

steps = st.lists(
    st.tuples(st.sampled_from(ACTIONS), st.integers(0, 15), st.integers(0, 15)),
    min_size=1,
    max_size=12,
)


def pick(items, index):
    return items[index % len(items)] if items else None


def matches_of(tournament, **filters):
    return list(
        Match.objects.filter(round__stage__tournament=tournament, **filters)
        .select_related("entry_a__player", "entry_b__player")
        .order_by("round__stage__order", "round__number", "index")
    )


def act(tournament, action, i, j, run):
    """One step through the services; a refusal (UserError) is a legitimate outcome."""
    # One read of the matches, split here, rather than one query for each list.
    matches = matches_of(tournament)
    open_ = [m for m in matches if m.status in ("ready", "playing") and not m.is_online]
    played = [m for m in matches if m.status == "finished" and m.outcome == MatchOutcome.PLAYED]
    if action == "game" and (match := pick(open_, i)):
        run(match_services.match_record_game, match=match, winner=j % 2, kind="single")
    elif action == "score" and (match := pick(open_, i)):
        a, b = (match.length, j % match.length) if j % 2 else (j % match.length, match.length)
        run(match_services.match_record_final_score, match=match, score_a=a, score_b=b)
    elif action in ("report", "dispute") and (match := pick(open_, i)):
        a, b = (match.length, 0) if j % 2 else (0, match.length)
        report = run(
            match_services.report_submit, match=match, player=match.entry_a.player, score_a=a,
            score_b=b,
        )  # fmt: skip
        if report is not None and action == "report":
            run(match_services.report_confirm, report=report, by=match.entry_b.player)
        elif report is not None:
            run(match_services.report_dispute, report=report, by=match.entry_b.player)
    elif action == "correct" and (match := pick(played, i)):
        loser_score = j % match.length
        a, b = (
            (loser_score, match.length)
            if match.winner_id == match.entry_a_id
            else (match.length, loser_score)
        )
        run(
            draw_services.tournament_correct_final_score, match=match, score_a=a, score_b=b,
            reason="property", replace_games=True, reopen_later=bool(j % 2),
        )  # fmt: skip
    elif action == "correct_games" and (match := pick(played, i)):
        games = [
            {"winner": g.winner, "kind": g.kind, "cube": g.cube, "ended_by": g.ended_by}
            for g in match.games.order_by("number")
        ] or [{"winner": j % 2, "kind": "single"} for _ in range(match.length)]
        games[-1]["kind"] = "gammon" if games[-1]["kind"] == "single" else "single"
        run(
            draw_services.tournament_correct_games, match=match, games=games, reason="property",
            reopen_later=bool(j % 2),
        )  # fmt: skip
    elif action == "withdraw":
        active = list(
            Entry.objects.filter(tournament=tournament, status=EntryStatus.APPROVED).order_by("pk")
        )
        if len(active) > 2 and (entry := pick(active, i)):
            run(entry_services.entry_withdraw, entry=entry)
    elif action == "forfeit" and (match := pick(open_, i)):
        winner = match.entry_a if j % 2 else match.entry_b
        run(match_services.match_award_forfeit, match=match, winner=winner, reason="no show")


def check_bracket(tournament, matches):
    state = bracket_state(tournament)
    for match in matches:
        target = state.matches[match.bracket_key]
        assert {match.entry_a_id, match.entry_b_id} == {target.a, target.b}, match.bracket_key
        expected = {
            Plan.PENDING: {MatchStatus.PENDING},
            Plan.READY: {MatchStatus.READY, MatchStatus.PLAYING},
            Plan.PLAYED: {MatchStatus.FINISHED},
            Plan.WALKOVER: {MatchStatus.FINISHED},
            Plan.EMPTY: {MatchStatus.VOID},
            Plan.VOID: {MatchStatus.VOID},
        }[target.status]
        assert match.status in expected, (match.bracket_key, match.status, target.status)
        if target.status in (Plan.PLAYED, Plan.WALKOVER):
            assert match.winner_id == target.winner, match.bracket_key


def last_records(history, ids):
    """The last history row of each of these ids (in the order history rows are written).

    One query for all of them: a query per match and per game after every step was most of
    the check's time."""
    last = {}
    for record in history.filter(id__in=ids).order_by("history_date", "history_id"):
        last[record.id] = record
    return last


def check_games_and_history(tournament, matches):
    games_of = defaultdict(list)
    for game in Game.objects.filter(match__in=[m.pk for m in matches]):
        games_of[game.match_id].append(game)
    games = [game for match in matches for game in games_of[match.pk]]
    # Every game that ever had a history row in this tournament, alive or not.
    recorded = set(
        Game.history.filter(match__round__stage__tournament=tournament)
        .values_list("id", flat=True)
        .distinct()
    )
    last_match = last_records(Match.history, [m.pk for m in matches])
    last_game = last_records(Game.history, recorded | {g.pk for g in games})
    now = ("status", "outcome", "winner_id", "score_a", "score_b", "entry_a_id", "entry_b_id")
    for match in matches:
        if match_games := games_of[match.pk]:
            assert match.score_a == sum(g.points for g in match_games if g.winner == 0)
            assert match.score_b == sum(g.points for g in match_games if g.winner == 1)
        last = last_match.get(match.pk)
        assert last is not None, f"match {match.pk} has no history"
        assert [getattr(last, f) for f in now] == [getattr(match, f) for f in now], match.pk
    for game in games:
        record = last_game.get(game.pk)
        assert record is not None and record.history_type != "-"
        assert (record.winner, record.kind, record.cube) == (game.winner, game.kind, game.cube)
    # no game left in the history as alive that is gone from the table
    alive = {g.pk for g in games}
    for pk in recorded:
        assert (pk in alive) == (last_game[pk].history_type != "-")


def check_finished(tournament, matches):
    """A finished tournament has nothing left to play (a correction that re-opens a match
    runs it again)."""
    tournament.refresh_from_db()
    if tournament.status == TournamentStatus.FINISHED:
        assert not [m for m in matches if m.status in UNDECIDED_STATUSES]


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_results_stay_trustworthy_whatever_happens(
    fmt, make_tournament, django_capture_on_commit_callbacks
):
    def run(service, **kwargs):
        try:
            with django_capture_on_commit_callbacks(execute=True):
                return service(**kwargs)
        except UserError:
            return None

    built = {}

    def tournament_of(players):
        """The started tournament of this many players, built the first time it is drawn:
        each example runs in a savepoint rolled back after it, so the next one that draws
        the same number finds it as it was just started, without drawing it again."""
        if players not in built:
            with transaction.atomic(), django_capture_on_commit_callbacks(execute=True):
                built[players] = make_tournament(
                    players, format=fmt, default_length=3, name=f"Open {players}", **FORMATS[fmt]
                )
        tournament = built[players]
        tournament.refresh_from_db()
        return tournament

    @settings(
        max_examples=6,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
        database=None,
    )
    @given(players=st.integers(3, 6), actions=steps)
    def check(players, actions):
        tournament = tournament_of(players)
        with transaction.atomic():
            for action, i, j in actions:
                act(tournament, action, i, j, run)
                # One read of the matches for all the checks of this step.
                matches = matches_of(tournament)
                if is_bracket(tournament):
                    check_bracket(tournament, matches)
                check_games_and_history(tournament, matches)
                check_finished(tournament, matches)
            transaction.set_rollback(True)

    check()
