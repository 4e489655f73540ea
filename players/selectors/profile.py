"""Reads for player profiles, the club leaderboard and head-to-head pages.

Each read is a fixed number of queries, however many matches a player has: matches come with
their game counts in one query, move records in one, ratings history in one.

Move records (``Game.record``) are lists of actions as ``backgammon.gamerecord``
writes them (``{"player": 0 | 1, "kind": "double" | "take" | "drop" | ...}``); ``player`` is the
side, 0 for the match's first player. A dict with an ``actions`` or ``record`` list is read too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from django.db.models import (
    Count,
    Exists,
    F,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
)
from django.db.models.functions import Coalesce

from backgammon.fibs import INITIAL_RATING
from clubs import selectors as clubs_selectors
from clubs.models import Club, Membership, Player
from matches.models import Game, Match, MatchOutcome, MatchStatus, WinKind
from matches.selectors import open_matches_for
from ratings.models import ClubRating, RatingChange
from standings.placings import player_places
from tournaments.models import Entry, EntryStatus, MatchFormat, Tournament, TournamentStatus
from tournaments.presentation import match_format_label
from tournaments.selectors import entries_of_player

RECENT_MATCHES = 10


def club_player(club: Club, player_id: int) -> Player | None:
    """A player of the club: a member, or someone who played in one of its tournaments."""
    return Player.objects.filter(_plays_in(club), pk=player_id).first()


def _plays_in(club: Club) -> Q:
    return Q(Exists(Membership.objects.filter(club=club, player=OuterRef("pk")))) | Q(
        Exists(Entry.objects.filter(tournament__club=club, player=OuterRef("pk")))
    )


def club_players(club: Club) -> QuerySet[Player]:
    """Members and past entrants of the club by name."""
    return Player.objects.filter(_plays_in(club)).order_by("name", "pk")


#: Players a name typed in the head-to-head form may stand for, at most (one more is read to
#: tell "too many").
NAME_MATCHES = 8


def club_players_named(club: Club, text: str) -> list[Player]:
    """The club's players a typed name stands for: the player with that id (a link's
    ``?a=12``), else those called exactly that (any case), else those whose name contains it;
    at most ``NAME_MATCHES + 1``."""
    text = text.strip()
    players = club_players(club)
    if text.isdigit():
        found = list(players.filter(pk=int(text))[:1]) if int(text) < 2**63 else []
        if found:
            return found
    exact = list(players.filter(name__iexact=text)[: NAME_MATCHES + 1])
    if exact:
        return exact
    return list(players.filter(name__icontains=text)[: NAME_MATCHES + 1])


def club_player_names(club: Club, limit: int) -> list[str] | None:
    """The names of the club's players for the form's suggestions, or None if there are more
    than ``limit`` (a long list costs more than it helps: the name is typed)."""
    names = list(club_players(club).values_list("name", flat=True).distinct()[: limit + 1])
    return None if len(names) > limit else names


# --- Matches as one player sees them -------------------------------------------------------


@dataclass(frozen=True)
class MatchLine:
    match_id: int
    club_slug: str
    tournament_slug: str
    tournament_name: str
    played_at: datetime
    opponent_id: int
    opponent_name: str
    won: bool
    forfeit: bool
    score_for: int
    score_against: int
    format_label: str
    match_format: str
    length: int
    games_won: int
    games_lost: int
    gammons_won: int
    gammons_lost: int
    backgammons_won: int
    backgammons_lost: int
    rating_delta: float | None = None


def _finished_matches(club: Club, *, include_unpublished: bool) -> QuerySet[Match]:
    matches = Match.objects.filter(
        round__stage__tournament__club=club,
        status=MatchStatus.FINISHED,
        outcome__in=[MatchOutcome.PLAYED, MatchOutcome.FORFEIT],
        entry_a__isnull=False,
        entry_b__isnull=False,
    )
    if not include_unpublished:
        matches = matches.filter(round__stage__tournament__is_published=True).exclude(
            round__stage__tournament__status=TournamentStatus.DRAFT
        )
    return matches


def _count_games(side: int, kind: str | None = None) -> Count:
    condition = Q(games__winner=side)
    if kind is not None:
        condition &= Q(games__kind=kind)
    return Count("games", filter=condition)


def _match_lines(matches: QuerySet[Match], player_id: int) -> list[MatchLine]:
    """The matches, newest first, from ``player_id``'s side of the board (one query)."""
    rows = (
        matches.annotate(
            played=Coalesce("finished_at", "created_at"),
            games_0=_count_games(0),
            games_1=_count_games(1),
            gammons_0=_count_games(0, WinKind.GAMMON),
            gammons_1=_count_games(1, WinKind.GAMMON),
            backgammons_0=_count_games(0, WinKind.BACKGAMMON),
            backgammons_1=_count_games(1, WinKind.BACKGAMMON),
        )
        .order_by("-played", "-pk")
        .values(
            "pk",
            "played",
            "outcome",
            "winner_id",
            "entry_a_id",
            "entry_a__player_id",
            "entry_a__player__name",
            "entry_b__player_id",
            "entry_b__player__name",
            "score_a",
            "score_b",
            "match_format",
            "length",
            "round__stage__tournament__slug",
            "round__stage__tournament__name",
            "round__stage__tournament__club__slug",
            "games_0",
            "games_1",
            "gammons_0",
            "gammons_1",
            "backgammons_0",
            "backgammons_1",
        )
    )
    lines = []
    for row in rows:
        me, them = ("a", "b") if row["entry_a__player_id"] == player_id else ("b", "a")
        mine, theirs = (0, 1) if me == "a" else (1, 0)
        winner_is_a = row["winner_id"] == row["entry_a_id"]
        lines.append(
            MatchLine(
                match_id=row["pk"],
                club_slug=row["round__stage__tournament__club__slug"],
                tournament_slug=row["round__stage__tournament__slug"],
                tournament_name=row["round__stage__tournament__name"],
                played_at=row["played"],
                opponent_id=row[f"entry_{them}__player_id"],
                opponent_name=row[f"entry_{them}__player__name"],
                won=winner_is_a == (me == "a"),
                forfeit=row["outcome"] == MatchOutcome.FORFEIT,
                score_for=row[f"score_{me}"],
                score_against=row[f"score_{them}"],
                format_label=match_format_label(row["match_format"], row["length"]),
                match_format=row["match_format"],
                length=row["length"],
                games_won=row[f"games_{mine}"],
                games_lost=row[f"games_{theirs}"],
                gammons_won=row[f"gammons_{mine}"],
                gammons_lost=row[f"gammons_{theirs}"],
                backgammons_won=row[f"backgammons_{mine}"],
                backgammons_lost=row[f"backgammons_{theirs}"],
            )
        )
    return lines


