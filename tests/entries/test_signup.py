"""Players sign up themselves: the cap, the waiting list that moves up by itself, the window."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from config.errors import UserError
from draw import services as draw_services
from entries import selectors, services
from entries.models import Entry, EntryStatus

pytestmark = pytest.mark.django_db


def statuses(tournament):
    return [
        (e.player.name, e.status, e.waiting_number)
        for e in Entry.objects.filter(tournament=tournament).order_by("pk")
    ]


def test_the_field_fills_then_players_wait_in_the_order_they_signed_up(open_tournament, players):
    tournament = open_tournament(capacity=2)
    a, b, c, d = players(4)
    for player in (a, b, c, d):
        services.entry_sign_up(tournament=tournament, player=player)
    assert statuses(tournament) == [
        ("Player 01", "approved", None),
        ("Player 02", "approved", None),
        ("Player 03", "waiting", 1),
        ("Player 04", "waiting", 2),
    ]


def test_an_organizers_withdrawal_moves_the_first_waiting_player_up(
    open_tournament, players, commit
):
    tournament = open_tournament(capacity=2)
    a, b, c, d = players(4)
    entries = [services.entry_sign_up(tournament=tournament, player=p) for p in (a, b, c, d)]
    commit(services.entry_withdraw, entry=entries[0])
    assert statuses(tournament) == [
        ("Player 01", "withdrawn", None),
        ("Player 02", "approved", None),
        ("Player 03", "approved", None),
        ("Player 04", "waiting", 2),
    ]


def test_a_player_takes_back_his_sign_up_and_the_next_moves_up_at_once(open_tournament, players):
    tournament = open_tournament(capacity=1, approval=True)
    a, b = players(2)
    first = services.entry_sign_up(tournament=tournament, player=a)
    assert first.status == EntryStatus.PENDING  # holds the place, awaiting approval
    services.entry_sign_up(tournament=tournament, player=b)
    services.entry_take_back(entry=first)
    assert statuses(tournament) == [
        ("Player 01", "withdrawn", None),
        ("Player 02", "pending", None),
    ]
    # Signing up again after taking it back: at the end of the queue.
    again = services.entry_sign_up(tournament=tournament, player=a)
    assert (again.pk, again.status, again.waiting_number) == (first.pk, "waiting", 1)


def test_a_full_field_without_a_waiting_list_refuses_and_saves_nothing(open_tournament, players):
    tournament = open_tournament(capacity=1, waiting_list=False)
    a, b = players(2)
    services.entry_sign_up(tournament=tournament, player=a)
    version = type(tournament).objects.get(pk=tournament.pk).version
    with pytest.raises(UserError, match="The field is full, and this tournament has no waiting"):
        services.entry_sign_up(tournament=tournament, player=b)
    assert Entry.objects.filter(tournament=tournament).count() == 1
    assert type(tournament).objects.get(pk=tournament.pk).version == version


def test_signing_up_outside_the_window_is_refused(open_tournament, players):
    now = timezone.now()
    tournament = open_tournament(opens_at=now + timedelta(hours=1))
    (a,) = players(1)
    with pytest.raises(UserError, match="The sign-up opens on"):
        services.entry_sign_up(tournament=tournament, player=a)
    closed = open_tournament(name="Closed", closes_at=now - timedelta(minutes=1))
    with pytest.raises(UserError, match="The sign-up closed on"):
        services.entry_sign_up(tournament=closed, player=a)
    assert not Entry.objects.filter(player=a).exists()


def test_taking_back_after_the_close_is_refused_but_a_waiting_player_may_leave(
    open_tournament, players
):
    now = timezone.now()
    tournament = open_tournament(capacity=1, closes_at=now + timedelta(hours=1))
    a, b = players(2)
    placed = services.entry_sign_up(tournament=tournament, player=a)
    waiting = services.entry_sign_up(tournament=tournament, player=b)
    later = now + timedelta(hours=2)
    with pytest.raises(UserError, match="ask an organizer"):
        services.entry_take_back(entry=placed, now=later)
    services.entry_take_back(entry=waiting, now=later)
    assert statuses(tournament) == [
        ("Player 01", "approved", None),
        ("Player 02", "withdrawn", None),
    ]


def test_signing_up_twice_is_refused(open_tournament, players):
    tournament = open_tournament(capacity=1)
    a, b = players(2)
    services.entry_sign_up(tournament=tournament, player=a)
    services.entry_sign_up(tournament=tournament, player=b)
    with pytest.raises(UserError, match="already entered"):
        services.entry_sign_up(tournament=tournament, player=a)
    with pytest.raises(UserError, match="already on the waiting list"):
        services.entry_sign_up(tournament=tournament, player=b)


def test_the_cap_cannot_drop_below_the_field_and_a_higher_cap_moves_players_up(
    open_tournament, players
):
    tournament = open_tournament(capacity=2)
    for player in players(4):
        services.entry_sign_up(tournament=tournament, player=player)
    with pytest.raises(UserError, match="2 players hold a place already"):
        services.signup_rules_set(tournament=tournament, capacity=1)
    services.signup_rules_set(tournament=tournament, capacity=3)
    assert [s for _n, s, _w in statuses(tournament)] == [
        "approved",
        "approved",
        "approved",
        "waiting",
    ]


def test_waiting_players_are_not_drawn(open_tournament, players, commit):
    tournament = open_tournament(capacity=2)
    for player in players(3):
        services.entry_sign_up(tournament=tournament, player=player)
    commit(draw_services.tournament_start, tournament=tournament)
    waiting = Entry.objects.get(tournament=tournament, status=EntryStatus.WAITING)
    assert waiting.seed is None
    assert Entry.objects.filter(tournament=tournament, seed__isnull=False).count() == 2


def test_the_old_withdraw_address_keeps_to_the_close_before_the_start(
    client, open_tournament, players
):
    from django.urls import reverse

    from tests.factories import PASSWORD

    tournament = open_tournament(capacity=1, closes_at=timezone.now() - timedelta(minutes=1))
    (a,) = players(1)
    entry = Entry.objects.create(tournament=tournament, player=a, status=EntryStatus.APPROVED)
    client.login(username=a.user.username, password=PASSWORD)
    response = client.post(
        reverse("tournaments:withdraw", args=[tournament.club.slug, tournament.slug]), follow=True
    )
    assert "ask an organizer to withdraw you" in response.content.decode()
    entry.refresh_from_db()
    assert entry.status == EntryStatus.APPROVED


def test_the_reconciler_moves_a_waiting_list_whose_withdrawal_was_lost(open_tournament, players):
    from entries.repairs import waiting_lists

    tournament = open_tournament(capacity=1)
    entries = [services.entry_sign_up(tournament=tournament, player=p) for p in players(2)]
    services.entry_withdraw(entry=entries[0])  # its event never delivered (no commit)
    assert Entry.objects.get(pk=entries[1].pk).status == EntryStatus.WAITING
    assert waiting_lists() == [f"moved 1 up the waiting list of tournament {tournament.pk}"]
    assert Entry.objects.get(pk=entries[1].pk).status == EntryStatus.APPROVED
    assert waiting_lists() == []  # nothing left to do


def test_the_organizer_sets_the_rules_on_their_page(client, organizer, open_tournament):
    from django.urls import reverse

    tournament = open_tournament()
    client.force_login(organizer)
    url = reverse("entries:rules", args=[tournament.club.slug, tournament.slug])
    response = client.post(
        url,
        {
            "opens_at": "2026-12-01T18:00",
            "closes_at": "2026-12-01T17:00",
            "capacity": "16",
            "waiting_list": "on",
        },
    )
    assert "The sign-up must close after it opens." in response.content.decode()
    client.post(url, {"closes_at": "2026-12-01T17:00", "capacity": "16", "waiting_list": "on"})
    rules = selectors.rules_of(tournament)
    assert (rules.capacity, rules.waiting_list, rules.approval) == (16, True, False)
