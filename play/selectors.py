"""Reads for the online board: the match behind a board, its current state, its .mat file."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db.models import QuerySet

from backgammon import Game as EngineGame
from backgammon import GameResult, matfile
from backgammon.gamerecord import ActionKind, GameAction
from matches.models import Match, MatchStatus
from matches.rules import rules_for_match
from play.models import OnlineGame

from .snapshot import board_payload, idle_payload
from .state import OnlineState
from .timesource import now_ms

__all__ = ["board_matches", "match_mat_text", "online_snapshot", "player_names"]


def board_matches() -> QuerySet[Match]:
    """Matches with everything the board, the permissions and the rules read."""
    return Match.objects.select_related(
        "round__stage__tournament__club",
        "entry_a__player",
        "entry_b__player",
        "online_game",
    )


def player_names(match: Match) -> tuple[str, str]:
    def name(entry: Any) -> str:
        return entry.player.name if entry is not None else "?"

    return (name(match.entry_a), name(match.entry_b))


def _online_game(match: Match) -> OnlineGame | None:
    try:
        return match.online_game
    except OnlineGame.DoesNotExist:
        return None


def online_snapshot(match: Match, online: OnlineGame | None = None) -> tuple[int, dict[str, Any]]:
    """The sequence number and the state the board draws (``match`` from
    :func:`board_matches`; ``online`` when the caller holds a fresher row)."""
    online = online or _online_game(match)
    if online is None:
        status = "over" if match.status in (MatchStatus.FINISHED, MatchStatus.VOID) else "waiting"
        names = player_names(match)
        return 0, idle_payload(names=names, status=status, score=(match.score_a, match.score_b))
    payload = board_payload(OnlineState.load(online.state), now=now_ms())
    if match.status in (MatchStatus.FINISHED, MatchStatus.VOID):
        # Ended off the board (a referee's forfeit or correction, a director's result, a
        # time forfeit): nothing more to play, and the match's row has the final score.
        payload.update(status="over", actions=[[], []], targets={})
        winner = None
        if match.winner_id is not None:
            winner = 0 if match.winner_id == match.entry_a_id else 1
        payload["match"].update(over=True, score=[match.score_a, match.score_b], winner=winner)
    return online.sequence, payload


def _mat_name(name: str) -> str:
    return name.replace(":", " ").replace('"', "'").strip() or "?"


def match_mat_text(match: Match, *, extra_tags: Sequence[tuple[str, str]] = ()) -> str:
    """The match's games as a Jellyfish .mat file: every move of the games played on the
    board, the result line of games entered another way, and the game in play so far. The
    header tags are in eXtreme Gammon's order; ``extra_tags`` add to the usual ones or
    replace them (a submission pack adds its own)."""
    rules = rules_for_match(match)
    games: list[EngineGame] = []
    score = [0, 0]
    for row in match.games.order_by("number"):
        game = EngineGame(rules, number=row.number, score=(score[0], score[1]))
        result = GameResult(row.winner, row.kind, row.cube, row.points, row.ended_by)
        if row.record:
            game.record = [GameAction.from_dict(item) for item in row.record]
        else:
            game.record = [GameAction(row.winner, ActionKind.WIN, value=row.points)]
        game.result = result
        games.append(game)
        score[row.winner] += row.points
    online = _online_game(match)
    if online is not None:
        state = OnlineState.load(online.state)
        if not state.match_over and state.game.record and not state.game.is_over:
            games.append(state.game)
    names = tuple(_mat_name(n) for n in player_names(match))
    tournament = match.round.stage.tournament
    tags = [
        ("Site", "Crawford"),
        ("Event", tournament.name),
        ("Round", str(match.round.number)),
        ("Player 1", names[0]),
        ("Player 2", names[1]),
        ("Variation", "Backgammon"),
        ("Crawford", "On" if rules.uses_crawford else "Off"),
        *extra_tags,
    ]
    record = matfile.record_from_games(
        games,
        players=(names[0], names[1]),
        length=rules.length,
        tags=[(key, _mat_name(value)) for key, value in matfile.xg_header(tags)],
        match_over=match.status == MatchStatus.FINISHED,
    )
    return matfile.dumps(record)


def dice_commitments(match: Match) -> list[tuple[str | None]]:
    """The dice commitment of the match's online game, as one row, or no row when the match
    is not played on the board."""
    return list(OnlineGame.objects.filter(match=match).values_list("state__dice_commitment"))