def _with_deltas(lines: list[MatchLine], deltas: dict[int, float]) -> list[MatchLine]:
    return [replace(line, rating_delta=deltas.get(line.match_id)) for line in lines]


# --- Profile ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class RatingPoint:
    played_at: datetime
    rating: float
    delta: float
    won: bool
    opponent: str


@dataclass(frozen=True)
class LengthRecord:
    label: str
    played: int
    won: int

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


@dataclass(frozen=True)
class GameRecordStats:
    games_won: int = 0
    games_lost: int = 0
    gammons_won: int = 0
    gammons_lost: int = 0
    backgammons_won: int = 0
    backgammons_lost: int = 0


@dataclass
class CubeStats:
    """From games with a move record only (online games and match files)."""

    games: int = 0
    doubles: int = 0
    """Doubles the player offered."""
    doubles_taken: int = 0
    """… that the opponent took."""
    doubles_dropped: int = 0
    """… that the opponent dropped."""
    takes: int = 0
    """Doubles of the opponent the player took."""
    drops: int = 0
    """Doubles of the opponent the player dropped."""


@dataclass(frozen=True)
class TournamentLine:
    tournament: Tournament
    place: Any | None
    """A ``standings.seasons.Place`` once the tournament is finished."""
    players: int


@dataclass(frozen=True)
class PlayerProfile:
    player: Player
    rating: float | None
    experience: int
    rank: int | None
    ranked_players: int
    history: list[RatingPoint]
    start_rating: float
    played: int
    won: int
    forfeits_won: int
    forfeits_lost: int
    by_length: list[LengthRecord]
    games: GameRecordStats
    cube: CubeStats
    recent: list[MatchLine]
    tournaments: list[TournamentLine] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


