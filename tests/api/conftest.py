from __future__ import annotations

import pytest

from clubs.services.tokens import api_token_create
from tests.conftest import assert_nothing_stored, mat


@pytest.fixture
def match(make_match):
    return make_match()


@pytest.fixture
def token_key(club, organizer):
    return api_token_create(club=club, name="Results server", user=organizer)[1]


@pytest.fixture
def auth(token_key):
    return {"HTTP_AUTHORIZATION": f"Token {token_key}"}


def result_url(match) -> str:
    pk = match if isinstance(match, int) else match.pk
    return f"/api/matches/{pk}/result"


__all__ = ["assert_nothing_stored", "mat", "result_url"]
