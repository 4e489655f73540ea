"""The control room through its pages: every match of the night in its state, the filters,
the poll answered 304 until something changes, and who may see it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from clubs.models import Role
from matches.services import report_dispute, report_submit
from tests.conftest import committed, played, tournament_made
from tests.factories import MembershipFactory, PlayerFactory, UserFactory
from venue import services as venue_services
from venue.models import Call, Table

pytestmark = pytest.mark.django_db

RULE = {
    "late_rule": True,
    "late_grace_minutes": 10,
    "late_penalty_points": 1,
    "late_penalty_minutes": 5,
    "late_forfeit_minutes": 30,
}


def first_round(tournament):
    return list(
        tournament.stages.get(order=1)
        .rounds.get(number=1)
        .matches.exclude(entry_b__isnull=True)
        .select_related("entry_a__player", "entry_b__player")
        .order_by("index")
    )


def room_url(club, **query):
    url = f"/clubs/{club.slug}/control/"
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def states_shown(response) -> dict[int, str]:
    """The match ids on the page with the state each is shown in."""
    import re

    html = response.content.decode()
    return {
        int(m): s
        for m, s in re.findall(
            r'class="control-row[^"]*" data-match="(\d+)" data-state="(\w+)"', html
        )
    }


@pytest.fixture
def night(club, organizer):
    """Eight players on two tables: two matches called, two waiting."""
    tournament = tournament_made(club, organizer, 8, name="Friday", **RULE)
    committed(venue_services.tables_add, club=club, count=2)
    return tournament, first_round(tournament)


def test_every_match_of_the_night_in_its_state(client, club, organizer, night):
    _tournament, (one, two, three, four) = night
    player = lambda m: m.entry_a.player  # noqa: E731
    # The first: called 12 minutes ago (late); the third reported; the fourth disputed.
    Call.objects.filter(match=one).update(called_at=timezone.now() - timedelta(minutes=12))
    committed(report_submit, match=three, player=player(three), score_a=three.length, score_b=0)
    report = committed(
        report_submit, match=four, player=player(four), score_a=four.length, score_b=0
    )
    committed(report_dispute, report=report, by=four.entry_b.player, note="not so")
    client.force_login(organizer)
    response = client.get(room_url(club))
    assert response.status_code == 200
    shown = states_shown(response)
    assert shown == {one.pk: "late", two.pk: "called", three.pk: "awaiting", four.pk: "disputed"}
    # What waits for a director comes first: the dispute, then the confirmation, then the late.
    assert list(shown) == [four.pk, three.pk, one.pk, two.pk]
    page = response.content.decode()
    assert "for 2 minutes" in page  # late since the grace ran out, two minutes ago
    assert f"{player(four).name} reports {four.length}–0" in page

    played(two)
    response = client.get(room_url(club))
    shown = states_shown(response)
    assert shown[two.pk] == "finished"


def test_the_filters_narrow_the_list(client, club, organizer, night):
    _tournament, (one, two, _three, _four) = night
    other = tournament_made(club, organizer, 4, name="Side")
    client.force_login(organizer)
    everything = states_shown(client.get(room_url(club)))
    assert len(everything) == 6
    assert set(states_shown(client.get(room_url(club, tournament=other.pk)))) == {
        m.pk for m in first_round(other)
    }
    assert set(states_shown(client.get(room_url(club, state="called")))) == {one.pk, two.pk}
    table = Call.objects.get(match=two).table
    assert set(states_shown(client.get(room_url(club, table=table.pk)))) == {two.pk}
    # A choice that is not the night's is left out, as if not given.
    assert len(states_shown(client.get(room_url(club, state="nonsense")))) == 6


def test_the_poll_is_answered_304_until_something_changes(client, club, organizer, night):
    _tournament, (one, two, _three, _four) = night
    client.force_login(organizer)
    first = client.get(room_url(club), HTTP_HX_REQUEST="true")
    assert first.status_code == 200 and 'id="control-board"' in first.content.decode()
    etag = first["ETag"]
    again = client.get(room_url(club), HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    played(one)  # a result recorded elsewhere
    changed = client.get(room_url(club), HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert states_shown(changed)[one.pk] == "finished"
    etag = changed["ETag"]
    # A call taken back on the venue's page changes it too.
    committed(
        venue_services.call_take_back, call=Call.objects.get(match=two, ended_at=None), user=None
    )
    after = client.get(room_url(club), HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag)
    assert after.status_code == 200


def test_only_the_clubs_organizers_and_referees_see_it(client, club, night):
    referee = UserFactory(username="rita")
    MembershipFactory(club=club, player=PlayerFactory(name="Rita", user=referee), role=Role.REFEREE)
    member = UserFactory(username="mia")
    MembershipFactory(club=club, player=PlayerFactory(name="Mia", user=member), role=Role.PLAYER)
    assert client.get(room_url(club)).status_code == 302  # to the log-in
    client.force_login(member)
    assert client.get(room_url(club)).status_code == 403
    client.force_login(referee)
    assert client.get(room_url(club)).status_code == 200


def test_the_rooms_queries_do_not_grow_with_the_night(
    client, club, organizer, django_assert_max_num_queries
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.force_login(organizer)
    small = tournament_made(club, organizer, 4, name="Small", **RULE)
    committed(venue_services.tables_add, club=club, count=1)
    committed(
        report_submit,
        match=first_round(small)[1],
        player=first_round(small)[1].entry_a.player,
        score_a=first_round(small)[1].length,
        score_b=0,
    )
    with CaptureQueriesContext(connection) as few:
        assert client.get(room_url(club)).status_code == 200
    for name in ("Big", "Bigger"):
        big = tournament_made(club, organizer, 32, name=name, **RULE)
    committed(venue_services.tables_add, club=club, count=20)
    for match in first_round(big)[:3]:
        played(match)
    with CaptureQueriesContext(connection) as many:
        response = client.get(room_url(club))
    assert len(states_shown(response)) > 30
    assert len(many) <= len(few) <= 15, [q["sql"] for q in many]


def test_a_free_table_taken_out_of_service_changes_the_poll(client, club, organizer):
    tournament_made(club, organizer, 4, name="Small")
    committed(venue_services.tables_add, club=club, count=3)  # two called, one free
    client.force_login(organizer)
    first = client.get(room_url(club), HTTP_HX_REQUEST="true")
    free = next(t for t in Table.objects.filter(club=club) if not t.calls.exists())
    # Each call may move to the free table.
    assert first.content.decode().count(f'<option value="{free.pk}"') == 2
    committed(
        venue_services.table_update,
        table=free,
        number=free.number,
        name="",
        has_board=True,
        has_clock=False,
        in_service=False,
    )
    polled = client.get(room_url(club), HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"])
    assert polled.status_code == 200
    assert f'<option value="{free.pk}"' not in polled.content.decode()
