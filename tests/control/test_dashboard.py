"""The referee's and the organizer's dashboards lead with what waits for them at the clubs they
run (disputes, confirmations, late players, matches waiting for a table), with a link to the
control room; a player's dashboard has none of it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from clubs.models import Role
from matches.services import report_dispute, report_submit
from tests.conftest import committed, tournament_made
from tests.control.test_room import RULE, first_round
from tests.factories import MembershipFactory, PlayerFactory, UserFactory
from venue import services as venue_services
from venue.models import Call

pytestmark = pytest.mark.django_db


@pytest.fixture
def busy_night(club, organizer):
    """Eight players, one table: one match called (and late), two waiting, one disputed."""
    tournament = tournament_made(club, organizer, 8, name="Friday", **RULE)
    one, two, three, four = first_round(tournament)
    report = committed(
        report_submit, match=four, player=four.entry_a.player, score_a=four.length, score_b=0
    )
    committed(report_dispute, report=report, by=four.entry_b.player, note="not so")
    committed(venue_services.tables_add, club=club, count=1)
    Call.objects.filter(match=one).update(called_at=timezone.now() - timedelta(minutes=15))
    return tournament, (one, two, three, four)


def test_the_referees_dashboard_leads_with_what_waits_for_him(client, club, busy_night):
    referee = UserFactory(username="rita")
    MembershipFactory(club=club, player=PlayerFactory(name="Rita", user=referee), role=Role.REFEREE)
    client.force_login(referee)
    page = client.get("/dashboard/").content.decode()
    waiting = page.index("Waiting for you at Bar Club")
    assert waiting < page.index("My open matches")
    assert "1 disputed result" in page
    assert "1 match with a late player" in page
    assert "2 matches waiting for a table" in page
    assert f'href="/clubs/{club.slug}/control/?state=disputed"' in page
    assert f'href="/clubs/{club.slug}/control/"' in page


def test_a_players_dashboard_has_no_control_room(client, club, busy_night):
    member = UserFactory(username="mia")
    MembershipFactory(club=club, player=PlayerFactory(name="Mia", user=member), role=Role.PLAYER)
    client.force_login(member)
    page = client.get("/dashboard/").content.decode()
    assert "Waiting for you at" not in page
    assert "/control/" not in page


def test_a_referee_of_his_own_match_is_not_asked_to_decide_it(client, club, busy_night):
    _tournament, (_one, _two, _three, four) = busy_night
    player = four.entry_a.player
    player.user = UserFactory(username="anna")
    player.save()
    club.memberships.filter(player=player).update(role=Role.REFEREE)
    client.force_login(player.user)
    page = client.get("/dashboard/").content.decode()
    assert "Waiting for you at Bar Club" in page
    assert "disputed result" not in page
