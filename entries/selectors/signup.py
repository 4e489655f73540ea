"""Reads of a tournament's sign-up: its rules, its places and waiting list, what a sign-up is
decided on, and why a player cannot sign up or check in now."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import Count, Max, Q
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from clubs.models import Player
from entries.models import HOLDING_A_PLACE, Entry, EntryStatus, SignupRules
from entries.sentences import one_full_stop
from tournaments.models import Tournament, TournamentStatus


def rules_of(tournament: Tournament) -> SignupRules:
    """The tournament's sign-up rules; unsaved defaults when it has none."""
    found = SignupRules.objects.filter(tournament=tournament).first()
    return found if found is not None else default_rules(tournament)


def default_rules(tournament: Tournament) -> SignupRules:
    """The rules of a tournament without its own, unsaved: the organizer approves."""
    return SignupRules(tournament=tournament, approval=True)


def places_taken(tournament: Tournament) -> int:
    return Entry.objects.filter(tournament=tournament, status__in=HOLDING_A_PLACE).count()


def waiting_entries(tournament: Tournament) -> list[Entry]:
    return list(
        Entry.objects.filter(tournament=tournament, status=EntryStatus.WAITING)
        .select_related("player")
        .order_by("waiting_number", "pk")
    )


def local_moment(moment: datetime) -> str:
    """A moment as the reader's date and time."""
    return formats.date_format(timezone.localtime(moment), "DATETIME_FORMAT")


def signup_closed_reason(
    tournament: Tournament, rules: SignupRules, now: datetime | None = None
) -> str:
    """Why a player cannot sign up now ("" when he can)."""
    now = now or timezone.now()
    if tournament.status != TournamentStatus.REGISTRATION:
        return _("Registration for this tournament is not open.")
    if rules.opens_at is not None and now < rules.opens_at:
        return one_full_stop(
            _("The sign-up opens on %(when)s.") % {"when": local_moment(rules.opens_at)}
        )
    if rules.closes_at is not None and now >= rules.closes_at:
        return one_full_stop(
            _("The sign-up closed on %(when)s.") % {"when": local_moment(rules.closes_at)}
        )
    return ""


def next_waiting_number(tournament: Tournament) -> int:
    """The number the next player put on the waiting list gets (its order, not his place
    on it: those who left leave gaps)."""
    highest = Entry.objects.filter(tournament=tournament).aggregate(n=Max("waiting_number"))["n"]
    return (highest or 0) + 1


@dataclass(frozen=True)
class SignupField:
    """What a sign-up is decided on, read in one query under the tournament's lock."""

    rules: SignupRules
    taken: int
    waiting: int
    #: The highest waiting number the tournament's entries hold (0: none).
    highest_waiting_number: int
    #: The player's own entry, when he has one (its id and status).
    mine: tuple[int, str] | None


def rules_from_row(tournament: Tournament, values: list[Any]) -> SignupRules:
    """The rules read as ``signup_rules__<field>`` values in the order of
    ``SignupRules``' concrete fields; the defaults when the tournament has none."""
    if values[0] is None:  # no rules of its own
        return default_rules(tournament)
    columns = [column.attname for column in SignupRules._meta.concrete_fields]
    rules = SignupRules.from_db(None, columns, values)
    rules.tournament = tournament
    return rules


def signup_field(tournament: Tournament, player: Player) -> SignupField:
    """The tournament's rules, its places taken, its players waiting, its highest waiting
    number and the player's own entry, in one query: a sign-up holds the tournament's lock
    while it reads them, and every other sign-up waits for it."""
    mine = Q(entries__player=player)
    taken, waiting, highest, mine_id, mine_status, *values = (
        Tournament.objects.filter(pk=tournament.pk)
        .annotate(
            taken=Count("entries", filter=Q(entries__status__in=HOLDING_A_PLACE)),
            waiting=Count("entries", filter=Q(entries__status=EntryStatus.WAITING)),
            highest=Max("entries__waiting_number"),
            # One entry a player at most (a constraint): its id and its status.
            mine_id=Max("entries__pk", filter=mine),
            mine_status=Max("entries__status", filter=mine),
        )
        .values_list(
            "taken",
            "waiting",
            "highest",
            "mine_id",
            "mine_status",
            *(f"signup_rules__{column.name}" for column in SignupRules._meta.concrete_fields),
        )
        .get()
    )
    return SignupField(
        rules=rules_from_row(tournament, values),
        taken=taken,
        waiting=waiting,
        highest_waiting_number=highest or 0,
        mine=None if mine_id is None else (mine_id, mine_status),
    )


def check_in_hours() -> int:
    """How long before the start check-in opens (``NOTIFY_CHECK_IN_HOURS``, as the notice
    that tells the players so)."""
    return int(getattr(settings, "NOTIFY_CHECK_IN_HOURS", 24))


def check_in_closed_reason(tournament: Tournament, now: datetime | None = None) -> str:
    """Why nobody can check in himself now ("" when he can)."""
    if not tournament.require_check_in:
        return _("This tournament does not need a check-in.")
    if tournament.status != TournamentStatus.REGISTRATION:
        return _("Check-in is over: the tournament has started.")
    now = now or timezone.now()
    if tournament.starts_at is not None:
        opens = tournament.starts_at - timedelta(hours=check_in_hours())
        if now < opens:
            when = formats.date_format(timezone.localtime(opens), "DATETIME_FORMAT")
            return one_full_stop(_("Check-in opens on %(when)s.") % {"when": when})
    return ""
