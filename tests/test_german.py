"""Pages in German show German: stage and format names, the match history's reasons (also
rows stored before they were codes), form errors instead of raw constraint messages, and
numbers with a decimal comma."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.db import models
from django.urls import reverse
from django.utils import translation

from analysis.templatetags.analysis import memg
from matches import reasons
from matches.services import match_record_game
from ratings.models import ClubRating
from tests.conftest import open_matches
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}


def page(client, url, **extra):
    response = client.get(url, **{**GERMAN, **extra})
    assert response.status_code == 200
    return response.content.decode()


def test_stage_and_format_names_are_german(client, organizer, make_tournament):
    tournament = make_tournament(8, format="main_consolation")
    client.force_login(organizer)
    args = {"club": tournament.club.slug, "tournament": tournament.slug}
    bracket = page(client, reverse("tournaments:bracket", kwargs={**args, "stage": "main"}))
    assert "Hauptrunde" in bracket
    assert "· Main<" not in bracket and "· Main\n" not in bracket
    detail = page(client, reverse("tournaments:detail", kwargs=args))
    assert "Hauptrunde / Trostrunde / Letzte Chance" in detail


def _history_page(client, match):
    return page(client, _url(match))


def test_history_reasons_are_shown_in_the_readers_language(client, organizer, make_tournament):
    tournament = make_tournament(2)
    match = open_matches(tournament)[0]
    match_record_game(match=match, winner=0, kind="single", cube=1, user=organizer)
    # An English referee entered it; the German reader reads German.
    stored = list(match.history.values_list("history_change_reason", flat=True))
    assert "Game 1 entered" not in stored
    client.force_login(organizer)
    html = _history_page(client, match)
    assert "Spiel 1 eingetragen" in html
    assert "Game 1 entered" not in html


def test_old_history_rows_with_stored_texts_still_read_in_each_language(
    client, organizer, make_tournament
):
    tournament = make_tournament(2)
    match = open_matches(tournament)[0]
    match_record_game(match=match, winner=0, kind="single", cube=1, user=organizer)
    match_record_game(match=match, winner=0, kind="single", cube=1, user=organizer)
    first, second = match.history.order_by("history_id").reverse()[:2][::-1]
    type(first).objects.filter(pk=first.pk).update(history_change_reason="Game 1 entered")
    type(second).objects.filter(pk=second.pk).update(history_change_reason="Partie 2 eingetragen")
    client.force_login(organizer)
    html = _history_page(client, match)
    # A row stored in the German of its day reads in today's words.
    assert "Spiel 1 eingetragen" in html and "Spiel 2 eingetragen" in html
    english = client.get(_url(match), HTTP_ACCEPT_LANGUAGE="en")
    assert "Game 2 entered" in english.content.decode()


def _url(match):
    tournament = match.round.stage.tournament
    return reverse(
        "matches:detail",
        kwargs={"club": tournament.club.slug, "tournament": tournament.slug, "match": match.pk},
    )


def test_the_data_migration_turns_known_texts_into_codes(organizer, make_tournament):
    tournament = make_tournament(2)
    match = open_matches(tournament)[0]
    match_record_game(match=match, winner=0, kind="single", cube=1, user=organizer)
    row = match.history.order_by("-history_id").first()
    model = type(row)
    for text, code in [
        ("Game 1 entered", "game.entered?number=1"),
        ("Partie 12 eingetragen", "game.entered?number=12"),
        ("Endstand eingetragen", reasons.FINAL_SCORE),
        ("Time forfeit: Anna ran out of time.", "clock.time_forfeit?name=Anna"),
        ("The referee's own words", "The referee's own words"),
    ]:
        model.objects.filter(pk=row.pk).update(history_change_reason=text)
        migration = importlib.import_module("matches.migrations.0005_history_reasons_as_codes")
        migration.texts_to_codes(apps, None)
        assert model.objects.get(pk=row.pk).history_change_reason == code


def test_a_reason_code_reads_in_both_languages():
    stored = reasons.coded(reasons.GAME_ENTERED, number=3)
    with translation.override("de"):
        assert reasons.reason_label(stored) == "Spiel 3 eingetragen"
    with translation.override("en"):
        assert reasons.reason_label(stored) == "Game 3 entered"


@pytest.mark.parametrize(
    ("language", "message"),
    [("en", "Ensure this value is greater than or equal to 1."), ("de", "größer oder gleich 1")],
)
def test_a_match_length_of_0_is_a_form_error_not_a_constraint(
    client, organizer, club, language, message
):
    client.force_login(organizer)
    response = client.post(
        reverse("tournaments:create", kwargs={"club": club.slug}),
        {
            "name": "Null",
            "format": "single_elimination",
            "match_format": "points",
            "default_length": 0,
            "seeding": "random",
            "starting_rule": "opening_roll",
            "analysis_plies": 0,
        },
        HTTP_ACCEPT_LANGUAGE=language,
    )
    html = response.content.decode()
    assert "Constraint" not in html and "tournament_length_positive" not in html
    assert message in html


def test_every_check_constraint_has_a_message_of_its_own():
    missing = [
        f"{model.__name__}.{constraint.name}"
        for model in apps.get_models()
        for constraint in model._meta.constraints
        if isinstance(constraint, models.CheckConstraint)
        and constraint.get_violation_error_message()
        == constraint.default_violation_error_message % {"name": constraint.name}
    ]
    assert missing == []


def test_ratings_and_rates_have_a_decimal_comma(client, club):
    player = PlayerFactory(name="Karla")
    ClubRating.objects.create(club=club, player=player, rating=1593.4, experience=10)
    html = page(client, reverse("clubs:leaderboard", kwargs={"club": club.slug}))
    assert "1593,4" in html
    assert "1593.4" not in html
    english = client.get(
        reverse("clubs:leaderboard", kwargs={"club": club.slug}), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "1593.4" in english


def test_error_rates_have_a_decimal_comma():
    with translation.override("de"):
        assert memg(4.25) in ("4,2", "4,3")
    with translation.override("en"):
        assert memg(4.25) in ("4.2", "4.3")


def test_the_english_new_tournament_form_names_no_german_rule(client, organizer, club):
    client.force_login(organizer)
    url = reverse("tournaments:create", kwargs={"club": club.slug})
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "House rule" in english and "Regel" not in english
    german = page(client, url)
    assert "Hausregel" in german and "Partie" not in german and "Consolation" not in german
