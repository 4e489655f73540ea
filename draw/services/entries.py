"""Players leaving and moving while the tournament runs: their matches forfeited on a
withdrawal (``draw.withdrawals``), swaps, late entries and byes asked for."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from clubs.models import Membership
from clubs.services import club_add_guest
from clubs.versions import club_change
from config.errors import UserError
from config.logs import logged_service
from draw.brackets import bracket_sync
from draw.services.advance import close_rounds
from entries.models import Entry, EntryStatus
from matches import reasons
from matches.models import Match, MatchStatus
from matches.services import match_award_forfeit
from matches.versions import match_change
from tournaments.formats import format_of, is_bracket
from tournaments.models import Round, Tournament, TournamentStatus
from tournaments.pairing import BracketFormat, Swiss
from tournaments.services import tournament_lock
from tournaments.versions import tournament_change


@logged_service("match_swap_players")
@transaction.atomic
def match_swap_players(*, first: Match, first_slot: int, second: Match, second_slot: int) -> None:
    """Swap two players between matches of the same round before either match starts
    (a wrong table, two club mates drawn together)."""
    # The tournament first, then the round, then the matches: the house's lock order.
    with match_change(first):
        round_id = Match.objects.values_list("round_id", flat=True).get(pk=first.pk)
        round_ = Round.objects.select_for_update().select_related("stage").get(pk=round_id)
        tournament = tournament_lock(Tournament(pk=round_.stage.tournament_id))
        first = Match.objects.select_for_update().get(pk=first.pk)
        second = Match.objects.select_for_update().get(pk=second.pk)
        not_started = Q(status__in=[MatchStatus.PENDING, MatchStatus.READY]) & Q(games__isnull=True)
        started = Match.objects.filter(pk__in=[first.pk, second.pk]).exclude(not_started).exists()
        if first.round_id != second.round_id or started:
            raise UserError(
                _("Only players of two matches of the same round that have not started can swap."),
                code="swap_not_allowed",
            )
        field_of = {1: "entry_a", 2: "entry_b"}
        a_field, b_field = field_of[first_slot], field_of[second_slot]
        a_entry, b_entry = getattr(first, a_field), getattr(second, b_field)
        if a_entry is None or b_entry is None or a_entry == b_entry:
            raise UserError(_("Choose two different players."), code="swap_not_allowed")

        if is_bracket(tournament):
            # The bracket follows the seeds: swap the seeds and let the bracket redraw its rows.
            seeds = a_entry.seed, b_entry.seed
            Entry.objects.filter(pk=a_entry.pk).update(seed=None)
            Entry.objects.filter(pk=b_entry.pk).update(seed=seeds[0])
            Entry.objects.filter(pk=a_entry.pk).update(seed=seeds[1])
            bracket_sync(tournament)
            return
        if first.pk == second.pk:
            first.entry_a, first.entry_b = first.entry_b, first.entry_a
            first.save(update_fields=["entry_a", "entry_b", "updated_at"])
            return
        setattr(first, a_field, b_entry)
        setattr(second, b_field, a_entry)
        first.save(update_fields=[a_field, "updated_at"])
        second.save(update_fields=[b_field, "updated_at"])
        for match in (first, second):  # the draw's reasons no longer explain these tables
            round_.pairing_notes[str(match.index)] = ["swapped"]
        round_.save(update_fields=["pairing_notes", "updated_at"])


def entry_forfeit_open_matches(*, tournament: Tournament, entry: Entry, user: Any = None) -> None:
    """A player withdrew while the tournament runs: his open matches go to the opponents."""
    fmt = format_of(tournament)
    if isinstance(fmt, BracketFormat):
        bracket_sync(tournament, user=user, reason=reasons.WITHDRAWAL)
        close_rounds(tournament)
        return
    open_matches = Match.objects.filter(
        Q(entry_a=entry) | Q(entry_b=entry),
        status__in=[MatchStatus.READY, MatchStatus.PLAYING],
    ).select_related("entry_a", "entry_b", "round__stage")
    for match in open_matches:
        opponent = match.entry_b if match.entry_a_id == entry.pk else match.entry_a
        assert opponent is not None
        match_award_forfeit(match=match, winner=opponent, user=user, reason=reasons.WITHDRAWAL)


# --- Late entries and byes asked for (Swiss) ------------------------------------------------


class LateStart:
    """How a late entry's starting score is chosen."""

    ZERO = "zero"
    BYES = "byes"  # every missed round as a bye
    POINTS = "points"  # the organizer's number


