"""Tournament night: a withdrawal can be undone by an organizer until the draw moves on, and
withdrawing or starting asks first."""

from __future__ import annotations

import pytest
from django.db.models import Q
from django.urls import reverse

from config.errors import UserError
from entries import services as entry_services
from entries.models import EntryStatus
from matches.models import Match, MatchStatus
from tests.conftest import open_matches
from tests.factories import PASSWORD, UserFactory
from tournaments.models import Round

pytestmark = pytest.mark.django_db


def test_a_reinstated_bracket_player_gets_his_match_back(make_tournament, commit):
    tournament = make_tournament(4, format="single_elimination")
    match = open_matches(tournament)[0]
    commit(entry_services.entry_withdraw, entry=match.entry_b)
    final = Match.objects.get(round__number=2, round__stage__tournament=tournament)
    assert final.entry_a == match.entry_a

    commit(entry_services.entry_reinstate, entry=match.entry_b)
    match.refresh_from_db()
    final.refresh_from_db()
    assert match.entry_b.status == EntryStatus.APPROVED
    assert (match.status, match.outcome, match.winner) == (MatchStatus.READY, "", None)
    assert final.entry_a is None and final.status == MatchStatus.PENDING


def test_reinstating_is_refused_once_the_withdrawal_decided_a_match_that_started(
    make_tournament, play, commit
):
    tournament = make_tournament(8, format="single_elimination")
    first = open_matches(tournament)[0]
    commit(entry_services.entry_withdraw, entry=first.entry_b)
    for match in open_matches(tournament, round__number=1):
        play(match)
    next_match = Match.objects.get(
        Q(entry_a=first.entry_a) | Q(entry_b=first.entry_a), round__number=2
    )
    play(next_match)
    with pytest.raises(UserError, match="can no longer come back"):
        commit(entry_services.entry_reinstate, entry=first.entry_b)
    first.refresh_from_db()
    assert first.entry_b.status == EntryStatus.WITHDRAWN
    assert first.status == MatchStatus.FINISHED


def test_a_swiss_player_comes_back_while_the_next_round_is_not_drawn(make_tournament, play, commit):
    tournament = make_tournament(4, format="swiss", swiss_rounds=3)
    first, second = open_matches(tournament)
    leaver = first.entry_b
    commit(entry_services.entry_withdraw, entry=leaver)
    first.refresh_from_db()
    assert first.status == MatchStatus.FINISHED
    commit(entry_services.entry_reinstate, entry=leaver)
    first.refresh_from_db()
    assert first.status == MatchStatus.READY and first.winner is None
    assert not Round.objects.filter(stage__tournament=tournament, number=2).exists()

    # Once the next round is drawn without him, he cannot come back.
    commit(entry_services.entry_withdraw, entry=leaver)
    play(second)
    assert Round.objects.filter(stage__tournament=tournament, number=2).exists()
    with pytest.raises(UserError, match="the next round was drawn after the withdrawal"):
        commit(entry_services.entry_reinstate, entry=leaver)
    leaver.refresh_from_db()
    assert leaver.status == EntryStatus.WITHDRAWN


def test_the_organizer_reinstates_from_the_page_and_the_buttons_ask_first(
    client, make_tournament, organizer, club
):
    tournament = make_tournament(3, start=False)
    leaver = tournament.entries.first()
    entry_services.entry_withdraw(entry=leaver)
    assert client.login(username=organizer.username, password=PASSWORD)
    manage = reverse("tournaments:manage", args=[club.slug, tournament.slug])
    page = client.get(manage).content.decode()
    assert "Start and draw" in page
    assert 'data-confirm="Start Open and make the draw?' in page
    assert 'data-confirm="Withdraw Player 002?' in page
    reinstate = reverse(
        "tournaments:entry_action", args=[club.slug, tournament.slug, leaver.pk, "reinstate"]
    )
    assert f'action="{reinstate}"' in page

    page = client.post(reinstate, follow=True).content.decode()
    assert "Player 001 is back in the tournament." in page
    leaver.refresh_from_db()
    assert leaver.status == EntryStatus.APPROVED


def test_a_player_is_asked_before_he_withdraws(client, make_tournament, club):
    tournament = make_tournament(2, start=False)
    user = UserFactory(username="me")
    entry = tournament.entries.first()
    entry.player.user = user
    entry.player.save()
    assert client.login(username="me", password=PASSWORD)
    page = client.get(tournament.get_absolute_url()).content.decode()
    # Before the start a player takes back his sign-up (and may sign up again).
    assert 'data-confirm="Take back your sign-up for Open? Your place goes to the next' in page
