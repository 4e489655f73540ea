"""The night as the control room reads it: every match of the club's running tournaments and
ladders (open, or finished in the last hours) in its state, with its call, its open report,
its clock and what a director may do about it. A fixed number of queries however many
matches the night holds."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.db.models import Count, F, Max, Q
from django.db.models.fields.json import KeyTransform
from django.utils import timezone

from clubs.models import Club, Role
from control.states import ORDER, Facts, Placed, State, minutes_in, state_of
from ladders.models import Ladder
from matches import reasons
from matches.models import Match, MatchOutcome, MatchReport, MatchStatus, ReportStatus
from matches.reasons import reason_code
from play.clock import Clock
from recording.models import RecordedMatch
from tournaments.lateness import late_penalty, penalty_room
from tournaments.models import MatchFormat, Tournament, TournamentKind, TournamentStatus
from venue import selectors as venue_selectors
from venue.models import Call, Table

#: How long a finished match stays on the control room.
FINISHED_SHOWN = timedelta(hours=12)
#: ``Tournament.referee_scope`` when only the chosen referees referee it.
REFEREES_LISTED = "listed"


@dataclass(frozen=True)
class LateOffer:
    """What the late rule proposes if one player of a late match is the late one."""

    entry_id: int
    name: str
    opponent: str
    minutes_late: int
    points: int
    forfeit: bool
    is_best_of: bool


@dataclass(frozen=True)
class Row:
    match: Match
    placed: Placed
    minutes: int
    call: Call | None = None
    report: MatchReport | None = None
    #: The online board's clock as a board shows it (``Clock.view``), if it has one.
    clock: dict[str, Any] | None = None
    #: Recorded on a clock beside the board: the number of actions, and the last one's time.
    recorded_actions: int | None = None
    recorded_last: datetime | None = None
    ladder: Ladder | None = None
    #: Both players are at the venue (checked in, where the tournament asks for it).
    present: bool = True
    late: tuple[LateOffer, ...] = ()
    #: The viewer may act on this match as its referee.
    can_referee: bool = False

    @property
    def state(self) -> State:
        return self.placed.state

    @property
    def tournament(self) -> Tournament:
        return self.match.round.stage.tournament

    @property
    def table_id(self) -> int | None:
        return self.call.table_id if self.call is not None else None

    @property
    def can_call(self) -> bool:
        """Called to a table by the venue: a tournament's match at the venue, both there."""
        return (
            self.state == State.WAITING
            and self.ladder is None
            and not self.match.is_online
            and self.present
        )


@dataclass
class Night:
    club: Club
    now: datetime
    rows: list[Row] = field(default_factory=list)
    tournaments: list[Tournament] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    free_tables: list[Table] = field(default_factory=list)

    @property
    def counts(self) -> dict[State, int]:
        counted = Counter(row.state for row in self.rows)
        return {state: counted.get(state, 0) for state in ORDER}


@dataclass(frozen=True)
class Viewer:
    """Who looks: what he may do on each match, known without a query per match."""

    player_id: int | None
    organizer: bool
    referee: bool
    listed_in: frozenset[int] = frozenset()

    def can_referee(self, match: Match) -> bool:
        players = {e.player_id for e in (match.entry_a, match.entry_b) if e is not None}
        if self.player_id is not None and self.player_id in players:
            return False
        if self.organizer:
            return True
        tournament = match.round.stage.tournament
        if not self.referee:
            return False
        return tournament.referee_scope != REFEREES_LISTED or tournament.pk in self.listed_in


