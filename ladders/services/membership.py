"""A ladder made, its settings, and its players joining, leaving and taken off."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Club, Membership, Player
from clubs.versions import club_change
from config.errors import UserError
from config.logs import logged_service
from config.slugs import unique_slug
from ladders.core import ladder as core
from ladders.models import (
    RESULT_KINDS,
    ChangeKind,
    Ladder,
    LadderChange,
)
from ladders.selectors import ladder_open_counts
from ladders.services.common import (
    change_record,
    ladder_lock,
    today_or,
)
from tournaments.models import MatchFormat, TournamentFormat, TournamentKind, TournamentStatus
from tournaments.services import tournament_create, tournament_lock
from tournaments.versions import tournament_change


@logged_service("ladder_create")
@transaction.atomic
def ladder_create(
    *,
    club: Club,
    user: Any,
    name: str,
    reach: int = 3,
    accept_days: int = 7,
    play_days: int = 14,
    loser_drops: bool = False,
    idle_days: int = 0,
    idle_places: int = 1,
    open_challenges: int = 1,
    match_length: int = 5,
    cube: bool = True,
    online_play: bool = False,
) -> Ladder:
    """A ladder and the hidden tournament its matches are played in."""
    with club_change(club.pk):
        slug = unique_slug(Ladder.objects.filter(club=club), name, fallback="ladder")
        tournament = tournament_create(
            club=club,
            user=user,
            name=name,
            slug=unique_slug(club.tournaments.all(), f"ladder-{slug}", fallback="ladder"),
            kind=TournamentKind.LADDER,
            format=TournamentFormat.ROUND_ROBIN,
            status=TournamentStatus.RUNNING,
            match_format=MatchFormat.POINTS,
            default_length=match_length,
            cube_enabled=cube,
            online_play=online_play,
        )
        ladder = Ladder(
            club=club,
            name=name,
            slug=slug,
            reach=reach,
            accept_days=accept_days,
            play_days=play_days,
            loser_drops=loser_drops,
            idle_days=idle_days,
            idle_places=idle_places,
            open_challenges=open_challenges,
            match_length=match_length,
            cube=cube,
            online_play=online_play,
            tournament=tournament,
            created_by=user if getattr(user, "is_authenticated", False) else None,
        )
        ladder.full_clean()
        ladder.save()
        return ladder


@logged_service("ladder_join")
@transaction.atomic
def ladder_join(
    *, ladder: Ladder, player: Player, user: Any, today: date | None = None
) -> LadderChange:
    """A member joins at the bottom."""
    with club_change(ladder.club_id):
        ladder = ladder_lock(ladder)
        if not Membership.objects.filter(club=ladder.club, player=player).exists():
            raise UserError(
                _("%(player)s is not a member of the club.") % {"player": player.name},
                code="not_member",
            )
        return change_record(
            ladder, core.Joined(player.pk, today_or(today)), kind=ChangeKind.JOINED
        )


def _leave(ladder: Ladder, player: Player, *, kind: str, today: date | None) -> LadderChange:
    with club_change(ladder.club_id):
        ladder = ladder_lock(ladder)
        if ladder_open_counts(ladder).get(player.pk):
            raise UserError(
                _("%(player)s has an open challenge: it is decided first.")
                % {"player": player.name},
                code="open_challenge",
            )
        return change_record(ladder, core.Left(player.pk, today_or(today)), kind=kind)


@logged_service("ladder_leave")
@transaction.atomic
def ladder_leave(
    *, ladder: Ladder, player: Player, user: Any, today: date | None = None
) -> LadderChange:
    """A player leaves; those below him move up one."""
    return _leave(ladder, player, kind=ChangeKind.LEFT, today=today)


@logged_service("ladder_remove")
@transaction.atomic
def ladder_remove(
    *, ladder: Ladder, player: Player, user: Any, today: date | None = None
) -> LadderChange:
    """An organizer takes a player off the ladder; those below him move up one. The history
    says he was removed, not that he left."""
    return _leave(ladder, player, kind=ChangeKind.REMOVED, today=today)


#: What an organizer may change of a ladder (``LadderForm``).
LADDER_SETTINGS = frozenset(
    {
        "name",
        "reach",
        "accept_days",
        "play_days",
        "loser_drops",
        "idle_days",
        "idle_places",
        "open_challenges",
        "match_length",
        "cube",
        "online_play",
    }
)


@logged_service("ladder_update")
@transaction.atomic
def ladder_update(
    *, ladder: Ladder, user: Any, today: date | None = None, **settings: Any
) -> Ladder:
    """The organizer changes the ladder's settings. What was decided stays: open challenges
    keep their dates, accepted matches their length; new challenges and matches follow the
    new settings. A new number of days without a match counts from today (nobody drops for
    the days before it). Whether a losing challenger drops cannot change once a challenge
    was decided: the ladder is its history replayed under that rule."""
    unknown = settings.keys() - LADDER_SETTINGS
    if unknown:
        raise TypeError(f"not a ladder setting: {', '.join(sorted(unknown))}")
    with club_change(ladder.club_id):
        ladder = ladder_lock(ladder)
        loser_drops = settings.get("loser_drops", ladder.loser_drops)
        decided = ladder.changes.filter(kind__in=RESULT_KINDS).exists()
        if loser_drops != ladder.loser_drops and decided:
            raise UserError(
                _(
                    "Whether a losing challenger drops cannot change once a challenge has been "
                    "decided: the ladder follows from its results under the rule they were "
                    "played with."
                ),
                code="loser_drops_fixed",
                field="loser_drops",
            )
        if settings.get("idle_days", ladder.idle_days) != ladder.idle_days:
            ladder.idle_from = today_or(today)
        for name, value in settings.items():
            setattr(ladder, name, value)
        ladder.full_clean()
        ladder.save()
        with tournament_change(ladder.tournament_id):  # its matches' pages show these
            tournament = tournament_lock(ladder.tournament)
            tournament.name = ladder.name
            tournament.default_length = ladder.match_length
            tournament.cube_enabled = ladder.cube
            tournament.online_play = ladder.online_play
            tournament.full_clean()
            tournament.save()
        return ladder
