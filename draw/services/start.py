"""Start a tournament: close registration, fix the seeds and draw the first round."""

from __future__ import annotations

import random

from django.db import transaction
from django.utils.translation import gettext as _

from config.errors import UserError
from config.logs import logged_service
from draw.pairings import first_round_pairs
from draw.selectors import pairing_rules_of, playing_entries
from entries.models import Entry, EntryStatus
from events.bus import emit
from events.types import RoundCreated
from ratings.selectors import club_ratings
from tournaments.formats import Drawing, adapter_of
from tournaments.models import Round, RoundStatus, Seeding, Stage, Tournament, TournamentStatus
from tournaments.pairing import BracketFormat, seeding
from tournaments.services import tournament_lock
from tournaments.versions import tournament_change


def _seed(tournament: Tournament, entries: list[Entry], rng: random.Random) -> list[Entry]:
    by_id = {entry.pk: entry for entry in entries}
    if tournament.seeding == Seeding.RANDOM:
        order = seeding.seed_random(list(by_id), rng)
    elif tournament.seeding == Seeding.RATING:
        ratings = club_ratings(tournament.club, [entry.player_id for entry in entries])
        order = seeding.seed_by_rating(
            list(by_id), {e.pk: ratings[e.player_id] for e in entries}, rng
        )
    else:  # manual: the seeds the organizer gave, then the others by name
        order = seeding.seed_manual(list(by_id))
    return [by_id[entry_id] for entry_id in order]


def _honour_pairing_rules(tournament: Tournament, entries: list[Entry]) -> list[Entry]:
    """Move seeds as little as needed so that the bracket's first round pairs the pinned
    pairs and keeps the forbidden ones apart, where the bracket allows."""
    forbidden, pinned = pairing_rules_of(tournament)
    if not forbidden and not pinned:
        return entries
    fmt = adapter_of(tournament).pure(tournament)
    assert isinstance(fmt, BracketFormat)
    by_id = {entry.pk: entry for entry in entries}
    order = seeding.honour_first_round(
        list(by_id),
        lambda candidate: first_round_pairs(fmt.plan(candidate)).values(),
        forbidden=forbidden,
        pinned=pinned,
    )
    return [by_id[entry_id] for entry_id in order]


@logged_service("tournament_start")
@transaction.atomic
def tournament_start(*, tournament: Tournament, rng: random.Random | None = None) -> Tournament:
    """Close registration, fix the seeds and draw: the first round (or the whole bracket) is
    paired in the background once this is committed."""
    with tournament_change(tournament.pk):
        tournament = tournament_lock(tournament)
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
            # Not checked in is not withdrawn: they never said they would not come.
            Entry.objects.filter(tournament=tournament, status=EntryStatus.APPROVED).update(
                status=EntryStatus.NO_SHOW
            )
        seeded = _seed(tournament, entries, rng or random.Random())
        if adapter_of(tournament).drawing is Drawing.BRACKET:
            seeded = _honour_pairing_rules(tournament, seeded)
        Entry.objects.filter(tournament=tournament).update(seed=None)
        for number, entry in enumerate(seeded, start=1):
            entry.seed = number
        Entry.objects.bulk_update(seeded, ["seed"])

        stage = Stage.objects.create(
            tournament=tournament, kind=adapter_of(tournament).first_stage, order=1
        )
        first = Round.objects.create(
            stage=stage,
            number=1,
            match_format=tournament.match_format,
            length=tournament.default_length,
            status=RoundStatus.PENDING,
        )
        tournament.status = TournamentStatus.RUNNING
        tournament.save(update_fields=["status", "updated_at"])
        emit(RoundCreated(round_id=first.pk))  # drawn in the background once committed
        return tournament
