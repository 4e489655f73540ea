"""A match recorded beside a physical board, as the replay of its actions. Pure: no Django.

Every roll, play, cube action and resignation entered on the clock is a :class:`ClockAction`; the
engine (``backgammon``) decides each, in order, and the clock (``play.clock``) runs on the
times the tapping device reported. :class:`Transcript` takes entries as a device sends them:
one it already has (the same id) is recognised and changes nothing, one that does not follow
the last is refused, so a page that resends its queue after a network cut applies each
action exactly once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from backgammon import Game, GamePhase, MatchRules, MatchState, MoveError, WinKind
from backgammon.gamerecord import ActionKind
from backgammon.scoring import GameResult, ResultError
from play.clock import Clock

__all__ = ["KINDS", "ClockAction", "FinishedGame", "Recording", "Refused", "Transcript"]

#: What may be entered: the opening roll (each side's die), a roll, a play, the cube, a
#: resignation offered and answered, and a claim that the opponent's reserve has run out.
KINDS = (
    "opening",
    "roll",
    "move",
    "double",
    "take",
    "drop",
    "resign",
    "accept",
    "decline",
    "flag",
)


class Refused(ValueError):
    """An entry the rules or the order refuse; ``code`` says which (no translated text)."""

    def __init__(self, code: str, message: str = "") -> None:
        super().__init__(message or code)
        self.code = code


@dataclass(frozen=True, slots=True)
class ClockAction:
    """One action as the device sent it. ``side`` 0 or 1 (``None`` for the opening roll);
    ``dice`` for the opening (player 0's die, player 1's die) and rolls; ``play`` the checker
    play in the mover's numbering (``"8/5 6/5"``); ``resign`` the kind offered; ``at`` the
    device's time in milliseconds."""

    id: str
    kind: str
    side: int | None = None
    dice: tuple[int, int] | None = None
    play: str = ""
    resign: str = ""
    at: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "side": self.side,
            "dice": list(self.dice) if self.dice is not None else None,
            "play": self.play,
            "resign": self.resign,
            "at": self.at,
        }


@dataclass(frozen=True, slots=True)
class FinishedGame:
    number: int
    result: GameResult
    record: tuple[dict[str, Any], ...]


@dataclass
class Recording:
    """The match as its entries made it: the score, the game in progress, the clock."""

    match: MatchState
    game: Game | None
    clock: Clock | None
    finished: list[FinishedGame] = field(default_factory=list)
    count: int = 0
    last_at: int = 0
    #: The side that lost the match on time (claimed by the opponent), once it has.
    flagged: int | None = None
    #: The end of a turn the engine passed has been entered (once is enough).
    pass_ended: bool = False

    @classmethod
    def start(cls, rules: MatchRules, *, reserve_ms: int = 0, delay_ms: int = 0) -> Recording:
        """A new recording; no clock when ``reserve_ms`` is 0."""
        match = MatchState(rules)
        clock = Clock.new(reserve_ms=reserve_ms, delay_ms=delay_ms) if reserve_ms else None
        return cls(match=match, game=match.new_game(), clock=clock)

    @property
    def is_over(self) -> bool:
        return self.match.is_over or self.flagged is not None

    def apply(self, entry: ClockAction) -> FinishedGame | None:
        """Decide ``entry``; the game it ended, if it ended one. Raises :class:`Refused`
        and changes nothing when the rules refuse it."""
        game = self.game
        if game is None or self.is_over:
            raise Refused("match_over", "the match is over")
        if entry.kind not in KINDS:
            raise Refused("kind", f"unknown action {entry.kind!r}")
        at = max(entry.at, self.last_at)  # another device's clock may be behind
        if entry.kind == "flag":
            self._flag(entry, at)
            return None
        if _passed(game, entry):
            if self.pass_ended:
                raise Refused("wrong_phase", "the end of this turn is recorded")
            self.pass_ended = True
            self.count += 1
            self.last_at = at
            return None
        _decide(game, entry)
        self.pass_ended = False
        self.count += 1
        self.last_at = at
        finished = None
        if game.is_over:
            assert game.result is not None
            finished = FinishedGame(
                game.number, game.result, tuple(action.to_dict() for action in game.record)
            )
            self.finished.append(finished)
            self.match.record(game.result)
            self.game = None if self.match.is_over else self.match.new_game()
        if self.clock is not None:
            side = None if self.game is None else self.game.side_to_act
            self.clock.hand_to(side, now=at, fresh=True)
        return finished

    def _flag(self, entry: ClockAction, at: int) -> None:
        """The claimant's opponent has run out of time: the match is lost on time. As on a
        physical clock, play goes on until the fall is claimed."""
        claimant = _side(entry)
        if self.clock is None or self.clock.fallen(at) != 1 - claimant:
            raise Refused("not_fallen", "the opponent's reserve has not run out")
        self.clock.flag_fall(1 - claimant)
        self.clock.since = at
        self.flagged = 1 - claimant
        self.count += 1
        self.last_at = at

    def summary(self) -> dict[str, Any]:
        """What two recordings that made the same match share (the property test's measure)."""
        return {
            "score": self.match.score,
            "results": [result.to_dict() for result in self.match.results],
            "game": self.game.to_dict() if self.game is not None else None,
            "clock": None if self.clock is None else (list(self.clock.reserve), self.clock.running),
            "count": self.count,
            "flagged": self.flagged,
        }


