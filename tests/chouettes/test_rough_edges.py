"""The chouette's rough edges: a session started by mistake is
removed (by its keeper while it has no game; with games, by an organizer who was shown what
is lost); a closed session seats nobody for a next game; a correction shows the whole sheet
as it will be before it is confirmed; the stake is typed as money in the reader's format."""

from __future__ import annotations

import pytest
from django.urls import reverse

from chouettes import selectors, services
from chouettes.core.sheet import GameSheet, Kind, Line, Side
from chouettes.models import ChouetteHappening, ChouetteLine, ChouetteSession, ChouetteSheet
from clubs.models import Role
from tests.factories import MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Ben", "Cleo", "Dirk", "Eva"]


@pytest.fixture
def players(club):
    made = []
    for name in NAMES:
        player = PlayerFactory(name=name, user=UserFactory(username=name.lower()))
        MembershipFactory(club=club, player=player, role=Role.PLAYER)
        made.append(player)
    return made


@pytest.fixture
def keeper(players):
    """Anna, a plain member, started the session and keeps its score."""
    return players[0].user


@pytest.fixture
def session(club, keeper, players):
    return services.chouette_create(
        club=club, user=keeper, name="Friday", players=players, stake=50
    )


def sheet(winner: Side, kind: Kind = Kind.SINGLE) -> GameSheet:
    return GameSheet(tuple(Line() for _ in range(4)), winner=winner, kind=kind)


def played(session, keeper, *winners: Side) -> None:
    for winner in winners:
        services.chouette_game_record(session=session, user=keeper, sheet=sheet(winner))


def stored(session) -> tuple[int, int, int]:
    return (
        ChouetteHappening.objects.filter(session=session).count(),
        ChouetteSheet.objects.filter(happening__session=session).count(),
        ChouetteLine.objects.filter(sheet__happening__session=session).count(),
    )


def sheet_data(winner: str, **extra) -> dict:
    data = {"winner": winner, "kind": "single"}
    for seat in range(4):
        data |= {f"cube_{seat}": 1, f"owner_{seat}": "center", f"drop_{seat}": "none"}
    return data | extra


# --- Removing a session started by mistake ----------------------------------------------------


def test_its_keeper_removes_a_session_without_games(client, session, keeper, club, players):
    url = reverse("chouettes:remove", args=[club.slug, session.pk])
    client.force_login(players[3].user)  # a player at the table who does not keep the score
    assert client.get(url).status_code == 403
    assert client.post(url, {"games_seen": 0}).status_code == 403
    assert ChouetteSession.objects.filter(pk=session.pk).exists()

    client.force_login(keeper)
    detail = client.get(session.get_absolute_url()).content.decode()
    assert url in detail  # the session's page offers the removal
    page = client.get(url).content.decode()
    assert "No game was entered in it" in page
    response = client.post(url, {"games_seen": 0})
    assert response.status_code == 302
    assert response["Location"] == reverse("chouettes:list", args=[club.slug])
    assert not ChouetteSession.objects.filter(pk=session.pk).exists()
    assert not ChouetteHappening.objects.filter(session_id=session.pk).exists()


def test_a_session_with_games_is_removed_by_an_organizer_told_what_is_lost(
    client, session, keeper, organizer, club
):
    played(session, keeper, Side.BOX, Side.BOX)
    url = reverse("chouettes:remove", args=[club.slug, session.pk])
    client.force_login(keeper)  # games were played for money: no longer the keeper's call
    assert url not in client.get(session.get_absolute_url()).content.decode()
    assert client.get(url).status_code == 403
    assert client.post(url, {"games_seen": 2}).status_code == 403

    client.force_login(organizer)
    page = client.get(url).content.decode()
    assert "Its 2 games are lost with it" in page
    assert "pays Anna €1.00" in page  # the settlement that goes with it (4 × 2 × 50 cents)
    before = stored(session)
    # The page was read before a third game was entered: the removal is refused.
    played(session, keeper, Side.BOX)
    response = client.post(url, {"games_seen": 2}, follow=True)
    assert "A game was entered since you looked" in response.content.decode()
    assert stored(session) == (before[0] + 1, before[1] + 1, before[2] + 4)
    assert client.post(url, {"games_seen": "²"}).status_code == 302  # refused, not a 500
    assert ChouetteSession.objects.filter(pk=session.pk).exists()

    response = client.post(url, {"games_seen": 3})
    assert response.status_code == 302
    assert not ChouetteSession.objects.filter(pk=session.pk).exists()
    assert stored(session) == (0, 0, 0)


# --- A closed session ----------------------------------------------------------------------


def test_a_closed_session_seats_nobody_for_a_next_game(client, session, keeper, players):
    played(session, keeper, Side.BOX, Side.BOX, Side.TEAM, Side.BOX, Side.BOX)
    client.force_login(players[2].user)
    assert "Game 6: the seats" in client.get(session.get_absolute_url()).content.decode()
    services.chouette_close(session=session, user=keeper)
    page = client.get(session.get_absolute_url()).content.decode()
    assert "Game 6: the seats" not in page and 'data-seat="box"' not in page
    part = client.get(session.get_absolute_url() + "?part=seats", HTTP_HX_REQUEST="true")
    assert "the seats" not in part.content.decode()
    assert "Game 5" in page  # the games played stay


# --- A correction, seen before it is saved -------------------------------------------------


