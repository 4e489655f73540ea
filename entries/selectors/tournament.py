"""Reads of a tournament's entries: its field, a player's entries, the names of a draft,
the pairing rules and the byes asked for, and the club's tournaments with their numbers of
players."""

from __future__ import annotations

from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Count, Q, QuerySet

from clubs.models import Club, Player
from entries.models import (
    HOLDING_A_PLACE,
    OUT_OF_THE_FIELD,
    Entry,
    EntryStatus,
    PairingRule,
)
from tournaments import presentation
from tournaments.models import Round, Tournament, TournamentStatus
from tournaments.selectors import BEFORE_THE_START, listed_tournaments_filter


def entries_of_player(player: Player) -> QuerySet[Entry]:
    """The player's tournaments that are not over, then the finished ones."""
    return (
        Entry.objects.filter(listed_tournaments_filter("tournament__"), player=player)
        .exclude(status=EntryStatus.WITHDRAWN)
        .select_related("tournament", "tournament__club")
        .order_by("tournament__status", "-tournament__starts_at", "-tournament__created_at")
    )


def tournaments_of_club(club: Club, user: Any, *, can_manage: bool) -> QuerySet[Tournament]:
    """The club's tournaments a visitor may see: drafts and unpublished ones for organizers;
    not the hidden tournaments that hold the club's ladders' matches."""
    tournaments = Tournament.objects.filter(listed_tournaments_filter(), club=club).annotate(
        # As the tournament's page counts its players (tournament_field).
        entry_count=Count(
            "entries",
            filter=(
                Q(status__in=BEFORE_THE_START) & Q(entries__status__in=HOLDING_A_PLACE)
                | ~Q(status__in=BEFORE_THE_START) & Q(entries__seed__isnull=False)
            ),
        )
    )
    if not can_manage:
        tournaments = tournaments.filter(is_published=True).exclude(status=TournamentStatus.DRAFT)
    # Django leaves the model's ordering out of a query that counts (GROUP BY): said here, or
    # the list comes in whatever order the database finds the rows (another after a restore).
    return tournaments.order_by("-starts_at", "-created_at", "-pk")


def tournament_entries(tournament: Tournament) -> QuerySet[Entry]:
    return (
        Entry.objects.filter(tournament=tournament)
        .select_related("player")
        .order_by("seed", "player__name")
    )


def tournament_field(tournament: Tournament) -> QuerySet[Entry]:
    """The players the public pages list and count: before the start those holding a place
    (not those waiting, withdrawn); from the start those drawn, seeded at the start or
    entered late (one who withdrew since still played, and shows as withdrawn)."""
    entries = tournament_entries(tournament)
    if tournament.status in BEFORE_THE_START:
        return entries.filter(status__in=HOLDING_A_PLACE)
    return entries.filter(seed__isnull=False)


def tournament_entry_page(tournament: Tournament, page_number: Any, per_page: int) -> Page:
    """The page ``page_number`` (the last for one past it, the first for nonsense) of the
    players of ``tournament_field`` as (name, seed, status), in the order of
    ``tournament_entries``: two queries, the count and the page's rows, whatever the field's
    size."""
    rows = tournament_field(tournament).values_list("player__name", "seed", "status")
    return Paginator(rows, per_page).get_page(page_number)


def field_size(tournament: Tournament) -> int:
    """The players of the draw: the seeded ones once it is drawn, else those signed up."""
    entries = tournament.entries.exclude(status__in=OUT_OF_THE_FIELD)
    seeded = tournament.entries.filter(seed__isnull=False).count()
    return seeded or entries.count()


def my_entry(tournament: Tournament, user: Any) -> Entry | None:
    if user is None or not user.is_authenticated:
        return None
    return Entry.objects.filter(tournament=tournament, player__user=user).first()


def draft_rows(round_: Round) -> list[dict[str, Any]]:
    """A draft round's tables for the organizer: names and the notes' labels."""
    draft = round_.draft or []
    ids = {player for row in draft for player in (row["a"], row["b"]) if player is not None}
    names = dict(Entry.objects.filter(pk__in=ids).values_list("pk", "player__name"))
    return [
        {
            "table": table,
            "a": names.get(row["a"], "?"),
            "b": names.get(row["b"]) if row["b"] is not None else None,
            "notes": presentation.pairing_notes(row.get("notes", [])),
        }
        for table, row in enumerate(draft, start=1)
    ]


def pairing_rules(tournament: Tournament) -> QuerySet[PairingRule]:
    return PairingRule.objects.filter(tournament=tournament).select_related(
        "entry_a__player", "entry_b__player"
    )


def requested_byes(tournament: Tournament, number: int | None = None) -> list[dict[str, Any]]:
    """Byes players asked for (in round ``number`` only, if given), by round and name."""
    rows = []
    entries = (
        Entry.objects.filter(tournament=tournament)
        .exclude(requested_byes={})
        .values_list("pk", "player__name", "requested_byes")
    )
    for entry_id, name, byes in entries:
        for key, points in (byes or {}).items():
            if number is None or int(key) == number:
                rows.append({"entry": entry_id, "name": name, "round": int(key), "points": points})
    return sorted(rows, key=lambda row: (row["round"], row["name"]))


def entries_with_player() -> QuerySet[Entry]:
    """Entries with their player, for a page to pick one from."""
    return Entry.objects.select_related("player")


def entry_ids(tournament: Tournament) -> list[int]:
    return list(Entry.objects.filter(tournament=tournament).values_list("pk", flat=True))
