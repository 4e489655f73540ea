"""Tournament pages and the organizer's controls, as a visitor and as the organizer."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubs.models import Role
from entries.models import EntryStatus
from matches.models import Match
from tests.conftest import open_matches
from tests.factories import PASSWORD, MembershipFactory, UserFactory
from tournaments.models import Round, TournamentStatus

pytestmark = pytest.mark.django_db


def t_url(tournament, name, *args):
    return reverse(f"tournaments:{name}", args=[tournament.club.slug, tournament.slug, *args])


@pytest.fixture
def as_organizer(client, organizer):
    client.login(username=organizer.username, password=PASSWORD)
    return client


def test_the_tournament_page_explains_the_rules_in_plain_words(make_tournament, client):
    tournament = make_tournament(4, start=False, default_length=7, holland=True, max_cube=64)
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "7-point match" in page
    assert "Crawford rule" in page
    assert "Holland rule" in page
    assert "up to 64" in page


def test_best_of_three_explains_simple_scoring(make_tournament, client):
    tournament = make_tournament(4, start=False, match_format="games", default_length=3)
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "Best of 3 games" in page
    assert "Every game counts one" in page


def test_drafts_are_hidden_from_the_public(club, organizer, client):
    from tournaments import services

    tournament = services.tournament_create(club=club, user=organizer, name="Secret Cup")
    assert client.get(tournament.get_absolute_url()).status_code == 404
    client.login(username=organizer.username, password=PASSWORD)
    assert client.get(tournament.get_absolute_url()).status_code == 200


def test_organizer_creates_opens_enters_and_starts(
    as_organizer, club, django_capture_on_commit_callbacks
):
    response = as_organizer.post(
        reverse("tournaments:create", args=[club.slug]),
        {
            "name": "Winter Open",
            "format": "main_consolation",
            "match_format": "points",
            "default_length": 7,
            "seeding": "manual",
            "bye_match_points": 1,
            "starting_rule": "opening_roll",
            "cube_enabled": "on",
            "crawford": "on",
            "is_published": "on",
            "tiebreaks-match_wins": "1",
            "tiebreaks-points_difference": "2",
        },
    )
    assert response.status_code == 302, response.content.decode()
    from tournaments.models import Tournament

    tournament = Tournament.objects.get(name="Winter Open")
    assert tournament.tiebreaks == ["match_wins", "points_difference"]  # in their order
    as_organizer.post(t_url(tournament, "transition", "open"))
    for name in ("Ann", "Bob", "Cid", "Dora", "Eve"):
        as_organizer.post(t_url(tournament, "entry_add"), {"guest": "1", "name": name})
    assert tournament.entries.filter(status=EntryStatus.APPROVED).count() == 5
    with django_capture_on_commit_callbacks(execute=True):  # the draw runs after the commit
        as_organizer.post(t_url(tournament, "transition", "start"))
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.RUNNING
    page = as_organizer.get(t_url(tournament, "bracket", "main")).content.decode()
    assert "Ann" in page and "bye" in page
    assert "Semi-finals" in page and "Final" in page
    consolation = as_organizer.get(t_url(tournament, "bracket", "consolation"))
    assert consolation.status_code == 200


def test_starting_too_early_is_explained(as_organizer, make_tournament):
    tournament = make_tournament(1, start=False)
    response = as_organizer.post(t_url(tournament, "transition", "start"), follow=True)
    assert "At least two players" in response.content.decode()


def test_manual_seeds_from_the_players_table(as_organizer, make_tournament):
    tournament = make_tournament(3, start=False)
    entries = list(tournament.entries.order_by("seed"))
    data = {f"seed-{entries[2].pk}": "1", f"seed-{entries[0].pk}": "2"}
    as_organizer.post(t_url(tournament, "seeds"), data)
    assert tournament.entries.get(seed=1) == entries[2]
    assert tournament.entries.get(seed=2) == entries[0]
    assert tournament.entries.get(pk=entries[1].pk).seed is None
    response = as_organizer.post(
        t_url(tournament, "seeds"),
        {f"seed-{entries[0].pk}": "1", f"seed-{entries[1].pk}": "1"},
        follow=True,
    )
    assert "same seed" in response.content.decode()


@pytest.mark.parametrize("role", ["anonymous", "player", "referee"])
def test_organizer_controls_are_for_organizers_only(client, make_tournament, club, role):
    tournament = make_tournament(4, start=False)
    if role != "anonymous":
        user = UserFactory(username=role)
        MembershipFactory(club=club, player__user=user, role=role)
        client.login(username=role, password=PASSWORD)
    response = client.post(t_url(tournament, "transition", "start"))
    assert response.status_code in (302, 403)
    if role != "anonymous":
        assert response.status_code == 403
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.REGISTRATION
    assert client.get(t_url(tournament, "manage")).status_code in (302, 403)


def test_players_register_themselves_and_withdraw(client, make_tournament, club):
    tournament = make_tournament(0, start=False)
    user = UserFactory(username="joiner")
    MembershipFactory(club=club, player__user=user, role=Role.PLAYER)
    client.login(username="joiner", password=PASSWORD)
    client.post(reverse("entries:sign_up", args=[tournament.club.slug, tournament.slug]))
    entry = tournament.entries.get(player__user=user)
    assert entry.status == EntryStatus.PENDING
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "Awaiting approval" in page
    client.post(t_url(tournament, "withdraw"))
    entry.refresh_from_db()
    assert entry.status == EntryStatus.WITHDRAWN


def test_round_page_score_sheets_and_swap(as_organizer, make_tournament, client):
    tournament = make_tournament(4, format="swiss", swiss_rounds=2, default_length=5)
    round_url = t_url(tournament, "round", "swiss", 1)
    page = as_organizer.get(round_url).content.decode()
    first, second = open_matches(tournament)
    assert first.entry_a.player.name in page
    sheets = as_organizer.get(t_url(tournament, "score_sheets", "swiss", 1)).content.decode()
    assert sheets.count('class="score-sheet"') == 2
    assert sheets.count('<tr><td class="num">') >= 2 * 9  # up to 9 games of a 5-pointer
    as_organizer.post(
        reverse("tournaments:swap", args=[tournament.club.slug, tournament.slug, first.round_id]),
        {"first": f"{first.pk}:2", "second": f"{second.pk}:2"},
    )
    first_after = Match.objects.get(pk=first.pk)
    assert first_after.entry_b_id == second.entry_b_id
    as_organizer.logout()
    assert client.get(t_url(tournament, "score_sheets", "swiss", 1)).status_code == 302


def test_round_lengths_grow_towards_the_final(as_organizer, make_tournament):
    tournament = make_tournament(8, format="single_elimination", default_length=5)
    final = Round.objects.get(stage__tournament=tournament, number=3)
    as_organizer.post(
        reverse("tournaments:round_edit", args=[tournament.club.slug, tournament.slug, final.pk]),
        {"match_format": "points", "length": 11},
    )
    final.refresh_from_db()
    assert final.length == 11
    assert final.matches.get().length == 11
    page = as_organizer.get(t_url(tournament, "bracket", "main")).content.decode()
    assert "11-point match" in page


def test_forfeit_awarded_by_the_organizer(as_organizer, make_tournament):
    tournament = make_tournament(2, format="single_elimination")
    match = open_matches(tournament)[0]
    page = as_organizer.get(
        reverse("matches:detail", args=[tournament.club.slug, tournament.slug, match.pk])
    ).content.decode()
    assert "Award the match without play" in page
    as_organizer.post(
        reverse("tournaments:forfeit", args=[tournament.club.slug, tournament.slug, match.pk]),
        {"winner": match.entry_b_id, "reason": "No show"},
    )
    match.refresh_from_db()
    assert match.outcome == "forfeit" and match.winner == match.entry_b
