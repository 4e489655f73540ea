"""The sign-up pages: a player signs up, waits, takes back and checks in; the organizer reads
and exports the entry list, enters a pasted list after checking it; the display's QR code."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from entries import selectors, services
from entries.models import Entry, EntryStatus
from tests.factories import PASSWORD, PlayerFactory
from tournaments import services as tournament_services

pytestmark = pytest.mark.django_db


def url(name, tournament, **kwargs):
    return reverse(
        name, kwargs={"club": tournament.club.slug, "tournament": tournament.slug, **kwargs}
    )


def test_a_player_signs_up_and_waits_on_the_tournaments_page(client, open_tournament):
    tournament = open_tournament(capacity=1)
    first, second = PlayerFactory(), PlayerFactory()
    services.entry_sign_up(tournament=tournament, player=first)
    client.login(username=second.user.username, password=PASSWORD)
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "1 of 1 places taken" in page and "Join the waiting list" in page
    response = client.post(url("entries:sign_up", tournament), follow=True)
    assert "you are number 1 on the waiting list" in response.content.decode()
    assert "On the waiting list: number 1" in response.content.decode()
    client.post(url("entries:take_back", tournament))
    assert Entry.objects.get(player=second).status == EntryStatus.WITHDRAWN


def test_a_player_checks_in_himself_by_the_qr_codes_page(client, open_tournament):
    tournament = open_tournament(
        fields={"require_check_in": True, "starts_at": timezone.now() + timedelta(hours=2)}
    )
    player = PlayerFactory()
    services.entry_sign_up(tournament=tournament, player=player)
    Entry.objects.filter(player=player).update(status=EntryStatus.APPROVED)
    qr = client.get(url("entries:check_in_qr", tournament))
    assert qr["Content-Type"] == "image/svg+xml" and b"<svg" in qr.content
    display = client.get(url("tournaments:display", tournament)).content.decode()
    assert url("entries:check_in_qr", tournament) in display
    client.login(username=player.user.username, password=PASSWORD)
    assert "Check in now" in client.get(url("entries:check_in", tournament)).content.decode()
    client.post(url("entries:check_in", tournament))
    assert Entry.objects.get(player=player).status == EntryStatus.CHECKED_IN


def test_check_in_before_it_opens_is_refused_with_the_time(client, open_tournament):
    tournament = open_tournament(
        fields={"require_check_in": True, "starts_at": timezone.now() + timedelta(days=3)}
    )
    player = PlayerFactory()
    services.entry_add(tournament=tournament, player=player)
    client.login(username=player.user.username, password=PASSWORD)
    response = client.post(url("entries:check_in", tournament))
    assert "Check-in opens on" in response.content.decode()
    assert Entry.objects.get(player=player).status == EntryStatus.APPROVED


def test_the_organizer_checks_a_pasted_list_then_enters_it(client, organizer, open_tournament):
    tournament = open_tournament()
    client.force_login(organizer)
    data = {"names": "Walk In\nSecond Walk In\nWalk In"}
    preview = client.post(url("entries:bulk", tournament), data).content.decode()
    assert "Listed twice: Walk In is entered once" in preview
    assert "Enter 2 players" in preview
    assert not Entry.objects.filter(tournament=tournament).exists()
    digest = preview.split('name="digest" value="')[1].split('"')[0]
    response = client.post(
        url("entries:bulk", tournament), {**data, "digest": digest, "confirm": "1"}, follow=True
    )
    assert "2 players entered." in response.content.decode()
    assert Entry.objects.filter(tournament=tournament).count() == 2


def test_the_entry_list_shows_each_state_and_exports(client, organizer, open_tournament):
    tournament = open_tournament(capacity=1)
    a, b = PlayerFactory(name="Anna"), PlayerFactory(name="Bert")
    services.entry_sign_up(tournament=tournament, player=a)
    services.entry_sign_up(tournament=tournament, player=b)
    client.force_login(organizer)
    page = client.get(url("entries:list", tournament)).content.decode()
    assert "On the waiting list" in page and "Approved" in page
    csv = client.get(url("entries:list", tournament) + "?_export=csv").content.decode()
    lines = csv.lstrip("\ufeff").splitlines()
    assert lines[0].startswith("Seed,Name,E-mail,Guest,State,Waiting list")
    assert "Anna" in lines[1] and "Approved" in lines[1]
    assert "Bert" in lines[2] and "On the waiting list,1" in lines[2]


def test_only_organizers_see_the_entry_list(client, open_tournament):
    tournament = open_tournament()
    client.force_login(PlayerFactory().user)
    assert client.get(url("entries:list", tournament)).status_code == 403
    assert client.post(url("entries:bulk", tournament), {"names": "X"}).status_code == 403


def test_the_sign_up_box_reads_its_rules_and_counts_in_one_query(
    open_tournament, players, club, organizer, django_assert_num_queries
):
    closes = timezone.now() + timedelta(days=1)
    tournament = open_tournament(capacity=1, closes_at=closes)
    for player in players(2):
        services.entry_sign_up(tournament=tournament, player=player)
    with django_assert_num_queries(1):
        state = selectors.signup_state(tournament, None)
    assert (state.rules.capacity, state.rules.closes_at, state.taken, state.waiting) == (
        1,
        closes,
        1,
        1,
    )
    assert state.free == 0 and state.can_sign_up
    without_rules = tournament_services.tournament_create(club=club, user=organizer, name="Cup")
    with django_assert_num_queries(1):
        state = selectors.signup_state(without_rules, None)
    assert state.rules.pk is None and state.rules.approval and state.taken == 0


@pytest.mark.parametrize("moment", ["opens_at", "closes_at"])
def test_a_visitors_page_changes_when_the_sign_up_opens_and_closes(
    client, open_tournament, monkeypatch, moment
):
    """The page an anonymous visitor gets is cached whole under the tournament's version,
    which no service raises when the sign-up opens or closes by the clock."""
    when = timezone.now() + timedelta(hours=1)
    tournament = open_tournament(**{moment: when})
    before = client.get(tournament.get_absolute_url()).content.decode()
    monkeypatch.setattr("django.utils.timezone.now", lambda: when + timedelta(minutes=1))
    after = client.get(tournament.get_absolute_url()).content.decode()
    if moment == "opens_at":
        assert "The sign-up opens on" in before and "Log in to sign up" not in before
        assert "The sign-up opens on" not in after and "Log in to sign up" in after
    else:
        assert "Sign-up closes on" in before and "Log in to sign up" in before
        assert "The sign-up closed on" in after and "Log in to sign up" not in after
