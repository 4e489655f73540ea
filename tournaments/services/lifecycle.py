"""A tournament's life: draft → registration → running → finished. Each step a service."""

from __future__ import annotations

import random
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils.text import slugify
from django.utils.translation import gettext as _

from clubs.models import Club, Membership, Role
from config.errors import UserError
from config.logs import logged_service
from tournaments.models import (
    Entry,
    EntryStatus,
    MatchFormat,
    Round,
    RoundStatus,
    Seeding,
    Stage,
    StageKind,
    Tournament,
    TournamentFormat,
    TournamentStatus,
)
from tournaments.pairing import seeding
from tournaments.standings_data import default_tiebreaks

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


def lock(tournament: Tournament) -> Tournament:
    """The tournament row, locked until the transaction ends: changes to one tournament
    happen one at a time."""
    return Tournament.objects.select_for_update().select_related("club").get(pk=tournament.pk)


def _unique_slug(club: Club, name: str) -> str:
    base = slugify(name)[:50] or "tournament"
    if base == "new":  # /t/new/ creates a tournament
        base = "new-tournament"
    slug, n = base, 2
    while Tournament.objects.filter(club=club, slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


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
    referees = settings.pop("referees", None)
    tournament = Tournament(
        club=club, name=name, slug=slug or _unique_slug(club, name), created_by=user, **settings
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
    tournament = lock(tournament)
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
    tournament = lock(tournament)
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


@logged_service("round_update")
@transaction.atomic
def round_update(*, round_: Round, match_format: str, length: int, deadline: Any = None) -> Round:
    """Change a round's match format or length (5 points early, 11 in the final) while none
    of its matches has started; the matches follow."""
    from matches.models import Match, MatchStatus

    lock(round_.stage.tournament)
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    matches = Match.objects.filter(round=round_)
    changes_format = (match_format, length) != (round_.match_format, round_.length)
    if changes_format and (
        matches.filter(games__isnull=False).exists()
        or matches.filter(status=MatchStatus.PLAYING).exists()
        or matches.filter(status=MatchStatus.FINISHED, outcome="played").exists()
    ):
        raise UserError(
            _("Matches of this round have started; their length can no longer change."),
            code="round_started",
        )
    if match_format == MatchFormat.GAMES and length % 2 == 0:
        raise UserError(
            _("Best of N needs an odd N (best of 3, 5, 7 …) so that a match cannot end level."),
            code="even_best_of",
            field="length",
        )
    round_.match_format, round_.length, round_.deadline = match_format, length, deadline
    round_.full_clean()
    round_.save()
    matches.update(match_format=match_format, length=length)
    return round_


@logged_service("tournament_back_to_draft")
@transaction.atomic
def tournament_back_to_draft(*, tournament: Tournament) -> Tournament:
    return _transition(tournament, {TournamentStatus.REGISTRATION}, TournamentStatus.DRAFT)


def playing_entries(tournament: Tournament) -> list[Entry]:
    """Who is drawn at the start: approved players, or only those checked in if required."""
    statuses = [EntryStatus.CHECKED_IN]
    if not tournament.require_check_in:
        statuses.append(EntryStatus.APPROVED)
    return list(
        Entry.objects.filter(tournament=tournament, status__in=statuses)
        .select_related("player")
        .order_by(F("seed").asc(nulls_last=True), "player__name", "pk")
    )


def _seed(tournament: Tournament, entries: list[Entry], rng: random.Random) -> list[Entry]:
    by_id = {entry.pk: entry for entry in entries}
    if tournament.seeding == Seeding.RANDOM:
        order = seeding.seed_random(list(by_id), rng)
    elif tournament.seeding == Seeding.RATING:
        from clubs.selectors import club_ratings

        ratings = club_ratings(tournament.club, [entry.player_id for entry in entries])
        order = seeding.seed_by_rating(
            list(by_id), {e.pk: ratings[e.player_id] for e in entries}, rng
        )
    else:  # manual: the seeds the organizer gave, then the others by name
        order = seeding.seed_manual(list(by_id))
    return [by_id[entry_id] for entry_id in order]


def _first_stage(tournament: Tournament) -> StageKind:
    return {
        TournamentFormat.SWISS: StageKind.SWISS,
        TournamentFormat.ROUND_ROBIN: StageKind.ROUND_ROBIN,
    }.get(tournament.format, StageKind.MAIN)


@logged_service("tournament_start")
@transaction.atomic
def tournament_start(*, tournament: Tournament, rng: random.Random | None = None) -> Tournament:
    """Close registration, fix the seeds and draw: the first round (or the whole bracket) is
    paired in the background once this is committed."""
    tournament = lock(tournament)
    if tournament.status != TournamentStatus.REGISTRATION:
        raise UserError(
            _("Only a tournament with open registration can start."), code="illegal_transition"
        )
    entries = playing_entries(tournament)
    if len(entries) < 2:
        raise UserError(
            _("At least two players are needed to start; %(count)d are ready.")
            % {"count": len(entries)},
            code="too_few_players",
        )
    if tournament.require_check_in:
        Entry.objects.filter(tournament=tournament, status=EntryStatus.APPROVED).update(
            status=EntryStatus.WITHDRAWN
        )
    seeded = _seed(tournament, entries, rng or random.Random())
    Entry.objects.filter(tournament=tournament).update(seed=None)
    for number, entry in enumerate(seeded, start=1):
        entry.seed = number
    Entry.objects.bulk_update(seeded, ["seed"])

    stage = Stage.objects.create(tournament=tournament, kind=_first_stage(tournament), order=1)
    first = Round.objects.create(
        stage=stage,
        number=1,
        match_format=tournament.match_format,
        length=tournament.default_length,
        status=RoundStatus.PENDING,
    )
    tournament.status = TournamentStatus.RUNNING
    tournament.save(update_fields=["status", "updated_at"])

    from tournaments.tasks import round_pair

    transaction.on_commit(lambda: round_pair.delay(first.pk))
    return tournament
