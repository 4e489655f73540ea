"""The domain events: what happened, by the ids of what it happened to.

A lower app emits them (``events.bus.emit``) in the transaction of the change; a higher app
listens (``events.bus.listen`` in its ``AppConfig.ready``). Payloads are ids only, so a
listener always reads the current state and running it twice changes nothing.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar


@dataclass(frozen=True)
class DomainEvent:
    registry: ClassVar[dict[str, type[DomainEvent]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        DomainEvent.registry[cls.__name__] = cls

    @property
    def name(self) -> str:
        return type(self).__name__

    def payload(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def load(cls, name: str, payload: dict[str, Any]) -> DomainEvent:
        event_type = cls.registry[name]
        known = {f.name for f in fields(event_type)}
        return event_type(**{key: value for key, value in payload.items() if key in known})


# --- clubs ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MemberAdded(DomainEvent):
    membership_id: int


@dataclass(frozen=True)
class RatingSettingsChanged(DomainEvent):
    club_id: int


# --- draw -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundCreated(DomainEvent):
    """A round exists and is due to be drawn (the first at the start, the next Swiss round)."""

    round_id: int


@dataclass(frozen=True)
class RoundDrawn(DomainEvent):
    round_id: int


@dataclass(frozen=True)
class TournamentAdvanced(DomainEvent):
    """Results moved the tournament on: the bracket changed, rounds closed or were created."""

    tournament_id: int


@dataclass(frozen=True)
class TournamentFinished(DomainEvent):
    tournament_id: int


@dataclass(frozen=True)
class EntryWithdrawn(DomainEvent):
    """A player left a tournament (withdrawn by an organizer or by himself): a place may be
    free for the waiting list."""

    entry_id: int


# --- entries ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class EntrySignedUp(DomainEvent):
    """A player signed up himself: in the field, awaiting approval, or on the waiting list."""

    entry_id: int


@dataclass(frozen=True)
class WaitingListMovedUp(DomainEvent):
    """A waiting player has a place in the field now."""

    entry_id: int


@dataclass(frozen=True)
class JoinRequested(DomainEvent):
    join_request_id: int


@dataclass(frozen=True)
class JoinDecided(DomainEvent):
    """An organizer approved or declined a request to join a club."""

    join_request_id: int


@dataclass(frozen=True)
class ClubInvitationSent(DomainEvent):
    invitation_id: int


# --- matches ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ResultRecorded(DomainEvent):
    """A match finished: played to the end, a final score, a forfeit."""

    match_id: int


@dataclass(frozen=True)
class MatchFileAccepted(DomainEvent):
    """A match file was accepted: its games, with their moves, are the match's games."""

    match_id: int
    file_id: int


@dataclass(frozen=True)
class ResultCorrected(DomainEvent):
    """A recorded result was corrected (finished or, for games taken back, open again)."""

    match_id: int


@dataclass(frozen=True)
class ResultReported(DomainEvent):
    match_id: int
    report_id: int


@dataclass(frozen=True)
class ResultDisputed(DomainEvent):
    match_id: int
    report_id: int


# --- ladders ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ChallengeIssued(DomainEvent):
    """A player was challenged on a ladder and has until the challenge's date to accept."""

    challenge_id: int


@dataclass(frozen=True)
class ChallengeForfeited(DomainEvent):
    """The challenged player did not accept in time: the clock gave the challenge to the
    challenger by forfeit."""

    challenge_id: int


# --- venue --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MatchCalled(DomainEvent):
    """A match was called to a table of the venue (automatically, by hand, or moved to
    another): its players are told where to play."""

    call_id: int
