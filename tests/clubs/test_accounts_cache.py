"""The log-in and sign-up pages are the same for every visitor but for the CSRF token: a
visitor's GET comes from the process's copy of the page, with a token of his own that works."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.test.signals import template_rendered
from django.urls import reverse

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

SIGN_UP = {
    "username": "newbie",
    "email": "newbie@example.com",
    "password1": "tavla-is-fun-42",
    "password2": "tavla-is-fun-42",
}


def token_of(page: str) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)


def visit(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("name", ["login", "signup"])
def test_a_second_visit_is_served_without_rendering_the_form(client, name):
    visit(client, reverse(name))
    rendered = []

    def note(sender, template, **kwargs):
        rendered.append(template.name)

    template_rendered.connect(note)
    try:
        page = visit(Client(), reverse(name))
    finally:
        template_rendered.disconnect(note)
    assert rendered == []
    assert 'name="username"' in page and "__crawford_csrf_token__" not in page


def test_each_visitor_logs_in_with_a_token_of_his_own():
    UserFactory(username="lotte")
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    tokens = [token_of(visit(visitor, reverse("login"))) for visitor in (first, second)]
    assert tokens[0] != tokens[1]
    forged = {"username": "lotte", "password": PASSWORD, "csrfmiddlewaretoken": "x" * 64}
    assert second.post(reverse("login"), forged).status_code == 403
    logged_in = second.post(
        reverse("login"),
        {"username": "lotte", "password": PASSWORD, "csrfmiddlewaretoken": tokens[1]},
    )
    assert logged_in.status_code == 302
    assert second.get(reverse("dashboard")).status_code == 200


def test_each_visitor_signs_up_with_a_token_of_his_own():
    visit(Client(), reverse("signup"))
    visitor = Client(enforce_csrf_checks=True)
    token = token_of(visit(visitor, reverse("signup")))
    response = visitor.post(reverse("signup"), {**SIGN_UP, "csrfmiddlewaretoken": token})
    assert response.status_code == 302 and response["Location"] == reverse("dashboard")


def test_the_log_in_page_keeps_where_to_go_next_and_is_never_kept_by_the_browser(client):
    for target in ("/clubs/", "/dashboard/", "/clubs/"):
        response = client.get(reverse("login") + f"?next={target}")
        assert f'name="next" value="{target}"' in response.content.decode()
        assert "no-store" in response["Cache-Control"]


def test_a_logged_in_user_is_not_served_the_visitors_page(client):
    visit(client, reverse("login")), visit(client, reverse("signup"))
    client.force_login(UserFactory(username="lotte"))
    assert "lotte" in visit(client, reverse("login"))
    response = client.get(reverse("signup"))
    assert response.status_code == 302 and response["Location"] == reverse("dashboard")
