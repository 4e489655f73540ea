"""A tournament's life: draft → registration → running → finished. Each step a service."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Club, Membership, Role
from clubs.versions import club_change
from config.errors import UserError
from config.logs import logged_service
from config.slugs import unique_slug
from tournaments.formats import default_tiebreaks
from tournaments.models import (
    MatchFormat,
    Stage,
    Tournament,
    TournamentFormat,
    TournamentStatus,
)
from tournaments.versions import tournament_change

#: Settings that shape the draw; they are fixed once the tournament runs.
DRAW_SETTINGS = frozenset(
    {
        "format",
        "match_format",
        "default_length",
        "seeding",
        "swiss_rounds",
        "last_chance",
        "progressive_consolation",
        "grand_final_reset",
        "double_round_robin",
        "require_check_in",
    }
)


def tournament_lock(tournament: Tournament) -> Tournament:
    """The tournament row, locked until the transaction ends: changes to one tournament
    happen one at a time. Its club is read with it but not locked (``of``): a lock on the
    club's row would come after the tournament's, against the house's lock order, and hold up
    every write that names the club (a notice, a rating) until the tournament's change ends."""
    return (
        Tournament.objects.select_for_update(of=("self",))
        .select_related("club")
        .get(pk=tournament.pk)
    )


def _check_settings(tournament: Tournament) -> None:
    if tournament.format == TournamentFormat.SWISS and not tournament.swiss_rounds:
        raise UserError(
            _("A Swiss tournament needs a number of rounds."),
            code="swiss_rounds",
            field="swiss_rounds",
        )
    if tournament.match_format == MatchFormat.GAMES and tournament.default_length % 2 == 0:
        raise UserError(
            _("Best of N needs an odd N (best of 3, 5, 7 …) so that a match cannot end level."),
            code="even_best_of",
            field="default_length",
        )


@logged_service("tournament_create")
@transaction.atomic
def tournament_create(
    *, club: Club, user: Any, name: str, slug: str = "", **settings: Any
) -> Tournament:
    """A new tournament in draft; the club's referees referee it unless told otherwise."""
    with club_change(club.pk):  # the club's pages list it
        referees = settings.pop("referees", None)
        tournament = Tournament(
            club=club,
            name=name,
            slug=slug
            or unique_slug(
                Tournament.objects.filter(club=club),
                name,
                fallback="tournament",
                reserved={"new"},  # /t/new/ creates a tournament
            ),
            created_by=user,
            **settings,
        )
        if not tournament.tiebreaks:
            tournament.tiebreaks = default_tiebreaks(tournament.format)
        _check_settings(tournament)
        tournament.full_clean()
        tournament.save()
        if referees is None:
            referees = [
                m.player
                for m in Membership.objects.filter(club=club, role=Role.REFEREE).select_related(
                    "player"
                )
            ]
        tournament.referees.set(referees)
        return tournament


@logged_service("tournament_update")
@transaction.atomic
def tournament_update(*, tournament: Tournament, **fields: Any) -> Tournament:
    with tournament_change(tournament.pk):
        tournament = tournament_lock(tournament)
        referees = fields.pop("referees", None)
        if tournament.status in (TournamentStatus.RUNNING, TournamentStatus.FINISHED):
            changed = {
                name
                for name in DRAW_SETTINGS & fields.keys()
                if getattr(tournament, name) != fields[name]
            }
            if changed:
                raise UserError(
                    _("The format and the match settings cannot change once the tournament runs."),
                    code="locked_settings",
                )
        for name, value in fields.items():
            setattr(tournament, name, value)
        _check_settings(tournament)
        tournament.full_clean()
        tournament.save()
        if referees is not None:
            tournament.referees.set(referees)
        return tournament


def _transition(tournament: Tournament, allowed_from: set[str], target: str) -> Tournament:
    with tournament_change(tournament.pk):
        tournament = tournament_lock(tournament)
        if tournament.status not in allowed_from:
            raise UserError(
                _("A tournament that is “%(status)s” cannot become “%(target)s”.")
                % {
                    "status": tournament.get_status_display(),
                    "target": TournamentStatus(target).label,
                },
                code="illegal_transition",
            )
        tournament.status = target
        tournament.save(update_fields=["status", "updated_at"])
        return tournament


@logged_service("tournament_open_registration")
@transaction.atomic
def tournament_open_registration(*, tournament: Tournament) -> Tournament:
    return _transition(tournament, {TournamentStatus.DRAFT}, TournamentStatus.REGISTRATION)


@logged_service("tournament_back_to_draft")
@transaction.atomic
def tournament_back_to_draft(*, tournament: Tournament) -> Tournament:
    return _transition(tournament, {TournamentStatus.REGISTRATION}, TournamentStatus.DRAFT)


@logged_service("stage_set_clock")
@transaction.atomic
def stage_set_clock(
    *, stage: Stage, clock: str, minutes: int, delay: int, bronstein: bool = False
) -> Stage:
    """The clock of the stage's online matches: games that start from now on use it."""
    with tournament_change(stage.tournament_id):
        stage = Stage.objects.select_for_update().get(pk=stage.pk)
        stage.clock = clock
        stage.clock_minutes = minutes
        stage.clock_delay = delay
        stage.clock_bronstein = bronstein
        stage.full_clean()
        stage.save()
        return stage
