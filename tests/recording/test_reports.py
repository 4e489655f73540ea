"""A record the players enter themselves on the clock is their report of the match: it counts
once the opponent (or a referee) confirms it, as any report, and a dispute goes to the
referee. A recorder's or referee's record is the result at once (tests/recording/
test_services.py)."""

from __future__ import annotations

import pytest

from analysis.models import MatchAnalysis
from analysis.runner import GnubgError
from config.errors import UserError
from matches.models import Game, Match, MatchReport, MatchStatus
from matches.rules import rules_for_match
from matches.services import (
    match_record_final_score,
    match_record_game,
    report_confirm,
    report_dispute,
)
from recording.models import RecordedAction
from recording.replay import ClockAction, Recording, replay
from recording.services import recorded_action_post, recorded_match_mark
from tests.conftest import open_matches
from tests.factories import UserFactory
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def players(make_tournament, organizer):
    """A three-point match between two players with accounts, recorded on a clock without a
    recorder: the players enter it themselves."""
    match = open_matches(make_tournament(2, default_length=3))[0]
    users = []
    for entry in (match.entry_a, match.entry_b):
        user = UserFactory()
        entry.player.user = user
        entry.player.save()
        users.append(user)
    recorded_match_mark(match=match)
    return match, users


class Clock:
    """Posts a match's actions as a clock does: each following the ones before."""

    def __init__(self, match: Match, commit) -> None:
        self.match = match
        self.commit = commit
        self.count = 0
        self.entries: list[ClockAction] = []

    def post(self, user, kind: str, **fields) -> str:
        entry = ClockAction(f"{kind}-{self.count}", kind, at=1000 * (self.count + 1), **fields)
        status, _transcript = self.commit(
            recorded_action_post, match=self.match.pk, entry=entry, after=self.count, user=user
        )
        self.count += 1
        self.entries.append(entry)
        return status

    def game(self, user, winner: int, kind: str = "single") -> None:
        """A short game: the winner opens 3-1 and makes his 5-point, the loser resigns it
        (``kind``) and the winner accepts."""
        self.post(user, "opening", dice=(3, 1) if winner == 0 else (1, 3))
        self.post(user, "move", side=winner, play="8/5 6/5")
        self.post(user, "resign", side=1 - winner, resign=kind)
        self.post(user, "accept", side=winner)


def _report(match: Match) -> MatchReport:
    return MatchReport.objects.get(match=match, status__in=["pending", "disputed"])


def test_the_opponent_confirms_a_players_record_and_its_games_count_and_are_analysed(
    players, commit, settings, monkeypatch
):
    match, (alice, bob) = players
    settings.GNUBG_PATH = "/bin/true"
    Tournament.objects.filter(pk=match.round.stage.tournament_id).update(analysis_plies=0)

    def no_gnubg(text, *, plies, timeout=None):
        raise GnubgError("not run in this test")

    monkeypatch.setattr("analysis.run.submit_gnubg", no_gnubg)
    clock = Clock(match, commit)
    clock.game(alice, 0, "gammon")  # 2-0
    # The record keeps the game; the match has no result until the opponent confirms.
    match.refresh_from_db()
    assert (match.status, match.score_a, match.score_b) == (MatchStatus.READY, 0, 0)
    assert not Game.objects.filter(match=match).exists()
    assert not MatchReport.objects.filter(match=match).exists()
    clock.game(alice, 1)  # 2-1, Crawford game
    clock.game(alice, 0)  # 3-1: the match is over
    report = _report(match)
    assert (report.status, report.score_a, report.score_b, report.reported_by) == (
        "pending",
        3,
        1,
        match.entry_a.player,
    )
    assert report.from_clock and len(report.games) == 3
    assert not Game.objects.filter(match=match).exists()
    # Alice recorded it: she cannot confirm her own record.
    with pytest.raises(UserError, match="opponent or a referee"):
        report_confirm(report=report, by=match.entry_a.player, user=alice)
    assert _report(match).status == "pending"
    commit(report_confirm, report=report, by=match.entry_b.player, user=bob)
    match.refresh_from_db()
    assert (match.status, match.score_a, match.score_b) == (MatchStatus.FINISHED, 3, 1)
    games = list(Game.objects.filter(match=match).order_by("number"))
    assert [(g.winner, g.kind, g.points, g.source) for g in games] == [
        (0, "gammon", 2, "recorded"),
        (1, "single", 1, "recorded"),
        (0, "single", 1, "recorded"),
    ]
    engine = replay(Recording.start(rules_for_match(match)), clock.entries).recording
    assert [g.record for g in games] == [list(f.record) for f in engine.finished]
    assert MatchAnalysis.objects.filter(match=match, plies=0).exists()
    # The record is kept as it was, action by action.
    assert RecordedAction.objects.filter(recorded__match=match).count() == clock.count


