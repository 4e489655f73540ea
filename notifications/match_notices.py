"""Triggers about matches: drawn and ready (or a bye), results recorded, reported, disputed
and corrected. Each builds one message per person concerned with a dedupe key, so a trigger
that runs twice sends nothing twice."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from django.db.models import QuerySet
from django.urls import reverse

from clubs import permissions
from clubs.models import Membership, Player, Role
from matches.models import Match, MatchOutcome, MatchReport, MatchStatus, ReportStatus
from notifications import kinds
from notifications.services import Message, existing_keys, notifications_create
from tournaments.models import RoundStatus, TournamentStatus


def match_queryset() -> QuerySet[Match]:
    return Match.objects.select_related(
        "round__stage__tournament__club",
        "entry_a__player__user",
        "entry_b__player__user",
        "winner",
        "referee__user",
    )


def match_url(match: Match) -> str:
    tournament = match.round.stage.tournament
    return reverse(
        "matches:detail",
        kwargs={"club": tournament.club.slug, "tournament": tournament.slug, "match": match.pk},
    )


@dataclass(frozen=True)
class Side:
    """A match seen by one of its players."""

    player: Player
    opponent: Player | None
    score: int
    opponent_score: int
    won: bool


def sides(match: Match) -> Iterator[Side]:
    a = match.entry_a.player if match.entry_a_id else None
    b = match.entry_b.player if match.entry_b_id else None
    if a is not None:
        yield Side(a, b, match.score_a, match.score_b, match.winner_id == match.entry_a_id)
    if b is not None:
        yield Side(b, a, match.score_b, match.score_a, match.winner_id == match.entry_b_id)


def match_context(match: Match, side: Side | None = None) -> dict[str, object]:
    """What the match templates show: tournament, round, players, format, table, deadline."""
    round_ = match.round
    tournament = round_.stage.tournament
    return {
        "match": match,
        "round": round_,
        "stage": round_.stage,
        "tournament": tournament,
        "club": tournament.club,
        "deadline": round_.deadline,
        "side": side,
        "player": side.player if side else None,
        "opponent": side.opponent if side else None,
    }


def match_message(kind: str, match: Match, side: Side, key: str) -> Message:
    tournament = match.round.stage.tournament
    return Message(
        recipient=side.player,
        kind=kind,
        dedupe_key=key,
        context=match_context(match, side),
        url=match_url(match),
        club_id=tournament.club_id,
        tournament_id=tournament.pk,
    )


# --- Drawn: ready matches and byes ------------------------------------------------------------


def ready_matches_notify(*, tournament_id: int | None = None) -> int:
    """Tell both players of every ready match (and every player with a bye in a round still
    being played) who has not been told yet. ``None``: every running tournament."""
    scope = Match.objects.filter(round__stage__tournament__status=TournamentStatus.RUNNING)
    if tournament_id is not None:
        scope = scope.filter(round__stage__tournament_id=tournament_id)
    ready = scope.filter(status=MatchStatus.READY, entry_a__isnull=False, entry_b__isnull=False)
    byes = scope.filter(outcome=MatchOutcome.BYE).exclude(round__status=RoundStatus.FINISHED)
    # Most calls find everybody told already: the keys are worked out from ids alone, and
    # only the matches with somebody still to tell are read whole.
    keys = {}
    for pk, *players in ready.values_list("pk", "entry_a__player_id", "entry_b__player_id"):
        for player_id in players:
            keys[_drawn_key(kinds.MATCH_READY, pk, player_id)] = pk
    for pk, player_id in byes.values_list("pk", "winner__player_id"):
        if player_id is not None:
            keys[_drawn_key(kinds.MATCH_BYE, pk, player_id)] = pk
    untold = keys.keys() - existing_keys(keys)
    if not untold:
        return 0
    messages = []
    for match in in_play_order(
        match_queryset().filter(pk__in={keys[k] for k in untold}).order_by()
    ):
        kind = kinds.MATCH_BYE if match.outcome == MatchOutcome.BYE else kinds.MATCH_READY
        for side in sides(match):
            key = _drawn_key(kind, match.pk, side.player.pk)
            if key in untold and (kind == kinds.MATCH_READY or side.won):
                messages.append(match_message(kind, match, side, key))
    return len(notifications_create(messages))


def _drawn_key(kind: str, match_id: int, player_id: int) -> str:
    return f"{kind}:m{match_id}:p{player_id}"


def in_play_order(matches: Iterable[Match]) -> list[Match]:
    """The matches in the order of play, sorted here: they come with their round and stage,
    and the ORDER BY across those joins cost more to compile than the rest of the work."""
    return sorted(
        matches,
        key=lambda m: (m.round.stage.tournament_id, m.round.stage.order, m.round.number, m.index),
    )


# --- Results ------------------------------------------------------------------------------


def result_recorded_notify(*, match_id: int) -> int:
    """Both players: the result as it stands (once per match and player)."""
    match = match_queryset().filter(pk=match_id, status=MatchStatus.FINISHED).first()
    if match is None or match.outcome == MatchOutcome.BYE:
        return 0
    messages = [
        match_message(
            kinds.RESULT_RECORDED,
            match,
            side,
            f"{kinds.RESULT_RECORDED}:m{match.pk}:p{side.player.pk}",
        )
        for side in sides(match)
    ]
    return len(notifications_create(messages))


def result_corrected_notify(*, match_id: int) -> int:
    """Both players: the corrected result (once per correction: the match version)."""
    match = match_queryset().filter(pk=match_id).first()
    if match is None:
        return 0
    messages = [
        match_message(
            kinds.RESULT_CORRECTED,
            match,
            side,
            f"{kinds.RESULT_CORRECTED}:m{match.pk}:v{match.version}:p{side.player.pk}",
        )
        for side in sides(match)
    ]
    return len(notifications_create(messages))


def _report(report_id: int) -> MatchReport | None:
    return (
        MatchReport.objects.select_related("reported_by", "decided_by").filter(pk=report_id).first()
    )


def _report_message(kind: str, report: MatchReport, match: Match, recipient: Player) -> Message:
    side = next((s for s in sides(match) if s.player.pk == recipient.pk), None)
    context = {**match_context(match, side), "report": report, "recipient_player": recipient}
    tournament = match.round.stage.tournament
    return Message(
        recipient=recipient,
        kind=kind,
        dedupe_key=f"{kind}:r{report.pk}:p{recipient.pk}",
        context=context,
        url=match_url(match),
        club_id=tournament.club_id,
        tournament_id=tournament.pk,
    )


def result_reported_notify(*, report_id: int) -> int:
    """The opponent of the player who reported: please confirm or dispute."""
    report = _report(report_id)
    if report is None or report.status != ReportStatus.PENDING:
        return 0
    match = match_queryset().get(pk=report.match_id)
    messages = [
        _report_message(kinds.RESULT_REPORTED, report, match, side.player)
        for side in sides(match)
        if side.player.pk != report.reported_by_id
    ]
    return len(notifications_create(messages))


def referees_of(match: Match) -> list[Player]:
    """Who decides a dispute: the match's referee, else the tournament's referees, else the
    club's organizers; never one of the two players while someone else can."""
    tournament = match.round.stage.tournament
    players = {side.player.pk for side in sides(match)}
    organizers = [
        m.player
        for m in Membership.objects.filter(club=tournament.club_id, role=Role.ORGANIZER)
        .select_related("player__user")
        .order_by("player__name")
    ]
    candidates = [
        [match.referee] if match.referee_id else [],
        permissions.tournament_referees(tournament),
        organizers,
    ]
    for group in candidates:
        chosen = [p for p in group if p.pk not in players]
        if chosen:
            return chosen
    return organizers


def result_disputed_notify(*, report_id: int) -> int:
    """The referee(s): a reported result is disputed and waits for a decision."""
    report = _report(report_id)
    if report is None or report.status != ReportStatus.DISPUTED:
        return 0
    match = match_queryset().get(pk=report.match_id)
    messages = [
        _report_message(kinds.RESULT_DISPUTED, report, match, referee)
        for referee in referees_of(match)
    ]
    return len(notifications_create(messages))
