"""The demo club's play between tournaments: a chouette evening under way (the box has
changed hands, one game was corrected) and a challenge ladder with one challenge decided and
one waiting for its answer. Made once; running the demo again leaves them as they are."""

from __future__ import annotations

from typing import Any

from chouettes import services as chouettes
from chouettes.core.sheet import Drop, GameSheet, Kind, Line, Owner, Side
from chouettes.models import ChouetteSession
from clubs.models import Club, Player
from ladders import services as ladders
from ladders.models import Ladder

CHOUETTE = "Friday chouette"
LADDER = "Club ladder"


def _sheet(members: int, winner: Side, kind: Kind = Kind.SINGLE, **line: Any) -> GameSheet:
    return GameSheet(tuple(Line(**line) for _ in range(members)), winner=winner, kind=kind)


def demo_club_play(club: Club, organizer: Any, players: list[Player]) -> list[str]:
    """The pages to look at."""
    session = ChouetteSession.objects.filter(club=club, name=CHOUETTE).first()
    if session is None:
        session = chouettes.chouette_create(
            club=club, user=organizer, name=CHOUETTE, players=players[:5], stake=50
        )
        for sheet in [
            _sheet(4, Side.BOX),
            _sheet(4, Side.TEAM, Kind.GAMMON, cube=2, owner=Owner.MEMBER),
            # The captain drops the box's redouble; the others play on and win.
            GameSheet(
                (Line(cube=2, owner=Owner.BOX, drop=Drop.MEMBER), Line(), Line(), Line()),
                winner=Side.TEAM,
            ),
            _sheet(4, Side.TEAM),
        ]:
            chouettes.chouette_game_record(session=session, user=organizer, sheet=sheet)
        chouettes.chouette_game_correct(
            session=session,
            user=organizer,
            game_number=4,
            sheet=_sheet(4, Side.BOX),
            reason="The box won game 4",
        )
    ladder = Ladder.objects.filter(club=club, name=LADDER).first()
    if ladder is None:
        ladder = ladders.ladder_create(club=club, user=organizer, name=LADDER, idle_days=28)
        for player in players[:10]:
            ladders.ladder_join(ladder=ladder, player=player, user=organizer)
        decided = ladders.challenge_create(
            ladder=ladder, challenger=players[5], defender=players[3], user=organizer
        )
        ladders.challenge_decline(challenge=decided, user=organizer)
        ladders.challenge_create(
            ladder=ladder, challenger=players[9], defender=players[7], user=organizer
        )
    return [session.get_absolute_url(), ladder.get_absolute_url()]