def _record_actions(record: Any) -> list[Any]:
    if isinstance(record, dict):
        record = record.get("actions", record.get("record"))
    return record if isinstance(record, list) else []


def cube_stats(records: Iterable[tuple[int, Any]]) -> CubeStats:
    """Cube actions of one player: ``records`` are ``(side of the player, move record)``."""
    stats = CubeStats()
    for side, record in records:
        actions = _record_actions(record)
        if not actions:
            continue
        stats.games += 1
        for action in actions:
            if not isinstance(action, dict):
                continue
            mine = action.get("player") == side
            kind = action.get("kind")
            if kind == "double" and mine:
                stats.doubles += 1
            elif kind == "take":
                if mine:
                    stats.takes += 1
                else:
                    stats.doubles_taken += 1
            elif kind == "drop":
                if mine:
                    stats.drops += 1
                else:
                    stats.doubles_dropped += 1
    return stats


def _by_length(lines: list[MatchLine]) -> list[LengthRecord]:
    groups: dict[tuple[int, int], list[MatchLine]] = {}
    for line in lines:
        order = 0 if line.match_format == MatchFormat.POINTS else 1
        groups.setdefault((order, line.length), []).append(line)
    return [
        LengthRecord(
            label=group[0].format_label,
            played=len(group),
            won=sum(1 for line in group if line.won),
        )
        for _key, group in sorted(groups.items())
    ]


def _game_stats(lines: list[MatchLine]) -> GameRecordStats:
    return GameRecordStats(
        games_won=sum(line.games_won for line in lines),
        games_lost=sum(line.games_lost for line in lines),
        gammons_won=sum(line.gammons_won for line in lines),
        gammons_lost=sum(line.gammons_lost for line in lines),
        backgammons_won=sum(line.backgammons_won for line in lines),
        backgammons_lost=sum(line.backgammons_lost for line in lines),
    )


def _tournament_lines(
    club: Club, player: Player, *, include_unpublished: bool
) -> list[TournamentLine]:
    entries = (
        Entry.objects.filter(player=player, tournament__club=club)
        .exclude(status=EntryStatus.WITHDRAWN, seed__isnull=True)
        .select_related("tournament__club")
        .annotate(
            players=Subquery(
                Entry.objects.filter(tournament=OuterRef("tournament"), seed__isnull=False)
                .values("tournament")
                .annotate(n=Count("pk"))
                .values("n")
            )
        )
        .order_by(F("tournament__starts_at").desc(nulls_last=True), "-tournament__created_at")
    )
    if not include_unpublished:
        entries = entries.filter(tournament__is_published=True).exclude(
            tournament__status=TournamentStatus.DRAFT
        )
    entries = list(entries)
    finished = [e.tournament for e in entries if e.tournament.status == TournamentStatus.FINISHED]
    placings = player_places(finished)
    return [
        TournamentLine(
            tournament=entry.tournament,
            place=placings.get(entry.tournament_id, {}).get(player.pk),
            players=entry.players or 0,  # type: ignore[attr-defined]
        )
        for entry in entries
    ]


