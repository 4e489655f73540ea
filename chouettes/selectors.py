"""Reads of chouette sessions: each session replayed from its happenings (a fixed number of
queries, however many games), the club's sessions, a player's chouette statistics."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import Count, Q, QuerySet

from chouettes import messages
from chouettes.core import replay as core
from chouettes.core.settlement import Transfer, settle
from chouettes.core.sheet import GameSheet, SheetError
from chouettes.models import (
    ChouetteHappening,
    ChouetteLine,
    ChouetteSession,
    ChouetteSheet,
    HappeningKind,
)
from clubs.models import Club, Player


@dataclass(frozen=True)
class SessionView:
    session: ChouetteSession
    state: core.SessionState
    names: dict[int, str]
    #: Every happening in order, each game with all its sheets (oldest first).
    happenings: list[ChouetteHappening]
    sheets: dict[int, list[ChouetteSheet]]
    #: The players present, in the order of the next game's seats.
    present: list[int] = field(default_factory=list)

    @property
    def seats(self) -> core.Seats | None:
        return self.state.seats(self.session.rules())

    @property
    def next_game_number(self) -> int:
        return len(self.state.games) + 1

    def money(self, points: int) -> int:
        return points * self.session.stake

    def standings(self) -> list[tuple[str, int, int, bool]]:
        """Name, points, money and whether present, best first."""
        rows = [
            (self.names[p], total, self.money(total), p in self.state.order)
            for p, total in self.state.totals.items()
        ]
        return sorted(rows, key=lambda row: (-row[1], row[0]))

    def settlement(self) -> list[Transfer]:
        """In money (minor units), or in points when the session is played for points only."""
        stake = self.session.stake
        return settle({p: t * stake if stake else t for p, t in self.state.totals.items()})


def sheets_by_happening(happenings: Iterable[ChouetteHappening]) -> dict[int, list[ChouetteSheet]]:
    game_ids = [happening.pk for happening in happenings if happening.kind == HappeningKind.GAME]
    sheets = list(
        ChouetteSheet.objects.filter(happening_id__in=game_ids).order_by("happening", "version")
    )
    lines: dict[int, list[ChouetteLine]] = defaultdict(list)
    for line in ChouetteLine.objects.filter(sheet__in=sheets):
        lines[line.sheet_id].append(line)
    by_happening: dict[int, list[ChouetteSheet]] = defaultdict(list)
    for sheet in sheets:
        sheet.core = sheet.as_core(lines[sheet.pk])  # type: ignore[attr-defined]
        by_happening[sheet.happening_id].append(sheet)
    return by_happening


def core_happenings(
    happenings: Iterable[ChouetteHappening], sheets: dict[int, list[ChouetteSheet]]
) -> list[core.Happening]:
    """The happenings as the replay takes them, each game with its latest sheet."""
    replayed: list[core.Happening] = []
    for happening in happenings:
        if happening.kind == HappeningKind.JOIN:
            replayed.append(core.Join(happening.player_id))
        elif happening.kind == HappeningKind.LEAVE:
            replayed.append(core.Leave(happening.player_id))
        else:
            replayed.append(core.SessionGame(happening.game_number, sheets[happening.pk][-1].core))
    return replayed


def session_view(session: ChouetteSession) -> SessionView:
    happenings = list(
        session.happenings.select_related("player", "recorded_by").order_by("sequence")
    )
    sheets = sheets_by_happening(happenings)
    state = core.replay(session.rules(), core_happenings(happenings, sheets))
    names = {
        happening.player_id: happening.player.name
        for happening in happenings
        if happening.player_id
    }
    return SessionView(session, state, names, happenings, sheets, list(state.order))


@dataclass(frozen=True)
class PreviewGame:
    """A game as it stands and as it will be after the correction."""

    now: core.GameOutcome
    after: core.GameOutcome

    @property
    def number(self) -> int:
        return self.after.number

    @property
    def changed(self) -> bool:
        return self.now.seats != self.after.seats or self.now.results != self.after.results


@dataclass(frozen=True)
class PreviewTotal:
    name: str
    now: int
    after: int
    money_now: int
    money_after: int


@dataclass(frozen=True)
class CorrectionPreview:
    """The session's sheet as it will be once a game's correction is saved: every game from
    the corrected one on (the earlier ones do not change), the totals and the settlement."""

    view: SessionView
    game_number: int
    state: core.SessionState
    games: list[PreviewGame]
    totals: list[PreviewTotal]

    @property
    def games_seen(self) -> int:
        return len(self.state.games)

    @property
    def changed_games(self) -> int:
        return sum(game.changed for game in self.games)

    @property
    def next_seats(self) -> core.Seats | None:
        return self.state.seats(self.view.session.rules())

    def settlement(self) -> list[Transfer]:
        stake = self.view.session.stake
        return settle({p: t * stake if stake else t for p, t in self.state.totals.items()})


def correction_preview(view: SessionView, game_number: int, sheet: GameSheet) -> CorrectionPreview:
    """What ``services.chouette_game_correct`` would make of the session, saving nothing;
    refused (``UserError``) as the correction would be."""
    replayed = [
        core.SessionGame(game_number, sheet)
        if isinstance(e, core.SessionGame) and e.number == game_number
        else e
        for e in core_happenings(view.happenings, view.sheets)
    ]
    try:
        state = core.replay(view.session.rules(), replayed)
    except SheetError as error:
        raise messages.sheet_error(error) from error
    except core.ReplayError as error:
        raise messages.replay_error(error, view.names) from error
    games = [
        PreviewGame(now, after)
        for now, after in zip(view.state.games, state.games, strict=True)
        if after.number >= game_number
    ]
    stake = view.session.stake
    totals = [
        PreviewTotal(
            view.names[player],
            view.state.totals.get(player, 0),
            total,
            view.state.totals.get(player, 0) * stake,
            total * stake,
        )
        for player, total in state.totals.items()
    ]
    totals.sort(key=lambda row: (-row.after, row.name))
    return CorrectionPreview(view, game_number, state, games, totals)


def club_sessions(club: Club) -> QuerySet[ChouetteSession]:
    return ChouetteSession.objects.filter(club=club).order_by("-created_at")


def sessions_with_game_count() -> QuerySet[ChouetteSession]:
    """Sessions with their club and the number of games played (``game_count``), newest
    first."""
    return (
        ChouetteSession.objects.select_related("club")
        .annotate(game_count=Count("happenings", filter=Q(happenings__kind=HappeningKind.GAME)))
        .order_by("-created_at", "-pk")
    )


def session_players(session: ChouetteSession) -> list[Player]:
    ids = session.happenings.filter(kind=HappeningKind.JOIN).values_list("player_id", flat=True)
    return list(Player.objects.filter(pk__in=ids).order_by("name"))


@dataclass
class PlayStats:
    sessions: int = 0
    games: int = 0
    games_as_box: int = 0
    points: int = 0
    #: Money won or lost per currency, in minor units.
    money: dict[str, int] = field(default_factory=dict)


@dataclass
class PlayerChouetteStats:
    chouette: PlayStats = field(default_factory=PlayStats)
    money_sessions: PlayStats = field(default_factory=PlayStats)

    @property
    def any(self) -> bool:
        return bool(self.chouette.games or self.money_sessions.games)


def player_chouette_stats(club: Club, player: Player) -> PlayerChouetteStats:
    """The player's chouette games and money games (two at the table) in the club's sessions,
    apart from tournament play. Four queries, however many sessions (one without any)."""
    sessions = {
        s.pk: s
        for s in ChouetteSession.objects.filter(club=club, happenings__player=player).distinct()
    }
    stats = PlayerChouetteStats()
    if not sessions:
        return stats
    happenings = list(
        ChouetteHappening.objects.filter(session__in=sessions).order_by("session", "sequence")
    )
    sheets = sheets_by_happening(happenings)
    per_session: dict[int, list[ChouetteHappening]] = defaultdict(list)
    for happening in happenings:
        per_session[happening.session_id].append(happening)
    for session_id, session_happenings in per_session.items():
        session = sessions[session_id]
        state = core.replay(session.rules(), core_happenings(session_happenings, sheets))
        seen: set[str] = set()
        for game in state.games:
            if player.pk not in game.results:
                continue
            kind = "money" if game.is_money_game else "chouette"
            bucket = stats.money_sessions if game.is_money_game else stats.chouette
            if kind not in seen:
                bucket.sessions += 1
                seen.add(kind)
            bucket.games += 1
            bucket.games_as_box += game.seats.box == player.pk
            points = game.results[player.pk]
            bucket.points += points
            bucket.money[session.currency] = (
                bucket.money.get(session.currency, 0) + points * session.stake
            )
    return stats
