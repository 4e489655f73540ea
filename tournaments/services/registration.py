"""Who plays: sign-up, approval, check-in, guests, seeds, withdrawals and swaps."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from clubs.models import Membership, Player, Role
from clubs.services import club_add_guest
from config.errors import UserError
from config.logs import logged_service
from matches.models import Match, MatchStatus
from tournaments.models import Entry, EntryStatus, Tournament, TournamentStatus
from tournaments.services.lifecycle import lock

OPEN = {TournamentStatus.DRAFT, TournamentStatus.REGISTRATION}


def _check_open(tournament: Tournament) -> None:
    if tournament.status not in OPEN:
        raise UserError(
            _("Registration for this tournament is closed."), code="registration_closed"
        )


def _new_entry(tournament: Tournament, player: Player, status: str) -> Entry:
    existing = Entry.objects.filter(tournament=tournament, player=player).first()
    if existing is not None and existing.status != EntryStatus.WITHDRAWN:
        raise UserError(
            _("%(name)s is already entered.") % {"name": player.name}, code="already_entered"
        )
    if existing is not None:  # coming back after withdrawing
        existing.status = status
        existing.save(update_fields=["status", "updated_at"])
        return existing
    return Entry.objects.create(tournament=tournament, player=player, status=status)


@logged_service("entry_register")
@transaction.atomic
def entry_register(*, tournament: Tournament, player: Player) -> Entry:
    """A player signs himself up; the organizer approves."""
    tournament = lock(tournament)
    if tournament.status != TournamentStatus.REGISTRATION:
        raise UserError(
            _("Registration for this tournament is not open."), code="registration_closed"
        )
    return _new_entry(tournament, player, EntryStatus.PENDING)


@logged_service("entry_add")
@transaction.atomic
def entry_add(*, tournament: Tournament, player: Player) -> Entry:
    """The organizer enters a player, approved at once. The player must be in the club."""
    tournament = lock(tournament)
    _check_open(tournament)
    if not Membership.objects.filter(club=tournament.club, player=player).exists():
        Membership.objects.create(club=tournament.club, player=player, role=Role.PLAYER)
    return _new_entry(tournament, player, EntryStatus.APPROVED)


@logged_service("entry_add_guest")
@transaction.atomic
def entry_add_guest(*, tournament: Tournament, name: str, email: str = "") -> Entry:
    """A walk-in without an account, entered by name: a guest of the club, approved."""
    tournament = lock(tournament)
    _check_open(tournament)
    existing = (
        Membership.objects.filter(club=tournament.club, player__name__iexact=name.strip())
        .select_related("player")
        .first()
    )
    player = (
        existing.player
        if existing
        else club_add_guest(club=tournament.club, name=name, email=email).player
    )
    return _new_entry(tournament, player, EntryStatus.APPROVED)


def _set_status(entry: Entry, allowed_from: set[str], target: str) -> Entry:
    tournament = lock(entry.tournament)
    _check_open(tournament)
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    if entry.status not in allowed_from:
        raise UserError(
            _("%(name)s is “%(status)s” and cannot become “%(target)s”.")
            % {
                "name": entry.player.name,
                "status": entry.get_status_display(),
                "target": EntryStatus(target).label,
            },
            code="illegal_entry_transition",
        )
    entry.status = target
    entry.save(update_fields=["status", "updated_at"])
    return entry


@logged_service("entry_approve")
@transaction.atomic
def entry_approve(*, entry: Entry) -> Entry:
    return _set_status(entry, {EntryStatus.PENDING}, EntryStatus.APPROVED)


@logged_service("entry_check_in")
@transaction.atomic
def entry_check_in(*, entry: Entry) -> Entry:
    return _set_status(entry, {EntryStatus.PENDING, EntryStatus.APPROVED}, EntryStatus.CHECKED_IN)


@logged_service("entry_withdraw")
@transaction.atomic
def entry_withdraw(*, entry: Entry) -> Entry:
    """Withdraw a player. While the tournament runs, his unplayed matches are forfeited to
    the opponents and he is not drawn again; results already played stand."""
    tournament = lock(entry.tournament)
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    if entry.status == EntryStatus.WITHDRAWN:
        raise UserError(
            _("%(name)s has already withdrawn.") % {"name": entry.player.name},
            code="already_withdrawn",
        )
    if tournament.status == TournamentStatus.FINISHED:
        raise UserError(_("The tournament is over."), code="tournament_finished")
    entry.status = EntryStatus.WITHDRAWN
    entry.save(update_fields=["status", "updated_at"])
    if tournament.status == TournamentStatus.RUNNING:
        from tournaments.services.draw import entry_forfeit_open_matches

        entry_forfeit_open_matches(tournament=tournament, entry=entry)
    return entry


@logged_service("entries_set_seeds")
@transaction.atomic
def entries_set_seeds(*, tournament: Tournament, ordered_entry_ids: Sequence[int]) -> None:
    """Manual seeding: the given entries get seeds 1, 2, 3 … in this order, others none."""
    tournament = lock(tournament)
    _check_open(tournament)
    entries = {e.pk: e for e in Entry.objects.filter(tournament=tournament)}
    unknown = [pk for pk in ordered_entry_ids if pk not in entries]
    if unknown or len(set(ordered_entry_ids)) != len(ordered_entry_ids):
        raise UserError(_("The seed list does not match the entries."), code="bad_seeds")
    for entry in entries.values():
        entry.seed = None
    Entry.objects.bulk_update(entries.values(), ["seed"])
    for seed, pk in enumerate(ordered_entry_ids, start=1):
        entries[pk].seed = seed
    Entry.objects.bulk_update([entries[pk] for pk in ordered_entry_ids], ["seed"])


@logged_service("match_swap_players")
@transaction.atomic
def match_swap_players(*, first: Match, first_slot: int, second: Match, second_slot: int) -> None:
    """Swap two players between matches of the same round before either match starts
    (a wrong table, two club mates drawn together)."""
    # The tournament first, then the matches: the order every bracket change locks in.
    lock(
        Match.objects.select_related("round__stage__tournament")
        .get(pk=first.pk)
        .round.stage.tournament
    )
    first = Match.objects.select_for_update().select_related("round").get(pk=first.pk)
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
    from tournaments.services.brackets import bracket_sync, is_bracket

    tournament = first.round.stage.tournament
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