def viewer_of(user: Any, club: Club) -> Viewer:
    """The user's role in the club and the tournaments that chose him as a referee (two
    queries; none for a superuser)."""
    if getattr(user, "is_superuser", False):
        return Viewer(player_id=None, organizer=True, referee=True)
    if user is None or not user.is_authenticated:
        return Viewer(player_id=None, organizer=False, referee=False)
    membership = club.memberships.filter(player__user=user).values_list("player_id", "role").first()
    if membership is None:
        return Viewer(player_id=None, organizer=False, referee=False)
    player_id, role = membership
    listed: frozenset[int] = frozenset()
    if role == Role.REFEREE:
        listed = frozenset(
            Tournament.objects.filter(club=club, referees__pk=player_id).values_list(
                "pk", flat=True
            )
        )
    return Viewer(
        player_id=player_id,
        organizer=role == Role.ORGANIZER,
        referee=role in (Role.ORGANIZER, Role.REFEREE),
        listed_in=listed,
    )


def _matches(tournaments: list[Tournament], now: datetime) -> list[Match]:
    """The shown matches of the night's running tournaments, each reading its tournament from
    ``tournaments`` (one instance a tournament, read once, instead of a copy of its row and its
    ladder's in every match's row)."""
    by_id = {tournament.pk: tournament for tournament in tournaments}
    running = Q(
        round__stage__tournament__in=list(by_id),
        round__draft__isnull=True,
        entry_a__isnull=False,
        entry_b__isnull=False,
    )
    shown = Q(status__in=(MatchStatus.READY, MatchStatus.PLAYING)) | Q(
        status=MatchStatus.FINISHED, finished_at__gte=now - FINISHED_SHOWN
    )
    matches = list(
        Match.objects.filter(running & shown)
        .exclude(outcome=MatchOutcome.BYE)
        .select_related("round__stage", "entry_a__player", "entry_b__player")
        .annotate(
            online_clock=KeyTransform("clock", "online_game__state"),
            online_since=F("online_game__updated_at"),
        )
        .order_by("round__stage__tournament_id", "round__stage__order", "round__number", "index")
    )
    for match in matches:
        stage = match.round.stage
        stage.tournament = by_id[stage.tournament_id]
    return matches


def _late_decided(match_ids: list[int]) -> set[int]:
    """The matches a director has decided a late player of (one query)."""
    if not match_ids:
        return set()
    rows = Match.history.filter(
        id__in=match_ids, history_change_reason__startswith="late."
    ).values_list("id", "history_change_reason")
    return {pk for pk, stored in rows if reason_code(stored)[0] in reasons.LATE_DECISIONS}


def _recorded(match_ids: list[int]) -> dict[int, tuple[int, datetime | None]]:
    rows = (
        RecordedMatch.objects.filter(match_id__in=match_ids)
        .annotate(count=Count("actions"), last=Max("actions__created_at"))
        .values_list("match_id", "count", "last")
    )
    return {match_id: (count, last) for match_id, count, last in rows}


def _ladder_of(tournament: Tournament) -> Ladder | None:
    if tournament.kind != TournamentKind.LADDER:
        return None
    try:
        return tournament.ladder
    except Ladder.DoesNotExist:
        return None


def _late_offers(match: Match, since: datetime, now: datetime) -> tuple[LateOffer, ...]:
    """The rule's proposal for each player being the late one (pure: no query)."""
    tournament = match.round.stage.tournament
    rule = tournament.late
    if rule is None or match.entry_a is None or match.entry_b is None:
        return ()
    is_best_of = match.match_format == MatchFormat.GAMES
    wins_needed = (match.length + 1) // 2 if is_best_of else match.length
    entries = (match.entry_a, match.entry_b)
    starts = (match.start_score_a, match.start_score_b)
    offers = []
    for side in (0, 1):
        opponent = 1 - side
        room = penalty_room(wins_needed, starts[opponent])
        penalty = late_penalty(rule, now - since, room=room)
        offers.append(
            LateOffer(
                entry_id=entries[side].pk,
                name=entries[side].player.name,
                opponent=entries[opponent].player.name,
                minutes_late=penalty.minutes_late,
                points=penalty.points,
                forfeit=penalty.forfeit,
                is_best_of=is_best_of,
            )
        )
    return tuple(offers)


