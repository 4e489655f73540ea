"""Reads of the live online matches of a tournament: for the director's console and the
tournament page's list of matches to watch."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from matches.models import MatchStatus
from play.models import OnlineGame

from .state import OnlineState
from .timesource import now_ms

__all__ = ["LiveMatch", "clock_text", "live_matches"]


def clock_text(ms: int) -> str:
    """``12:05`` (minutes and seconds left, rounded up as a clock shows them)."""
    seconds = -(-max(0, ms) // 1000)
    return f"{seconds // 60}:{seconds % 60:02d}"


@dataclass(frozen=True)
class LiveMatch:
    match: Any
    names: tuple[str, str]
    score: tuple[int, int]
    length: int
    game_number: int
    cube: int
    cube_owner: int | None
    to_act: int | None
    phase: str
    #: The clock as a board shows it (``Clock.view``), or ``None`` without a clock.
    clock: dict[str, Any] | None
    can_take_back: bool

    @property
    def clock_texts(self) -> tuple[str, str]:
        if self.clock is None:
            return ("", "")
        return (clock_text(self.clock["left"][0]), clock_text(self.clock["left"][1]))


def live_matches(tournament: Any) -> list[LiveMatch]:
    """The tournament's online matches in play, in the order of the rounds."""
    rows = (
        OnlineGame.objects.filter(
            match__round__stage__tournament=tournament,
            match__status__in=(MatchStatus.READY, MatchStatus.PLAYING),
        )
        .select_related("match__round__stage", "match__entry_a__player", "match__entry_b__player")
        .order_by("match__round__stage__order", "match__round__number", "match__index")
    )
    now = now_ms()
    found = []
    for online in rows:
        state = OnlineState.load(online.state)
        if state.match_over:
            continue
        game = state.game
        match = online.match
        found.append(
            LiveMatch(
                match=match,
                names=(match.entry_a.player.name, match.entry_b.player.name),
                score=(game.score[0], game.score[1]),
                length=game.rules.length or game.rules.games,
                game_number=game.number,
                cube=game.cube,
                cube_owner=game.cube_owner,
                to_act=game.side_to_act,
                phase=str(game.phase),
                clock=state.clock.view(now) if state.clock is not None else None,
                can_take_back=state.before_play is not None,
            )
        )
    return found