def test_a_correction_shows_every_later_game_as_it_will_be_before_it_is_saved(
    client, session, keeper, club
):
    played(session, keeper, Side.BOX, Side.BOX, Side.TEAM)
    url = reverse("chouettes:correct", args=[club.slug, session.pk, 1])
    client.force_login(keeper)
    form = client.get(url).content.decode()
    assert "Show the sheet after the correction" in form
    before = stored(session)

    # Game 1 was the team's: Ben takes the box for game 2, and everything after moves.
    response = client.post(url, sheet_data("team", reason="Ben won", step="preview"))
    assert response.status_code == 200
    page = response.content.decode()
    assert stored(session) == before  # nothing saved yet
    view = selectors.session_view(session)
    expected = selectors.correction_preview(view, 1, sheet(Side.TEAM))
    assert [g.number for g in expected.games] == [1, 2, 3]
    assert all(g.changed for g in expected.games)
    assert [view.names[g.after.seats.box] for g in expected.games] == ["Anna", "Ben", "Ben"]
    for game in expected.games:
        assert f'id="preview-game-{game.number}"' in page
    assert "data-changed" in page and "Box: Ben" in page
    assert 'name="games_seen" value="3"' in page
    assert "Confirm the correction" in page
    # Every total as it will be: Anna lost game 1 instead of winning it.
    assert {row.name: row.after for row in expected.totals} == {
        view.names[p]: t for p, t in expected.state.totals.items()
    }
    assert sum(row.after for row in expected.totals) == 0

    # Back to the form: the sheet as entered, nothing saved.
    edit = client.post(url, sheet_data("team", reason="Ben won", step="edit"))
    assert (
        edit.status_code == 200 and "Show the sheet after the correction" in edit.content.decode()
    )
    assert stored(session) == before

    confirm = client.post(url, sheet_data("team", reason="Ben won", step="confirm", games_seen=3))
    assert confirm.status_code == 302
    after = selectors.session_view(session)
    assert after.state.totals == expected.state.totals
    assert [g.seats for g in after.state.games] == [g.after.seats for g in expected.games]


def test_a_confirmation_after_a_new_game_is_refused_and_saves_nothing(
    client, session, keeper, club
):
    played(session, keeper, Side.BOX, Side.BOX)
    url = reverse("chouettes:correct", args=[club.slug, session.pk, 1])
    client.force_login(keeper)
    preview = client.post(url, sheet_data("team", step="preview")).content.decode()
    assert 'name="games_seen" value="2"' in preview
    played(session, keeper, Side.TEAM)  # meanwhile, on another phone
    before = stored(session)
    response = client.post(url, sheet_data("team", step="confirm", games_seen=2))
    assert response.status_code == 400
    assert "A game was entered since you looked" in response.content.decode()
    assert stored(session) == before


def test_a_correction_the_rules_refuse_is_refused_in_the_preview(client, session, keeper, club):
    played(session, keeper, Side.BOX)
    url = reverse("chouettes:correct", args=[club.slug, session.pk, 1])
    client.force_login(keeper)
    before = stored(session)
    response = client.post(url, sheet_data("box", cube_0=2, step="preview"))
    assert response.status_code == 400
    page = response.content.decode()
    assert "A cube in the middle shows 1" in page and "Confirm the correction" not in page
    assert stored(session) == before


# --- The stake, as money -------------------------------------------------------------------


def new_session(client, club, stake: str, language: str, currency: str = "EUR"):
    data = {
        "name": "Abend",
        "stake": stake,
        "currency": currency,
        "cube_mode": "member",
        "consulting": "on",
        "jacoby": "on",
        "automatic_limit": 0,
        "partner_from": 0,
        "player_1": club.memberships.get(player__name="Anna").player_id,
        "player_2": club.memberships.get(player__name="Ben").player_id,
    }
    return client.post(
        reverse("chouettes:create", args=[club.slug]), data, HTTP_ACCEPT_LANGUAGE=language
    )


@pytest.mark.parametrize(
    ("language", "typed", "cents"),
    [
        ("de", "2,50", 250),
        ("en", "2.50", 250),
        ("de", "1.000", 100_000),
        ("en", "1,000.5", 100_050),
        ("en", "", 0),
        ("de", "3", 300),
    ],
)
def test_the_stake_is_typed_as_money_in_the_readers_format(
    client, club, players, language, typed, cents
):
    client.force_login(players[0].user)
    response = new_session(client, club, typed, language)
    assert response.status_code == 302, response.content.decode()
    assert ChouetteSession.objects.get(name="Abend").stake == cents


def test_the_stake_follows_the_currencys_minor_unit(client, club, players):
    client.force_login(players[0].user)
    assert new_session(client, club, "500", "en", currency="JPY").status_code == 302
    assert ChouetteSession.objects.get(name="Abend").stake == 500


@pytest.mark.parametrize(
    ("language", "typed"),
    [
        ("de", "2.50"),
        ("en", "2,50"),
        ("en", "2.505"),
        ("en", "-2"),
        ("en", "zwei"),
        ("en", "9" * 20),
    ],
)
def test_a_stake_that_is_not_money_is_refused_and_nothing_is_started(
    client, club, players, language, typed
):
    client.force_login(players[0].user)
    response = new_session(client, club, typed, language)
    assert response.status_code == 200
    assert 'class="error"' in response.content.decode() or "errorlist" in response.content.decode()
    assert not ChouetteSession.objects.filter(name="Abend").exists()


def test_the_form_shows_an_example_stake_in_the_readers_format(client, club, players):
    client.force_login(players[0].user)
    url = reverse("chouettes:create", args=[club.slug])
    assert 'placeholder="2,50"' in client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert 'placeholder="2.50"' in client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
