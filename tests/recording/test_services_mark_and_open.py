"""Matches designated as recorded in one go (the organizer, when drawing a round), and the
clock of an open match opened for the first time: what each writes, what it refuses."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from config.errors import UserError
from matches.models import Match
from matches.services import match_record_final_score
from recording.models import RecordedMatch
from recording.services import recorded_match_mark, recorded_match_open, recorded_matches_mark
from tests.conftest import open_matches
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def first_round(make_tournament):
    return open_matches(make_tournament(8, default_length=5))


def settings_of(match):
    recorded = RecordedMatch.objects.get(match=match)
    return (recorded.recorder, recorded.minutes_per_point, recorded.delay_seconds)


def test_a_rounds_matches_are_recorded_and_keep_their_recorder(first_round):
    first, second, third, _fourth = first_round
    rita = UserFactory(username="rita")
    recorded_match_mark(match=first, recorder=rita)
    count = recorded_matches_mark(
        matches=[third.pk, first.pk], minutes_per_point=3, delay_seconds=15
    )
    assert count == 2
    assert settings_of(first) == (rita, 3, 15)
    assert settings_of(third) == (None, 3, 15)
    assert not RecordedMatch.objects.filter(match=second).exists()


def test_clock_settings_that_cannot_be_record_none_of_the_matches(first_round):
    first, second, *_ = first_round
    with pytest.raises(ValidationError):
        recorded_matches_mark(matches=[first.pk, second.pk], minutes_per_point=0)
    assert not RecordedMatch.objects.exists()


def test_the_clock_of_an_open_match_is_made_the_first_time_it_is_opened(first_round):
    match = first_round[0]
    recorded = recorded_match_open(match=match)
    assert RecordedMatch.objects.get(match=match) == recorded
    assert (recorded.recorder, recorded.minutes_per_point) == (None, 2)
    assert recorded_match_open(match=match.pk) == recorded  # the same one after
    assert RecordedMatch.objects.count() == 1


def test_the_clock_of_a_finished_or_online_match_is_not_opened(first_round):
    finished, online = first_round[0], first_round[1]
    match_record_final_score(match=finished, score_a=5, score_b=0)
    Match.objects.filter(pk=online.pk).update(is_online=True)
    for match in (finished, online):
        with pytest.raises(UserError):
            recorded_match_open(match=match)
    assert not RecordedMatch.objects.exists()
