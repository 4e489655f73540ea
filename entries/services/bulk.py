"""Organizers enter many players at once: chosen members, all members, or a pasted list of
names and e-mails. First the plan (what each line would do, nothing saved), shown to the
organizer; then, once confirmed, every entry in one transaction or none.

The list keeps to the sign-up's cap as single sign-ups do: the free places first (after
those already waiting), then the waiting list, in the list's order; without a waiting list a
list that does not fit is refused whole."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.models import Membership, Player
from clubs.versions import club_change
from config.errors import UserError
from config.logs import logged_service
from entries import field as places
from entries.models import Entry, EntryStatus
from entries.selectors.signup import next_waiting_number, places_taken, rules_of
from entries.services.registration import entries_add_guests, entry_add
from entries.services.signup import waiting_list_move_up
from events.bus import emit
from events.types import EntrySignedUp
from tournaments.models import Tournament
from tournaments.selectors import BEFORE_THE_START
from tournaments.services import tournament_lock
from tournaments.versions import tournament_change

MEMBER = "member"  # a member of the club (or an account found by e-mail): entered
GUEST = "guest"  # a name nobody in the club has: a new guest, entered
DUPLICATE = "duplicate"  # the same player once more: skipped
ENTERED = "entered"  # already in the tournament: skipped
UNKNOWN_EMAIL = "unknown_email"  # an error: nothing is saved
NOT_AN_EMAIL = "not_an_email"  # an error
AMBIGUOUS = "ambiguous"  # an error: two members answer to the name
TOO_LONG = "too_long"  # an error
NO_PLACE = "no_place"  # an error: the field is full and there is no waiting list

ENTERING = (MEMBER, GUEST)
ERRORS = (UNKNOWN_EMAIL, NOT_AN_EMAIL, AMBIGUOUS, TOO_LONG, NO_PLACE)
MAX_NAME = Player._meta.get_field("name").max_length or 120


@dataclass(frozen=True)
class PlanLine:
    text: str
    kind: str
    name: str
    player_id: int | None = None
    #: His number on the waiting list (as the players read it) when he goes on it; None:
    #: he gets a place in the field.
    waiting: int | None = None

    @property
    def is_error(self) -> bool:
        return self.kind in ERRORS

    @property
    def enters(self) -> bool:
        return self.kind in ENTERING

    @property
    def explanation(self) -> str:
        """What confirming would do with this line (nothing is entered yet)."""
        if self.enters and self.waiting is not None:
            text = (
                _("Waiting list, number %(number)d, as a new guest: %(name)s")
                if self.kind == GUEST
                else _("Waiting list, number %(number)d: %(name)s")
            )
            return text % {"number": self.waiting, "name": self.name}
        return {
            MEMBER: _("Gets a place: %(name)s"),
            GUEST: _("Gets a place as a new guest: %(name)s"),
            DUPLICATE: _("Listed twice: %(name)s is entered once"),
            ENTERED: _("Skipped: %(name)s is entered already"),
            UNKNOWN_EMAIL: _("No player has the e-mail “%(name)s”"),
            NOT_AN_EMAIL: _("“%(name)s” is not an e-mail address"),
            AMBIGUOUS: _("More than one member is called “%(name)s”; use the e-mail"),
            TOO_LONG: _("A name has at most %(max)d characters"),
            NO_PLACE: _("No place left: %(name)s"),
        }[self.kind] % {"name": self.name, "max": MAX_NAME}


@dataclass(frozen=True)
class BulkPlan:
    lines: list[PlanLine] = field(default_factory=list)

    @property
    def entering(self) -> list[PlanLine]:
        return [line for line in self.lines if line.enters]

    @property
    def placed(self) -> list[PlanLine]:
        return [line for line in self.entering if line.waiting is None]

    @property
    def waiting(self) -> list[PlanLine]:
        return [line for line in self.entering if line.waiting is not None]

    @property
    def no_place(self) -> list[PlanLine]:
        return [line for line in self.lines if line.kind == NO_PLACE]

    @property
    def errors(self) -> list[PlanLine]:
        return [line for line in self.lines if line.is_error]

    @property
    def summary(self) -> str:
        """What the list does to the field and the waiting list, in a sentence or two."""
        if self.no_place:
            count = len(self.no_place)
            return ngettext(
                "The field is full and this tournament has no waiting list: "
                "%(count)d player on the list gets no place.",
                "The field is full and this tournament has no waiting list: "
                "%(count)d players on the list get no place.",
                count,
            ) % {"count": count}
        waiting = self.waiting
        parts = []
        if self.placed and waiting:
            count = len(self.placed)
            parts.append(
                ngettext("%(count)d player gets a place.", "%(count)d players get a place.", count)
                % {"count": count}
            )
        if waiting:
            parts.append(waiting_sentence(len(waiting), waiting[0].waiting or 0))
        return " ".join(parts)

    def digest(self) -> str:
        """What the organizer saw: confirming a plan that has changed since is refused."""
        text = "\n".join(
            f"{line.kind}|{line.player_id}|{line.name}|{line.waiting}" for line in self.lines
        )
        return hashlib.sha256(text.encode()).hexdigest()[:32]


def waiting_sentence(count: int, first: int) -> str:
    """The players going on the waiting list and their numbers as the players read them:
    "6 go on the waiting list as 4–9." """
    return ngettext(
        "%(count)d goes on the waiting list as number %(first)d.",
        "%(count)d go on the waiting list as %(first)d–%(last)d.",
        count,
    ) % {"count": count, "first": first, "last": first + count - 1}


def _placed(tournament: Tournament, lines: list[PlanLine]) -> list[PlanLine]:
    """The lines that enter, given their places under the sign-up's rules: the free places
    first (those already waiting come before the list), then the waiting list; without a
    waiting list, no place."""
    rules = rules_of(tournament)
    taken = places_taken(tournament)
    waiting = Entry.objects.filter(tournament=tournament, status=EntryStatus.WAITING).count()
    # Those waiting move up into the places free now before anyone of the list does.
    moving = len(places.moving_up(rules.capacity, taken, range(waiting)))
    taken, waiting = taken + moving, waiting - moving
    placed: list[PlanLine] = []
    for line in lines:
        if line.enters:
            outcome = places.sign_up_outcome(
                rules.capacity, taken, waiting_list=rules.waiting_list, waiting=waiting
            )
            if outcome is places.Outcome.PLACE:
                taken += 1
            elif outcome is places.Outcome.WAIT:
                waiting += 1
                line = replace(line, waiting=waiting)
            else:
                line = replace(line, kind=NO_PLACE)
        placed.append(line)
    return placed


def _pasted_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def entries_bulk_plan(
    *,
    tournament: Tournament,
    member_ids: Iterable[int] = (),
    all_members: bool = False,
    text: str = "",
) -> BulkPlan:
    """What entering these players would do, line by line; nothing is saved."""
    club = tournament.club_id
    memberships = Membership.objects.filter(club_id=club).select_related("player__user")
    entered = set(
        Entry.objects.filter(tournament=tournament)
        .exclude(status=EntryStatus.WITHDRAWN)
        .values_list("player_id", flat=True)
    )
    lines: list[PlanLine] = []
    seen_players: set[int] = set()
    seen_new: set[str] = set()

    def add_player(text: str, player: Player) -> None:
        if player.pk in seen_players:
            lines.append(PlanLine(text, DUPLICATE, player.name, player.pk))
        elif player.pk in entered:
            lines.append(PlanLine(text, ENTERED, player.name, player.pk))
        else:
            lines.append(PlanLine(text, MEMBER, player.name, player.pk))
        seen_players.add(player.pk)

    chosen = memberships if all_members else memberships.filter(pk__in=list(member_ids))
    for membership in chosen.order_by("player__name", "pk"):
        if all_members and membership.player_id in entered:
            continue  # "all members" means those not in yet
        add_player(membership.player.name, membership.player)

    by_name: dict[str, list[Player]] = {}
    for membership in memberships:
        by_name.setdefault(membership.player.name.casefold(), []).append(membership.player)
    for line in _pasted_lines(text):
        if "@" in line:
            try:
                validate_email(line)
            except ValidationError:
                lines.append(PlanLine(line, NOT_AN_EMAIL, line))
                continue
            player = _player_by_email(club, line)
            if player is None:
                lines.append(PlanLine(line, UNKNOWN_EMAIL, line))
            else:
                add_player(line, player)
            continue
        found = by_name.get(line.casefold(), [])
        if len(found) > 1:
            lines.append(PlanLine(line, AMBIGUOUS, line))
        elif found:
            add_player(line, found[0])
        elif len(line) > MAX_NAME:
            lines.append(PlanLine(line, TOO_LONG, line[:40] + "…"))
        elif line.casefold() in seen_new:
            lines.append(PlanLine(line, DUPLICATE, line))
        else:
            seen_new.add(line.casefold())
            lines.append(PlanLine(line, GUEST, line))
    return BulkPlan(_placed(tournament, lines))


def _player_by_email(club_id: int, email: str) -> Player | None:
    """The club's member with this e-mail, else the one account holder who has it."""
    matching = Q(email__iexact=email) | Q(user__email__iexact=email)
    member = Player.objects.filter(matching, memberships__club_id=club_id).first()
    if member is not None:
        return member
    accounts = list(Player.objects.filter(matching, user__isnull=False)[:2])
    return accounts[0] if len(accounts) == 1 else None


