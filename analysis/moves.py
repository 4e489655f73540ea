"""The moves of a match as gnubg reads them: a .mat text, and where each position is."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from backgammon import matfile
from backgammon.game import Game as EngineGame
from backgammon.gamerecord import ActionKind, GameAction
from backgammon.matfile import LoggedAction
from backgammon.scoring import GameResult
from matches.models import Game, Match, MatchOutcome, MatchStatus
from matches.rules import rules_for_match


def match_has_moves(match: Match, games: Sequence[Game] | None = None) -> bool:
    """A finished, played match whose every game has its move record (online or a file).
    ``games``: the match's games when they are loaded already."""
    if match.status != MatchStatus.FINISHED or match.outcome != MatchOutcome.PLAYED:
        return False
    if games is not None:
        records = [game.record for game in games]
    else:
        records = list(match.games.values_list("record", flat=True))
    return bool(records) and all(bool(record) for record in records)


def replayable(match: Match) -> bool:
    """A match whose games (finished or not yet) all have their moves recorded."""
    games = list(match.games.values_list("record", flat=True))
    return bool(games) and all(bool(record) for record in games)


def _actions(record: Any) -> list[GameAction]:
    """A game's moves: online games store a list of actions, imported files
    ``{"format": "mat", "actions": [...]}`` (players already in the match's numbering)."""
    items = record.get("actions", []) if isinstance(record, dict) else record
    return [GameAction.from_dict(item) for item in items or ()]


def _name(name: str) -> str:
    return name.replace(":", " ").replace('"', "'").strip() or "?"


def moves_text(match: Match, games: Sequence[Game] | None = None) -> str:
    """The .mat text of the match's games: entry_a is gnubg's player 0 (X, the left column).

    Written from the stored move records, so online games and accepted files read alike and
    the text (and its digest) changes only when the moves do."""
    rules = rules_for_match(match)
    rows = (
        sorted(games, key=lambda g: g.number)
        if games is not None
        else match.games.order_by("number")
    )
    played: list[EngineGame] = []
    score = list(match.start_score)  # a resumed match's first game starts at its saved score
    for row in rows:
        game = EngineGame(rules, number=row.number, score=(score[0], score[1]))
        actions = _actions(row.record) if row.record else []
        game.record = actions or [GameAction(row.winner, ActionKind.WIN, value=row.points)]
        game.result = GameResult(row.winner, row.kind, row.cube, row.points, row.ended_by)
        played.append(game)
        score[row.winner] += row.points
    names = (
        _name(match.entry_a.player.name) if match.entry_a else "?",
        _name(match.entry_b.player.name) if match.entry_b else "?",
    )
    record = matfile.record_from_games(
        played,
        players=names,
        length=rules.length,
        tags=[("Crawford", "On" if rules.uses_crawford else "Off")],
        match_over=match.status == MatchStatus.FINISHED,
    )
    return matfile.dumps(record)


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def match_log(match: Match) -> tuple[LoggedAction, ...]:
    """Every action of the match with Position ID and Match ID (for the replay board)."""
    return matfile.match_log(matfile.parse(moves_text(match)), rules_for_match(match))
