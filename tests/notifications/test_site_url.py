"""Links in e-mails use the address the app was reached at when SITE_URL is unset."""

from __future__ import annotations

import pytest
from django.urls import reverse

from config import settings as project_settings
from tests.conftest import open_matches
from tests.notifications.conftest import html_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def mail_without_site_url(settings, mailoutbox):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.SITE_URL = ""
    return mailoutbox


def test_a_result_entered_on_another_port_mails_links_to_that_port(
    client, field, organizer, mail_without_site_url, django_capture_on_commit_callbacks
):
    tournament = field(4)
    mail_without_site_url.clear()
    match = open_matches(tournament)[0]
    client.force_login(organizer)
    url = reverse(
        "matches:final_score",
        kwargs={"club": tournament.club.slug, "tournament": tournament.slug, "match": match.pk},
    )
    # The mails go out after the commit, once the request is over (as from a Celery worker).
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            url,
            {"version": match.version, "score_a": 5, "score_b": 2},
            HTTP_HOST="testserver:9123",
        )
    assert response.status_code in (200, 302)
    assert mail_without_site_url, "the result was mailed"
    for mail in mail_without_site_url:
        assert "http://testserver:9123/clubs/" in mail.body
        assert "http://testserver:9123/clubs/" in html_of(mail)
        assert ":8000" not in mail.body


def test_site_url_wins_when_it_is_set(
    client, field, organizer, settings, mail_without_site_url, django_capture_on_commit_callbacks
):
    settings.SITE_URL = "https://crawford.example/"
    tournament = field(2)
    mail_without_site_url.clear()
    match = open_matches(tournament)[0]
    client.force_login(organizer)
    url = reverse(
        "matches:final_score",
        kwargs={"club": tournament.club.slug, "tournament": tournament.slug, "match": match.pk},
    )
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            url, {"version": match.version, "score_a": 5, "score_b": 2}, HTTP_HOST="testserver:9123"
        )
    assert mail_without_site_url
    assert all("https://crawford.example/clubs/" in m.body for m in mail_without_site_url)


def test_site_url_does_not_default_to_port_8000():
    assert ":8000" not in project_settings.SITE_URL


def test_without_any_address_the_fallback_is_said_once_and_not_in_development(
    settings, caplog, monkeypatch
):
    from django.core.cache import cache

    from config import site

    settings.SITE_URL = ""
    cache.delete(site.LAST_ORIGIN_KEY)
    monkeypatch.setattr(site, "_fallback_logged", False)

    settings.DEBUG = True  # make run: the development server's address, nothing to say
    assert site.site_url() == site.DEVELOPMENT_ORIGIN
    settings.DEBUG = False
    assert [site.site_url() for _ in range(3)] == [site.FALLBACK] * 3
    warnings = [r for r in caplog.records if "SITE_URL is not set" in r.getMessage()]
    assert len(warnings) == 1
