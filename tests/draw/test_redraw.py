"""Drawing again: the organizer is asked first, on a page that names every round drawn anew;
the rounds keep their match format, length and deadline (the stages their clock); and no
control is offered where the redraw cannot work."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.urls import reverse

from draw import services as draw_services
from matches.models import Match
from tests.conftest import open_matches
from tournaments.models import Round, Stage

pytestmark = pytest.mark.django_db

DEADLINE = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)


def manage_url(tournament):
    return reverse("tournaments:manage", args=[tournament.club.slug, tournament.slug])


def redraw_url(tournament, round_):
    return reverse(
        "tournaments:round_repair", args=[tournament.club.slug, tournament.slug, round_.pk]
    )


def rounds_of(tournament):
    return Round.objects.filter(stage__tournament=tournament).order_by("stage__order", "number")


@pytest.fixture
def league(make_tournament):
    """A round robin of 6: five rounds, round 5 set to best of 5 with a deadline."""
    tournament = make_tournament(6, format="round_robin", default_length=5)
    fifth = rounds_of(tournament).get(number=5)
    draw_services.round_update(round_=fifth, match_format="games", length=5, deadline=DEADLINE)
    return tournament


def test_a_redraw_keeps_each_rounds_match_format_length_and_deadline(league, commit):
    first = rounds_of(league).get(number=1)
    commit(draw_services.round_repair, round_=first)
    fifth = rounds_of(league).get(number=5)
    assert (fifth.match_format, fifth.length, fifth.deadline) == ("games", 5, DEADLINE)
    assert set(Match.objects.filter(round=fifth).values_list("match_format", "length")) == {
        ("games", 5)
    }
    assert rounds_of(league).count() == 5
    assert rounds_of(league).get(number=2).length == 5


def test_a_bracket_redraw_keeps_round_lengths_and_stage_clocks(make_tournament, commit):
    tournament = make_tournament(8, format="main_consolation", default_length=5)
    final = rounds_of(tournament).get(stage__kind="main", number=3)
    draw_services.round_update(round_=final, match_format="points", length=11)
    Stage.objects.filter(tournament=tournament, kind="consolation").update(
        clock="per_point", clock_minutes=3
    )
    first = rounds_of(tournament).get(stage__kind="main", number=1)
    commit(draw_services.round_repair, round_=first)
    assert rounds_of(tournament).get(stage__kind="main", number=3).length == 11
    assert set(
        Match.objects.filter(round__stage__kind="main", round__number=3).values_list(
            "length", flat=True
        )
    ) == {11}
    consolation = Stage.objects.get(tournament=tournament, kind="consolation")
    assert (consolation.clock, consolation.clock_minutes) == ("per_point", 3)


def test_the_button_asks_first_naming_every_round_and_only_the_confirmation_draws(
    league, client, organizer
):
    client.force_login(organizer)
    first = rounds_of(league).get(number=1)
    before = set(Match.objects.filter(round__stage__tournament=league).values_list("pk", flat=True))
    # The manage page links to the question; it does not draw.
    page = client.get(manage_url(league)).content.decode()
    assert f'href="{redraw_url(league, first)}"' in page
    question = client.get(redraw_url(league, first))
    assert question.status_code == 200
    text = question.content.decode()
    for number in range(1, 6):
        assert f"Round robin · {number}" in text
    assert "Best of 5 games" in text
    assert 'name="confirm"' in text
    # A POST without the confirmation draws nothing.
    client.post(redraw_url(league, first))
    after = set(Match.objects.filter(round__stage__tournament=league).values_list("pk", flat=True))
    assert after == before
    response = client.post(redraw_url(league, first), {"confirm": "1"})
    assert response.status_code == 302
    after = set(Match.objects.filter(round__stage__tournament=league).values_list("pk", flat=True))
    assert after and not after & before
    assert rounds_of(league).get(number=5).length == 5


def test_a_swiss_redraw_names_only_its_round(make_tournament, client, organizer):
    tournament = make_tournament(4, format="swiss", swiss_rounds=3)
    client.force_login(organizer)
    first = rounds_of(tournament).get(number=1)
    text = client.get(redraw_url(tournament, first)).content.decode()
    assert "Swiss · 1" in text and "Swiss · 2" not in text


def test_no_redraw_control_where_it_cannot_work(make_tournament, play, client, organizer):
    tournament = make_tournament(8, format="single_elimination")
    client.force_login(organizer)
    first = rounds_of(tournament).get(stage__kind="main", number=1)
    page = client.get(manage_url(tournament)).content.decode()
    # A bracket is drawn as a whole: the control is on its first round only.
    assert page.count("Draw again") == 1
    assert redraw_url(tournament, first) in page

    play(open_matches(tournament)[0])
    page = client.get(manage_url(tournament)).content.decode()
    assert "Draw again" not in page
    assert "/repair/" not in page
    question = client.get(redraw_url(tournament, first)).content.decode()
    assert "can no longer be made again" in question
    assert 'name="confirm"' not in question


def test_pairing_a_league_draft_again_asks_first(make_tournament, client, organizer):
    tournament = make_tournament(4, format="round_robin", review_rounds=True)
    client.force_login(organizer)
    first = rounds_of(tournament).get(number=1)
    page = client.get(
        reverse("tournaments:round", args=["bar", tournament.slug, "round_robin", 1])
    ).content.decode()
    # Every round of the league is drawn anew: the button leads to the question.
    assert f'href="{redraw_url(tournament, first)}"' in page
    question = client.get(redraw_url(tournament, first)).content.decode()
    assert all(f"Round robin · {n}" in question for n in (1, 2, 3))


def test_pairing_a_swiss_draft_again_needs_no_question(make_tournament, client, organizer):
    tournament = make_tournament(4, format="swiss", swiss_rounds=3, review_rounds=True)
    client.force_login(organizer)
    first = rounds_of(tournament).get(number=1)
    page = client.get(
        reverse("tournaments:round", args=["bar", tournament.slug, "swiss", 1])
    ).content.decode()
    assert f'action="{redraw_url(tournament, first)}"' in page
    assert 'name="confirm" value="1"' in page


def test_a_later_league_round_can_be_drawn_again_from_its_draft(
    make_tournament, client, organizer, commit
):
    tournament = make_tournament(4, format="round_robin", review_rounds=True)
    commit(draw_services.round_publish, round_=rounds_of(tournament).get(number=1))
    client.force_login(organizer)
    second = rounds_of(tournament).get(number=2)
    question = client.get(redraw_url(tournament, second)).content.decode()
    assert 'name="confirm"' in question and "Round robin · 1" in question
