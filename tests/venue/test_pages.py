"""The venue's pages: the director calls, moves and takes back on the night's page and is
told when a call is refused; the club's tables; a tournament's tables; the venue displays
(the club's and the tournament's), the pairing list and the score sheets show the tables."""

from __future__ import annotations

import pytest
from django.urls import reverse

from draw.services import tournament_start
from matches.models import Match
from tests.conftest import committed, played, tournament_made
from venue import services
from venue.models import Call, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(club, organizer):
    tournament = tournament_made(club, organizer, 8, name="Friday Open")
    committed(services.tables_add, club=club, count=3)
    matches = list(
        Match.objects.filter(round__stage__tournament=tournament, round__number=1).order_by("index")
    )
    return tournament, matches


def names(match):
    return f"{match.entry_a.player.name} – {match.entry_b.player.name}"


def test_the_venue_display_shows_the_calls_and_a_result_brings_the_next(client, club, night):
    tournament, matches = night
    page = client.get(reverse("venue:display", args=[club.slug])).content.decode()
    assert f"Table 1: {names(matches[0])}, called" in page
    assert names(matches[3]) not in page
    played(matches[0])
    page = client.get(reverse("venue:display", args=[club.slug])).content.decode()
    assert f"Table 1: {names(matches[3])}, called" in page
    # The tournament's own display says the calls too.
    url = reverse("tournaments:display", args=[club.slug, tournament.slug]) + "?part=tables"
    part = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert f"Table 1: {names(matches[3])}" in part


def test_pairing_list_and_score_sheets_print_the_tables(client, organizer, club, night):
    tournament, matches = night
    client.force_login(organizer)
    round_url = reverse("tournaments:round", args=[club.slug, tournament.slug, "main", 1])
    page = client.get(round_url).content.decode()
    assert "Tables at the venue" in page and f"Table 2: {names(matches[1])}" in page
    sheets = reverse("tournaments:score_sheets", args=[club.slug, tournament.slug, "main", 1])
    page = client.get(sheets).content.decode()
    assert page.count("Table 3 ·") == 1


def test_the_director_is_told_when_a_call_is_refused_and_nothing_changes(
    client, organizer, club, night
):
    _tournament, matches = night
    client.force_login(organizer)
    table_two = Table.objects.get(club=club, number=2)
    response = client.post(
        reverse("venue:call", args=[club.slug, matches[3].pk]),
        {"table": table_two.pk},
        follow=True,
    )
    assert "Table 2 is in use: choose a free table." in response.content.decode()
    assert not Call.objects.filter(match=matches[3]).exists()
    # Moved from table 1 to a new table 4, and taken back.
    committed(services.tables_add, club=club, count=1)  # the waiting match takes it
    call = Call.objects.get(match=matches[3])
    assert call.table.number == 4
    committed(
        client.post,
        reverse("venue:take_back", args=[club.slug, call.pk]),
    )
    page = client.get(reverse("venue:night", args=[club.slug])).content.decode()
    assert "Waiting for a table" in page and names(matches[3]) in page


def test_only_directors_see_the_night(client, club, night):
    assert client.get(reverse("venue:night", args=[club.slug])).status_code in (302, 403)


def test_tables_kept_on_their_page(client, organizer, club):
    client.force_login(organizer)
    client.post(reverse("venue:tables", args=[club.slug]), {"count": 2})
    assert list(Table.objects.filter(club=club).values_list("number", flat=True)) == [1, 2]
    table = Table.objects.get(club=club, number=2)
    response = client.post(
        reverse("venue:table", args=[club.slug, table.pk]),
        {"number": 1, "name": "", "has_board": "on", "in_service": "on"},
    )
    assert "Table 1 exists already" in response.content.decode()


def test_a_tournament_uses_the_tables_chosen_for_it(client, organizer, club):
    client.force_login(organizer)
    committed(services.tables_add, club=club, count=3)
    tournament = tournament_made(club, organizer, 4, start=False, name="Side")
    three = Table.objects.get(club=club, number=3)
    url = reverse("venue:tournament", args=[club.slug, tournament.slug])
    assert "Call matches to tables automatically" in client.get(url).content.decode()
    client.post(url, {"auto_call": "on", "tables": [three.pk]})
    committed(tournament_start, tournament=tournament)
    # Two matches, one table of its own: the first is called there, the second waits.
    assert list(Call.objects.values_list("table__number", flat=True)) == [3]
    client.post(url, {"tables": [three.pk]})  # automatic calls off: nothing more is called
    committed(services.tables_add, club=club, count=1)
    assert Call.objects.count() == 1


def test_the_club_page_leads_its_organizers_to_the_tables_and_calls(client, club, organizer):
    from django.urls import reverse

    client.force_login(organizer)
    page = client.get(reverse("clubs:detail", args=[club.slug])).content.decode()
    assert reverse("venue:night", args=[club.slug]) in page
    assert reverse("control:room", args=[club.slug]) in page
    night = client.get(reverse("venue:night", args=[club.slug])).content.decode()
    assert reverse("control:room", args=[club.slug]) in night
    client.logout()
    assert (
        reverse("venue:night", args=[club.slug])
        not in client.get(reverse("clubs:detail", args=[club.slug])).content.decode()
    )