def _side(entry: ClockAction) -> int:
    if entry.side not in (0, 1):
        raise Refused("side", "say who acts (player 0 or 1)")
    assert entry.side is not None
    return entry.side


def _passed(game: Game, entry: ClockAction) -> bool:
    """``entry`` ends a turn the engine has already passed: the roll left no checker able to
    move (a device offline cannot know that, and sends the end of the turn)."""
    if entry.kind != "move" or entry.play.strip() or game.phase is GamePhase.MOVE:
        return False
    last = game.record[-1] if game.record else None
    return (
        last is not None
        and last.kind is ActionKind.MOVE
        and not last.play
        and last.player == entry.side
        and game.phase is GamePhase.ROLL
    )


def _decide(game: Game, entry: ClockAction) -> None:
    """Apply ``entry`` to ``game`` through the engine (which changes nothing when it
    refuses)."""
    kind = entry.kind
    try:
        if kind == "opening":
            if game.phase is not GamePhase.OPENING:
                raise Refused("wrong_phase", "the opening roll is made")
            game.roll_opening(_dice(entry))
        elif kind == "roll":
            if game.phase is GamePhase.OPENING:
                raise Refused("wrong_phase", "first the opening roll")
            game.roll(_dice(entry), player=_side(entry))
        elif kind == "move":
            game.play(entry.play, player=_side(entry))
        elif kind == "double":
            game.double(player=_side(entry))
        elif kind == "take":
            game.take(player=_side(entry))
        elif kind == "drop":
            game.drop(player=_side(entry))
        elif kind == "resign":
            side = _side(entry)
            if game.phase is GamePhase.OPENING:
                raise Refused("wrong_phase", "resign after the opening roll")
            game.resign(entry.resign or WinKind.SINGLE, player=side)
        elif kind == "accept":
            game.accept_resignation(player=_side(entry))
        else:
            game.decline_resignation(player=_side(entry))
    except MoveError as error:
        raise Refused(getattr(error, "code", "") or "illegal", str(error)) from error
    except (ValueError, ResultError) as error:
        if isinstance(error, Refused):
            raise
        raise Refused("invalid", str(error)) from error


def _dice(entry: ClockAction) -> tuple[int, int]:
    if entry.dice is None:
        raise Refused("dice", "enter the dice")
    return entry.dice


@dataclass
class Transcript:
    """The entries accepted so far, in order, and the recording they make."""

    recording: Recording
    entries: list[ClockAction] = field(default_factory=list)
    _ids: dict[str, int] = field(default_factory=dict)

    def knows(self, entry_id: str) -> bool:
        """Whether an entry with this id was taken."""
        return entry_id in self._ids

    def offer(self, entry: ClockAction, *, after: int) -> tuple[str, FinishedGame | None]:
        """Take ``entry``, sent as following the ``after`` entries the device had.

        ``("duplicate", None)`` for an entry already taken (nothing changes); ``("applied",
        game ended)`` for a new one; :class:`Refused` for an entry that does not follow the
        last one taken (``out_of_order``), reuses an id for another action (``conflict``) or
        breaks the rules.
        """
        known = self._ids.get(entry.id)
        if known is not None:
            if self.entries[known] != entry:
                raise Refused("conflict", "this action's id was used for another action")
            return "duplicate", None
        if after != len(self.entries):
            raise Refused("out_of_order", f"expected the action after {len(self.entries)}")
        finished = self.recording.apply(entry)
        self._ids[entry.id] = len(self.entries)
        self.entries.append(entry)
        return "applied", finished


def replay(recording: Recording, entries: list[ClockAction]) -> Transcript:
    """The transcript of ``entries`` applied to a fresh ``recording`` in order."""
    transcript = Transcript(recording)
    for entry in entries:
        transcript.offer(entry, after=len(transcript.entries))
    return transcript
