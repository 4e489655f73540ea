"""Fuzzing the chouette and ladder endpoints against the schema, on a real session, ladder
and challenge with the club's token: never a 5xx, every error in the API's shape, and a
refused write changes nothing."""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode

from chouettes import services as chouette_services
from chouettes.models import ChouetteHappening, ChouetteSession, ChouetteSheet
from clubs.models import Role
from ladders import services as ladder_services
from ladders.models import Challenge, LadderChange
from matches.models import Game
from tests.api.test_schema import SCHEMA, rolled_back, wsgi_app  # noqa: F401 - a fixture
from tests.factories import MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db

JSON = "application/json"
EXAMPLES = 30
OPERATIONS = [
    (path, method.upper())
    for path, item in SCHEMA["paths"].items()
    for method in item
    if method in {"get", "post"} and ("/chouettes" in path or "/ladders" in path)
]


def test_every_chouette_and_ladder_operation_is_fuzzed():
    assert len(OPERATIONS) == 16


@pytest.fixture
def night(club, organizer):
    players = []
    for name in ("Anna", "Ben", "Cleo", "Dirk"):
        player = PlayerFactory(name=name)
        MembershipFactory(club=club, player=player, role=Role.PLAYER)
        players.append(player)
    session = chouette_services.chouette_create(
        club=club, user=organizer, name="Friday", players=players, stake=50
    )
    ladder = ladder_services.ladder_create(club=club, user=organizer, name="Ladder")
    for player in players:
        ladder_services.ladder_join(ladder=ladder, player=player, user=organizer)
    challenge = ladder_services.challenge_create(
        ladder=ladder, challenger=players[3], defender=players[2], user=None
    )
    return {
        "slug": club.slug,
        "session": session.pk,
        "number": 1,
        "ladder": ladder.pk,
        "challenge": challenge.pk,
    }


def state() -> tuple[int, ...]:
    return (
        ChouetteSession.objects.count(),
        ChouetteHappening.objects.count(),
        ChouetteSheet.objects.count(),
        Challenge.objects.count(),
        Challenge.objects.filter(status="open").count(),
        LadderChange.objects.count(),
        Game.objects.count(),
    )


@pytest.mark.parametrize(("path", "method"), OPERATIONS, ids=[f"{m} {p}" for p, m in OPERATIONS])
def test_no_chouette_or_ladder_operation_answers_5xx(
    path,
    method,
    wsgi_app,  # noqa: F811 - the fixture imported above
    night,
    token_key,
):
    operation = schemathesis.openapi.from_dict(SCHEMA)[path][method]
    cases = st.one_of(
        operation.as_strategy(generation_mode=GenerationMode.POSITIVE),
        operation.as_strategy(generation_mode=GenerationMode.NEGATIVE),
    )
    before = state()

    @given(case=cases, real=st.booleans(), token=st.booleans())
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def run(case, real, token):
        if real and case.path_parameters:
            for name in case.path_parameters:
                case.path_parameters[name] = night[name]
        headers = {"Authorization": f"Token {token_key}"} if token else {}
        with rolled_back():
            response = case.call(app=wsgi_app, headers=headers)
            assert response.status_code < 500, (case.as_curl_command(), response.text[:2000])
            if response.status_code >= 400 and response.headers.get("content-type") == [JSON]:
                assert response.json()["detail"]
            if response.status_code >= 300:
                assert state() == before, case.as_curl_command()

    run()
