"""Reads of a recorded match: its actions replayed by the engine, and what the clock shows."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from backgammon import GamePhase
from backgammon.turn import Board
from matches.models import OPEN_STATUSES, Match, MatchReport, ReportStatus
from matches.rules import rules_for_match
from play.snapshot import absolute

from .models import RecordedAction, RecordedMatch
from .replay import ClockAction, Recording, Transcript, replay


def clock_action_of(action: RecordedAction) -> ClockAction:
    dice = action.dice
    return ClockAction(
        id=action.client_id,
        kind=action.kind,
        side=action.side,
        dice=(int(dice[0]), int(dice[1])) if dice else None,
        play=action.play,
        resign=action.resign,
        at=action.at,
    )


def fresh_recording(recorded: RecordedMatch) -> Recording:
    """The recording before its first action, with the match's rules and clock settings.
    ``recorded.match`` is read with its round, stage and tournament."""
    match = recorded.match
    rules = rules_for_match(match)
    reserve = recorded.minutes_per_point * max(1, match.length) * 60_000
    return Recording.start(rules, reserve_ms=reserve, delay_ms=recorded.delay_seconds * 1000)


def recorded_transcript(recorded: RecordedMatch) -> Transcript:
    """The engine's replay of every action recorded so far (one query)."""
    actions = RecordedAction.objects.filter(recorded=recorded).order_by("number")
    return replay(fresh_recording(recorded), [clock_action_of(action) for action in actions])


def clock_state(transcript: Transcript) -> dict[str, Any]:
    """What the clock page draws: the board, the dice, who acts and what he may do, the
    score, both clocks (as of the last action's time) and the record."""
    recording = transcript.recording
    game = recording.game
    clock = recording.clock
    state: dict[str, Any] = {
        "count": len(transcript.entries),
        "length": recording.match.rules.length,
        "post_crawford": recording.match.is_post_crawford,
        # What a clock offline needs to start the next game as the engine will.
        "start": str(recording.match.rules.start),
        "lower_die_starts": recording.match.rules.lower_die_starts,
        "uses_cube": recording.match.rules.uses_cube,
        "score": list(recording.match.score),
        "over": recording.is_over,
        "winner": (
            1 - recording.flagged if recording.flagged is not None else recording.match.winner
        ),
        "flagged": recording.flagged,
        "entries": [entry.to_dict() for entry in transcript.entries],
        "clock": None,
        "game": None,
    }
    if clock is not None:
        state["clock"] = {
            "reserve": list(clock.reserve),
            "running": clock.running,
            "since": clock.since,
            "delay_left": clock.delay_left,
            "delay": clock.delay_ms,
        }
    if game is not None:
        mover = game.turn if game.turn is not None else 0
        board = Board.start(game.position, game.dice or (1, 1))
        drawn = absolute(board, mover)
        state["game"] = {
            "number": game.number,
            "phase": str(game.phase),
            "turn": game.turn,
            "to_act": game.side_to_act,
            "dice": list(game.dice) if game.dice else None,
            "cube": game.cube,
            "cube_owner": game.cube_owner,
            "crawford": game.crawford,
            "can_double": game.can_double(),
            "actions": [str(action) for action in game.legal_actions()],
            "resignation": (
                [game.resignation[0], str(game.resignation[1])]
                if game.phase is GamePhase.RESIGNED and game.resignation
                else None
            ),
            "plays": [play.notation("mat") for play in game.legal_plays()],
            **drawn,
        }
    return state


def clock_report(match: Match) -> str | None:
    """The status of the players' record waiting as their report ("pending" for the
    opponent's confirmation, "disputed" for the referee's decision), if one is (one query)."""
    return (
        MatchReport.objects.filter(
            match=match,
            from_clock=True,
            status__in=[ReportStatus.PENDING, ReportStatus.DISPUTED],
        )
        .values_list("status", flat=True)
        .first()
    )


def recording_of(match: Match) -> RecordedMatch | None:
    """The recorded match of ``match``, if it is one (one query)."""
    return RecordedMatch.objects.filter(match=match).first()


def round_recordable(round_id: int) -> list[tuple[Match, bool]]:
    """The round's matches that may be recorded on a clock (open, at a table, two players),
    each with whether it is designated already (two queries)."""
    matches = list(
        Match.objects.filter(
            round_id=round_id,
            status__in=OPEN_STATUSES,
            is_online=False,
            entry_a__isnull=False,
            entry_b__isnull=False,
        )
        .select_related("entry_a__player", "entry_b__player")
        .order_by("index")
    )
    marked = set(RecordedMatch.objects.filter(match__in=matches).values_list("match_id", flat=True))
    return [(match, match.pk in marked) for match in matches]


def recordings_with_recorder() -> QuerySet[RecordedMatch]:
    """Recorded matches with their recorder, for a page to pick one from."""
    return RecordedMatch.objects.select_related("recorder")
