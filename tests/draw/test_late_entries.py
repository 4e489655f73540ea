"""Late entries into a Swiss with a starting score, and byes players ask for."""

from __future__ import annotations

import pytest
from django.urls import reverse

from config.errors import UserError
from draw import services as draw_services
from entries.models import Entry
from matches.models import Match
from standings.selectors import tournament_standings
from tests.conftest import open_matches
from tests.factories import PASSWORD
from tournaments.models import Round

pytestmark = pytest.mark.django_db


def swiss(make_tournament, players=4, **settings):
    return make_tournament(
        players, format="swiss", swiss_rounds=3, auto_pair_next_round=True, **settings
    )


def points_of(tournament, name):
    row = next(r for r in tournament_standings(tournament).rows if r["player"] == name)
    return row["match_points"]


def in_round(tournament, number, entry):
    return Match.objects.filter(round__stage__tournament=tournament, round__number=number).filter(
        entry_a=entry
    ) | Match.objects.filter(
        round__stage__tournament=tournament, round__number=number, entry_b=entry
    )


def play_round(tournament, play):
    for match in open_matches(tournament):
        play(match)


@pytest.mark.parametrize(("start", "points", "expected"), [("zero", 0, 0), ("byes", 0, 1)])
def test_a_late_entry_starts_with_the_chosen_score_and_is_paired_from_his_round(
    make_tournament, play, start, points, expected
):
    tournament = swiss(make_tournament)
    late = draw_services.entry_add_late(
        tournament=tournament, name="Lena Late", from_round=2, start=start, points=points
    )
    assert points_of(tournament, "Lena Late") == expected
    assert not in_round(tournament, 1, late).exists()
    play_round(tournament, play)
    assert in_round(tournament, 2, late).exists()  # five players now: one of them has the bye
    assert Match.objects.filter(round__number=2, outcome="bye").count() == 1


def test_a_late_entry_with_the_organizers_points(make_tournament):
    tournament = swiss(make_tournament)
    draw_services.entry_add_late(
        tournament=tournament, name="Lena Late", from_round=2, start="points", points=3
    )
    assert points_of(tournament, "Lena Late") == 3


def test_a_late_entry_into_a_drawn_round_is_refused(make_tournament):
    tournament = swiss(make_tournament)
    with pytest.raises(UserError, match="not drawn yet"):
        draw_services.entry_add_late(tournament=tournament, name="Lena Late", from_round=1)
    with pytest.raises(UserError, match="not drawn yet"):
        draw_services.entry_add_late(tournament=tournament, name="Lena Late", from_round=4)
    assert not Entry.objects.filter(player__name="Lena Late").exists()


def test_a_bye_on_request_leaves_the_player_out_with_his_points(make_tournament, play):
    tournament = swiss(make_tournament)
    asker = Entry.objects.get(tournament=tournament, seed=1)
    draw_services.entry_request_bye(entry=asker, round_number=2, points=0)
    play_round(tournament, play)
    before = points_of(tournament, asker.player.name)
    second = Round.objects.get(stage__tournament=tournament, number=2)
    assert second.status == "paired"
    assert not in_round(tournament, 2, asker).exists()
    # Three players left: one of them has the pairing bye; the request is not that bye.
    bye = Match.objects.get(round=second, outcome="bye")
    assert bye.entry_a_id != asker.pk
    assert points_of(tournament, asker.player.name) == before


def test_a_bye_on_request_with_points_counts_in_the_standings(make_tournament, play, client):
    tournament = swiss(make_tournament)
    asker = Entry.objects.get(tournament=tournament, seed=2)
    draw_services.entry_request_bye(entry=asker, round_number=2, points=1)
    before = points_of(tournament, asker.player.name)
    play_round(tournament, play)
    won_round_one = points_of(tournament, asker.player.name) - before - 1
    assert won_round_one in (0, 1)
    url = reverse("tournaments:round", args=[tournament.club.slug, tournament.slug, "swiss", 2])
    page = client.get(url).content.decode()
    assert "Byes on request" in page and asker.player.name in page


def test_a_bye_for_a_drawn_round_is_refused(make_tournament):
    tournament = swiss(make_tournament)
    entry = Entry.objects.get(tournament=tournament, seed=1)
    with pytest.raises(UserError, match="not drawn yet"):
        draw_services.entry_request_bye(entry=entry, round_number=1)
    entry.refresh_from_db()
    assert entry.requested_byes == {}


def test_only_a_running_swiss_takes_late_entries(make_tournament):
    tournament = make_tournament(4, format="single_elimination")
    with pytest.raises(UserError, match="running Swiss"):
        draw_services.entry_add_late(tournament=tournament, name="Lena", from_round=2)


def test_the_organizer_enters_late_and_grants_a_bye_on_the_manage_page(
    make_tournament, client, organizer
):
    tournament = swiss(make_tournament)
    client.login(username=organizer.username, password=PASSWORD)
    args = [tournament.club.slug, tournament.slug]
    page = client.get(reverse("tournaments:manage", args=args)).content.decode()
    assert "Late entries and byes on request" in page
    page = client.post(
        reverse("tournaments:late_entry", args=args),
        {"name": "Lena Late", "from_round": 2, "start": "byes", "points": ""},
        follow=True,
    ).content.decode()
    assert "Lena Late is entered from round 2." in page
    entry = Entry.objects.get(player__name="Lena Late")
    assert entry.starting_points == 1
    page = client.post(
        reverse("tournaments:bye_request", args=args),
        {"entry": entry.pk, "round_number": 3, "points": 0},
        follow=True,
    ).content.decode()
    assert "Lena Late is not paired in round 3." in page
    page = client.post(
        reverse("tournaments:bye_request", args=args),
        {"entry": entry.pk, "round_number": 1, "points": 0},
        follow=True,
    ).content.decode()
    assert "not drawn yet" in page
    page = client.post(
        reverse("tournaments:bye_cancel", args=[*args, entry.pk, 3]), follow=True
    ).content.decode()
    assert "The bye is cancelled." in page
    entry.refresh_from_db()
    assert entry.requested_byes == {}
