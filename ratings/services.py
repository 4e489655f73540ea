"""Club ratings in the database: the adapter between finished matches and ``backgammon.fibs``.

What is rated: every finished match of a club's tournaments that was *played* by two players.
Forfeits and byes are not rated. A player's rating is per club (``ClubRating``), and every
rated match leaves one ``RatingChange`` per player (the history the profile draws).

Order: ratings depend on the order of matches, which is ``Match.finished_at`` then ``pk``
(``created_at`` stands in for a finished match without ``finished_at``).

Length: an N-point match counts N points. A best-of-N games match counts
``N * Club.rating_points_per_game`` points: by default 1 point per game of N, so a best-of-3
counts as a 3-point match (``backgammon.fibs.best_of_length``).

Updates: after a match is finished, :func:`ratings_match_finished` adds it when it is the latest
rated match of the club (the usual case: two rows and two ratings written). In every other case
(a correction changed the winner, a match finished out of order, a result was taken back) the
club is replayed from scratch by :func:`ratings_recompute`, which writes only what differs, so
running it again changes nothing. Both lock the club row first: updates of one club are
serialized. A match finished raises the version of the club's pages (``clubs.versions``) with
the UPDATE that locks the row; a recompute raises it only when it writes, so running one
again leaves the pages' cache.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import Q, Sum
from django.db.models.functions import Coalesce
from django.utils import timezone

from backgammon.fibs import PlayerRating, RatedMatch, best_of_length, replay
from clubs.versions import club_change, club_lock
from matches.models import Match, MatchOutcome, MatchStatus
from ratings.models import ClubRating, RatingChange
from tournaments.models import MatchFormat

#: Points a game of a best-of-N match counts for the rating unless the club says otherwise.
POINTS_PER_GAME = 1.0

_CHANGE_FIELDS = (
    "opponent_id",
    "won",
    "length",
    "rating_before",
    "rating_after",
    "experience_after",
    "played_at",
)


def rated_length(match_format: str, length: int, points_per_game: float = POINTS_PER_GAME) -> float:
    """The length a match counts with: N for an N-point match, N games scaled for best-of-N."""
    if match_format == MatchFormat.GAMES:
        return best_of_length(length, points_per_game)
    return float(length)


@dataclass(frozen=True, slots=True)
class RatedRow:
    """A rated match as the ratings see it: players by ``Player`` id."""

    match_id: int
    played_at: datetime
    winner: int
    loser: int
    length: float

    def as_rated_match(self) -> RatedMatch:
        return RatedMatch(self.winner, self.loser, self.length, match_id=self.match_id)


@dataclass(frozen=True, slots=True)
class RecomputeSummary:
    matches: int
    players: int
    changes_written: int
    changes_deleted: int


def _rated_rows(club_id: int, *, match_id: int | None = None) -> list[RatedRow]:
    """The club's rated matches in rating order (one query)."""
    matches = Match.objects.filter(
        round__stage__tournament__club_id=club_id,
        status=MatchStatus.FINISHED,
        outcome=MatchOutcome.PLAYED,
        entry_a__isnull=False,
        entry_b__isnull=False,
        winner__isnull=False,
    )
    if match_id is not None:
        matches = matches.filter(pk=match_id)
    rows = (
        matches.annotate(played=Coalesce("finished_at", "created_at"))
        .order_by("played", "pk")
        .values_list(
            "pk",
            "played",
            "winner_id",
            "entry_a_id",
            "entry_a__player_id",
            "entry_b__player_id",
            "match_format",
            "length",
            "round__stage__tournament__club__rating_points_per_game",
        )
    )
    result = []
    for pk, played, winner_entry, entry_a, player_a, player_b, fmt, length, per_game in rows:
        winner, loser = (player_a, player_b) if winner_entry == entry_a else (player_b, player_a)
        result.append(RatedRow(pk, played, winner, loser, rated_length(fmt, length, per_game)))
    return result


ChangeKey = tuple[int, int]
"""(player id, match id) of a history row."""


def _change_values(
    rows: Iterable[RatedRow], ratings: dict[int, PlayerRating]
) -> dict[ChangeKey, tuple[Any, ...]]:
    """The history rows the ratings call for, as values in ``_CHANGE_FIELDS`` order (plain
    tuples: a replay compares a club's whole history and most of it stays as it is)."""
    played_at = {row.match_id: row.played_at for row in rows}
    lengths = {row.match_id: row.length for row in rows}
    wanted = {}
    for player_id, state in ratings.items():
        for change in state.history:
            assert change.match_id is not None
            wanted[(player_id, change.match_id)] = (
                change.opponent,
                change.won,
                lengths[change.match_id],
                change.rating_before,
                change.rating_after,
                round(change.experience_after),
                played_at[change.match_id],
            )
    return wanted


def _new_change(club_id: int, key: ChangeKey, values: tuple[Any, ...]) -> RatingChange:
    player_id, match_id = key
    return RatingChange(
        club_id=club_id,
        player_id=player_id,
        match_id=match_id,
        **dict(zip(_CHANGE_FIELDS, values, strict=True)),
    )