def test_the_match_page_shows_the_opponent_the_record_to_confirm(players, commit, client):
    match, (alice, bob) = players
    clock = Clock(match, commit)
    for winner in (0, 0, 1, 0):
        clock.game(alice, winner)
    url = f"/clubs/bar/t/{match.round.stage.tournament.slug}/matches/{match.pk}/"
    client.force_login(bob)
    page = client.get(url).content.decode()
    assert "Player 001 reported 3–1." in page
    assert "Entered on the clock beside the board, move by move: 4 games." in page
    assert ">Confirm</button>" in page and ">Dispute</button>" in page
    client.force_login(alice)
    page = client.get(url).content.decode()
    assert "Waiting for your opponent to confirm." in page
    assert ">Confirm</button>" not in page and "Change my report" not in page
    state = client.get(url + "clock/state/").json()
    assert state["over"] and state["report"] == "pending"


def test_a_disputed_record_goes_to_the_referee(players, commit, referee):
    match, (alice, _bob) = players
    match.round.stage.tournament.referees.add(referee.player)
    clock = Clock(match, commit)
    clock.game(alice, 1, "backgammon")  # 0-3: over
    report = _report(match)
    commit(report_dispute, report=report, by=match.entry_b.player, note="It was a gammon")
    assert _report(match).status == "disputed"
    with pytest.raises(UserError, match="no longer open"):
        report_confirm(report=report, by=match.entry_a.player)
    assert not Game.objects.filter(match=match).exists()
    commit(report_confirm, report=report, by=referee.player, as_referee=True, user=referee)
    match.refresh_from_db()
    assert (match.status, match.score_a, match.score_b) == (MatchStatus.FINISHED, 0, 3)
    assert list(Game.objects.filter(match=match).values_list("kind", "source")) == [
        ("backgammon", "recorded")
    ]


def test_a_claim_on_time_by_a_player_is_reported_with_the_games_before_it(players, commit):
    """Player 1's reserve (3 points x 2 minutes, 12 s delay) runs out 372 s after his clock
    started; player 0 claims the match, and the claim waits for player 1's confirmation."""
    match, (alice, bob) = players
    clock = Clock(match, commit)
    clock.game(alice, 0)  # 1-0; actions at 1..4 s
    clock.post(alice, "opening", dice=(3, 1))
    clock.post(alice, "move", side=0, play="8/5 6/5")  # player 1's clock runs from 6 s
    entry = ClockAction("claim", "flag", side=0, at=6_000 + 372_000)
    commit(recorded_action_post, match=match.pk, entry=entry, after=clock.count, user=alice)
    report = _report(match)
    assert (report.score_a, report.score_b, report.lost_on_time, len(report.games)) == (
        3,
        0,
        1,
        1,
    )
    commit(report_confirm, report=report, by=match.entry_b.player, user=bob)
    match.refresh_from_db()
    assert (match.status, match.outcome, match.score_a, match.score_b) == (
        MatchStatus.FINISHED,
        "forfeit",
        3,
        0,
    )
    assert match.games.get().source == "recorded"


def test_games_a_recorder_recorded_stay_and_the_players_report_the_rest(players, commit, organizer):
    match, (alice, bob) = players
    clock = Clock(match, commit)
    clock.game(organizer, 0, "gammon")  # the organizer's entry counts at once
    assert Game.objects.get(match=match).entered_by == organizer
    clock.game(alice, 1)
    clock.game(alice, 0)
    report = _report(match)
    assert (report.score_a, report.score_b) == (3, 1)
    commit(report_confirm, report=report, by=match.entry_b.player, user=bob)
    assert list(Game.objects.filter(match=match).values_list("points", "source")) == [
        (2, "recorded"),
        (1, "recorded"),
        (1, "recorded"),
    ]


def _refused(clock: Clock, user, kind: str, **fields) -> UserError:
    count = RecordedAction.objects.filter(recorded__match=clock.match).count()
    with pytest.raises(UserError) as refused:
        clock.post(user, kind, **fields)
    assert RecordedAction.objects.filter(recorded__match=clock.match).count() == count
    return refused.value


def test_a_players_record_sent_after_a_referee_corrected_the_match_is_refused(
    players, commit, organizer
):
    match, (alice, _bob) = players
    clock = Clock(match, commit)
    clock.game(alice, 0)  # 1-0, kept in the record
    # A referee enters another first game on the match page.
    commit(match_record_game, match=match.pk, winner=1, user=organizer)
    refused = _refused(clock, alice, "opening", dice=(3, 1))
    assert refused.code == "corrected"
    assert "A referee has corrected this match" in refused.messages[0]
    assert not MatchReport.objects.filter(match=match).exists()
    assert list(Game.objects.filter(match=match).values_list("winner", "source")) == [
        (1, "referee")
    ]


def test_the_end_of_a_record_sent_after_the_referee_entered_the_result_is_refused(
    players, commit, organizer
):
    match, (alice, _bob) = players
    clock = Clock(match, commit)
    clock.game(alice, 0)
    clock.game(alice, 0)
    clock.post(alice, "opening", dice=(3, 1))
    clock.post(alice, "move", side=0, play="8/5 6/5")
    clock.post(alice, "resign", side=1, resign="single")
    commit(match_record_final_score, match=match.pk, score_a=1, score_b=3, user=organizer)
    refused = _refused(clock, alice, "accept", side=0)
    assert refused.code == "corrected"
    assert not MatchReport.objects.filter(match=match).exists()
    match.refresh_from_db()
    assert (match.score_a, match.score_b, match.games.count()) == (1, 3, 0)
