"""Writes of chouette sessions. Each change is checked by replaying the whole session with it
(the pure core), so a sheet that does not fit, or a happening that cannot happen, changes
nothing. Players' profiles show their chouette statistics under the club's version, which
every change here raises first (the club's row first in the house's lock order)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from chouettes import messages, selectors
from chouettes.core import replay as core_replay
from chouettes.core import sheet as core_sheet
from chouettes.models import (
    ChouetteHappening,
    ChouetteLine,
    ChouetteSession,
    ChouetteSheet,
    HappeningKind,
    SessionStatus,
)
from clubs.models import Club, Membership, Player
from clubs.versions import club_change
from config.errors import UserError
from config.logs import logged_service


def _locked(session: ChouetteSession) -> ChouetteSession:
    """The session's row locked (after the club's, raised by the caller), re-read."""
    return ChouetteSession.objects.select_for_update().select_related("club").get(pk=session.pk)


def _check_open(session: ChouetteSession) -> None:
    if not session.is_open:
        raise UserError(_("The session is closed: nothing can be entered any more."), code="closed")


def _check_replays(session: ChouetteSession, happenings: list[core_replay.Happening]) -> None:
    names = dict(
        Player.objects.filter(
            pk__in=[e.player for e in happenings if not isinstance(e, core_replay.SessionGame)]
        ).values_list("pk", "name")
    )
    try:
        core_replay.replay(session.rules(), happenings)
    except core_sheet.SheetError as error:
        raise messages.sheet_error(error) from error
    except core_replay.ReplayError as error:
        raise messages.replay_error(error, names) from error


def _current_happenings(session: ChouetteSession) -> tuple[list[ChouetteHappening], list[Any]]:
    happenings = list(session.happenings.order_by("sequence"))
    sheets = selectors.sheets_by_happening(happenings)
    return happenings, selectors.core_happenings(happenings, sheets)


def _next_sequence(session: ChouetteSession) -> int:
    return (session.happenings.aggregate(last=Max("sequence"))["last"] or 0) + 1


def _check_games_seen(happenings: list[ChouetteHappening], games_seen: int | None) -> None:
    """A decision taken on a page that showed ``games_seen`` games stands only while the
    session still has that many (a game entered meanwhile would change what it means)."""
    games = sum(1 for e in happenings if e.kind == HappeningKind.GAME)
    if games_seen is not None and games_seen != games:
        raise UserError(
            _("A game was entered since you looked: check the sheet again."), code="stale"
        )


def _check_member(club: Club, player: Player) -> None:
    if not Membership.objects.filter(club=club, player=player).exists():
        raise UserError(
            _("%(player)s is not a member of the club.") % {"player": player.name},
            code="not_member",
        )


@logged_service("chouette_create")
@transaction.atomic
def chouette_create(
    *,
    club: Club,
    user: Any,
    name: str,
    players: Sequence[Player],
    stake: int = 0,
    currency: str = "EUR",
    cube_mode: str = core_sheet.CubeMode.MEMBER.value,
    consulting: bool = True,
    jacoby: bool = True,
    beavers: bool = False,
    automatic_limit: int = 0,
    partner_from: int = 0,
) -> ChouetteSession:
    """A session of 2 to 10 players (two: a money session), seated in the order given: the
    first is the box, the second the captain."""
    with club_change(club.pk):
        if not 2 <= len(players) <= core_replay.MAX_PLAYERS:
            raise UserError(_("A session has 2 to 10 players."), code="players", field="players")
        if len({p.pk for p in players}) != len(players):
            raise UserError(_("A player is listed twice."), code="players", field="players")
        for player in players:
            _check_member(club, player)
        session = ChouetteSession(
            club=club,
            name=name,
            stake=stake,
            currency=currency.upper(),
            cube_mode=cube_mode,
            consulting=consulting,
            jacoby=jacoby,
            beavers=beavers,
            automatic_limit=automatic_limit,
            partner_from=partner_from,
            keeper=user if getattr(user, "is_authenticated", False) else None,
        )
        session.full_clean()
        session.save()
        for sequence, player in enumerate(players, start=1):
            happening = ChouetteHappening(
                session=session,
                sequence=sequence,
                kind=HappeningKind.JOIN,
                player=player,
                recorded_by=session.keeper,
            )
            happening.full_clean()
            happening.save()
        return session


def _player_happening(*, session: ChouetteSession, user: Any, player: Player, kind: str) -> None:
    with club_change(session.club_id):
        session = _locked(session)
        _check_open(session)
        if kind == HappeningKind.JOIN:
            _check_member(session.club, player)
        _happenings, replayed = _current_happenings(session)
        new = (
            core_replay.Join(player.pk)
            if kind == HappeningKind.JOIN
            else core_replay.Leave(player.pk)
        )
        _check_replays(session, [*replayed, new])
        happening = ChouetteHappening(
            session=session,
            sequence=_next_sequence(session),
            kind=kind,
            player=player,
            recorded_by=user,
        )
        happening.full_clean()
        happening.save()


@logged_service("chouette_join")
@transaction.atomic
def chouette_join(*, session: ChouetteSession, user: Any, player: Player) -> None:
    """The player joins between games, at the end of the line."""
    _player_happening(session=session, user=user, player=player, kind=HappeningKind.JOIN)


@logged_service("chouette_leave")
@transaction.atomic
def chouette_leave(*, session: ChouetteSession, user: Any, player: Player) -> None:
    """The player leaves between games; a leaving box hands the box to the captain."""
    _player_happening(session=session, user=user, player=player, kind=HappeningKind.LEAVE)


def _save_sheet(
    *,
    happening: ChouetteHappening,
    version: int,
    sheet: core_sheet.GameSheet,
    user: Any,
    reason: str,
) -> ChouetteSheet:
    row = ChouetteSheet(
        happening=happening,
        version=version,
        winner=sheet.winner.value if sheet.winner else "",
        kind=sheet.kind.value,
        resigned=sheet.resigned,
        automatic=sheet.automatic,
        reason=reason,
        recorded_by=user,
    )
    row.full_clean()
    row.save()
    for seat, line in enumerate(sheet.lines):
        line_row = ChouetteLine(
            sheet=row,
            seat=seat,
            cube=line.cube,
            owner=line.owner.value,
            drop=line.drop.value,
            beaver=line.beaver,
        )
        line_row.full_clean()
        line_row.save()
    return row


@logged_service("chouette_game_record")
@transaction.atomic
def chouette_game_record(
    *,
    session: ChouetteSession,
    user: Any,
    sheet: core_sheet.GameSheet,
    number: int | None = None,
) -> ChouetteHappening:
    """The next game as it ended, by seats (the captain's line first). With ``number`` (the
    game's number as the keeper's app counts it) a game sent twice, or out of step, is
    refused instead of recorded again."""
    with club_change(session.club_id):
        session = _locked(session)
        _check_open(session)
        happenings, replayed = _current_happenings(session)
        next_number = sum(1 for e in happenings if e.kind == HappeningKind.GAME) + 1
        if number is not None and number != next_number:
            raise UserError(
                _("The next game is game %(next)s, not game %(number)s: the session changed.")
                % {"next": next_number, "number": number},
                code="stale",
                field="number",
            )
        number = next_number
        _check_replays(session, [*replayed, core_replay.SessionGame(number, sheet)])
        happening = ChouetteHappening(
            session=session,
            sequence=_next_sequence(session),
            kind=HappeningKind.GAME,
            game_number=number,
            recorded_by=user,
        )
        happening.full_clean()
        happening.save()
        _save_sheet(happening=happening, version=1, sheet=sheet, user=user, reason="")
        return happening


@logged_service("chouette_game_correct")
@transaction.atomic
def chouette_game_correct(
    *,
    session: ChouetteSession,
    user: Any,
    game_number: int,
    sheet: core_sheet.GameSheet,
    reason: str = "",
    games_seen: int | None = None,
) -> ChouetteSheet:
    """A new version of a game's sheet; the seats of every later game follow from it (the
    replay), the earlier versions stay in the history. With ``games_seen`` (the games of the
    preview the keeper confirmed) it is refused when a game was entered since."""
    with club_change(session.club_id):
        session = _locked(session)
        _check_open(session)
        happenings, replayed = _current_happenings(session)
        _check_games_seen(happenings, games_seen)
        target = next(
            (
                e
                for e in happenings
                if e.kind == HappeningKind.GAME and e.game_number == game_number
            ),
            None,
        )
        if target is None:
            raise UserError(_("There is no such game."), code="no_game")
        corrected = [
            core_replay.SessionGame(game_number, sheet)
            if isinstance(e, core_replay.SessionGame) and e.number == game_number
            else e
            for e in replayed
        ]
        _check_replays(session, corrected)
        version = (target.sheets.aggregate(last=Max("version"))["last"] or 0) + 1
        return _save_sheet(happening=target, version=version, sheet=sheet, user=user, reason=reason)


@logged_service("chouette_close")
@transaction.atomic
def chouette_close(*, session: ChouetteSession, user: Any) -> ChouetteSession:
    """The session ends: nothing more is entered; its settlement stands."""
    with club_change(session.club_id):
        session = _locked(session)
        _check_open(session)
        session.status = SessionStatus.CLOSED
        session.closed_at = timezone.now()
        session.full_clean()
        session.save()
        return session


@logged_service("chouette_remove")
@transaction.atomic
def chouette_remove(*, session: ChouetteSession, user: Any, games_seen: int) -> None:
    """A session started by mistake is removed with everything entered in it (the caller
    decided who may: ``permissions.can_remove_session``). ``games_seen`` is the number of
    games the confirming page listed as lost: a game entered since refuses the removal."""
    with club_change(session.club_id):
        session = _locked(session)
        _check_games_seen(list(session.happenings.all()), games_seen)
        session.delete()
