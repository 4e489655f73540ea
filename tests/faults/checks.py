"""After every fault: nothing lost, nothing applied twice, the bracket the one rebuilt from the
results, the ratings those recomputed from scratch."""

from __future__ import annotations

from collections import Counter

from django.db.models import Count

from events.models import Delivery, Event
from matches.models import Match, MatchStatus
from notifications.models import Notification
from ratings.models import ClubRating, RatingChange
from ratings.services import ratings_recompute
from standings.brackets import bracket_state
from tournaments.formats import is_bracket
from tournaments.models import Tournament
from tournaments.pairing.resolve import MatchStatus as Plan

EXPECTED_STATUS = {
    Plan.PENDING: {MatchStatus.PENDING},
    Plan.READY: {MatchStatus.READY, MatchStatus.PLAYING},
    Plan.PLAYED: {MatchStatus.FINISHED},
    Plan.WALKOVER: {MatchStatus.FINISHED},
    Plan.EMPTY: {MatchStatus.VOID},
    Plan.VOID: {MatchStatus.VOID},
}


def matches_of(tournament: Tournament) -> list[Match]:
    return list(
        Match.objects.filter(round__stage__tournament=tournament).order_by(
            "round__stage__order", "round__number", "index"
        )
    )


def assert_nothing_lost(tournament: Tournament) -> None:
    """Every delivery done, each event at most once per listener."""
    pending = list(Delivery.objects.filter(done_at=None).values_list("listener", "last_error"))
    assert pending == []
    twice = Delivery.objects.values("event", "listener").annotate(n=Count("pk")).filter(n__gt=1)
    assert not twice.exists()


def assert_bracket_rebuilt(tournament: Tournament) -> None:
    """The matches in the database are the bracket rebuilt from the results, each once."""
    tournament.refresh_from_db()
    matches = matches_of(tournament)
    keys = Counter((m.round_id, m.bracket_key) for m in matches)
    assert [key for key, n in keys.items() if n > 1] == []
    if not is_bracket(tournament):
        return
    state = bracket_state(tournament)
    assert {m.bracket_key for m in matches} == set(state.matches)
    for match in matches:
        target = state.matches[match.bracket_key]
        assert {match.entry_a_id, match.entry_b_id} == {target.a, target.b}, match.bracket_key
        assert match.status in EXPECTED_STATUS[target.status], match.bracket_key
        if target.status in (Plan.PLAYED, Plan.WALKOVER):
            assert match.winner_id == target.winner, match.bracket_key


def _ratings(club_id: int) -> tuple[list[tuple], list[tuple]]:
    changes = RatingChange.objects.filter(club_id=club_id).order_by("match_id", "player_id")
    ratings = ClubRating.objects.filter(club_id=club_id).order_by("player_id")
    return (
        list(changes.values_list("player_id", "match_id", "opponent_id", "won")),
        list(ratings.values_list("player_id", "rating", "experience")),
    )


def assert_ratings_recomputed(tournament: Tournament) -> None:
    """Each finished match rated once for each player, and a recomputation from scratch
    changes nothing."""
    club_id = tournament.club_id
    changes, ratings = _ratings(club_id)
    per_match = Counter((player, match) for player, match, *_ in changes)
    assert [key for key, n in per_match.items() if n > 1] == []
    summary = ratings_recompute(club_id=club_id)
    assert (summary.changes_written, summary.changes_deleted) == (0, 0)
    again_changes, again_ratings = _ratings(club_id)
    assert again_changes == changes
    assert [(p, round(r, 6), e) for p, r, e in again_ratings] == [
        (p, round(r, 6), e) for p, r, e in ratings
    ]


def assert_notified_once(kind_counts: dict[str, int] | None = None) -> None:
    """No message twice: the dedupe keys are unique by constraint, so count by recipient and
    subject; ``kind_counts`` the expected number of each kind."""
    same = Counter(Notification.objects.values_list("recipient_id", "kind", "subject"))
    assert [key for key, n in same.items() if n > 1] == []
    if kind_counts:
        counts = Counter(Notification.objects.values_list("kind", flat=True))
        assert {kind: counts[kind] for kind in kind_counts} == kind_counts


def assert_all_checks(tournament: Tournament) -> None:
    assert_nothing_lost(tournament)
    assert_bracket_rebuilt(tournament)
    assert_ratings_recomputed(tournament)
    assert_notified_once()


def event_count(name: str) -> int:
    return Event.objects.filter(name=name).count()
