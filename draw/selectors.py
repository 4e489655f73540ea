"""Reads for the draw: what drawing a round again would draw, and where it can work.

The organizer's page asks before it offers the control, and the service checks the same
thing under its locks (``services.round_changes.round_repair``)."""

from __future__ import annotations

from django.db.models import F, Q, QuerySet

from entries.models import Entry, EntryStatus, PairingRule, PairingRuleKind
from matches.models import Match, MatchOutcome, MatchStatus
from tournaments.formats import Drawing, adapter_of
from tournaments.models import Round, RoundStatus, Tournament, TournamentStatus


def redraws_whole_draw(tournament: Tournament) -> bool:
    """A bracket or a league schedule is drawn as a whole; a Swiss round on its own."""
    return adapter_of(tournament).drawing is not Drawing.ROUND_BY_ROUND


def redraw_rounds(round_: Round) -> QuerySet[Round]:
    """The rounds that drawing ``round_`` again draws anew, in play order."""
    tournament = round_.stage.tournament
    if redraws_whole_draw(tournament):
        rounds = Round.objects.filter(stage__tournament=tournament)
    else:
        rounds = Round.objects.filter(pk=round_.pk)
    return rounds.select_related("stage").order_by("stage__order", "number")


def redraw_matches(round_: Round) -> QuerySet[Match]:
    """The matches that drawing ``round_`` again replaces."""
    tournament = round_.stage.tournament
    if redraws_whole_draw(tournament):
        return Match.objects.of_tournament(tournament)
    return Match.objects.filter(round=round_)


def _with_results(matches: QuerySet[Match]) -> QuerySet[Match]:
    """Those of ``matches`` with a result, a game, or being played: a redraw would throw
    them away."""
    return matches.filter(
        Q(games__isnull=False)
        | Q(outcome__in=[MatchOutcome.PLAYED, MatchOutcome.FORFEIT])
        | Q(status=MatchStatus.PLAYING)
    )


def have_results(matches: QuerySet[Match]) -> bool:
    """Whether one of these matches has a result, a game or is being played: a redraw of
    them is refused."""
    return _with_results(matches).exists()


def can_redraw(round_: Round) -> bool:
    """Whether drawing ``round_`` again would work: the tournament runs and nothing the
    redraw replaces has a result."""
    if round_.stage.tournament.status != TournamentStatus.RUNNING:
        return False
    return not have_results(redraw_matches(round_))


def redrawable_round_ids(tournament: Tournament, rounds: list[Round]) -> set[int]:
    """Of ``rounds`` (the tournament's), the ones whose row offers "Draw again": the
    tournament runs, nothing the redraw replaces has a result, and, where the draw is made
    as a whole, only its first round (the redraw starts there and names every round)."""
    if tournament.status != TournamentStatus.RUNNING:
        return set()
    open_rounds = [r for r in rounds if r.status != RoundStatus.FINISHED]
    if redraws_whole_draw(tournament):
        if not rounds or have_results(Match.objects.of_tournament(tournament)):
            return set()
        first = min(rounds, key=lambda r: (r.stage.order, r.number))
        return {first.pk} if first in open_rounds else set()
    if not open_rounds:
        return set()
    played = set(
        _with_results(Match.objects.filter(round__in=open_rounds)).values_list(
            "round_id", flat=True
        )
    )
    return {r.pk for r in open_rounds if r.pk not in played}


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


def active_entry_ids(tournament: Tournament) -> list[int]:
    """The seeded entries still in the tournament, by seed."""
    return list(
        Entry.objects.filter(tournament=tournament, seed__isnull=False)
        .exclude(status=EntryStatus.WITHDRAWN)
        .order_by("seed")
        .values_list("pk", flat=True)
    )


def not_in_round(tournament: Tournament, number: int) -> set[int]:
    """Entries not paired in round ``number``: a bye asked for, or entered for a later round."""
    entries = Entry.objects.filter(tournament=tournament).values_list(
        "pk", "joined_round", "requested_byes"
    )
    return {
        entry_id
        for entry_id, joined, byes in entries
        if (joined is not None and joined > number) or str(number) in (byes or {})
    }


def pairing_rules_of(tournament: Tournament) -> tuple[set[frozenset[int]], set[frozenset[int]]]:
    """The organizer's forbidden and pinned pairs (entry ids)."""
    forbidden: set[frozenset[int]] = set()
    pinned: set[frozenset[int]] = set()
    for rule in PairingRule.objects.filter(tournament=tournament):
        (forbidden if rule.kind == PairingRuleKind.FORBIDDEN else pinned).add(rule.pair)
    return forbidden, pinned