@transaction.atomic
def ratings_recompute(*, club_id: int) -> RecomputeSummary:
    """Replay every rated match of the club in order and write the difference: changed
    history rows and ratings are updated, missing ones created, stale ones deleted."""
    club_lock(club_id)
    rows = _rated_rows(club_id)
    ratings = replay(row.as_rated_match() for row in rows)
    wanted = _change_values(rows, ratings)
    existing = {
        (player_id, match_id): (pk, tuple(values))
        for pk, player_id, match_id, *values in RatingChange.objects.filter(
            club_id=club_id
        ).values_list("pk", "player_id", "match_id", *_CHANGE_FIELDS)
    }
    replaced, created = [], []
    for key, values in wanted.items():
        old = existing.pop(key, None)
        if old is None or old[1] != values:
            created.append(_new_change(club_id, key, values))
            if old is not None:
                replaced.append(old[0])
    dropped = [pk for pk, _values in existing.values()]  # matches no longer rated
    # A changed row is replaced: one delete and one insert beat a bulk update of every field.
    gone = replaced + dropped
    writes = _rating_writes(club_id, ratings, replace=True)
    if gone or created or writes:
        with club_change(club_id):
            for start in range(0, len(gone), 500):
                RatingChange.objects.filter(pk__in=gone[start : start + 500]).delete()
            RatingChange.objects.bulk_create(created, batch_size=500)
            writes.write()
    return RecomputeSummary(
        matches=len(rows),
        players=len(ratings),
        changes_written=len(created),
        changes_deleted=len(dropped),
    )


@dataclass(frozen=True, slots=True)
class _RatingWrites:
    """What makes ``ClubRating`` say what the ratings say."""

    created: list[ClubRating]
    updated: list[ClubRating]
    gone: list[int]

    def __bool__(self) -> bool:
        return bool(self.created or self.updated or self.gone)

    def write(self) -> None:
        if self.gone:
            ClubRating.objects.filter(pk__in=self.gone).delete()
        ClubRating.objects.bulk_update(
            self.updated, ["rating", "experience", "updated_at"], batch_size=500
        )
        ClubRating.objects.bulk_create(self.created, batch_size=500)


def _rating_writes(
    club_id: int, ratings: dict[int, PlayerRating], *, replace: bool
) -> _RatingWrites:
    """The writes that make ``ClubRating`` say what ``ratings`` says; with ``replace``
    players not in it lose their rating row (they have no rated match any more and read as
    new players)."""
    existing = ClubRating.objects.filter(club_id=club_id)
    if not replace:
        existing = existing.filter(player_id__in=list(ratings))
    rows = {row.player_id: row for row in existing}
    created, updated, now = [], [], timezone.now()
    for player_id, state in ratings.items():
        experience = round(state.experience)
        row = rows.get(player_id)
        if row is None:
            created.append(
                ClubRating(
                    club_id=club_id, player_id=player_id, rating=state.rating, experience=experience
                )
            )
        elif (row.rating, row.experience) != (state.rating, experience):
            row.rating, row.experience, row.updated_at = state.rating, experience, now
            updated.append(row)
    gone = (
        [row.pk for player_id, row in rows.items() if player_id not in ratings] if replace else []
    )
    return _RatingWrites(created, updated, gone)


def _already_rated(row: RatedRow, changes: list[RatingChange]) -> bool:
    by_player = {change.player_id: change for change in changes}
    winner, loser = by_player.get(row.winner), by_player.get(row.loser)
    return (
        len(changes) == 2
        and winner is not None
        and loser is not None
        and winner.won
        and not loser.won
        and winner.length == loser.length == row.length
        and winner.played_at == loser.played_at == row.played_at
    )


def _is_latest(club_id: int, row: RatedRow) -> bool:
    """No match of the club that is rated already comes after this one."""
    later = RatingChange.objects.filter(club_id=club_id).filter(
        Q(played_at__gt=row.played_at) | Q(played_at=row.played_at, match_id__gt=row.match_id)
    )
    return not later.exists()


@transaction.atomic
def ratings_match_finished(*, match_id: int) -> bool:
    """Bring the club's ratings up to date after this match finished or changed.

    Returns True when something was written. Running it twice writes nothing the second time.
    """
    club_id = (
        Match.objects.filter(pk=match_id).values_list("round__stage__tournament__club_id").first()
    )
    if club_id is None:
        return False
    # Raising the club's version is the UPDATE that locks its row, before anything is read:
    # one statement, where locking first and raising once something is written took two. A
    # task run again (a redelivered event) raises it too, and writes nothing.
    with club_change(club_id[0]):
        return _rate(club_id[0], match_id)


def _rate(club_id: int, match_id: int) -> bool:
    found = _rated_rows(club_id, match_id=match_id)
    changes = list(RatingChange.objects.filter(club_id=club_id, match_id=match_id))
    if not found:  # not rated (forfeit, bye, not finished any more)
        if changes:
            ratings_recompute(club_id=club_id)
            return True
        return False
    row = found[0]
    if changes and _already_rated(row, changes):
        return False
    if changes or not _is_latest(club_id, row):
        ratings_recompute(club_id=club_id)
        return True
    _add_latest(club_id, row)
    return True


def _add_latest(club_id: int, row: RatedRow) -> None:
    """Rate a match that comes after every rated match: start from the stored ratings."""
    players = [row.winner, row.loser]
    stored = dict(
        ClubRating.objects.filter(club_id=club_id, player_id__in=players).values_list(
            "player_id", "rating"
        )
    )
    # Experience is stored rounded; the sum of the counted lengths is the exact value.
    experience = dict(
        RatingChange.objects.filter(club_id=club_id, player_id__in=players)
        .values("player_id")
        .annotate(total=Sum("length"))
        .values_list("player_id", "total")
    )
    start = {
        player: (stored[player], float(experience.get(player) or 0.0))
        for player in players
        if player in stored
    }
    ratings = replay([row.as_rated_match()], start=start)
    RatingChange.objects.bulk_create(
        _new_change(club_id, key, values) for key, values in _change_values([row], ratings).items()
    )
    _rating_writes(club_id, ratings, replace=False).write()
