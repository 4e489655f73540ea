"""Ratings raise the version of their club's pages once per change: a match rated raises it
with the UPDATE that locks the club's row (rated again, it writes nothing), and a recompute
only when it writes, so the reconciler's runs leave the pages' cache alone."""

from __future__ import annotations

import pytest

from clubs.models import Club
from matches.services import match_record_final_score
from ratings import services
from ratings.models import RatingChange
from tests.conftest import open_matches

pytestmark = pytest.mark.django_db


def version(club: Club) -> int:
    return Club.objects.values_list("version", flat=True).get(pk=club.pk)


def test_a_rated_result_raises_the_club_once_and_a_recompute_after_it_nothing(
    make_tournament, club
):
    match = open_matches(make_tournament(2))[0]
    match_record_final_score(match=match, score_a=match.length, score_b=0)  # listeners not run
    before = version(club)
    assert services.ratings_match_finished(match_id=match.pk) is True
    assert version(club) == before + 1
    written = list(RatingChange.objects.filter(club=club).values_list("pk", "rating_after"))
    assert services.ratings_match_finished(match_id=match.pk) is False  # writes nothing
    assert list(RatingChange.objects.filter(club=club).values_list("pk", "rating_after")) == written
    rated_again = version(club)
    services.ratings_recompute(club_id=club.pk)  # nothing differs
    assert version(club) == rated_again


def test_a_recompute_that_changes_the_ratings_raises_the_club_once(make_tournament, club, play):
    for match in open_matches(make_tournament(4, format="round_robin")):
        play(match)
    RatingChange.objects.filter(club=club).delete()  # as if the history were lost
    before = version(club)
    summary = services.ratings_recompute(club_id=club.pk)
    assert summary.changes_written > 0
    assert version(club) == before + 1
