"""The control room's one-tap actions: a call made, moved and taken back (the venue's
services), a late player's penalty confirmed, waived or the match forfeited (the late rule's),
a report confirmed and a dispute decided; and the refusals, told and changing nothing: a
table in use, a page the match has moved on from, a report another director decided first."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from matches.models import MatchReport, MatchStatus, ReportStatus
from matches.services import report_dispute, report_submit
from tests.conftest import committed, played, tournament_made
from tests.control.test_room import RULE, first_round, room_url, states_shown
from venue import services as venue_services
from venue.models import Call, Table

pytestmark = pytest.mark.django_db


def messages_of(response) -> str:
    return " ".join(str(m) for m in response.context["messages"])


@pytest.fixture
def night(club, organizer):
    tournament = tournament_made(club, organizer, 8, name="Friday", **RULE)
    venue_services.tournament_venue_update(tournament=tournament, auto_call=False, tables=[])
    committed(venue_services.tables_add, club=club, count=3)
    return tournament, first_round(tournament)


def post(client, url, **data):
    return client.post(url, data, follow=True)


def test_a_call_made_moved_and_taken_back_from_the_room(client, club, organizer, night):
    _tournament, (one, two, _three, _four) = night
    _first, second, third = Table.objects.filter(club=club).order_by("number")
    client.force_login(organizer)
    assert states_shown(client.get(room_url(club)))[one.pk] == "waiting"
    base = f"/clubs/{club.slug}/control"
    response = post(client, f"{base}/matches/{one.pk}/call/", table=second.pk, keep_state="waiting")
    assert "Called to Table 2." in messages_of(response)
    assert response.redirect_chain[-1][0].endswith("?state=waiting")  # the filter is kept
    call = Call.objects.get(match=one, ended_at=None)
    assert call.table == second and call.called_by == organizer

    # Another director calls the second match to the same table: told, nothing saved.
    response = post(client, f"{base}/matches/{two.pk}/call/", table=second.pk)
    assert "Table 2 is in use: choose a free table." in messages_of(response)
    assert not Call.objects.filter(match=two).exists()

    response = post(client, f"{base}/calls/{call.pk}/move/", table=third.pk)
    assert "Moved to Table 3." in messages_of(response)
    assert Call.objects.get(match=one, ended_at=None).table == third
    moved = Call.objects.get(match=one, ended_at=None)
    response = post(client, f"{base}/calls/{moved.pk}/take-back/")
    assert "taken back" in messages_of(response)
    assert not Call.objects.filter(match=one, ended_at=None).exists()
    assert states_shown(client.get(room_url(club)))[one.pk] == "waiting"


def late_call(club, match, minutes):
    table = Table.objects.filter(club=club).order_by("number").first()
    committed(venue_services.call_create, match=match, table=table, user=None)
    Call.objects.filter(match=match).update(called_at=timezone.now() - timedelta(minutes=minutes))


def test_a_late_players_penalty_confirmed_from_the_room(client, club, organizer, night):
    _tournament, (one, *_rest) = night
    late_call(club, one, 17)  # seven minutes past the grace: two periods of 1 point
    client.force_login(organizer)
    page = client.get(room_url(club))
    assert states_shown(page)[one.pk] == "late"
    late, opponent = one.entry_a.player.name, one.entry_b.player.name
    assert f"{late} late (17 min): 2 points to {opponent}" in page.content.decode()
    one.refresh_from_db()
    response = post(
        client,
        f"/clubs/{club.slug}/control/matches/{one.pk}/late/",
        late=one.entry_a_id,
        action="confirm",
        points=2,
        version=one.version,
    )
    assert "The penalty is confirmed: the match starts at 0–2." in messages_of(response)
    one.refresh_from_db()
    assert (one.start_score_a, one.start_score_b, one.status) == (0, 2, MatchStatus.PLAYING)
    assert states_shown(client.get(room_url(club)))[one.pk] == "playing"

    # The same tap again, from a page the match has moved on from: told, nothing changed.
    response = post(
        client,
        f"/clubs/{club.slug}/control/matches/{one.pk}/late/",
        late=one.entry_a_id,
        action="confirm",
        points=2,
        version=one.version - 1,
    )
    assert "Someone else changed this match a moment ago" in messages_of(response)
    one.refresh_from_db()
    assert (one.start_score_a, one.start_score_b) == (0, 2)


def test_a_late_player_past_the_forfeit_time_loses_the_match(client, club, organizer, night):
    _tournament, (one, *_rest) = night
    late_call(club, one, 31)
    client.force_login(organizer)
    assert "late (31 min): forfeit" in client.get(room_url(club)).content.decode()
    response = post(
        client,
        f"/clubs/{club.slug}/control/matches/{one.pk}/late/",
        late=one.entry_b_id,
        action="forfeit",
        version=one.version,
    )
    assert "The match is forfeited." in messages_of(response)
    one.refresh_from_db()
    assert one.status == MatchStatus.FINISHED and one.winner_id == one.entry_a_id


def test_a_waived_penalty_leaves_the_match_called(client, club, organizer, night):
    _tournament, (one, *_rest) = night
    late_call(club, one, 12)
    client.force_login(organizer)
    response = post(
        client,
        f"/clubs/{club.slug}/control/matches/{one.pk}/late/",
        late=one.entry_a_id,
        action="waive",
        version=one.version,
    )
    assert "The penalty is waived." in messages_of(response)
    assert states_shown(client.get(room_url(club)))[one.pk] == "called"


def test_a_dispute_decided_and_a_report_confirmed_from_the_room(client, club, organizer, night):
    _tournament, (one, two, *_rest) = night
    report = committed(
        report_submit, match=one, player=one.entry_a.player, score_a=one.length, score_b=0
    )
    committed(report_dispute, report=report, by=one.entry_b.player, score_a=0, score_b=one.length)
    pending = committed(
        report_submit, match=two, player=two.entry_b.player, score_a=0, score_b=two.length
    )
    client.force_login(organizer)
    page = client.get(room_url(club)).content.decode()
    assert f"Decide for {one.entry_b.player.name}: 0–{one.length}" in page
    assert f"Confirm 0–{two.length}" in page
    one.refresh_from_db()
    base = f"/clubs/{club.slug}/control/matches"
    response = post(client, f"{base}/{one.pk}/report/{report.pk}/uphold/", version=one.version)
    assert "The result is confirmed." in messages_of(response)
    one.refresh_from_db()
    assert one.status == MatchStatus.FINISHED and one.winner_id == one.entry_b_id

    # A second director taps the dispute's other side a moment later: told, nothing changed.
    response = post(client, f"{base}/{one.pk}/report/{report.pk}/confirm/", version=one.version)
    assert "This report is no longer open." in messages_of(response)
    one.refresh_from_db()
    assert one.winner_id == one.entry_b_id

    two.refresh_from_db()
    response = post(client, f"{base}/{two.pk}/report/{pending.pk}/confirm/", version=two.version)
    assert "The result is confirmed." in messages_of(response)
    assert MatchReport.objects.get(pk=pending.pk).status == ReportStatus.CONFIRMED


def test_a_report_decided_on_a_stale_page_is_refused(client, club, organizer, night):
    _tournament, (one, *_rest) = night
    report = committed(
        report_submit, match=one, player=one.entry_a.player, score_a=one.length, score_b=0
    )
    one.refresh_from_db()
    seen = one.version
    played(one, winner=one.entry_b)  # a referee entered a result meanwhile
    client.force_login(organizer)
    response = post(
        client,
        f"/clubs/{club.slug}/control/matches/{one.pk}/report/{report.pk}/confirm/",
        version=seen,
    )
    assert "Someone else changed this match a moment ago" in messages_of(response)
    one.refresh_from_db()
    assert one.winner_id == one.entry_b_id


def test_a_player_cannot_act_from_the_room(client, club, night):
    from clubs.models import Role
    from tests.factories import MembershipFactory, PlayerFactory, UserFactory

    _tournament, (one, *_rest) = night
    member = UserFactory(username="mia")
    MembershipFactory(club=club, player=PlayerFactory(name="Mia", user=member), role=Role.PLAYER)
    client.force_login(member)
    table = Table.objects.filter(club=club).first()
    response = client.post(
        f"/clubs/{club.slug}/control/matches/{one.pk}/call/", {"table": table.pk}
    )
    assert response.status_code == 403
    assert not Call.objects.filter(match=one).exists()
