from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from clubs.models import Player
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def test_sign_up_creates_an_account_and_logs_in(client):
    response = client.post(
        reverse("signup"),
        {
            "username": "newbie",
            "email": "newbie@example.com",
            "first_name": "Nina",
            "last_name": "New",
            "password1": "tavla-is-fun-42",
            "password2": "tavla-is-fun-42",
        },
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("dashboard")
    assert Player.objects.get(user__username="newbie").name == "Nina New"
    assert "Nina New" in client.get(reverse("dashboard")).content.decode()


def test_sign_up_with_a_taken_email_explains_and_creates_nothing(client):
    UserFactory(username="first", email="same@example.com")
    response = client.post(
        reverse("signup"),
        {
            "username": "second",
            "email": "SAME@example.com",
            "password1": "tavla-is-fun-42",
            "password2": "tavla-is-fun-42",
        },
    )
    assert response.status_code == 200
    assert "already exists" in response.content.decode()
    assert not get_user_model().objects.filter(username="second").exists()


def test_log_in_and_out(client):
    UserFactory(username="lotte")
    response = client.post(reverse("login"), {"username": "lotte", "password": PASSWORD})
    assert response.status_code == 302
    assert client.get(reverse("dashboard")).status_code == 200
    client.post(reverse("logout"))
    response = client.get(reverse("dashboard"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_password_reset_by_email(client, mailoutbox):
    user = UserFactory(username="forgetful", email="forgetful@example.com")
    client.post(reverse("password_reset"), {"email": "forgetful@example.com"})
    assert len(mailoutbox) == 1
    link = re.search(r"https?://[^/]+(/accounts/reset/\S+)", mailoutbox[0].body).group(1)
    form_page = client.get(link, follow=True)
    assert form_page.status_code == 200
    client.post(
        form_page.redirect_chain[-1][0] if form_page.redirect_chain else link,
        {"new_password1": "a-brand-new-pass-9", "new_password2": "a-brand-new-pass-9"},
    )
    user.refresh_from_db()
    assert user.check_password("a-brand-new-pass-9")


def test_the_language_switch_shows_german_and_remembers_it(client):
    user = UserFactory(username="jens")
    Player.objects.create(user=user, name="Jens")
    client.login(username="jens", password=PASSWORD)
    client.post(reverse("set_language"), {"language": "de", "next": "/clubs/"})
    page = client.get(reverse("clubs:list")).content.decode()
    assert 'lang="de"' in page
    assert "Vereine" in page
    assert Player.objects.get(user=user).language == "de"
