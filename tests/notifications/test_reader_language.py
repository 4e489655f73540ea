"""A notification is shown in its reader's language, whatever language it was made in: it is
kept as its kind and parameters (the e-mail went out in the recipient's language of the
moment). Logging in applies the language the player chose."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse

from clubs.models import Player
from matches import services as match_services
from notifications import kinds, params
from notifications.models import Notification
from notifications.services import render_kind
from tests.conftest import open_matches
from tests.factories import PASSWORD, NotificationFactory

pytestmark = pytest.mark.django_db


def _speaks(player: Player, language: str) -> None:
    Player.objects.filter(pk=player.pk).update(language=language)
    player.language = language


def test_a_notice_made_in_german_reads_in_english_on_the_english_page(client, field, people):
    alice = people["Alice"]
    _speaks(alice, "de")  # she switched to German once
    tournament = field(2)
    notice = Notification.objects.get(recipient=alice, kind=kinds.MATCH_READY)
    assert notice.language == "de" and "Ihr Match gegen Bruno" in notice.subject
    _speaks(alice, "en")  # and back

    client.login(username="alice", password=PASSWORD)
    english = client.get(reverse("notifications:list"), HTTP_ACCEPT_LANGUAGE="en").text
    assert f"{tournament.name}: your match against Bruno" in english
    assert "Ihr Match gegen" not in english and "Runde" not in english
    assert "Round 1" in english

    german = client.get(reverse("notifications:list"), HTTP_ACCEPT_LANGUAGE="de").text
    assert f"{tournament.name}: Ihr Match gegen Bruno" in german


def test_a_result_reads_as_it_was_when_it_was_made(client, field, people, commit, play):
    alice = people["Alice"]
    _speaks(alice, "de")
    tournament = field(2, default_length=5)
    match = open_matches(tournament)[0]
    play(match, score=(5, 2))  # Alice wins 5-2
    correction = match_services.match_correct_final_score
    commit(correction, match=match, score_a=5, score_b=4, reason="typo", user=None)
    client.login(username="alice", password=PASSWORD)
    page = client.get(reverse("notifications:list"), HTTP_ACCEPT_LANGUAGE="en").text
    assert "You won 5–2." in page  # the first notice keeps its score
    assert "You won 5–4." in page  # the correction's


def test_the_organizer_reads_the_guests_messages_in_his_language(client, field, organizer):
    tournament = field(2, guests=2)
    told = Notification.objects.filter(tournament=tournament, recipient__user__isnull=True)
    assert told.exists() and {n.language for n in told} == {"en"}
    client.force_login(organizer)
    url = reverse("notifications:tournament", args=[tournament.club.slug, tournament.slug])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="de").text
    assert "Ihr Match gegen Alice" in page
    assert "your match against" not in page


def test_old_notices_without_parameters_show_their_stored_text(client, people):
    alice = people["Alice"]
    NotificationFactory(recipient=alice, subject="Altes Thema", language="", params={})
    broken = {"objects": {}, "context": {"match": {"$row": "matches.match:999"}}}
    NotificationFactory(recipient=alice, subject="Kaputt", language="de", params=broken)
    client.login(username="alice", password=PASSWORD)
    page = client.get(reverse("notifications:list"), HTTP_ACCEPT_LANGUAGE="en").text
    assert "Altes Thema" in page and "Kaputt" in page


def test_every_kind_renders_from_its_parameters_as_it_was_made(field, people, commit, play, club):
    """The parameters keep everything the templates read: rendered again in the language it
    was made in, each notice of a whole tournament (drawn, reported, disputed, recorded,
    corrected, finished) is the text that was stored."""
    referee = people["Rita"]
    _speaks(people["Bruno"], "de")
    tournament = field(4, guests=0)
    tournament.referees.add(referee)
    first, second = open_matches(tournament)
    report = commit(
        match_services.report_submit, match=first, player=people["Alice"], score_a=5, score_b=1
    )
    commit(match_services.report_dispute, report=report, by=people["David"], note="5-3!")
    play(first)
    play(second)
    play(open_matches(tournament)[0])
    made = list(Notification.objects.select_related("recipient"))
    assert {
        kinds.MATCH_READY,
        kinds.RESULT_REPORTED,
        kinds.RESULT_DISPUTED,
        kinds.RESULT_RECORDED,
        kinds.TOURNAMENT_FINISHED,
    } <= {n.kind for n in made}
    for notice in made:
        again = render_kind(
            kind=notice.kind,
            context=params.thaw(notice.params),
            recipient=notice.recipient,
            url=notice.url,
            language=notice.language,
            html=False,
        )
        assert (again.subject, again.body) == (notice.subject, notice.body), notice.kind


def test_the_parameters_keep_no_password_and_no_address(field, people):
    field(2)
    notice = Notification.objects.filter(kind=kinds.MATCH_READY).first()
    kept = str(notice.params)
    assert "pbkdf2" not in kept and "password" not in kept and "@example.com" not in kept


def test_logging_in_applies_the_saved_language(client, people):
    _speaks(people["Alice"], "de")
    response = client.post(
        reverse("login"), {"username": "alice", "password": PASSWORD}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 302
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"
    page = client.get(reverse("notifications:list"), HTTP_ACCEPT_LANGUAGE="en")
    assert page.text.count("Benachrichtigungen") >= 1


def test_signing_up_keeps_the_language_of_the_page(client):
    client.post(
        reverse("signup"),
        {
            "username": "zora",
            "email": "zora@example.com",
            "first_name": "Zora",
            "last_name": "Z",
            "password1": "a-long-Passw0rd!",
            "password2": "a-long-Passw0rd!",
        },
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert Player.objects.get(user__username="zora").language == "de"