def _running_swiss(tournament: Tournament) -> Tournament:
    tournament = tournament_lock(tournament)
    if tournament.status != TournamentStatus.RUNNING or not isinstance(
        format_of(tournament), Swiss
    ):
        raise UserError(
            _("Only a running Swiss tournament takes late entries and byes on request."),
            code="not_swiss",
        )
    return tournament


def _first_undrawn_round(tournament: Tournament) -> int:
    """The lowest round number without matches (a draft round is not drawn yet)."""
    drawn = Round.objects.filter(stage__tournament=tournament, matches__isnull=False)
    last = drawn.order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


def _check_round(tournament: Tournament, number: int) -> None:
    first = _first_undrawn_round(tournament)
    total = tournament.swiss_rounds or 1
    if not first <= number <= total:
        raise UserError(
            _("Choose a round from %(first)d to %(last)d: the rounds not drawn yet.")
            % {"first": first, "last": total},
            code="round_drawn",
            field="round_number",
        )


@logged_service("entry_add_late")
@transaction.atomic
def entry_add_late(
    *,
    tournament: Tournament,
    name: str,
    from_round: int,
    start: str = LateStart.ZERO,
    points: int = 0,
) -> Entry:
    """Enter a player into a running Swiss from round ``from_round`` with a starting score:
    none, a bye's points for every missed round, or the organizer's number."""
    with club_change(tournament.club_id), tournament_change(tournament.pk):
        tournament = _running_swiss(tournament)
        _check_round(tournament, from_round)
        name = name.strip()
        if not name:
            raise UserError(_("Enter a name."), code="no_name", field="name")
        missed = from_round - 1
        starting = {
            LateStart.ZERO: 0,
            LateStart.BYES: missed * tournament.bye_match_points,
            LateStart.POINTS: points,
        }.get(start)
        if starting is None or starting < 0:
            raise UserError(_("Choose a starting score."), code="bad_start", field="start")
        member = (
            Membership.objects.filter(club=tournament.club, player__name__iexact=name)
            .select_related("player")
            .first()
        )
        player = member.player if member else club_add_guest(club=tournament.club, name=name).player
        entry = Entry.objects.filter(tournament=tournament, player=player).first()
        if entry is not None:
            raise UserError(
                _("%(name)s is already entered.") % {"name": player.name}, code="already_entered"
            )
        last_seed = (
            Entry.objects.filter(tournament=tournament, seed__isnull=False)
            .order_by("-seed")
            .values_list("seed", flat=True)
            .first()
        )
        return Entry.objects.create(
            tournament=tournament,
            player=player,
            status=EntryStatus.APPROVED,
            seed=(last_seed or 0) + 1,
            joined_round=from_round,
            starting_points=starting,
        )


@logged_service("entry_request_bye")
@transaction.atomic
def entry_request_bye(*, entry: Entry, round_number: int, points: int = 0) -> Entry:
    """The player asks not to be paired in round ``round_number`` (not drawn yet); he gets
    ``points`` match points for it. It is not the pairing bye of an odd field."""
    with tournament_change(entry.tournament_id):
        tournament = _running_swiss(entry.tournament)
        entry = Entry.objects.select_for_update().get(pk=entry.pk)
        if entry.status == EntryStatus.WITHDRAWN:
            raise UserError(
                _("%(name)s has already withdrawn.") % {"name": entry.player.name},
                code="already_withdrawn",
            )
        _check_round(tournament, round_number)
        if points < 0:
            raise UserError(_("Points cannot be negative."), code="bad_points", field="points")
        entry.requested_byes = {**(entry.requested_byes or {}), str(round_number): points}
        entry.save(update_fields=["requested_byes", "updated_at"])
        return entry


@logged_service("entry_cancel_bye")
@transaction.atomic
def entry_cancel_bye(*, entry: Entry, round_number: int) -> Entry:
    with tournament_change(entry.tournament_id):
        tournament = _running_swiss(entry.tournament)
        entry = Entry.objects.select_for_update().get(pk=entry.pk)
        if str(round_number) not in (entry.requested_byes or {}):
            raise UserError(_("There is no such bye to cancel."), code="no_bye")
        _check_round(tournament, round_number)
        entry.requested_byes = {
            key: value for key, value in entry.requested_byes.items() if key != str(round_number)
        }
        entry.save(update_fields=["requested_byes", "updated_at"])
        return entry