def _facts(
    match: Match,
    call: Call | None,
    report: MatchReport | None,
    late_decided: bool,
    clock: Clock | None,
) -> Facts:
    tournament = match.round.stage.tournament
    report_at = None
    if report is not None:
        report_at = report.decided_at if report.status == ReportStatus.DISPUTED else None
        report_at = report_at or report.created_at
    paused = clock is not None and clock.paused and match.status != MatchStatus.FINISHED
    return Facts(
        status=match.status,
        changed_at=match.updated_at,
        started_at=match.started_at,
        finished_at=match.finished_at,
        called_at=call.called_at if call is not None else None,
        report=report.status if report is not None else None,
        report_at=report_at,
        paused_at=getattr(match, "online_since", None) if paused else None,
        late_grace=tournament.late_grace_minutes if tournament.late is not None else None,
        late_decided=late_decided,
    )


def _present(match: Match) -> bool:
    required = match.round.stage.tournament.require_check_in
    return all(
        venue_selectors.is_present(entry.status, required)
        for entry in (match.entry_a, match.entry_b)
        if entry is not None
    )


def club_night(club: Club, *, viewer: Viewer | None = None, now: datetime | None = None) -> Night:
    """The club's night at ``now`` (seven queries, whatever it holds)."""
    now = now or timezone.now()
    viewer = viewer or Viewer(player_id=None, organizer=False, referee=False)
    night = Night(club=club, now=now)
    night.tournaments = list(
        Tournament.objects.filter(club=club, status=TournamentStatus.RUNNING)
        .select_related("ladder")
        .order_by("kind", "name")
    )
    night.tables = venue_selectors.club_tables(club)
    calls = {
        call.match_id: call
        for call in Call.objects.filter(club=club, ended_at__isnull=True).select_related("table")
    }
    in_use = {call.table_id for call in calls.values()}
    night.free_tables = [t for t in night.tables if t.in_service and t.pk not in in_use]
    matches = _matches(night.tournaments, now)
    ids = [match.pk for match in matches]
    reports = {
        report.match_id: report
        for report in MatchReport.objects.filter(
            match_id__in=ids, status__in=(ReportStatus.PENDING, ReportStatus.DISPUTED)
        ).select_related("reported_by", "decided_by")
    }
    called_ready = [pk for pk in ids if pk in calls]
    decided = _late_decided(called_ready)
    recorded = _recorded([m.pk for m in matches if m.status != MatchStatus.FINISHED])
    for match in matches:
        raw_clock = getattr(match, "online_clock", None)
        clock = Clock.load(raw_clock) if isinstance(raw_clock, dict) else None
        call = calls.get(match.pk)
        facts = _facts(match, call, reports.get(match.pk), match.pk in decided, clock)
        placed = state_of(facts, now)
        count, last = recorded.get(match.pk, (None, None))
        night.rows.append(
            Row(
                match=match,
                placed=placed,
                minutes=minutes_in(placed, now),
                call=call,
                report=reports.get(match.pk),
                clock=clock.view(int(now.timestamp() * 1000)) if clock is not None else None,
                recorded_actions=count,
                recorded_last=last,
                ladder=_ladder_of(match.round.stage.tournament),
                present=_present(match),
                late=(
                    _late_offers(match, call.called_at, now)
                    if placed.state == State.LATE and call is not None
                    else ()
                ),
                can_referee=viewer.can_referee(match),
            )
        )
    rank = {state: n for n, state in enumerate(ORDER)}
    night.rows.sort(
        key=lambda row: (
            rank[row.state],
            -row.placed.since.timestamp()
            if row.state == State.FINISHED
            else row.placed.since.timestamp(),
        )
    )
    return night


def filtered(
    night: Night, *, tournament: int | None, state: str | None, table: int | None
) -> list[Row]:
    """The night's rows of one tournament, one state, one table (each when given)."""
    return [
        row
        for row in night.rows
        if (tournament is None or row.tournament.pk == tournament)
        and (not state or row.state == state)
        and (table is None or row.table_id == table)
    ]
