"""Writes of a recorded match: opening it for the clock, and each action entered on it.

An action is decided on the locked recorded match by the engine's replay of the actions
before it (:mod:`recording.replay`): one it already has (the same id) is acknowledged and
changes nothing, one that does not follow the last is refused, so a clock that resends its
queue after a network cut applies each action exactly once. A game's end entered by a
recorder or a referee is recorded through ``matches`` like any other result
(``source="recorded"``), with the tournament's row locked first, and from there goes to the
standings, the ratings and the analysis. A record the players enter themselves is their
report: when the match is over it waits for the opponent (or a referee) to confirm it, as any
report, and its games are recorded then.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from clubs import permissions
from clubs.selectors import player_of
from config.errors import UserError
from config.logs import logged_service
from matches import reasons
from matches.models import OPEN_STATUSES, Match, ResultSource
from matches.models import Game as MatchGame
from matches.services import (
    match_lock,
    match_record_game,
    match_record_time_forfeit,
    report_submit_recorded,
)
from matches.versions import match_change

from . import transcripts
from .access import can_record
from .messages import refusal
from .models import DEFAULT_DELAY_SECONDS, DEFAULT_MINUTES_PER_POINT, RecordedAction, RecordedMatch
from .replay import ClockAction, FinishedGame, Recording, Refused
from .selectors import clock_state, recorded_transcript

__all__ = [
    "recorded_action_post",
    "recorded_match_mark",
    "recorded_match_open",
    "recorded_matches_mark",
]


@logged_service("recorded_match_mark")
@transaction.atomic
def recorded_match_mark(
    *,
    match: Match | int,
    recorder: Any = None,
    minutes_per_point: int = DEFAULT_MINUTES_PER_POINT,
    delay_seconds: int = DEFAULT_DELAY_SECONDS,
) -> RecordedMatch:
    """Designate ``match`` as recorded, with its clock settings and recorder (settings of a
    recording already begun are kept: its clocks ran on them)."""
    with match_change(match):
        match_obj = match_lock(match)
        # Not get_or_create: a new row is checked (full_clean) before it is written.
        recorded = RecordedMatch.objects.select_for_update().filter(match=match_obj).first()
        if recorded is None:
            recorded = RecordedMatch(
                match=match_obj,
                recorder=recorder,
                minutes_per_point=minutes_per_point,
                delay_seconds=delay_seconds,
            )
        else:
            recorded.recorder = recorder
            if not recorded.actions.exists():
                recorded.minutes_per_point = minutes_per_point
                recorded.delay_seconds = delay_seconds
        recorded.full_clean()
        recorded.save()
        return recorded


@logged_service("recorded_matches_mark")
@transaction.atomic
def recorded_matches_mark(
    *,
    matches: list[int],
    minutes_per_point: int = DEFAULT_MINUTES_PER_POINT,
    delay_seconds: int = DEFAULT_DELAY_SECONDS,
) -> int:
    """Designate several matches of a round as recorded (the organizer, when drawing); each
    keeps a recorder already chosen. Returns how many were designated."""
    for match_id in sorted(matches):
        existing = RecordedMatch.objects.filter(match_id=match_id).first()
        recorded_match_mark(
            match=match_id,
            recorder=existing.recorder if existing is not None else None,
            minutes_per_point=minutes_per_point,
            delay_seconds=delay_seconds,
        )
    return len(matches)


@logged_service("recorded_match_open")
@transaction.atomic
def recorded_match_open(*, match: Match | int) -> RecordedMatch:
    """The recorded match of ``match``, made with USBGF's clock defaults the first time a
    player or referee opens the clock of an open match. Raises ``UserError`` when the match
    cannot be recorded (not open, or played on the online board)."""
    match_id = match.pk if isinstance(match, Match) else match
    existing = RecordedMatch.objects.filter(match_id=match_id).first()
    if existing is not None:
        return existing
    match_obj = match_lock(match_id)
    if match_obj.status not in OPEN_STATUSES or match_obj.is_online:
        raise refusal("closed")
    recorded, _created = RecordedMatch.objects.get_or_create(match=match_obj)
    return recorded


class _EndsGame(Exception):
    """The action ends a game: decide it again with the tournament's row locked first."""


