"""The match page: who may enter, report, confirm and correct; forms explain refusals."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubs.models import Role
from matches.models import MatchReport, MatchStatus
from tests.conftest import open_matches
from tests.factories import PASSWORD, MembershipFactory, TournamentFactory, UserFactory

pytestmark = pytest.mark.django_db

ROLES = [
    "anonymous",
    "player",
    "opponent",
    "other_player",
    "referee",
    "other_referee",
    "organizer",
]


@pytest.fixture
def setup(match_of, club, referee, organizer):
    match = match_of(default_length=5)
    users = {"referee": referee, "organizer": organizer}
    for role, entry in (("player", match.entry_a), ("opponent", match.entry_b)):
        user = UserFactory(username=role)
        entry.player.user = user
        entry.player.save()
        users[role] = user
    other = UserFactory(username="other_player")
    MembershipFactory(club=club, player__user=other, role=Role.PLAYER)
    users["other_player"] = other
    other_ref = UserFactory(username="other_referee")
    membership = MembershipFactory(player__user=other_ref, role=Role.REFEREE)
    TournamentFactory(club=membership.club).referees.add(membership.player)
    users["other_referee"] = other_ref
    return match, users


def login(client, users, role):
    if role != "anonymous":
        assert client.login(username=users[role].username, password=PASSWORD)
    return client


def url(match, name, **extra):
    tournament = match.round.stage.tournament
    return reverse(
        f"matches:{name}",
        kwargs={
            "club": tournament.club.slug,
            "tournament": tournament.slug,
            "match": match.pk,
            **extra,
        },
    )


def outcome(response):
    if response.status_code == 302 and "/accounts/login/" in response["Location"]:
        return "login"
    return response.status_code


@pytest.mark.parametrize(
    ("role", "allowed"),
    [
        ("anonymous", "login"),
        ("player", 403),
        ("opponent", 403),
        ("other_player", 403),
        ("referee", True),
        ("other_referee", 403),
        ("organizer", True),
    ],
)
def test_only_referees_of_this_tournament_and_organizers_enter_results(
    client, setup, role, allowed
):
    match, users = setup
    client = login(client, users, role)
    response = client.post(
        url(match, "game_add"),
        {"version": match.version, "winner": 0, "kind": "single", "cube": 1, "ended_by": "bearoff"},
    )
    entered = match.games.exists()
    assert entered == (allowed is True)
    if allowed is not True:
        assert outcome(response) == allowed


@pytest.mark.parametrize(
    ("role", "allowed"),
    [
        ("anonymous", "login"),
        ("player", True),
        ("opponent", True),
        ("other_player", 403),
        ("referee", 403),
        ("other_referee", 403),
        ("organizer", 403),
    ],
)
def test_only_the_two_players_report_their_result(client, setup, role, allowed):
    match, users = setup
    client = login(client, users, role)
    response = client.post(url(match, "report"), {"score_a": 5, "score_b": 3})
    assert MatchReport.objects.filter(match=match).exists() == (allowed is True)
    if allowed is not True:
        assert outcome(response) == allowed


def test_the_opponent_confirms_from_the_page(client, setup):
    match, users = setup
    login(client, users, "player").post(url(match, "report"), {"score_a": 5, "score_b": 3})
    report = MatchReport.objects.get(match=match)
    client.logout()
    page = login(client, users, "opponent").get(url(match, "detail")).content.decode()
    assert "reported 5–3" in page
    client.post(url(match, "report_decide", report_id=report.pk, action="confirm"))
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED


def test_a_refused_game_is_explained_next_to_the_field(client, setup):
    match, users = setup
    client = login(client, users, "referee")
    for _ in range(2):
        client.post(
            url(match, "game_add"),
            {
                "version": match.version,
                "winner": 0,
                "kind": "gammon",
                "cube": 1,
                "ended_by": "bearoff",
            },
        )
        match.refresh_from_db()
    # 4-0 in a 5-point match: the next game is the Crawford game, the cube field is gone.
    page = client.get(url(match, "detail")).content.decode()
    assert "Crawford game: no doubling" in page
    assert 'name="cube"' not in page
    response = client.post(
        url(match, "game_add"),
        {"version": match.version, "winner": 1, "kind": "single", "ended_by": "drop"},
        HTTP_HX_REQUEST="true",
    )
    body = response.content.decode()
    assert response.status_code == 200
    assert "Select a valid choice" in body  # a drop is not offered without a cube
    assert match.games.count() == 2


def test_htmx_entry_returns_the_updated_panel_with_the_running_score(client, setup):
    match, users = setup
    client = login(client, users, "referee")
    response = client.post(
        url(match, "game_add"),
        {"version": match.version, "winner": 1, "kind": "gammon", "cube": 2, "ended_by": "bearoff"},
        HTTP_HX_REQUEST="true",
    )
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="result-panel"')
    assert "0 – 4" in body
    assert "Game 1 entered" in body


def test_two_referees_with_the_same_page_the_second_is_told(client, setup):
    match, users = setup
    seen = match.version
    client = login(client, users, "referee")
    data = {"version": seen, "winner": 0, "kind": "single", "cube": 1, "ended_by": "bearoff"}
    client.post(url(match, "game_add"), data)
    response = client.post(url(match, "game_add"), {**data, "winner": 1}, follow=True)
    assert "Someone else changed this match" in response.content.decode()
    assert match.games.count() == 1


def test_correction_form_and_history_on_the_page(client, setup):
    match, users = setup
    client = login(client, users, "organizer")
    client.post(url(match, "final_score"), {"version": match.version, "score_a": 5, "score_b": 1})
    match.refresh_from_db()
    client.post(
        url(match, "correct"),
        {"version": match.version, "score_a": 5, "score_b": 3, "reason": "Misread sheet"},
    )
    page = client.get(url(match, "detail")).content.decode()
    assert "Misread sheet" in page
    assert "5–1" in page and "5–3" in page


def test_a_referee_moves_a_match_to_the_online_board_and_back(client, setup):
    match, users = setup
    client = login(client, users, "referee")
    client.post(url(match, "online_toggle"), {"online": "1"})
    match.refresh_from_db()
    assert match.is_online
    client.logout()
    page = login(client, users, "player").get(url(match, "detail")).content.decode()
    assert "Play on the online board" in page
    client.logout()
    client = login(client, users, "referee")
    client.post(url(match, "online_toggle"), {"online": "0"})
    match.refresh_from_db()
    assert not match.is_online


def test_no_referee_entry_while_the_board_is_playing_the_match(client, setup):
    from config.errors import UserError
    from matches.services import match_record_final_score, match_set_online
    from play.services import online_game_open

    match, users = setup
    match_set_online(match=match, online=True)
    assert online_game_open(match=match) is not None
    with pytest.raises(UserError, match="online board"):
        match_record_final_score(match=match, score_a=5, score_b=0)
    with pytest.raises(UserError, match="already started"):
        match_set_online(match=match, online=False)
    page = login(client, users, "referee").get(url(match, "detail")).content.decode()
    assert 'name="winner"' not in page
    assert "Watch on the online board" in page


def test_tournaments_played_online_draw_online_matches(make_tournament):
    tournament = make_tournament(4, online_play=True)
    assert all(m.is_online for m in open_matches(tournament))
