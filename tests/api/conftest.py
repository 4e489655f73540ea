"""Fixtures of the API's tests: an organizer, his club, a match of the club and the club's
API token.

Each test builds its own unless its module shares them: a module whose tests mostly read the
match asks for ``shared`` at module scope, on ``module_db``::

    @pytest.fixture(scope="module")
    def shared(module_db):
        return shared_match()

The match (a whole tournament drawn through the services) is then built once for the module,
and a test that writes is rolled back after it. Every test of such a module starts from the
same data whatever ran before it (the fixtures below ask for ``shared`` whether a test uses
the match or not), gets copies of its own of the rows (a test that changes an instance must
not change the next test's), and gets caches of its own (``own_caches``): the data keeps its
ids and versions from test to test, so a page one test cached would be served to the next."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Exists, OuterRef

from clubs.models import Club
from clubs.services.tokens import api_token_create
from matches.models import Game, Match, MatchFile
from tests.conftest import (
    assert_nothing_stored,
    fresh,
    mat,
    match_made,
    new_club,
    new_organizer,
)


@dataclass(frozen=True)
class Shared:
    """What a module's tests share: ids (each test reads its own copies) and the token's key."""

    organizer_id: int
    club_id: int
    match_id: int
    token_key: str


def shared_match() -> Shared:
    """A module's shared data: an organizer, his club with its token, and the match of the
    club's one tournament. Named apart from the usual "olga" and "bar", which a test may
    still make."""
    organizer = new_organizer("api-organizer")
    club = new_club(organizer, "api-club")
    match = match_made(club, organizer)
    key = api_token_create(club=club, name="Results server", user=organizer)[1]
    return Shared(organizer.pk, club.pk, match.pk, key)


@pytest.fixture
def shared() -> Shared | None:
    """Nothing shared: each test builds its own data (a module overrides this, see above)."""
    return None


@pytest.fixture(autouse=True)
def _own_caches_when_shared(shared, request):
    """A module's shared data keeps its ids and versions from test to test: each test gets
    caches of its own."""
    if shared is not None:
        request.getfixturevalue("own_caches")


@pytest.fixture
def organizer(shared):
    if shared is None:
        return new_organizer()
    return get_user_model().objects.get(pk=shared.organizer_id)


@pytest.fixture
def club(shared, organizer):
    if shared is None:
        return new_club(organizer)
    return Club.objects.get(pk=shared.club_id)


@pytest.fixture
def match(shared, make_match):
    if shared is None:
        return make_match()
    return fresh(shared.match_id)


@pytest.fixture
def token_key(shared, club, organizer):
    if shared is None:
        return api_token_create(club=club, name="Results server", user=organizer)[1]
    return shared.token_key


@pytest.fixture
def auth(token_key):
    return {"HTTP_AUTHORIZATION": f"Token {token_key}"}


def nothing_stored_check(match: Match):
    """``assert_nothing_stored`` for a loop that checks the match thousands of times (the
    fuzzing's examples): the same state, version, and no game or file, read with one query
    built once, instead of three queries built anew each time."""
    sql, params = (
        Match.objects.filter(pk=match.pk)
        .values_list(
            "status",
            "score_a",
            "score_b",
            "version",
            Exists(Game.objects.filter(match=OuterRef("pk"))),
            Exists(MatchFile.objects.filter(match=OuterRef("pk"))),
        )
        .query.sql_with_params()
    )
    expected = [("ready", 0, 0, match.version, False, False)]

    def check() -> None:
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            found = [tuple(row) for row in cursor.fetchall()]
        assert found == expected, f"(status, score_a, score_b, version, games, files): {found}"

    return check


def result_url(match) -> str:
    pk = match if isinstance(match, int) else match.pk
    return f"/api/matches/{pk}/result"


__all__ = ["assert_nothing_stored", "mat", "result_url"]
