"""Who may enter a result or record a match: every cell of the tables in docs/roles.md, read
from the page itself, tried as that role on that kind of match. An allowed action takes
effect (a result moves the club's ratings); a refused one answers as the house does for that
page and changes nothing: no game, report, clock action, recording or ladder change, the
match keeps its version, and no rating moves."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from clubs.models import Membership, Role
from clubs.services.tokens import api_token_create
from draw import services as draw_services
from entries import services as entry_services
from ladders import services as ladder_services
from ladders.models import Challenge, LadderChange
from matches.models import Game, Match, MatchFile, MatchReport
from ratings.models import RatingChange
from recording.models import RecordedAction, RecordedMatch
from recording.services import recorded_match_mark
from tests.conftest import committed, new_club, new_organizer
from tests.factories import MembershipFactory, PlayerFactory, UserFactory
from tournaments import services

pytestmark = pytest.mark.django_db

DOC = Path(__file__).resolve().parent.parent / "docs" / "roles.md"

#: The tables' headings, and the kind of match each is about.
KINDS = {
    "A tournament's match": "tournament",
    "A match of a tournament that narrows its referees": "narrowed",
    "A ladder's match": "ladder",
}
ROLES = (
    "visitor",
    "member of the club",
    "player of the match",
    "player of the match, a club referee",
    "player of the match, the club's organizer",
    "the challenged player",
    "the match's recorder",
    "club referee",
    "club referee chosen for the tournament",
    "organizer of the club",
    "a member who referees another club",
    "organizer of another club",
    "the club's API token",
    "another club's API token",
)
ACTIONS = (
    "Match page",
    "API",
    "Clock",
    "Clock, recorder chosen",
    "Designate",
    "Report",
    "Answer",
)
NOT_APPLICABLE = "—"


def doc_tables() -> dict[str, dict[str, dict[str, str]]]:
    """``{kind: {role: {action: "yes" | "no" | "—"}}}`` as docs/roles.md writes it."""
    tables: dict[str, dict[str, dict[str, str]]] = {}
    kind = header = None
    for line in DOC.read_text().splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip()
            kind = KINDS.get(title) if line.startswith("### ") else None
            header = None
            if kind is not None:
                tables[kind] = {}
            continue
        if kind is None or not line.startswith("|"):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
        elif not set(cells[0]) <= {"-"}:
            # The last column says why.
            tables[kind][cells[0]] = dict(zip(header[1:-1], cells[1:-1], strict=True))
    return tables


TABLES = doc_tables()
CELLS = [
    pytest.param(kind, role, action, value, id=f"{kind}|{role}|{action}")
    for kind, rows in TABLES.items()
    for role, row in rows.items()
    for action, value in row.items()
    if value != NOT_APPLICABLE
]


def test_the_page_has_a_whole_table_for_each_kind_of_match():
    assert set(TABLES) == set(KINDS.values())
    for kind, rows in TABLES.items():
        expected_roles = set(ROLES) - ({"the challenged player"} if kind != "ladder" else set())
        assert set(rows) == expected_roles, kind
        for role, row in rows.items():
            expected_actions = set(ACTIONS) - ({"Answer"} if kind != "ladder" else set())
            assert set(row) == expected_actions, (kind, role)
            assert set(row.values()) <= {"yes", "no", NOT_APPLICABLE}, (kind, role)


# --- The club, its members, a match of each kind ---------------------------------------------


@dataclass(frozen=True)
class World:
    club: str
    users: dict[str, int]
    matches: dict[str, int]
    #: An open challenge of the player of the match (the challenger) to the challenged player.
    open_challenge: int
    ladder: str
    tokens: dict[str, str]
    #: Each role's session, logged in once for the module's cells.
    sessions: dict[str, str]


def _member(club, name: str, role: str = Role.PLAYER):
    user = UserFactory(username=f"roles-{name.lower()}")
    MembershipFactory(club=club, player=PlayerFactory(user=user, name=name), role=role)
    return user


def _tournament_match(club, organizer, anna, ben, name: str, **settings) -> Match:
    tournament = services.tournament_create(
        club=club, user=organizer, name=name, default_length=1, **settings
    )
    services.tournament_open_registration(tournament=tournament)
    entries = [
        entry_services.entry_add(tournament=tournament, player=u.player) for u in (anna, ben)
    ]
    entry_services.entries_set_seeds(
        tournament=tournament, ordered_entry_ids=[e.pk for e in entries]
    )
    committed(draw_services.tournament_start, tournament=tournament)
    return Match.objects.get(round__stage__tournament=tournament, status="ready")


@pytest.fixture(scope="module")
def world(module_db) -> World:
    olga = new_organizer("roles-olga")
    club = new_club(olga, "roles-club")
    oscar = new_organizer("roles-oscar")
    other = new_club(oscar, "roles-other")
    anna, ben = _member(club, "Anna"), _member(club, "Ben")
    cleo, rita = _member(club, "Cleo"), _member(club, "Rita")
    rudi = _member(club, "Rudi", Role.REFEREE)
    chris = _member(club, "Chris", Role.REFEREE)
    otto = _member(club, "Otto")
    MembershipFactory(club=other, player=otto.player, role=Role.REFEREE)

    open_match = _tournament_match(club, olga, anna, ben, "Open")
    # Anna is chosen too: when she is made a referee, only her playing the match refuses her.
    narrowed = _tournament_match(
        club,
        olga,
        anna,
        ben,
        "Narrowed",
        referee_scope="listed",
        referees=[chris.player, anna.player],
    )
    ladder = ladder_services.ladder_create(club=club, user=olga, name="Ladder", match_length=1)
    second = ladder_services.ladder_create(club=club, user=olga, name="Second", match_length=1)
    challenges = []
    for each in (ladder, second):
        for user in (ben, anna):
            ladder_services.ladder_join(ladder=each, player=user.player, user=user)
        challenges.append(
            ladder_services.challenge_create(
                ladder=each, challenger=anna.player, defender=ben.player, user=anna
            )
        )
    accepted = ladder_services.challenge_accept(challenge=challenges[0], user=ben)
    for match in (open_match, narrowed, accepted.match):
        assert (match.entry_a.player, match.entry_b.player) == (anna.player, ben.player)
    users = {
        "member of the club": cleo,
        "player of the match": anna,
        "player of the match, a club referee": anna,
        "player of the match, the club's organizer": anna,
        "the challenged player": ben,
        "the match's recorder": rita,
        "club referee": rudi,
        "club referee chosen for the tournament": chris,
        "organizer of the club": olga,
        "a member who referees another club": otto,
        "organizer of another club": oscar,
    }
    return World(
        club=club.slug,
        users={role: user.pk for role, user in users.items()},
        matches={
            "tournament": open_match.pk,
            "narrowed": narrowed.pk,
            "ladder": accepted.match.pk,
        },
        open_challenge=challenges[1].pk,
        ladder=second.slug,
        tokens={
            "the club's API token": api_token_create(club=club, name="Scores", user=olga)[1],
            "another club's API token": api_token_create(club=other, name="Theirs", user=oscar)[1],
        },
        sessions={role: _session_of(user) for role, user in users.items()},
    )


def _session_of(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies[django_settings.SESSION_COOKIE_NAME].value


@pytest.fixture(autouse=True)
def _own_caches(own_caches):
    """The tests share the club and its matches (``module_db``)."""


#: The role in the club the player of the match holds, by the role he is tried as.
PLAYING_ROLES = {
    "player of the match, a club referee": Role.REFEREE,
    "player of the match, the club's organizer": Role.ORGANIZER,
}


def _prepare(world: World, role: str, action: str, match: Match) -> None:
    anna = world.users["player of the match"]
    Membership.objects.filter(club__slug=world.club, player__user_id=anna).update(
        role=PLAYING_ROLES.get(role, Role.PLAYER)
    )
    if action == "Clock, recorder chosen" or role == "the match's recorder":
        recorder = get_user_model().objects.get(pk=world.users["the match's recorder"])
        recorded_match_mark(match=match.pk, recorder=recorder)


def _client(world: World, role: str) -> tuple[Client, dict[str, str]]:
    client = Client()
    if role in world.tokens:
        return client, {"HTTP_AUTHORIZATION": f"Token {world.tokens[role]}"}
    if role != "visitor":
        client.cookies[django_settings.SESSION_COOKIE_NAME] = world.sessions[role]
    return client, {}


def _stored(world: World, match_id: int) -> dict[str, object]:
    match = Match.objects.get(pk=match_id)
    return {
        "match": (match.status, match.score_a, match.score_b, match.winner_id, match.version),
        "games": Game.objects.filter(match_id=match_id).count(),
        "files": MatchFile.objects.filter(match_id=match_id).count(),
        "reports": list(MatchReport.objects.filter(match_id=match_id).values_list("status")),
        "recorded": list(
            RecordedMatch.objects.filter(match_id=match_id).values_list(
                "recorder_id", "minutes_per_point", "delay_seconds"
            )
        ),
        "actions": RecordedAction.objects.filter(recorded__match_id=match_id).count(),
        "ratings": RatingChange.objects.count(),
        "ladder changes": LadderChange.objects.count(),
        "challenge": Challenge.objects.get(pk=world.open_challenge).status,
    }


def _match_url(match: Match, name: str) -> str:
    tournament = match.round.stage.tournament
    return reverse(name, args=[tournament.club.slug, tournament.slug, match.pk])


#: A one-point game on the clock: the first player opens 3-1, makes his 5-point, and the
#: second resigns a single game.
GAME = [
    {"kind": "opening", "dice": [3, 1]},
    {"kind": "move", "side": 0, "play": "8/5 6/5"},
    {"kind": "resign", "side": 1, "resign": "single"},
    {"kind": "accept", "side": 0},
]


def _act(world: World, client: Client, headers: dict[str, str], action: str, match: Match):
    """Take ``action`` on ``match``: the last response."""
    if action == "Match page":
        return client.post(
            _match_url(match, "matches:final_score"),
            {"score_a": 1, "score_b": 0, "version": match.version},
        )
    if action == "API":
        return client.post(
            f"/api/matches/{match.pk}/result",
            {"score_a": 1, "score_b": 0},
            content_type="application/json",
            **headers,
        )
    if action in ("Clock", "Clock, recorder chosen"):
        url = _match_url(match, "recording:action")
        for number, step in enumerate(GAME):
            body = {"id": f"a{number}", "at": 1000 * (number + 1), "after": number, **step}
            response = client.post(url, json.dumps(body), content_type="application/json")
            if response.status_code != 200:
                break
        return response
    if action == "Designate":
        return client.post(
            _match_url(match, "recording:mark"),
            {"recorder": "", "minutes_per_point": 2, "delay_seconds": 12},
        )
    if action == "Report":
        return client.post(_match_url(match, "matches:report"), {"score_a": 1, "score_b": 0})
    assert action == "Answer"
    return client.post(
        reverse("ladders:decline", args=[world.club, world.ladder, world.open_challenge])
    )


def _assert_done(world: World, role: str, action: str, match_id: int, before, response) -> None:
    after = _stored(world, match_id)
    match = Match.objects.get(pk=match_id)
    if action == "Answer":
        assert response.status_code == 302
        assert after["challenge"] == "decided"
        assert after["ladder changes"] == before["ladder changes"] + 1
        return
    if action == "Designate":
        assert response.status_code == 302
        assert after["recorded"] == [(None, 2, 12)]
        return
    if action == "Report":
        assert response.status_code == 302
        assert MatchReport.objects.filter(match_id=match_id, status="pending").count() == 1
        assert after["ratings"] == before["ratings"]  # until the opponent confirms
        return
    if action in ("Clock", "Clock, recorder chosen"):
        assert response.status_code == 200, response.content
        assert response.json()["status"] == "applied"
        assert after["actions"] == len(GAME)
        if role.startswith("player of the match") or role == "the challenged player":
            # The players' record is their report: it counts once the opponent confirms it.
            assert match.status == "ready"
            assert MatchReport.objects.filter(match_id=match_id, status="pending").exists()
            assert after["ratings"] == before["ratings"]
            return
    elif action == "API":
        assert response.status_code == 200, response.json()
    else:
        assert response.status_code == 302
    # A result: the match is over, and the club's ratings moved.
    assert (match.status, match.score_a, match.score_b) == ("finished", 1, 0)
    assert after["ratings"] > before["ratings"]


def _assert_refused(role: str, action: str, response) -> None:
    if action == "API":
        body = response.json()
        if role == "visitor":
            assert (response.status_code, body["code"]) == (401, "not_authenticated")
        else:
            assert (response.status_code, body["code"]) == (403, "permission_denied")
            assert body["detail"] in (
                "Posting results needs a club API token: “Authorization: Token <key>”.",
                "This token belongs to another club than this match.",
            )
        return
    if action in ("Clock", "Clock, recorder chosen"):
        assert response.status_code == 404
        return
    if role == "visitor":
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))
        return
    assert response.status_code == (404 if action == "Designate" else 403)


@pytest.mark.parametrize(("kind", "role", "action", "expected"), CELLS)
def test_each_role_on_each_kind_of_match(
    world, kind, role, action, expected, django_capture_on_commit_callbacks
):
    match = Match.objects.select_related("round__stage__tournament__club").get(
        pk=world.matches[kind]
    )
    _prepare(world, role, action, match)
    match.refresh_from_db()
    before = _stored(world, match.pk)
    client, headers = _client(world, role)
    with django_capture_on_commit_callbacks(execute=True):
        response = _act(world, client, headers, action, match)
    if expected == "yes":
        _assert_done(world, role, action, match.pk, before, response)
    else:
        _assert_refused(role, action, response)
        assert _stored(world, match.pk) == before
