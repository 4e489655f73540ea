"""What follows a result: sync the bracket, close the rounds whose matches are decided,
pair the next Swiss round when due, finish the tournament; and the organizer's "pair next
round". A correction that re-opened matches opens their rounds again."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Count, Exists, OuterRef, Q, Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import UserError
from config.logs import logged_service
from draw.brackets import bracket_sync
from draw.selectors import active_entry_ids
from events.bus import emit
from events.types import RoundCreated, TournamentAdvanced, TournamentFinished
from matches.models import UNDECIDED_STATUSES, Match
from tournaments.formats import Drawing, FormatAdapter, adapter_of, format_of
from tournaments.models import Round, RoundStatus, Tournament, TournamentKind, TournamentStatus
from tournaments.pairing import RoundFormat
from tournaments.services.lifecycle import tournament_lock
from tournaments.versions import tournament_change, tournament_changed


def close_rounds(tournament: Tournament) -> None:
    """Mark every drawn round whose matches are all decided as finished (one statement: this
    runs after every result)."""
    matches = Match.objects.filter(round=OuterRef("pk"))
    decided = (
        Round.objects.filter(stage__tournament=tournament)
        .exclude(status=RoundStatus.FINISHED)
        .filter(Exists(matches))
        .exclude(Exists(matches.filter(status__in=UNDECIDED_STATUSES)))
    )
    decided.update(status=RoundStatus.FINISHED, updated_at=timezone.now())


def reopen_rounds(tournament: Tournament) -> None:
    """The other way after a correction re-opened matches: each finished round with an
    undecided match is drawn (open) again, and a finished tournament runs again, so that the
    re-opened matches' results move it on and it finishes once more."""
    reopened = Round.objects.filter(
        stage__tournament=tournament,
        status=RoundStatus.FINISHED,
        matches__status__in=UNDECIDED_STATUSES,
    ).distinct()
    for round_ in reopened:
        round_.status = RoundStatus.PAIRED
        round_.save(update_fields=["status", "updated_at"])
    if tournament.status == TournamentStatus.FINISHED and reopened:
        tournament.status = TournamentStatus.RUNNING
        tournament.save(update_fields=["status", "updated_at"])


@logged_service("tournament_advance")
@transaction.atomic
def tournament_advance(*, match_id: int) -> bool:
    """What follows a finished (or corrected) match: see :func:`tournament_catch_up`."""
    tournament_id = (
        Match.objects.filter(pk=match_id).values_list("round__stage__tournament", flat=True).first()
    )
    if tournament_id is None:
        return False
    return tournament_catch_up(tournament_id=tournament_id)


def _fingerprint(tournament: Tournament) -> tuple[object, ...]:
    """Changes whenever a match row, a round's status or the number of rounds changes."""
    matches = Match.objects.of_tournament(tournament).aggregate(
        n=Count("pk"), versions=Sum("version")
    )
    rounds = Round.objects.filter(stage__tournament=tournament).aggregate(
        n=Count("pk"), finished=Count("pk", filter=Q(status=RoundStatus.FINISHED))
    )
    return (matches["n"], matches["versions"], rounds["n"], rounds["finished"])


@transaction.atomic
def tournament_catch_up(*, tournament_id: int) -> bool:
    """Bring a running tournament up to its results: sync the bracket, close the rounds whose
    matches are decided, pair the next Swiss round when due, finish the tournament. Safe to
    run twice or concurrently (the tournament row is locked, every step checks what is done).
    Returns whether anything changed; only then are ``TournamentAdvanced`` (and, at the end,
    ``TournamentFinished``) emitted."""
    # Locked first, its version raised only if something changed: this runs after every result
    # and on every pass of the reconciler, mostly to find that nothing is due.
    tournament = tournament_lock(Tournament(pk=tournament_id))
    # A ladder's matches have no draw: each is made for its challenge (``ladders``).
    if tournament.status != TournamentStatus.RUNNING or tournament.kind == TournamentKind.LADDER:
        return False
    before = _fingerprint(tournament)
    adapter = adapter_of(tournament)
    fmt = adapter.pure(tournament)
    complete = False
    if adapter.is_bracket:
        complete = bracket_sync(tournament)
    close_rounds(tournament)
    if isinstance(fmt, RoundFormat):
        complete = _rounds_complete(tournament, adapter, fmt)
        if not complete and adapter.pairs_next_round_itself(tournament):
            _pair_next_if_due(tournament)
    if complete:
        tournament.status = TournamentStatus.FINISHED
        tournament.save(update_fields=["status", "updated_at"])
    changed = complete or _fingerprint(tournament) != before
    if changed:
        tournament_changed(tournament.pk)
        emit(TournamentAdvanced(tournament_id=tournament.pk))
    if complete:
        emit(TournamentFinished(tournament_id=tournament.pk))
    return changed


def _rounds_complete(tournament: Tournament, adapter: FormatAdapter, fmt: RoundFormat) -> bool:
    rounds = Round.objects.filter(stage__tournament=tournament)
    if rounds.exclude(status=RoundStatus.FINISHED).exists():
        return False
    if adapter.drawing is Drawing.SCHEDULE:  # every round was drawn at the start
        return True
    return rounds.count() >= fmt.total_rounds(len(active_entry_ids(tournament)))


def _pair_next_if_due(tournament: Tournament) -> Round | None:
    last = Round.objects.filter(stage__tournament=tournament).order_by("-number").first()
    if last is None or last.status != RoundStatus.FINISHED:
        return None
    fmt = format_of(tournament)
    assert isinstance(fmt, RoundFormat)
    if last.number >= fmt.total_rounds(len(active_entry_ids(tournament))):
        return None
    new_round, created = Round.objects.get_or_create(
        stage=last.stage,
        number=last.number + 1,
        defaults={"match_format": last.match_format, "length": last.length},
    )
    if created:
        emit(RoundCreated(round_id=new_round.pk))  # drawn in the background once committed
    return new_round


@logged_service("tournament_pair_next_round")
@transaction.atomic
def tournament_pair_next_round(*, tournament: Tournament) -> Round:
    """The organizer's "pair next round" (Swiss): the previous round must be complete."""
    with tournament_change(tournament.pk):
        tournament = tournament_lock(tournament)
        drawn_round_by_round = adapter_of(tournament).drawing is Drawing.ROUND_BY_ROUND
        if not drawn_round_by_round or tournament.status != TournamentStatus.RUNNING:
            raise UserError(
                _("Only a running Swiss tournament is paired round by round."), code="not_swiss"
            )
        close_rounds(tournament)
        last = Round.objects.filter(stage__tournament=tournament).order_by("-number").first()
        if last is not None and last.is_draft:
            raise UserError(
                _("Round %(number)d is a draft: publish it first.") % {"number": last.number},
                code="round_draft",
            )
        if last is not None and last.status != RoundStatus.FINISHED:
            raise UserError(
                _("Round %(number)d is not finished yet.") % {"number": last.number},
                code="round_open",
            )
        new_round = _pair_next_if_due(tournament)
        if new_round is None:
            raise UserError(_("All rounds are drawn."), code="no_more_rounds")
        return new_round
