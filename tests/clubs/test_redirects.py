"""Regression: ``next`` on log-in, log-out and the language switch never leaves the site.

Verified safe when the issue "Results you can trust" was reported (finding 8); these pin it."""

from __future__ import annotations

from urllib.parse import quote, urlsplit

import pytest
from django.urls import reverse

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

# As a browser sends them: the query string is decoded once, so "%09" arrives as a tab.
EVIL = [
    "/\t/evil.example",
    "//evil.example",
    "/%09/evil.example",
    "%2F%2Fevil.example",
    "https://evil.example/",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    " //evil.example",
    "http:/\\/evil.example",
]


def stays_on_site(response) -> bool:
    assert response.status_code in (301, 302, 303), response.status_code
    location = response["Location"]
    # Browsers drop tabs and newlines and read backslashes as slashes before they follow.
    cleaned = "".join(c for c in location if c not in "\t\r\n").replace("\\", "/").strip()
    parts = urlsplit(cleaned)
    return parts.netloc in ("", "testserver") and not cleaned.startswith("//")


@pytest.mark.parametrize("target", EVIL)
def test_log_in_does_not_follow_next_off_site(client, target):
    UserFactory(username="ann")
    response = client.post(
        reverse("login"), {"username": "ann", "password": PASSWORD, "next": target}
    )
    assert stays_on_site(response)


@pytest.mark.parametrize("target", EVIL)
def test_log_in_with_next_in_the_query_string(client, target):
    UserFactory(username="ann")
    url = reverse("login") + "?next=" + quote(target, safe="%")
    response = client.post(url, {"username": "ann", "password": PASSWORD})
    assert stays_on_site(response)


@pytest.mark.parametrize("target", EVIL)
def test_log_out_does_not_follow_next_off_site(client, target):
    client.force_login(UserFactory(username="ann"))
    response = client.post(reverse("logout"), {"next": target})
    assert response.status_code == 200 or stays_on_site(response)
    if response.status_code != 200:
        return
    # Django's LogoutView renders the logged-out page for an unsafe ``next``.
    assert "evil.example" not in response.content.decode()


@pytest.mark.parametrize("target", EVIL)
def test_the_language_switch_does_not_follow_next_off_site(client, target):
    response = client.post(reverse("set_language"), {"language": "de", "next": target})
    assert stays_on_site(response)


@pytest.mark.parametrize("target", EVIL)
def test_the_language_switch_ignores_an_off_site_referer(client, target):
    response = client.post(reverse("set_language"), {"language": "de"}, HTTP_REFERER=target)
    assert stays_on_site(response)


def test_a_next_on_site_is_still_followed(client):
    UserFactory(username="ann")
    response = client.post(
        reverse("login"), {"username": "ann", "password": PASSWORD, "next": "/clubs/"}
    )
    assert response["Location"] == "/clubs/"
    response = client.post(reverse("set_language"), {"language": "de", "next": "/clubs/"})
    assert response["Location"] == "/clubs/"
