"""Chouette sessions in the database: games recorded and corrected with history, the rotation
re-derived after a correction, players joining and leaving, bad input refused with nothing
saved, and the pages (the keeper enters, everybody else reads)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from chouettes import selectors, services
from chouettes.core.sheet import Drop, GameSheet, Kind, Line, Owner, Side
from chouettes.models import ChouetteHappening, ChouetteSheet
from clubs.models import Club, Role
from config.errors import UserError
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
def session(club, organizer, players):
    return services.chouette_create(
        club=club, user=organizer, name="Friday", players=players, stake=50, jacoby=True
    )


def team_sheet(members: int, winner: Side, kind: Kind = Kind.SINGLE, **line) -> GameSheet:
    return GameSheet(tuple(Line(**line) for _ in range(members)), winner=winner, kind=kind)


def seats(session):
    view = selectors.session_view(session)
    return [view.names[p] for p in view.present]


def test_games_rotate_sum_to_zero_and_a_correction_reseats_the_later_games(session, organizer):
    assert seats(session) == NAMES  # Anna in the box, Ben captain
    services.chouette_game_record(session=session, user=organizer, sheet=team_sheet(4, Side.BOX))
    assert seats(session) == ["Anna", "Cleo", "Dirk", "Eva", "Ben"]
    services.chouette_game_record(
        session=session,
        user=organizer,
        sheet=team_sheet(4, Side.TEAM, Kind.GAMMON, cube=2, owner=Owner.MEMBER),
    )
    # The captain won: Cleo takes the box, Anna goes to the end of the line.
    assert seats(session) == ["Cleo", "Dirk", "Eva", "Ben", "Anna"]
    view = selectors.session_view(session)
    assert view.state.totals == {
        selectors_id(view, "Anna"): 4 - 16,
        selectors_id(view, "Ben"): -1 + 4,
        selectors_id(view, "Cleo"): -1 + 4,
        selectors_id(view, "Dirk"): -1 + 4,
        selectors_id(view, "Eva"): -1 + 4,
    }

    # Game 1 was entered wrongly: the team won it. Ben becomes the box for game 2, and game
    # 2's sheet (by seats) now has Ben in the box, who lost it.
    services.chouette_game_correct(
        session=session,
        user=organizer,
        game_number=1,
        sheet=team_sheet(4, Side.TEAM),
        reason="Ben won",
    )
    view = selectors.session_view(session)
    game2 = view.state.games[1]
    assert view.names[game2.seats.box] == "Ben"
    assert [view.names[p] for p in view.present] == ["Cleo", "Dirk", "Eva", "Anna", "Ben"]
    assert all(sum(g.results.values()) == 0 for g in view.state.games)
    # Nothing deleted: both versions of game 1 are kept.
    assert (
        ChouetteSheet.objects.filter(happening__session=session, happening__game_number=1).count()
        == 2
    )


def selectors_id(view, name):
    return next(p for p, n in view.names.items() if n == name)


def test_joins_and_leaves_between_games(session, organizer, club, players):
    newcomer = PlayerFactory(name="Fritz")
    MembershipFactory(club=club, player=newcomer)
    services.chouette_join(session=session, user=organizer, player=newcomer)
    assert seats(session)[-1] == "Fritz"
    services.chouette_leave(session=session, user=organizer, player=players[0])  # the box
    assert seats(session)[:2] == ["Ben", "Cleo"]  # the captain took the box


@pytest.mark.parametrize(
    "sheet",
    [
        team_sheet(4, Side.BOX, cube=2),  # a cube in the middle at 2 without automatic doubles
        team_sheet(3, Side.BOX),  # a line missing
        GameSheet(tuple(Line(drop=Drop.MEMBER) for _ in range(4)), winner=Side.BOX),
    ],
)
def test_a_sheet_that_does_not_fit_saves_nothing(session, organizer, sheet):
    before = ChouetteHappening.objects.count(), ChouetteSheet.objects.count()
    with pytest.raises(UserError):
        services.chouette_game_record(session=session, user=organizer, sheet=sheet)
    assert (ChouetteHappening.objects.count(), ChouetteSheet.objects.count()) == before


def test_nothing_is_entered_after_the_session_closed(session, organizer):
    services.chouette_game_record(session=session, user=organizer, sheet=team_sheet(4, Side.BOX))
    services.chouette_close(session=session, user=organizer)
    before = ChouetteHappening.objects.count()
    with pytest.raises(UserError, match="closed"):
        services.chouette_game_record(
            session=session, user=organizer, sheet=team_sheet(4, Side.BOX)
        )
    with pytest.raises(UserError, match="closed"):
        services.chouette_game_correct(
            session=session, user=organizer, game_number=1, sheet=team_sheet(4, Side.TEAM)
        )
    assert ChouetteHappening.objects.count() == before


def test_a_player_already_present_cannot_join_again(session, organizer, players):
    with pytest.raises(UserError, match="already"):
        services.chouette_join(session=session, user=organizer, player=players[2])


def test_changes_raise_the_club_version(session, organizer, club):
    version = Club.objects.get(pk=club.pk).version
    services.chouette_game_record(session=session, user=organizer, sheet=team_sheet(4, Side.BOX))
    assert Club.objects.get(pk=club.pk).version == version + 1


def test_the_keeper_enters_the_others_read(client, session, organizer, players, club):
    url = session.get_absolute_url()
    client.force_login(players[3].user)
    page = client.get(url).content.decode()
    assert "Friday" in page and "Save game" not in page
    post = client.post(reverse("chouettes:game", args=[club.slug, session.pk]), {})
    assert post.status_code == 403

    client.force_login(organizer)
    data = {"winner": "box", "kind": "single"}
    for seat in range(4):
        data |= {f"cube_{seat}": 1, f"owner_{seat}": "center", f"drop_{seat}": "none"}
    response = client.post(reverse("chouettes:game", args=[club.slug, session.pk]), data)
    assert response.status_code == 302
    data["cube_0"] = 2  # a cube in the middle showing 2: refused, with the reason
    response = client.post(reverse("chouettes:game", args=[club.slug, session.pk]), data)
    assert response.status_code == 400
    assert "A cube in the middle shows 1" in response.content.decode()
    assert len(selectors.session_view(session).state.games) == 1


def test_the_profile_shows_chouette_statistics_apart(client, session, organizer, players, club):
    services.chouette_game_record(session=session, user=organizer, sheet=team_sheet(4, Side.BOX))
    stats = selectors.player_chouette_stats(club, players[0])
    assert (stats.chouette.games, stats.chouette.games_as_box, stats.chouette.points) == (1, 1, 4)
    assert stats.chouette.money == {"EUR": 200}
    page = client.get(reverse("clubs:player", args=[club.slug, players[0].pk])).content.decode()
    assert "Chouettes" in page


def test_the_export_has_a_column_per_player(client, session, organizer, club):
    services.chouette_game_record(session=session, user=organizer, sheet=team_sheet(4, Side.BOX))
    response = client.get(
        reverse("chouettes:export", args=[club.slug, session.pk]) + "?_export=csv"
    )
    text = response.content.decode("utf-8-sig")
    assert text.splitlines()[0].endswith("Anna,Ben,Cleo,Dirk,Eva")
    assert text.splitlines()[1].endswith("4,-1,-1,-1,-1")


def test_the_players_phones_poll_the_seats_and_the_score(client, session, organizer, players):
    url = session.get_absolute_url()
    client.force_login(players[2].user)
    page = client.get(url).content.decode()
    assert f'hx-get="{url}?part=scores"' in page
    services.chouette_game_record(session=session, user=organizer, sheet=team_sheet(4, Side.BOX))
    part = client.get(url + "?part=scores", HTTP_HX_REQUEST="true").content.decode()
    assert part.startswith('<div id="chouette-scores"') and "Game 1" in part
    seats_part = client.get(url + "?part=seats", HTTP_HX_REQUEST="true").content.decode()
    assert "Game 2: the seats" in seats_part
    client.force_login(organizer)
    assert "?part=scores" not in client.get(url).content.decode()  # the keeper's page stays


def test_the_sheet_form_asks_who_won_and_knows_a_game_ended_by_drops(
    client, session, organizer, club
):
    client.force_login(organizer)
    url = reverse("chouettes:game", args=[club.slug, session.pk])
    data = {"kind": "single"}
    for seat in range(4):
        data |= {f"cube_{seat}": 1, f"owner_{seat}": "center", f"drop_{seat}": "member"}
    assert client.post(url, data).status_code == 400  # nobody said who won: nothing saved
    assert not selectors.session_view(session).state.games
    response = client.post(url, data | {"winner": "nobody"})
    assert response.status_code == 302
    game = selectors.session_view(session).state.games[0]
    assert game.sheet.winner is None and game.box_points == (1, 1, 1, 1)
