"""The page of a finished online match leads on (the next match, the standings) and no
longer offers to roll; "My next match" finds the player's next match when it is asked."""

from __future__ import annotations

import pytest
from django.db.models import Q
from django.urls import reverse

from matches.models import Match
from matches.services import match_record_final_score
from play.director import online_declare_score
from tests.factories import MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db


def url(match: Match, name: str) -> str:
    tournament = match.round.stage.tournament
    return reverse(name, args=[tournament.club.slug, tournament.slug, match.pk])


def finished_nav(html: str) -> str:
    start = html.index('<nav class="online-finished"')
    return html[start : html.index("</nav>", start)]


def test_a_finished_board_shows_the_way_on_and_no_roll_for_me(
    online_match, client, commit, organizer
):
    match = online_match(format="round_robin", default_length=1)
    client.force_login(match.entry_a.player.user)
    playing = client.get(url(match, "online:board")).content.decode()  # its game begins
    assert '<nav class="online-finished" id="online-finished"' in playing
    assert " hidden>" in finished_nav(playing)[:200]
    assert 'id="online-autoroll-row">' in playing

    # The director ends it at the score the players agreed (a referee may not: it is online).
    commit(online_declare_score, match=match, score_a=1, score_b=0, user=organizer, reason="agreed")
    page = client.get(url(match, "online:board")).content.decode()
    nav = finished_nav(page)
    assert " hidden>" not in nav[:200]
    assert url(match, "online:next") in nav and "My next match" in nav
    tournament = match.round.stage.tournament
    assert reverse("tournaments:standings", args=[tournament.club.slug, tournament.slug]) in nav
    assert 'id="online-autoroll-row" hidden>' in page


def test_a_watcher_is_offered_the_standings_but_no_next_match(online_match, client, commit):
    match = online_match(default_length=1)
    commit(match_record_final_score, match=match, score_a=1, score_b=0)
    member = UserFactory(username="member")
    MembershipFactory(club=match.round.stage.tournament.club, player__user=member)
    client.force_login(member)
    nav = finished_nav(client.get(url(match, "online:board")).content.decode())
    assert "Standings" in nav and "My next match" not in nav


def test_my_next_match_goes_to_the_players_next_board(online_match, client, commit):
    match = online_match(format="round_robin", default_length=1)
    commit(match_record_final_score, match=match, score_a=1, score_b=0)
    player = match.entry_a.player
    following = Match.objects.get(
        Q(entry_a__player=player) | Q(entry_b__player=player),
        round__stage__tournament=match.round.stage.tournament,
        round__number=2,
    )
    client.force_login(player.user)
    response = client.get(url(match, "online:next"))
    assert response.status_code == 302 and response["Location"] == url(following, "matches:detail")

    Match.objects.filter(pk=following.pk).update(is_online=True)
    response = client.get(url(match, "online:next"))
    assert response["Location"] == url(following, "online:board")


def test_without_a_next_match_the_tournament_page_says_so(online_match, client, commit):
    match = online_match(players=2, default_length=1)  # the final: nothing follows
    commit(match_record_final_score, match=match, score_a=1, score_b=0)
    client.force_login(match.entry_b.player.user)
    response = client.get(url(match, "online:next"), follow=True)
    tournament = match.round.stage.tournament
    assert response.redirect_chain[-1][0] == tournament.get_absolute_url()
    assert "You have no match to play in this tournament now." in response.content.decode()


def test_visitors_are_asked_to_log_in(online_match, client):
    match = online_match()
    response = client.get(url(match, "online:next"))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