@logged_service("entries_bulk_add")
@transaction.atomic
def entries_bulk_add(
    *,
    tournament: Tournament,
    member_ids: Sequence[int] = (),
    all_members: bool = False,
    text: str = "",
    digest: str = "",
) -> list[Entry]:
    """Enter every player of the plan in one transaction, approved into the free places, then
    on the waiting list (each told his number): refused as a whole when a line is wrong, when
    the list does not fit a field without a waiting list, or when the plan is no longer the
    one the organizer confirmed."""
    # The club's row first: new guests join it (the house's lock order).
    with club_change(tournament.club_id), tournament_change(tournament.pk):
        tournament = tournament_lock(tournament)
        if tournament.status not in BEFORE_THE_START:
            raise UserError(
                _("Registration for this tournament is closed."), code="registration_closed"
            )
        # Those already waiting come first into any place free by now, as for a sign-up.
        waiting_list_move_up(tournament=tournament)
        plan = entries_bulk_plan(
            tournament=tournament, member_ids=member_ids, all_members=all_members, text=text
        )
        if plan.no_place:
            raise UserError(plan.summary + " " + _("Nobody was entered."), code="field_full")
        if plan.errors:
            raise UserError(
                " ".join(line.explanation for line in plan.errors) + " " + _("Nobody was entered."),
                code="bad_list",
            )
        if digest and digest != plan.digest():
            raise UserError(
                _("The list has changed since you checked it: check it again."),
                code="plan_changed",
            )
        if not plan.entering:
            raise UserError(_("Nobody on the list is left to enter."), code="nobody_to_enter")
        ids = [line.player_id for line in plan.entering if line.player_id is not None]
        players = Player.objects.in_bulk(ids)
        members = {
            line.player_id: entry_add(tournament=tournament, player=players[line.player_id])
            for line in plan.entering
            if line.player_id is not None
        }
        guest_names = [line.name for line in plan.entering if line.player_id is None]
        guests = iter(entries_add_guests(tournament=tournament, names=guest_names))
        entries = [
            members[line.player_id] if line.player_id is not None else next(guests)
            for line in plan.entering
        ]
        _put_on_the_waiting_list(
            tournament,
            [entry for entry, line in zip(entries, plan.entering, strict=True) if line.waiting],
        )
        return entries


def _put_on_the_waiting_list(tournament: Tournament, entries: list[Entry]) -> None:
    """The entries past the places, entered (approved) a moment ago in this transaction, go
    on the waiting list in their order; each player is told his number."""
    number = next_waiting_number(tournament)
    for entry in entries:
        entry.status = EntryStatus.WAITING
        entry.waiting_number = number
        number += 1
        entry.full_clean()
        entry.save(update_fields=["status", "waiting_number", "updated_at"])
        emit(EntrySignedUp(entry_id=entry.pk))
