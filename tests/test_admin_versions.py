"""The admin writes models directly: an organizer's fix there shows at once on the cached pages
(``config.admin_versions``), and raises each version once."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubs.models import Club, Player
from matches.services import match_record_game
from tests.browser_form import page_forms
from tests.factories import UserFactory
from tournaments.models import Tournament
from tournaments.services import season_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    UserFactory(username="root", is_staff=True, is_superuser=True)
    admin = type(client)()
    admin.login(username="root", password="correct-horse-battery")
    return admin


def admin_url(obj, view="change"):
    opts = obj._meta
    return reverse(f"admin:{opts.app_label}_{opts.model_name}_{view}", args=[obj.pk])


def save_in_admin(admin_client, obj, **changes: str) -> None:
    """Open the object's admin page and save it with ``changes``, as a browser would."""
    url = admin_url(obj)
    html = admin_client.get(url).content.decode()
    form = next(f for f in page_forms(html) if f.attrs.get("id", "").endswith("_form"))
    data = form.data()
    data.update({name: [value] for name, value in changes.items()})
    response = admin_client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]


def page(client, url):
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def version(model, pk):
    return model.objects.values_list("version", flat=True).get(pk=pk)


def test_a_tournament_fixed_in_the_admin_shows_at_once_raised_once(
    client, admin_client, make_tournament
):
    tournament = make_tournament(4, format="swiss", swiss_rounds=3, description="Bring a board.")
    url = tournament.get_absolute_url()
    assert "Bring a board." in page(client, url)
    before = version(Tournament, tournament.pk)
    # The change form saves the tournament, its stages and its entries (inlines): one change.
    save_in_admin(admin_client, tournament, description="Boards are provided.")
    assert "Boards are provided." in page(client, url)
    assert version(Tournament, tournament.pk) == before + 1


def test_a_player_renamed_in_the_admin_shows_at_once(client, admin_client, make_tournament, club):
    tournament = make_tournament(4, format="swiss", swiss_rounds=3)
    player = Player.objects.get(entries__tournament=tournament, name="Player 001")
    club_url = reverse("clubs:detail", args=[club.slug])
    page(client, tournament.get_absolute_url()), page(client, club_url)
    before = version(Club, club.pk), version(Tournament, tournament.pk)
    save_in_admin(admin_client, player, name="Paula Plakoto")
    assert "Paula Plakoto" in page(client, tournament.get_absolute_url())
    assert "Paula Plakoto" in page(client, club_url)
    assert (version(Club, club.pk), version(Tournament, tournament.pk)) == (
        before[0] + 1,
        before[1] + 1,
    )


def test_a_game_deleted_in_the_admin_shows_at_once_on_the_match_page(
    client, admin_client, make_match
):
    match = make_match(length=5)
    game = match_record_game(match=match, winner=0, kind="gammon")
    url = reverse("matches:detail", args=["bar", match.round.stage.tournament.slug, match.pk])
    assert 'class="table games"' in page(client, url)
    response = admin_client.post(admin_url(game, "delete"), {"post": "yes"})
    assert response.status_code == 302
    assert 'class="table games"' not in page(client, url)


def test_entries_deleted_from_the_admins_list_show_at_once(client, admin_client, make_tournament):
    tournament = make_tournament(3, start=False)
    url = tournament.get_absolute_url()
    assert "Player 003" in page(client, url)
    entry = tournament.entries.get(player__name="Player 003")
    response = admin_client.post(
        reverse("admin:entries_entry_changelist"),
        {"action": "delete_selected", "_selected_action": [entry.pk], "post": "yes"},
    )
    assert response.status_code == 302
    assert "Player 003" not in page(client, url)


def test_a_tournament_deleted_in_the_admin_leaves_the_clubs_page(
    client, admin_client, make_tournament, club
):
    tournament = make_tournament(0, start=False, name="Gone Cup", is_published=True)
    club_url = reverse("clubs:detail", args=[club.slug])
    assert "Gone Cup" in page(client, club_url)
    response = admin_client.post(admin_url(tournament, "delete"), {"post": "yes"})
    assert response.status_code == 302, response.content.decode()[-3000:]
    assert "Gone Cup" not in page(client, club_url)


def test_a_result_set_back_in_the_match_history_shows_at_once(client, admin_client, make_match):
    match = make_match(length=5)
    url = reverse("matches:detail", args=["bar", match.round.stage.tournament.slug, match.pk])
    match_record_game(match=match, winner=0, kind="backgammon")
    assert 'aria-label="Score">3 – 0<' in page(client, url)
    first = match.history.order_by("history_id").first()
    history_url = reverse("admin:matches_match_simple_history", args=[match.pk, first.history_id])
    html = admin_client.get(history_url).content.decode()
    form = next(f for f in page_forms(html) if f.attrs.get("id", "").endswith("_form"))
    response = admin_client.post(history_url, form.data())
    assert response.status_code == 302, response.content.decode()[:2000]
    match.refresh_from_db()
    assert (match.score_a, match.score_b) == (0, 0)
    assert 'aria-label="Score">0 – 0<' in page(client, url)


def test_a_season_renamed_in_the_admin_shows_at_once(client, admin_client, club):
    season = season_create(club=club, name="Winter series")
    url = reverse("clubs:seasons", args=[club.slug])
    assert "Winter series" in page(client, url)
    save_in_admin(admin_client, season, name="Summer series")
    assert "Summer series" in page(client, url)
