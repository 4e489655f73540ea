"""What a newcomer sees on the console of `make run` (DEBUG on): one line per request, no
traceback for a refused page, one line per e-mail, and the app's own error pages."""

from __future__ import annotations

import io
import sys

import pytest
from daphne.management.commands.runserver import Command as DaphneRunserver
from django.conf import settings
from django.test import Client, override_settings
from django.urls import path, reverse
from django.utils.log import configure_logging

from clubs.models import Membership, Role
from notifications.tournament_notices import membership_welcome_notify
from tests.factories import MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def console():
    """The project's logging configuration writing to a buffer instead of the terminal."""
    buffer = io.StringIO()
    real = sys.stderr
    sys.stderr = buffer
    try:
        configure_logging(settings.LOGGING_CONFIG, settings.LOGGING)
    finally:
        sys.stderr = real
    yield buffer
    configure_logging(settings.LOGGING_CONFIG, settings.LOGGING)


def server_line(path: str, status: int) -> None:
    """The access line the development server (daphne's runserver) writes for a request."""
    DaphneRunserver().log_action(
        "http",
        "complete",
        {"method": "GET", "path": path, "status": status, "time_taken": 0.01, "client": "x:1"},
    )


def lines(buffer: io.StringIO) -> list[str]:
    return [line for line in buffer.getvalue().splitlines() if line.strip()]


@override_settings(DEBUG=True)
def test_a_request_is_one_line(client, console):
    response = client.get(reverse("home"))
    server_line("/", response.status_code)
    assert response.status_code == 200
    assert len(lines(console)) == 1, console.getvalue()


@override_settings(DEBUG=True)
def test_a_refused_page_is_one_line_without_a_traceback(client, console, club):
    client.force_login(UserFactory(username="nobody"))
    path = reverse("clubs:edit", kwargs={"club": club.slug})
    response = client.get(path)
    server_line(path, response.status_code)
    assert response.status_code == 403
    output = lines(console)
    assert len(output) == 1, console.getvalue()
    assert "Traceback" not in console.getvalue()
    assert path in output[0]


@override_settings(DEBUG=True)
def test_an_unknown_address_is_one_line(client, console):
    response = client.get("/no-such-page/")
    server_line("/no-such-page/", response.status_code)
    assert len(lines(console)) == 1, console.getvalue()


@override_settings(DEBUG=True, EMAIL_BACKEND="config.mail.ConsoleSummaryBackend", SITE_URL="")
def test_an_email_is_one_line_with_a_link_to_its_copy_in_the_app(
    console, club, django_capture_on_commit_callbacks
):
    user = UserFactory(username="alice", email="alice@example.com")
    membership = MembershipFactory(
        club=club, player=PlayerFactory(user=user, name="Alice"), role=Role.PLAYER
    )
    with django_capture_on_commit_callbacks(execute=True):
        assert membership_welcome_notify(membership_id=membership.pk)
    notification = Membership.objects.get(pk=membership.pk).player.notifications.get()
    mail_lines = [line for line in lines(console) if "alice@example.com" in line]
    assert len(mail_lines) == 1, console.getvalue()
    assert notification.subject in mail_lines[0]
    assert f"/notifications/#notification-{notification.pk}" in mail_lines[0]
    body_line = max(notification.body.splitlines(), key=len)
    assert body_line not in console.getvalue()


@pytest.mark.parametrize("language", ["en", "de"])
@override_settings(DEBUG=True)
def test_an_unknown_address_shows_the_apps_own_page(client, language):
    response = client.get("/no-such-page/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 404
    page = response.content.decode()
    assert "Using the URLconf" not in page
    expected = "This page does not exist." if language == "en" else "Diese Seite gibt es nicht."
    assert expected in page


@override_settings(DEBUG=True)
def test_a_missing_object_shows_the_apps_own_page(client):
    response = client.get("/clubs/no-such-club/")
    assert response.status_code == 404
    assert "This page does not exist." in response.content.decode()


@override_settings(DEBUG=True)
def test_an_address_without_its_slash_is_still_redirected(client, club):
    response = client.get(f"/clubs/{club.slug}")
    assert response.status_code == 301


@override_settings(DEBUG=True, DEBUG_TECHNICAL_PAGES=True)
def test_the_technical_page_when_asked_for(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert "Using the URLconf" in response.content.decode()


def broken_view(request):
    raise RuntimeError("a bug")


urlpatterns = [path("broken/", broken_view)]


@override_settings(DEBUG=True, ROOT_URLCONF="tests.test_console")
def test_an_error_shows_the_apps_own_500_page_and_logs_the_traceback(console):
    client = Client(raise_request_exception=False)
    response = client.get("/broken/")
    assert response.status_code == 500
    assert "Server error / Serverfehler" in response.content.decode()
    assert "Traceback" in console.getvalue() and "a bug" in console.getvalue()


@override_settings(DEBUG=True, DEBUG_TECHNICAL_PAGES=True, ROOT_URLCONF="tests.test_console")
def test_the_technical_500_page_when_asked_for():
    client = Client(raise_request_exception=False)
    response = client.get("/broken/")
    assert response.status_code == 500
    assert "RuntimeError" in response.content.decode()
