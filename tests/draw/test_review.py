"""Rounds reviewed before publishing: a draft only organizers see, swapped, paired again,
then published (and only then announced)."""

from __future__ import annotations

from itertools import combinations

import pytest

from config.errors import UserError
from draw import services as draw_services
from entries import services as entry_services
from entries.models import Entry
from matches.models import Match
from notifications import kinds
from notifications.models import Notification
from tests.conftest import open_matches
from tournaments.models import Round

pytestmark = pytest.mark.django_db


def first_round(tournament):
    return Round.objects.filter(stage__tournament=tournament).order_by("number").first()


def ready_notices():
    return Notification.objects.filter(kind__in=[kinds.MATCH_READY, kinds.MATCH_BYE]).count()


def test_without_review_a_drawn_swiss_round_is_published_at_once(make_tournament):
    tournament = make_tournament(4, format="swiss", swiss_rounds=3)
    assert len(open_matches(tournament)) == 2
    assert first_round(tournament).draft is None


def test_a_reviewed_swiss_round_is_a_draft_without_matches_or_notices(make_tournament):
    tournament = make_tournament(5, format="swiss", swiss_rounds=3, review_rounds=True)
    round_ = first_round(tournament)
    assert not Match.objects.filter(round__stage__tournament=tournament).exists()
    assert round_.status == "pending"
    assert len(round_.draft) == 3  # two tables and the bye
    assert round_.draft[-1]["b"] is None
    assert ready_notices() == 0


def test_publishing_creates_the_matches_and_tells_the_players(make_tournament, commit):
    tournament = make_tournament(5, format="swiss", swiss_rounds=3, review_rounds=True)
    round_ = first_round(tournament)
    pairs = [(row["a"], row["b"]) for row in round_.draft]
    made = commit(draw_services.round_publish, round_=round_)
    round_.refresh_from_db()
    assert made == 3
    assert round_.draft is None and round_.status == "paired"
    matches = Match.objects.filter(round=round_).order_by("index")
    assert [(m.entry_a_id, m.entry_b_id) for m in matches] == pairs
    assert len(open_matches(tournament)) == 2
    assert ready_notices() == 5  # four players of two matches, one bye
    with pytest.raises(UserError, match="not a draft"):
        draw_services.round_publish(round_=round_)


def test_swapping_two_players_of_a_draft(make_tournament):
    tournament = make_tournament(4, format="swiss", swiss_rounds=3, review_rounds=True)
    round_ = first_round(tournament)
    (a1, b1), (a2, b2) = [(row["a"], row["b"]) for row in round_.draft]
    draw_services.round_draft_swap(round_=round_, first=(1, 2), second=(2, 2))
    round_.refresh_from_db()
    assert [(row["a"], row["b"]) for row in round_.draft] == [(a1, b2), (a2, b1)]
    assert all("swapped" in row["notes"] for row in round_.draft)
    assert not Match.objects.filter(round=round_).exists()


@pytest.mark.parametrize(
    ("first", "second"), [((1, 1), (1, 1)), ((9, 1), (1, 1)), ((1, 3), (2, 1))]
)
def test_a_wrong_draft_swap_is_refused_and_changes_nothing(make_tournament, first, second):
    tournament = make_tournament(4, format="swiss", swiss_rounds=3, review_rounds=True)
    round_ = first_round(tournament)
    before = round_.draft
    with pytest.raises(UserError):
        draw_services.round_draft_swap(round_=round_, first=first, second=second)
    round_.refresh_from_db()
    assert round_.draft == before


def test_a_draft_with_a_withdrawn_player_is_paired_again_before_publishing(make_tournament, commit):
    tournament = make_tournament(5, format="swiss", swiss_rounds=3, review_rounds=True)
    round_ = first_round(tournament)
    gone = Entry.objects.get(pk=round_.draft[0]["a"])
    entry_services.entry_withdraw(entry=gone)
    with pytest.raises(UserError, match="pair the round again"):
        draw_services.round_publish(round_=round_)
    assert not Match.objects.filter(round=round_).exists()
    commit(draw_services.round_repair, round_=round_)
    round_.refresh_from_db()
    players = {p for row in round_.draft for p in (row["a"], row["b"]) if p}
    assert gone.pk not in players and len(players) == 4
    assert commit(draw_services.round_publish, round_=round_) == 2


def test_the_next_swiss_round_is_a_draft_too(make_tournament, play, commit):
    tournament = make_tournament(4, format="swiss", swiss_rounds=3, review_rounds=True)
    commit(draw_services.round_publish, round_=first_round(tournament))
    for match in open_matches(tournament):
        play(match)
    second = Round.objects.get(stage__tournament=tournament, number=2)
    assert second.draft is not None
    assert not Match.objects.filter(round=second).exists()
    with pytest.raises(UserError, match="draft"):
        draw_services.tournament_pair_next_round(tournament=tournament)
    commit(draw_services.round_publish, round_=second)
    assert len(open_matches(tournament, round=second)) == 2


def test_a_round_robin_schedule_is_reviewed_and_published_whole(make_tournament, commit):
    tournament = make_tournament(4, format="round_robin", review_rounds=True)
    rounds = list(Round.objects.filter(stage__tournament=tournament).order_by("number"))
    assert len(rounds) == 3 and all(r.draft for r in rounds)
    assert not Match.objects.filter(round__stage__tournament=tournament).exists()
    draw_services.round_draft_swap(round_=rounds[1], first=(1, 1), second=(2, 1))
    assert commit(draw_services.round_publish, round_=rounds[1]) == 6
    pairs = [
        frozenset((m.entry_a_id, m.entry_b_id))
        for m in Match.objects.filter(round__stage__tournament=tournament)
    ]
    entries = Entry.objects.filter(tournament=tournament).values_list("pk", flat=True)
    assert sorted(pairs, key=sorted) == sorted(
        (frozenset(p) for p in combinations(entries, 2)), key=sorted
    )  # everyone still meets everyone once
    assert all(r.draft is None for r in Round.objects.filter(stage__tournament=tournament))


def test_a_late_entry_after_the_draft_asks_for_pairing_again(make_tournament, play, commit):
    tournament = make_tournament(4, format="swiss", swiss_rounds=3, review_rounds=True)
    commit(draw_services.round_publish, round_=first_round(tournament))
    for match in open_matches(tournament):
        play(match)
    second = Round.objects.get(stage__tournament=tournament, number=2)
    draw_services.entry_add_late(tournament=tournament, name="Lena Late", from_round=2)
    with pytest.raises(UserError, match="Lena Late"):
        draw_services.round_publish(round_=second)
    commit(draw_services.round_repair, round_=second)
    assert commit(draw_services.round_publish, round_=Round.objects.get(pk=second.pk)) == 3