@logged_service("recorded_action_post")
@transaction.atomic
def recorded_action_post(
    *, match: Match | int, entry: ClockAction, after: int, user: Any
) -> tuple[str, dict[str, Any]]:
    """Record ``entry``, sent by a clock that had ``after`` actions: ``("applied", state)``,
    or ``("duplicate", state)`` for one recorded before (nothing changes), with what the
    clock shows now (``clock_state``). Decided on this process's copy of the transcript when it
    is current (``recording.transcripts``). Raises
    ``UserError`` (nothing changes) for an action out of turn or out of order, an illegal
    move, a cube that may not move, or a match a referee has corrected or closed."""
    match_id = match.pk if isinstance(match, Match) else match
    try:
        with transaction.atomic():
            return _post(match_id, entry, after, user, may_record=False)
    except _EndsGame:
        pass
    with match_change(match_id):
        return _post(match_id, entry, after, user, may_record=True)


def _post(
    match_id: int, entry: ClockAction, after: int, user: Any, *, may_record: bool
) -> tuple[str, dict[str, Any]]:
    match = match_lock(match_id)
    try:
        recorded = RecordedMatch.objects.select_for_update().get(match=match)
    except RecordedMatch.DoesNotExist:
        raise refusal("closed") from None
    recorded.match = match
    if not can_record(user, recorded):
        raise refusal("forbidden")
    made_from = transcripts.fingerprint(recorded)
    transcript = transcripts.take(recorded, made_from) or recorded_transcript(recorded)
    if transcript.knows(entry.id):  # a resend: acknowledged whatever happened since
        try:
            status = transcript.offer(entry, after=after)[0]
        except Refused as refused:
            raise refusal(refused.code) from refused
        transaction.on_commit(lambda: transcripts.give(recorded.pk, made_from, transcript))
        return status, clock_state(transcript)
    games = list(
        MatchGame.objects.filter(match=match).order_by("number").values_list("winner", "points")
    )
    # The games a player's record holds until the match is over and its report confirmed
    # follow those recorded; a referee who entered others has corrected the match.
    recorded_games = [
        (game.result.winner, game.result.points) for game in transcript.recording.finished
    ]
    if games != recorded_games[: len(games)] or (
        match.status not in OPEN_STATUSES and not transcript.recording.is_over
    ):
        raise refusal("corrected" if transcript.entries or games else "closed")
    try:
        status, finished = transcript.offer(entry, after=after)
    except Refused as refused:
        raise refusal(refused.code) from refused
    recording = transcript.recording
    # A player's record is his report of the match, made when the match is over (until
    # then its games wait in the record); a recorder's or referee's is the result, game by
    # game.
    by_player = permissions.is_match_player(user, match)
    ends_game = finished is not None or recording.flagged is not None
    if ends_game and (recording.is_over or not by_player):
        if not may_record:
            raise _EndsGame
        if by_player:
            _report(match, recording, user)
        else:
            for game in recording.finished[len(games) :]:
                _record_game(match, game, user)
            if recording.flagged is not None:
                _record_time_forfeit(match, recording.flagged)
    action = RecordedAction(
        recorded=recorded,
        number=after,
        client_id=entry.id,
        kind=entry.kind,
        side=entry.side,
        dice=list(entry.dice) if entry.dice is not None else None,
        play=entry.play,
        resign=entry.resign,
        at=entry.at,
        entered_by=user if getattr(user, "is_authenticated", False) else None,
    )
    action.full_clean(exclude=["recorded"], validate_unique=False, validate_constraints=False)
    action.save()
    now_made_from = transcripts.fingerprint_after(recorded, action)
    transaction.on_commit(lambda: transcripts.give(recorded.pk, now_made_from, transcript))
    return status, clock_state(transcript)


def _report(match: Match, recording: Recording, user: Any) -> None:
    player = player_of(user)
    assert player is not None  # one of the match's players
    try:
        report_submit_recorded(
            match=match.pk,
            player=player,
            games=[
                {
                    "winner": game.result.winner,
                    "kind": str(game.result.kind),
                    "cube": game.result.cube,
                    "ended_by": str(game.result.ended_by),
                    "record": list(game.record),
                }
                for game in recording.finished
            ],
            lost_on_time=recording.flagged,
        )
    except UserError as error:
        if error.code == "corrected":
            raise refusal("corrected") from None
        raise


def _record_time_forfeit(match: Match, loser: int | None) -> None:
    assert loser is not None
    entry = match.entry_a if loser == 0 else match.entry_b
    name = entry.player.name if entry is not None else "?"
    match_record_time_forfeit(
        match=match.pk, loser=loser, reason=reasons.coded(reasons.TIME_FORFEIT, name=name)
    )


def _record_game(match: Match, finished: FinishedGame, user: Any) -> None:
    result = finished.result
    try:
        match_record_game(
            match=match.pk,
            winner=result.winner,
            kind=str(result.kind),
            cube=result.cube,
            ended_by=str(result.ended_by),
            user=user,
            source=ResultSource.RECORDED,
            record=list(finished.record),
        )
    except UserError:
        raise refusal("corrected") from None