def player_profile(club: Club, player: Player, *, include_unpublished: bool) -> PlayerProfile:
    """Everything the profile page shows about one player in one club."""
    rating = ClubRating.objects.filter(club=club, player=player).first()
    rank, ranked = None, 0
    if rating is not None:
        counts = ClubRating.objects.filter(club=club).aggregate(
            total=Count("pk"), above=Count("pk", filter=Q(rating__gt=rating.rating))
        )
        rank, ranked = counts["above"] + 1, counts["total"]

    history_rows = list(
        RatingChange.objects.filter(club=club, player=player)
        .order_by("played_at", "match_id")
        .values_list(
            "played_at", "rating_before", "rating_after", "match_id", "won", "opponent__name"
        )
    )
    history = [
        RatingPoint(played_at, after, after - before, won, opponent)
        for played_at, before, after, _match, won, opponent in history_rows
    ]
    deltas = {match_id: after - before for _p, before, after, match_id, _w, _o in history_rows}

    matches = _finished_matches(club, include_unpublished=include_unpublished).filter(
        Q(entry_a__player=player) | Q(entry_b__player=player)
    )
    lines = _with_deltas(_match_lines(matches, player.pk), deltas)
    played = [line for line in lines if not line.forfeit]

    records = Game.objects.filter(match__in=matches.values("pk"), record__isnull=False)
    sides = (
        (0 if player_a == player.pk else 1, record)
        for player_a, record in records.values_list("match__entry_a__player_id", "record")
    )
    return PlayerProfile(
        player=player,
        rating=rating.rating if rating else None,
        experience=rating.experience if rating else 0,
        rank=rank,
        ranked_players=ranked,
        history=history,
        start_rating=history_rows[0][1] if history_rows else INITIAL_RATING,
        played=len(played),
        won=sum(1 for line in played if line.won),
        forfeits_won=sum(1 for line in lines if line.forfeit and line.won),
        forfeits_lost=sum(1 for line in lines if line.forfeit and not line.won),
        by_length=_by_length(played),
        games=_game_stats(played),
        cube=cube_stats(sides),
        recent=lines[:RECENT_MATCHES],
        tournaments=_tournament_lines(club, player, include_unpublished=include_unpublished),
    )


# --- Leaderboard ------------------------------------------------------------------------------


# --- Head to head -----------------------------------------------------------------------------


@dataclass(frozen=True)
class HeadToHead:
    a: Player
    b: Player
    rating_a: float | None
    rating_b: float | None
    lines: list[MatchLine]
    """From ``a``'s side, newest first."""
    wins_a: int
    wins_b: int
    games: GameRecordStats
    rating_exchange: float
    """Rating points ``a`` won from ``b`` in their matches (negative: lost)."""


def head_to_head(club: Club, a: Player, b: Player, *, include_unpublished: bool) -> HeadToHead:
    matches = _finished_matches(club, include_unpublished=include_unpublished).filter(
        Q(entry_a__player=a, entry_b__player=b) | Q(entry_a__player=b, entry_b__player=a)
    )
    exchange = {
        match_id: after - before
        for match_id, before, after in RatingChange.objects.filter(
            club=club, player=a, opponent=b
        ).values_list("match_id", "rating_before", "rating_after")
    }
    lines = _with_deltas(_match_lines(matches, a.pk), exchange)
    played = [line for line in lines if not line.forfeit]
    ratings = dict(
        ClubRating.objects.filter(club=club, player__in=[a, b]).values_list("player_id", "rating")
    )
    return HeadToHead(
        a=a,
        b=b,
        rating_a=ratings.get(a.pk),
        rating_b=ratings.get(b.pk),
        lines=lines,
        wins_a=sum(1 for line in played if line.won),
        wins_b=sum(1 for line in played if not line.won),
        games=_game_stats(played),
        rating_exchange=sum(exchange.values()),
    )


@dataclass(frozen=True)
class Dashboard:
    player: Player | None
    memberships: list[Membership]
    entries: list[Any]
    open_matches: list[Any]


def dashboard_for(user: Any) -> Dashboard:
    """My clubs, my tournaments and every match I have open."""
    player = clubs_selectors.player_of(user)
    if player is None:
        return Dashboard(player=None, memberships=[], entries=[], open_matches=[])
    memberships = list(
        Membership.objects.filter(player=player).select_related("club").order_by("club__name")
    )
    return Dashboard(
        player=player,
        memberships=memberships,
        entries=list(entries_of_player(player)),
        open_matches=open_matches_for(player),
    )
