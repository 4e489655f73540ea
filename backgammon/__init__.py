"""The backgammon rules engine: positions, legal plays, notation. No Django in here.

>>> from backgammon import Position
>>> pos = Position.initial()
>>> len(pos.legal_plays((3, 1)))
16
>>> play = pos.parse_play("13/10, 24/23", (1, 3))
>>> str(play), play.result.pip_counts()
('24/23 13/10', (163, 167))
"""

from . import matfile
from .dice import FixedDice
from .errors import IllegalMoveError, InvalidMoveError, MoveError
from .game import Action, Game, GamePhase, IllegalActionError
from .kinds import WinKind
from .mat.parse import MatFileError
from .match import MatchState
from .matchrules import MatchRules, StartRule
from .play import NotationStyle, Play
from .position import INITIAL_POSITION_ID, Position
from .rules import STANDARD_RULES, MoveRules
from .scoring import (
    EndedBy,
    GameResult,
    ResultError,
    final_score_reachable,
    points_for,
    validate_next_result,
    validate_results,
)

__all__ = [
    "INITIAL_POSITION_ID",
    "STANDARD_RULES",
    "Action",
    "EndedBy",
    "FixedDice",
    "Game",
    "GamePhase",
    "GameResult",
    "IllegalActionError",
    "IllegalMoveError",
    "InvalidMoveError",
    "MatFileError",
    "MatchRules",
    "MatchState",
    "MoveError",
    "MoveRules",
    "NotationStyle",
    "Play",
    "Position",
    "ResultError",
    "StartRule",
    "WinKind",
    "final_score_reachable",
    "matfile",
    "points_for",
    "validate_next_result",
    "validate_results",
]
