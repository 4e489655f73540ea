"""A chouette session started by mistake is removed with everything in it, unless a game was
entered since the confirming page was read."""

from __future__ import annotations

import pytest

from chouettes import services
from chouettes.core.sheet import GameSheet, Kind, Line, Side
from chouettes.models import ChouetteHappening, ChouetteSession, ChouetteSheet
from clubs.models import Player, Role
from config.errors import UserError
from tests.factories import MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def session(club, organizer):
    players = []
    for name in ("Anna", "Ben", "Cleo"):
        player = PlayerFactory(name=name, user=UserFactory(username=name.lower()))
        MembershipFactory(club=club, player=player, role=Role.PLAYER)
        players.append(player)
    return services.chouette_create(
        club=club, user=organizer, name="Friday", players=players, stake=50
    )


def box_wins(session, organizer):
    sheet = GameSheet((Line(), Line()), winner=Side.BOX, kind=Kind.SINGLE)
    services.chouette_game_record(session=session, user=organizer, sheet=sheet)


def test_a_session_removed_takes_its_games_and_sheets_with_it(session, organizer):
    box_wins(session, organizer)
    other = services.chouette_create(
        club=session.club,
        user=organizer,
        name="Saturday",
        players=list(Player.objects.filter(name__in=["Anna", "Ben", "Cleo"])),
        stake=10,
    )
    services.chouette_remove(session=session, user=organizer, games_seen=1)
    assert list(ChouetteSession.objects.all()) == [other]
    assert not ChouetteHappening.objects.filter(session_id=session.pk).exists()
    assert not ChouetteSheet.objects.exists()


def test_a_game_entered_since_the_page_was_read_refuses_the_removal(session, organizer):
    box_wins(session, organizer)
    happenings = ChouetteHappening.objects.filter(session=session).count()
    with pytest.raises(UserError) as error:
        services.chouette_remove(session=session, user=organizer, games_seen=0)
    assert error.value.code == "stale"
    assert ChouetteSession.objects.filter(pk=session.pk).exists()
    assert ChouetteHappening.objects.filter(session=session).count() == happenings
