"""Writes of ladders. Every change of the order is one history row that says why and keeps
the ladder as it left it: the previous row's ladder with the change applied by the pure core
(``ladders.core``), which refuses what the rules do not allow. Lock order: the club (its
pages), the ladder's row, then its tournament and match (``draw``, ``matches``)."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Club, Membership, Player
from clubs.versions import club_change
from config.errors import UserError
from config.logs import logged_service
from config.slugs import unique_slug
from draw.services import challenge_match_create
from events.bus import emit
from events.types import ChallengeForfeited, ChallengeIssued
from ladders import messages
from ladders.core import challenges as core_challenges
from ladders.core import inactivity
from ladders.core import ladder as core
from ladders.models import (
    OPEN_STATUSES,
    RESULT_KINDS,
    Challenge,
    ChallengeStatus,
    ChangeKind,
    Ladder,
    LadderChange,
)
from matches.models import MatchOutcome, MatchStatus
from tournaments.models import MatchFormat, TournamentFormat, TournamentKind, TournamentStatus
from tournaments.services import tournament_create, tournament_lock
from tournaments.versions import tournament_change


def _today(today: date | None) -> date:
    return today or timezone.localdate()


def _lock(ladder: Ladder) -> Ladder:
    return Ladder.objects.select_for_update().select_related("club").get(pk=ladder.pk)


def as_core(row: LadderChange) -> core.Change:
    if row.kind == ChangeKind.JOINED:
        return core.Joined(row.player_id, row.day)
    if row.kind in (ChangeKind.LEFT, ChangeKind.REMOVED):
        return core.Left(row.player_id, row.day)
    if row.kind == ChangeKind.IDLE:
        return core.Idle(row.player_id, row.day, row.places)
    assert row.opponent_id is not None and row.challenge_id is not None
    if row.kind in (ChangeKind.CORRECTED_WON, ChangeKind.CORRECTED_LOST):
        return core.Corrected(row.challenge_id, row.kind == ChangeKind.CORRECTED_WON, row.day)
    return core.Played(
        row.player_id,
        row.opponent_id,
        row.kind == ChangeKind.WON,
        row.day,
        row.forfeit,
        row.challenge_id,
    )


def history(ladder: Ladder) -> list[core.Change]:
    return [as_core(row) for row in ladder.changes.order_by("sequence")]


def current_order(ladder: Ladder) -> tuple[int, ...]:
    last = ladder.changes.order_by("-sequence").values_list("order", flat=True).first()
    return tuple(last or ())


def _names(*players: int) -> dict[int, str]:
    return dict(Player.objects.filter(pk__in=players).values_list("pk", "name"))


def _record(
    ladder: Ladder,
    change: core.Change,
    *,
    kind: str,
    challenge: Challenge | None = None,
) -> LadderChange:
    rules = ladder.rules()
    try:
        if isinstance(change, core.Corrected):  # every change after the challenge follows
            order = core.replay(rules, [*history(ladder), change])
        else:
            order = core.apply(rules, current_order(ladder), change)
    except core.LadderError as error:
        players = [error.player] if error.player is not None else []
        raise messages.ladder_error(error, _names(*players), rules.reach) from error
    last = ladder.changes.aggregate(last=Max("sequence"))["last"] or 0
    if isinstance(change, core.Corrected):
        assert challenge is not None
        player, opponent = challenge.challenger_id, challenge.defender_id
    elif isinstance(change, core.Played):
        player, opponent = change.challenger, change.defender
    else:
        player, opponent = change.player, None
    row = LadderChange(
        ladder=ladder,
        sequence=last + 1,
        kind=kind,
        player_id=player,
        opponent_id=opponent,
        challenge=challenge,
        forfeit=isinstance(change, core.Played) and change.forfeit,
        places=change.places if isinstance(change, core.Idle) else 0,
        day=change.day,
        order=list(order),
    )
    row.full_clean()
    row.save()
    return row


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
        ladder = _lock(ladder)
        if not Membership.objects.filter(club=ladder.club, player=player).exists():
            raise UserError(
                _("%(player)s is not a member of the club.") % {"player": player.name},
                code="not_member",
            )
        return _record(ladder, core.Joined(player.pk, _today(today)), kind=ChangeKind.JOINED)


def _open_counts(ladder: Ladder) -> dict[int, int]:
    counts: dict[int, int] = {}
    for challenger, defender in ladder.challenges.filter(status__in=OPEN_STATUSES).values_list(
        "challenger_id", "defender_id"
    ):
        counts[challenger] = counts.get(challenger, 0) + 1
        counts[defender] = counts.get(defender, 0) + 1
    return counts


def _leave(ladder: Ladder, player: Player, *, kind: str, today: date | None) -> LadderChange:
    with club_change(ladder.club_id):
        ladder = _lock(ladder)
        if _open_counts(ladder).get(player.pk):
            raise UserError(
                _("%(player)s has an open challenge: it is decided first.")
                % {"player": player.name},
                code="open_challenge",
            )
        return _record(ladder, core.Left(player.pk, _today(today)), kind=kind)


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
        ladder = _lock(ladder)
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
            ladder.idle_from = _today(today)
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
        ladder = _lock(ladder)
        rules = ladder.rules()
        try:
            core_challenges.check_challenge(
                rules,
                current_order(ladder),
                challenger=challenger.pk,
                defender=defender.pk,
                open_counts=_open_counts(ladder),
            )
        except core.LadderError as error:
            players = [error.player] if error.player is not None else []
            raise messages.ladder_error(error, _names(*players), rules.reach) from error
        challenge = Challenge(
            ladder=ladder,
            challenger=challenger,
            defender=defender,
            accept_by=_today(today) + timedelta(days=ladder.accept_days),
        )
        challenge.full_clean()
        challenge.save()
        emit(ChallengeIssued(challenge_id=challenge.pk))
        return challenge


def _locked_challenge(challenge: Challenge) -> tuple[Ladder, Challenge]:
    ladder = _lock(challenge.ladder)
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
        day = _today(today)
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
    return _record(ladder, change, kind=kind, challenge=challenge)


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
        return _decide(ladder, challenge, challenger_won=True, forfeit=True, day=_today(today))


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
        return _record(ladder, change, kind=kind, challenge=challenge)


@logged_service("ladder_tick")
@transaction.atomic
def ladder_tick(*, ladder: Ladder, today: date | None = None) -> int:
    """What the calendar decides: challenges not accepted in time are lost by forfeit,
    accepted ones not played in time lapse (no change), and players without a match drop.
    Returns the number of changes; running it twice the same day changes nothing."""
    day = _today(today)
    with club_change(ladder.club_id):
        ladder = _lock(ladder)
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
        for idle in inactivity.idle_due(ladder.rules(), history(ladder), day):
            _record(ladder, idle, kind=ChangeKind.IDLE)
            changed += 1
        return changed
