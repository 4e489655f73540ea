"""A table created one at a time, and the calls filled (what every change at the venue ends
with): what each writes, and what is refused or left as it is."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from config.errors import UserError
from matches.models import Match
from matches.services import match_record_final_score
from tests.conftest import tournament_made
from venue import selectors, services
from venue.models import Call, CallEnd, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def matches(club, organizer):
    tournament = tournament_made(club, organizer, 8)
    return list(
        Match.objects.filter(round__stage__tournament=tournament, round__number=1).order_by("index")
    )


def open_by_table(club):
    return {c.table.number: c.match_id for c in selectors.open_calls(club)}


def test_the_free_tables_take_the_waiting_matches_once(club, matches):
    for number in (1, 2):  # tables put in without the services: nothing called yet
        Table.objects.create(club=club, number=number)
    assert open_by_table(club) == {}
    made = services.calls_fill(club_id=club.pk)
    assert [c.match_id for c in made] == [matches[0].pk, matches[1].pk]
    assert open_by_table(club) == {1: matches[0].pk, 2: matches[1].pk}
    assert services.calls_fill(club_id=club.pk) == []  # nothing free: nothing changes
    assert Call.objects.count() == 2


def test_a_finished_match_frees_its_table_for_the_next(club, matches):
    Table.objects.create(club=club, number=1)
    services.calls_fill(club_id=club.pk)
    match_record_final_score(match=matches[0], score_a=5, score_b=0)  # not committed: no fill
    services.calls_fill(club_id=club.pk)
    assert open_by_table(club) == {1: matches[1].pk}
    ended = Call.objects.get(match=matches[0])
    assert ended.end_reason == CallEnd.FINISHED and ended.ended_at is not None


def test_a_table_created_takes_a_waiting_match(club, matches):
    table = services.table_create(club=club, number=7, name=" By the window ", has_clock=True)
    stored = Table.objects.get(club=club)
    assert (stored.pk, stored.number, stored.name, stored.has_clock) == (
        table.pk,
        7,
        "By the window",
        True,
    )
    assert open_by_table(club) == {7: matches[0].pk}


def test_a_table_out_of_service_is_created_but_called_to_nothing(club, matches):
    services.table_create(club=club, number=3, in_service=False)
    assert Table.objects.filter(club=club, number=3, in_service=False).exists()
    assert open_by_table(club) == {}


def test_a_table_number_taken_or_below_one_is_refused(club, matches):
    services.table_create(club=club, number=1)
    with pytest.raises(UserError) as error:
        services.table_create(club=club, number=1, name="again")
    assert error.value.code == "table_number_taken"
    with pytest.raises(ValidationError):
        services.table_create(club=club, number=0)
    assert list(Table.objects.filter(club=club).values_list("number", "name")) == [(1, "")]
    assert Call.objects.count() == 1
