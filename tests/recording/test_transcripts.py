"""An action posted on a clock is decided on this process's copy of the transcript only while the
copy is current (``recording.transcripts``): every answer is what a replay of the record says,
and neither an action another process recorded meanwhile nor one rolled back is missed."""

from __future__ import annotations

import pytest
from django.db import transaction

from matches.models import Match
from matches.rules import rules_for_match
from recording.models import RecordedAction, RecordedMatch
from recording.replay import ClockAction
from recording.selectors import clock_state, recorded_transcript
from recording.services import recorded_action_post, recorded_match_mark
from tests.conftest import open_matches

from .simulate import random_entries

pytestmark = pytest.mark.django_db


@pytest.fixture
def recorded(make_tournament, organizer):
    match = open_matches(make_tournament(2, default_length=3))[0]
    recorded_match_mark(match=match, recorder=organizer)
    return match


def replayed(match: Match) -> dict:
    """What the clock shows, replayed from the record in the database."""
    recorded = RecordedMatch.objects.select_related("match__round__stage__tournament__club").get(
        match=match
    )
    return clock_state(recorded_transcript(recorded))


def post(commit, match, entry, after, user):
    return commit(recorded_action_post, match=match.pk, entry=entry, after=after, user=user)


def test_every_answer_is_the_replay_of_the_record(recorded, organizer, commit):
    entries = random_entries(5, limit=120, cube=0.3, rules=rules_for_match(recorded))
    for number, entry in enumerate(entries):
        status, shown = post(commit, recorded, entry, number, organizer)
        assert status == "applied"
        assert shown == replayed(recorded), number
        # A resend is answered from the same copy, unchanged.
        assert post(commit, recorded, entry, number, organizer) == ("duplicate", shown)


def _opening(commit, match, user) -> None:
    post(commit, match, ClockAction("a1", "opening", dice=(3, 1), at=1000), 0, user)
    post(commit, match, ClockAction("a2", "move", side=0, play="8/5 6/5", at=9000), 1, user)


def test_an_action_another_process_recorded_meanwhile_is_not_missed(recorded, organizer, commit):
    _opening(commit, recorded, organizer)
    # Another web process records the roll on its own copy of the transcript.
    RecordedAction.objects.create(
        recorded=RecordedMatch.objects.get(match=recorded),
        number=2,
        client_id="b1",
        kind="roll",
        side=1,
        dice=[6, 5],
        at=12_000,
    )
    status, shown = post(
        commit, recorded, ClockAction("b2", "move", side=1, play="24/13", at=15_000), 3, organizer
    )
    assert status == "applied"
    assert [entry["id"] for entry in shown["entries"]] == ["a1", "a2", "b1", "b2"]
    assert shown == replayed(recorded)


def test_an_action_rolled_back_is_not_in_the_next_answer(recorded, organizer, commit):
    _opening(commit, recorded, organizer)
    with transaction.atomic():  # the request's transaction fails after the service
        post(
            commit,
            recorded,
            ClockAction("c1", "roll", side=1, dice=(6, 5), at=12_000),
            2,
            organizer,
        )
        transaction.set_rollback(True)
    status, shown = post(
        commit, recorded, ClockAction("c2", "roll", side=1, dice=(2, 1), at=13_000), 2, organizer
    )
    assert status == "applied"
    assert [entry["id"] for entry in shown["entries"]] == ["a1", "a2", "c2"]
    assert shown == replayed(recorded)
