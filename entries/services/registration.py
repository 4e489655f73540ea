"""Who plays: the organizer's entries, approval, check-in, guests and seeds (players sign up
themselves through the entries app, under its cap and waiting list)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import ExitStack

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Membership, Player, Role
from clubs.services import club_add_guest
from clubs.versions import club_change
from config.errors import UserError
from config.logs import logged_service
from entries import checkin
from entries.models import Entry, EntryStatus
from tournaments.models import Tournament, TournamentStatus
from tournaments.services import tournament_lock
from tournaments.versions import tournament_change

OPEN = {TournamentStatus.DRAFT, TournamentStatus.REGISTRATION}


def _check_open(tournament: Tournament) -> None:
    if tournament.status not in OPEN:
        raise UserError(
            _("Registration for this tournament is closed."), code="registration_closed"
        )


def _already_entered(name: str) -> UserError:
    return UserError(_("%(name)s is already entered.") % {"name": name}, code="already_entered")


def _new_entry(tournament: Tournament, player: Player, status: str) -> Entry:
    existing = Entry.objects.filter(tournament=tournament, player=player).first()
    if existing is not None and existing.status != EntryStatus.WITHDRAWN:
        raise _already_entered(player.name)
    if existing is not None:  # coming back after withdrawing
        existing.status = status
        existing.save(update_fields=["status", "updated_at"])
        return existing
    return Entry.objects.create(tournament=tournament, player=player, status=status)


@logged_service("entry_add")
@transaction.atomic
def entry_add(*, tournament: Tournament, player: Player) -> Entry:
    """The organizer enters a player, approved at once. The player must be in the club: one
    who is not joins it, and the club's version is raised (the list of clubs counts its
    members: ``clubs.versions``), its row before the tournament's (the house's lock order)."""
    members = Membership.objects.filter(club_id=tournament.club_id, player=player)
    with ExitStack() as stack:
        if not members.exists():
            stack.enter_context(club_change(tournament.club_id))
        stack.enter_context(tournament_change(tournament.pk))
        tournament = tournament_lock(tournament)
        _check_open(tournament)
        if not members.exists():
            # Raised above unless he left the club since: then here, out of the lock order
            # (a rare race, in which the database may refuse one of the two as a deadlock).
            with club_change(tournament.club_id):
                Membership.objects.create(club=tournament.club, player=player, role=Role.PLAYER)
        return _new_entry(tournament, player, EntryStatus.APPROVED)


@logged_service("entry_add_guest")
@transaction.atomic
def entry_add_guest(*, tournament: Tournament, name: str, email: str = "") -> Entry:
    """A walk-in without an account, entered by name: a guest of the club, approved."""
    # The club first: a new guest joins it, and clubs come before tournaments in the house's
    # lock order.
    with club_change(tournament.club_id), tournament_change(tournament.pk):
        tournament = tournament_lock(tournament)
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


@logged_service("entries_add_guests")
@transaction.atomic
def entries_add_guests(*, tournament: Tournament, names: Sequence[str]) -> list[Entry]:
    """Walk-ins entered by name at once (a pasted list), approved, in the order given: a name
    a member of the club has enters that member, a new name a new guest, as
    :func:`entry_add_guest` does one by one. One transaction and one lock, and the new
    guests, their memberships and the entries written in one statement each. A name entered
    already, or twice in the list, refuses the whole list."""
    if not names:
        return []
    with club_change(tournament.club_id), tournament_change(tournament.pk):
        tournament = tournament_lock(tournament)
        _check_open(tournament)
        names = [name.strip() for name in names]
        members = {
            membership.player.name.casefold(): membership.player
            for membership in Membership.objects.filter(club=tournament.club).select_related(
                "player"
            )
        }
        entered = {entry.player_id: entry for entry in Entry.objects.filter(tournament=tournament)}
        folded_seen: set[str] = set()
        for name in names:
            folded = name.casefold()
            member = members.get(folded)
            earlier = entered.get(member.pk) if member is not None else None
            if folded in folded_seen or (
                earlier is not None and earlier.status != EntryStatus.WITHDRAWN
            ):
                raise _already_entered(name)
            folded_seen.add(folded)
        new = {
            name.casefold(): Player(name=name) for name in names if name.casefold() not in members
        }
        for player in new.values():
            player.full_clean()
        Player.objects.bulk_create(new.values())
        Membership.objects.bulk_create(
            Membership(club=tournament.club, player=player, role=Role.PLAYER)
            for player in new.values()
        )
        players = [members.get(name.casefold()) or new[name.casefold()] for name in names]
        back = [entered[player.pk] for player in players if player.pk in entered]
        for entry in back:  # coming back after withdrawing
            entry.status = EntryStatus.APPROVED
            entry.updated_at = timezone.now()
        Entry.objects.bulk_update(back, ["status", "updated_at"])
        fresh = Entry.objects.bulk_create(
            Entry(tournament=tournament, player=player, status=EntryStatus.APPROVED)
            for player in players
            if player.pk not in entered
        )
        by_player = {entry.player_id: entry for entry in [*back, *fresh]}
        return [by_player[player.pk] for player in players]


def _set_status(
    entry: Entry, allowed_from: set[str], target: str, guard: Callable[[Entry], None] | None = None
) -> Entry:
    with tournament_change(entry.tournament_id):
        tournament = tournament_lock(entry.tournament)
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
        if guard is not None:
            guard(entry)
        entry.status = target
        entry.save(update_fields=["status", "updated_at"])
        return entry


@logged_service("entry_approve")
@transaction.atomic
def entry_approve(*, entry: Entry) -> Entry:
    return _set_status(entry, {EntryStatus.PENDING}, EntryStatus.APPROVED)


@logged_service("entry_check_in")
@transaction.atomic
def entry_check_in(*, entry: Entry, by_player: bool = False) -> Entry:
    """Check a player in, if the checks higher apps added allow it (``entries.checkin``);
    ``by_player``: he checks himself in."""
    return _set_status(
        entry,
        {EntryStatus.PENDING, EntryStatus.APPROVED},
        EntryStatus.CHECKED_IN,
        lambda locked: checkin.check(locked, by_player=by_player),
    )


@logged_service("entries_set_seeds")
@transaction.atomic
def entries_set_seeds(*, tournament: Tournament, ordered_entry_ids: Sequence[int]) -> None:
    """Manual seeding: the given entries get seeds 1, 2, 3 … in this order, others none."""
    with tournament_change(tournament.pk):
        tournament = tournament_lock(tournament)
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
