"""Challenges: made, accepted, declined, played and corrected; the daily round of the clock."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Player
from clubs.versions import club_change
from config.errors import UserError
from config.logs import logged_service
from draw.services import challenge_match_create
from events.bus import emit
from events.types import ChallengeForfeited, ChallengeIssued
from ladders import messages
from ladders.core import challenges as core_challenges
from ladders.core import inactivity
from ladders.core import ladder as core
from ladders.models import (
    RESULT_KINDS,
    Challenge,
    ChallengeStatus,
    ChangeKind,
    Ladder,
    LadderChange,
)
from ladders.selectors import (
    ladder_changes,
    ladder_open_counts,
    ladder_order,
    ladder_player_names,
)
from ladders.services.common import (
    change_record,
    ladder_lock,
    today_or,
)
from matches.models import MatchOutcome, MatchStatus


@logged_service("challenge_create")
@transaction.atomic
def challenge_create(
    *,
    ladder: Ladder,
    challenger: Player,
    defender: Player,
    user: Any,
    today: date | None = None,
) -> Challenge:
    """The challenger challenges someone above him within reach; the challenged player has
    ``accept_days`` to accept."""
    with club_change(ladder.club_id):
        ladder = ladder_lock(ladder)
        rules = ladder.rules()
        try:
            core_challenges.check_challenge(
                rules,
                ladder_order(ladder),
                challenger=challenger.pk,
                defender=defender.pk,
                open_counts=ladder_open_counts(ladder),
            )
        except core.LadderError as error:
            players = [error.player] if error.player is not None else []
            raise messages.ladder_error(
                error, ladder_player_names(*players), rules.reach
            ) from error
        challenge = Challenge(
            ladder=ladder,
            challenger=challenger,
            defender=defender,
            accept_by=today_or(today) + timedelta(days=ladder.accept_days),
        )
        challenge.full_clean()
        challenge.save()
        emit(ChallengeIssued(challenge_id=challenge.pk))
        return challenge


def _locked_challenge(challenge: Challenge) -> tuple[Ladder, Challenge]:
    ladder = ladder_lock(challenge.ladder)
    return ladder, Challenge.objects.select_for_update().get(pk=challenge.pk)


def _deadline(day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day, time(23, 59)))


@logged_service("challenge_accept")
@transaction.atomic
def challenge_accept(*, challenge: Challenge, user: Any, today: date | None = None) -> Challenge:
    """The challenged player accepts: the match is made, to be played by ``play_days``."""
    with club_change(challenge.ladder.club_id):
        ladder, challenge = _locked_challenge(challenge)
        if challenge.status != ChallengeStatus.OPEN:
            raise UserError(_("This challenge is no longer open."), code="not_open")
        day = today_or(today)
        if day > challenge.accept_by:
            raise UserError(_("The time to accept has run out."), code="too_late")
        challenge.status = ChallengeStatus.ACCEPTED
        challenge.play_by = day + timedelta(days=ladder.play_days)
        challenge.match = challenge_match_create(
            tournament=ladder.tournament,
            challenger=challenge.challenger,
            defender=challenge.defender,
            deadline=_deadline(challenge.play_by),
        )
        challenge.full_clean()
        challenge.save()
        return challenge


def _decide(
    ladder: Ladder, challenge: Challenge, *, challenger_won: bool, forfeit: bool, day: date
) -> LadderChange:
    challenge.status = ChallengeStatus.DECIDED
    challenge.save(update_fields=["status", "updated_at"])
    change = core.Played(
        challenge.challenger_id, challenge.defender_id, challenger_won, day, forfeit, challenge.pk
    )
    kind = ChangeKind.WON if challenger_won else ChangeKind.LOST
    return change_record(ladder, change, kind=kind, challenge=challenge)


@logged_service("challenge_decline")
@transaction.atomic
def challenge_decline(
    *, challenge: Challenge, user: Any, today: date | None = None
) -> LadderChange:
    """The challenged player declines: he loses by forfeit."""
    with club_change(challenge.ladder.club_id):
        ladder, challenge = _locked_challenge(challenge)
        if challenge.status != ChallengeStatus.OPEN:
            raise UserError(_("This challenge is no longer open."), code="not_open")
        return _decide(ladder, challenge, challenger_won=True, forfeit=True, day=today_or(today))


@logged_service("challenge_match_finished")
@transaction.atomic
def challenge_match_finished(*, match_id: int) -> LadderChange | None:
    """A ladder match's result moves the ladder, once (a delivery run twice finds the
    challenge decided). A forfeit given by the referee counts as a forfeit."""
    challenge = Challenge.objects.filter(match_id=match_id).select_related("ladder").first()
    if challenge is None:
        return None
    with club_change(challenge.ladder.club_id):
        ladder, challenge = _locked_challenge(challenge)
        match = challenge.match
        if challenge.status != ChallengeStatus.ACCEPTED or match is None:
            return None
        if match.status != MatchStatus.FINISHED or match.winner_id is None:
            return None
        won = match.winner_id == match.entry_a_id  # the challenger is the first player
        day = timezone.localdate(match.finished_at) if match.finished_at else timezone.localdate()
        forfeit = match.outcome == MatchOutcome.FORFEIT
        return _decide(ladder, challenge, challenger_won=won, forfeit=forfeit, day=day)


@logged_service("challenge_match_corrected")
@transaction.atomic
def challenge_match_corrected(*, match_id: int) -> LadderChange | None:
    """A referee corrected a decided ladder match so that the other player won: the ladder
    is re-derived with the corrected outcome (a history row of its own; nothing before it
    changes). A correction that leaves the winner, or re-opens the match, changes nothing."""
    challenge = Challenge.objects.filter(match_id=match_id).select_related("ladder").first()
    if challenge is None:
        return None
    with club_change(challenge.ladder.club_id):
        ladder, challenge = _locked_challenge(challenge)
        match = challenge.match
        if challenge.status != ChallengeStatus.DECIDED or match is None:
            return None
        if match.status != MatchStatus.FINISHED or match.winner_id is None:
            return None
        won = match.winner_id == match.entry_a_id
        counted = (
            ladder.changes.filter(challenge=challenge, kind__in=RESULT_KINDS)
            .order_by("-sequence")
            .values_list("kind", flat=True)
            .first()
        )
        if counted in (ChangeKind.WON, ChangeKind.CORRECTED_WON) and won:
            return None
        if counted in (ChangeKind.LOST, ChangeKind.CORRECTED_LOST) and not won:
            return None
        kind = ChangeKind.CORRECTED_WON if won else ChangeKind.CORRECTED_LOST
        change = core.Corrected(challenge.pk, won, timezone.localdate())
        return change_record(ladder, change, kind=kind, challenge=challenge)


@logged_service("ladder_tick")
@transaction.atomic
def ladder_tick(*, ladder: Ladder, today: date | None = None) -> int:
    """What the calendar decides: challenges not accepted in time are lost by forfeit,
    accepted ones not played in time lapse (no change), and players without a match drop.
    Returns the number of changes; running it twice the same day changes nothing."""
    day = today_or(today)
    with club_change(ladder.club_id):
        ladder = ladder_lock(ladder)
        changed = 0
        late = ladder.challenges.filter(status=ChallengeStatus.OPEN, accept_by__lt=day)
        for challenge in late.select_for_update().order_by("accept_by", "pk"):
            forfeit_day = challenge.accept_by + timedelta(days=1)
            _decide(ladder, challenge, challenger_won=True, forfeit=True, day=forfeit_day)
            emit(ChallengeForfeited(challenge_id=challenge.pk))  # both players are told
            changed += 1
        ladder.challenges.filter(status=ChallengeStatus.ACCEPTED, play_by__lt=day).exclude(
            match__status=MatchStatus.FINISHED
        ).update(status=ChallengeStatus.LAPSED)
        for idle in inactivity.idle_due(ladder.rules(), ladder_changes(ladder), day):
            change_record(ladder, idle, kind=ChangeKind.IDLE)
            changed += 1
        return changed
