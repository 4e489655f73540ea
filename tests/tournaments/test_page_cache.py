"""Public pages and API reads come from a cache keyed by the tournament's version: every way a
tournament changes shows on its pages at once, and HTMX polls are answered 304 when nothing
changed."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import Player
from clubs.services import player_rename
from draw import services as draw_services
from entries import services as entry_services
from entries.models import Entry
from matches.services import match_record_game
from tests.conftest import open_matches
from tests.factories import PlayerFactory
from tournaments import services
from tournaments.models import Round

pytestmark = pytest.mark.django_db


def t_url(tournament, name, *args):
    return reverse(f"tournaments:{name}", args=[tournament.club.slug, tournament.slug, *args])


def page(client, url, **headers):
    response = client.get(url, headers=headers)
    assert response.status_code == 200
    return response.content.decode()


def api(client, name, tournament):
    response = client.get(reverse(f"api:{name}", args=[tournament.pk]))
    assert response.status_code == 200
    return response.json()


@pytest.fixture
def swiss(make_tournament):
    return make_tournament(4, format="swiss", swiss_rounds=3)


def warm(client, tournament):
    """Visit every public page and API read once, so that they are cached."""
    for url in (
        tournament.get_absolute_url(),
        t_url(tournament, "standings"),
        t_url(tournament, "round", "swiss", 1),
    ):
        page(client, url)
    for name in ("tournament", "rounds", "matches", "standings"):
        api(client, name, tournament)


def test_a_result_shows_at_once_on_the_round_page_standings_and_api(client, swiss, play):
    warm(client, swiss)
    match = open_matches(swiss)[0]
    winner = match.entry_a.player.name
    play(match, score=(5, 2))
    assert "5 – 2" in page(client, t_url(swiss, "round", "swiss", 1))
    rows = {row["name"]: row for row in api(client, "standings", swiss)}
    assert rows[winner]["won"] == 1
    scores = {m["id"]: (m["score_a"], m["score_b"]) for m in api(client, "matches", swiss)}
    assert scores[match.pk] == (5, 2)
    standings = page(client, t_url(swiss, "standings"))
    assert standings.index(winner) < standings.index(match.entry_b.player.name)


def test_a_correction_shows_at_once(client, swiss, play, commit):
    match = play(open_matches(swiss)[0], score=(5, 2))
    warm(client, swiss)
    assert "5 – 2" in page(client, t_url(swiss, "round", "swiss", 1))
    commit(
        draw_services.tournament_correct_final_score,
        match=match,
        score_a=5,
        score_b=4,
        reason="Miscounted",
    )
    assert "5 – 4" in page(client, t_url(swiss, "round", "swiss", 1))
    scores = {m["id"]: (m["score_a"], m["score_b"]) for m in api(client, "matches", swiss)}
    assert scores[match.pk] == (5, 4)


def test_the_next_rounds_draw_shows_at_once(client, swiss, play):
    warm(client, swiss)
    assert "Round 2" not in page(client, swiss.get_absolute_url())
    for match in open_matches(swiss):
        play(match)
    assert "Round 2" in page(client, swiss.get_absolute_url())
    assert [r["number"] for r in api(client, "rounds", swiss)] == [1, 2]
    assert "Not drawn yet." not in page(client, t_url(swiss, "round", "swiss", 2))


def test_a_withdrawal_shows_at_once(client, swiss, commit):
    warm(client, swiss)
    entry = Entry.objects.filter(tournament=swiss).order_by("seed").last()
    commit(entry_services.entry_withdraw, entry=entry)
    assert "Withdrawn" in page(client, swiss.get_absolute_url())
    assert "Forfeit" in page(client, t_url(swiss, "round", "swiss", 1))


def test_a_setting_changed_shows_at_once(client, make_tournament):
    tournament = make_tournament(4, start=False, description="Bring a board.")
    page(client, tournament.get_absolute_url())
    services.tournament_update(tournament=tournament, description="Boards are provided.")
    assert "Boards are provided." in page(client, tournament.get_absolute_url())
    assert api(client, "tournament", tournament)["name"] == "Open"
    services.tournament_update(tournament=tournament, name="Spring Open")
    assert api(client, "tournament", tournament)["name"] == "Spring Open"


def test_registrations_approvals_and_seeds_show_at_once(client, make_tournament):
    tournament = make_tournament(2, start=False)
    assert "Player 003" not in page(client, tournament.get_absolute_url())
    entry = entry_services.entry_add_guest(tournament=tournament, name="Player 003")
    assert "Player 003" in page(client, tournament.get_absolute_url())
    ids = list(Entry.objects.filter(tournament=tournament).order_by("-pk").values_list("pk"))
    entry_services.entries_set_seeds(tournament=tournament, ordered_entry_ids=[pk for (pk,) in ids])
    overview = page(client, tournament.get_absolute_url())
    assert 'Player 003 <span class="muted">(seed 1)</span>' in overview
    assert 'Player 001 <span class="muted">(seed 3)</span>' in overview
    assert entry.pk == ids[0][0]


def test_a_renamed_player_shows_at_once(client, swiss):
    warm(client, swiss)
    player = Player.objects.get(entries__tournament=swiss, name="Player 001")
    player_rename(player=player, name="Paula Plakoto")
    assert "Paula Plakoto" in page(client, swiss.get_absolute_url())
    assert "Paula Plakoto" in page(client, t_url(swiss, "standings"))


def test_a_rounds_new_length_shows_at_once(client, swiss, commit):
    warm(client, swiss)
    round_ = Round.objects.get(stage__tournament=swiss, number=1)
    commit(draw_services.round_update, round_=round_, match_format="points", length=7)
    assert "7-point match" in page(client, t_url(swiss, "round", "swiss", 1))
    assert api(client, "rounds", swiss)[0]["length"] == 7


def test_a_bracket_shows_a_result_at_once(client, make_tournament, play):
    tournament = make_tournament(4)
    url = t_url(tournament, "bracket", "main")
    page(client, url)
    match = open_matches(tournament)[0]
    play(match, score=(5, 3))
    bracket = page(client, url)
    assert '<span class="pts">5</span>' in bracket
    assert '<span class="pts">3</span>' in bracket


def test_htmx_polls_are_answered_304_until_something_changes(client, swiss, play):
    url = t_url(swiss, "standings")
    first = client.get(url, headers={"HX-Request": "true"})
    assert first.status_code == 200
    etag = first["ETag"]
    again = client.get(url, headers={"HX-Request": "true", "If-None-Match": etag})
    assert again.status_code == 304
    play(open_matches(swiss)[0])
    changed = client.get(url, headers={"HX-Request": "true", "If-None-Match": etag})
    assert changed.status_code == 200
    assert changed["ETag"] != etag


def test_a_poll_in_another_language_is_not_answered_with_the_first(client, swiss):
    url = t_url(swiss, "standings")
    english = client.get(url, headers={"HX-Request": "true"})
    german = client.get(
        url,
        headers={"HX-Request": "true", "If-None-Match": english["ETag"]},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert german.status_code == 200
    assert "Spieler" in german.content.decode()


def test_the_log_in_bar_is_not_cached_with_the_page(client, swiss, organizer):
    warm(client, swiss)
    client.force_login(organizer)
    overview = page(client, swiss.get_absolute_url())
    assert organizer.username in overview
    assert "Organize" in overview
    client.logout()
    overview = page(client, swiss.get_absolute_url())
    assert organizer.username not in overview
    assert "Organize" not in overview


def test_long_standings_are_shown_in_pages_of_200(client, make_tournament):
    tournament = make_tournament(210, format="swiss", swiss_rounds=3)
    first = page(client, t_url(tournament, "standings"))
    second = page(client, t_url(tournament, "standings") + "?page=2")
    on_first = {f"Player {n:03d}" for n in range(1, 211) if f">Player {n:03d}<" in first}
    on_second = {f"Player {n:03d}" for n in range(1, 211) if f">Player {n:03d}<" in second}
    assert (len(on_first), len(on_second)) == (200, 10)
    assert not on_first & on_second


def test_anonymous_visitors_each_get_their_own_csrf_token_from_the_cached_page(swiss):
    url = swiss.get_absolute_url()
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    first.get(url)
    page = second.get(url).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    assert "__crawford_csrf_token__" not in page
    switched = second.post(
        reverse("set_language"), {"language": "de", "next": url, "csrfmiddlewaretoken": token}
    )
    assert switched.status_code == 302
    assert "Spieler" in second.get(url).content.decode()


def test_a_returning_visitor_keeps_their_csrf_cookie_and_each_page_a_fresh_token(swiss):
    url = swiss.get_absolute_url()
    visitor = Client(enforce_csrf_checks=True)
    visitor.get(url)  # the first page sets the cookie
    secret = visitor.cookies["csrftoken"].value
    tokens = []
    for _ in range(2):
        page = visitor.get(url).content.decode()
        tokens.append(re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1))
        assert visitor.cookies["csrftoken"].value == secret
    assert tokens[0] != tokens[1]  # masked anew on every page (BREACH)
    assert all(len(token) == 64 and token.isalnum() for token in tokens)
    switched = visitor.post(
        reverse("set_language"), {"language": "de", "next": url, "csrfmiddlewaretoken": tokens[0]}
    )
    assert switched.status_code == 302
    forged = visitor.post(
        reverse("set_language"), {"language": "en", "next": url, "csrfmiddlewaretoken": "x" * 64}
    )
    assert forged.status_code == 403


def test_a_game_entered_shows_at_once_on_the_match_page(client, make_match):
    match = make_match(length=5)
    url = reverse("matches:detail", args=["bar", match.round.stage.tournament.slug, match.pk])
    assert "Game 1" not in page(client, url)
    match_record_game(match=match, winner=0, kind="gammon", cube=1)
    assert "Game 1" in page(client, url)


def test_a_round_of_more_than_200_matches_is_shown_in_pages(client):
    from benchmarks._swiss_data import build_swiss
    from tests.factories import ClubFactory

    tournament = build_swiss(ClubFactory(slug="big"), players=420, rounds=1, slug="big-swiss")
    url = t_url(tournament, "round", "swiss", 1)
    first, second = page(client, url), page(client, url + "?page=2")
    assert first.count('<tr class="match') == 200
    assert second.count('<tr class="match') == 10
    assert "Page 2 of 2" in second


def test_the_cached_pages_tokens_use_the_whole_csrf_alphabet_evenly():
    from django.middleware.csrf import CSRF_ALLOWED_CHARS

    from tournaments.pagecache import _random_chars

    drawn = "".join(_random_chars(32) for _ in range(2000))
    counts = {char: drawn.count(char) for char in CSRF_ALLOWED_CHARS}
    assert len(drawn) == 64000 and set(drawn) == set(CSRF_ALLOWED_CHARS)
    expected = len(drawn) / len(CSRF_ALLOWED_CHARS)  # 1,032; a biased byte map gives 1.3x
    assert all(0.8 * expected < n < 1.2 * expected for n in counts.values()), counts


@pytest.mark.parametrize(
    "created",
    [
        "2026-11-26T12:34:56.789012+00:00",
        "2026-03-29T01:00:00+00:00",
        "1999-12-31T23:59:59.999999+00:00",
    ],
)
def test_a_tournament_is_keyed_alike_by_its_model_and_by_the_plain_version_queries(
    make_tournament, organizer, created
):
    """A visitor's read finds the tournament's version with a plain query, an organizer's
    and the model's own with the ORM: all three key its cached parts alike, to the
    microsecond of its creation."""
    from datetime import datetime, timedelta

    from api.selectors import api_tournament_version
    from tournaments.models import Tournament
    from tournaments.selectors import PublicTournamentVersions, public_tournament_version_by_id

    tournament = make_tournament(4, format="swiss", swiss_rounds=3)
    keys = []
    for moment in (
        datetime.fromisoformat(created),
        datetime.fromisoformat(created) + timedelta(microseconds=1),
    ):
        Tournament.objects.filter(pk=tournament.pk).update(created_at=moment)
        tournament.refresh_from_db()
        expected = tournament.page_version
        assert public_tournament_version_by_id(tournament.pk).page_version == expected
        assert api_tournament_version(organizer, None, tournament.pk).page_version == expected
        listed = [v.page_version for v in PublicTournamentVersions()[0:50] if v.pk == tournament.pk]
        assert listed == [expected]
        keys.append(expected)
    assert keys[0] != keys[1]


@pytest.mark.parametrize("visitor", ["anonymous", "member"])
def test_a_new_release_builds_the_cached_pages_and_parts_anew(client, swiss, monkeypatch, visitor):
    """A page cached by the last release (its HTML, the names of its assets, what it fixed)
    is not served by the next: the cache keys hold the code's digest (``config.release``)."""
    if visitor == "member":  # his pages are built around the templates' cached parts
        client.force_login(PlayerFactory().user)
    warm(client, swiss)
    # What the next release shows differently, written without raising the version.
    Player.objects.filter(entries__tournament=swiss, name="Player 001").update(name="Nell New")
    urls = [t_url(swiss, "standings"), t_url(swiss, "round", "swiss", 1)]
    assert not any("Nell New" in page(client, url) for url in urls)
    monkeypatch.setattr("tournaments.pagecache.release", lambda: "the-next-release")
    assert all("Nell New" in page(client, url) for url in urls)
    names = {row["name"] for row in api(client, "standings", swiss)}
    assert "Nell New" in names
