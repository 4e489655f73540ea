"""The replay board's frames: every position of a match with moves, as the online board draws
it (``static/js/board.js``), with the score, cube, pips, IDs and gnubg's view of the move."""

from __future__ import annotations

from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from analysis.models import AnalysisStatus
from analysis.moves import match_log
from analysis.selectors import match_analyses, shown_analysis
from backgammon.gamerecord import ActionKind
from backgammon.matchid import MatchIdFields
from backgammon.position import Position
from matches.models import Match
from play.snapshot import play_text


def absolute_board(position_id: str, mover: int) -> dict[str, Any]:
    """A Position ID seen from ``mover`` as the board draws it: player 0's numbering, signed
    by owner (positive = player 0), with bar, off and pip counts per player."""
    position = Position.from_position_id(position_id)
    own, other = position.mover, position.opponent
    points = [0] * 24
    for a in range(1, 25):
        if mover == 0:
            points[a - 1] = own[a] - other[25 - a]
        else:
            points[a - 1] = other[a] - own[25 - a]
    bar, off, pips = [0, 0], [0, 0], [0, 0]
    bar[mover], bar[1 - mover] = own[25], other[25]
    off[mover], off[1 - mover] = own[0], other[0]
    mover_pips, other_pips = position.pip_counts()
    pips[mover], pips[1 - mover] = mover_pips, other_pips
    return {"points": points, "bar": bar, "off": off, "pips": pips}


def _caption(
    name: str, kind: ActionKind, dice: tuple[int, int] | None, play: str, value: int
) -> str:
    values = {"name": name, "value": value}
    if kind is ActionKind.MOVE:
        values["dice"] = f"{dice[0]}{dice[1]}" if dice else ""
        values["play"] = play_text(play) if play else _("cannot move")
        return _("%(name)s rolls %(dice)s: %(play)s") % values
    texts = {
        ActionKind.DOUBLE: _("%(name)s doubles to %(value)s"),
        ActionKind.TAKE: _("%(name)s takes"),
        ActionKind.DROP: _("%(name)s passes"),
    }
    if kind is ActionKind.WIN:
        return (
            ngettext("%(name)s wins %(value)s point", "%(name)s wins %(value)s points", value)
            % values
        )
    return texts.get(kind, "%(name)s") % values


def _frame(
    position_id: str, match_id: str, *, game: int, dice: tuple[int, int] | None, offered: bool
) -> dict[str, Any]:
    fields = MatchIdFields.decode(match_id)
    mover = fields.player_on_roll if fields.turn is None else fields.turn
    values = list(dice) if dice else []
    if dice and dice[0] == dice[1]:
        values = [dice[0]] * 4
    return {
        "status": "playing",
        "board": absolute_board(position_id, mover),
        "game": {
            "number": game,
            "phase": "move" if dice else ("doubled" if offered else "roll"),
            "turn": mover,
            "to_act": mover,
            "dice": list(dice) if dice else None,
            "dice_left": values,
            "cube": {
                "shown": True,
                "owner": fields.cube_owner,
                "value": fields.cube,
                "offered": offered,
            },
        },
        "match": {
            "score": list(fields.score),
            "length": fields.length,
            "crawford": fields.crawford,
            "best_of": None,
        },
        "score": list(fields.score),
        "actions": [[], []],
        "targets": {},
        "recent": [],
        "position_id": position_id,
        "match_id": match_id,
    }


#: Where a decision was made, as the worst errors link to it: (game, Position ID) for a
#: chequer play, with the cube action made for a cube decision.
DecisionKey = tuple[Any, ...]


def decision_keys(action: Any, doubled_in: str) -> list[DecisionKey]:
    """The decisions an action's frame shows: the play and whether to double before the
    roll for a move; the double, take or pass for a cube action (a take or pass was decided
    in the position of the double, ``doubled_in``)."""
    game, position = action.game, action.position_id
    if action.kind is ActionKind.MOVE:
        return [(game, position, "no-double"), (game, position)]
    if action.kind is ActionKind.DOUBLE:
        return [(game, position, "double")]
    if action.kind in (ActionKind.TAKE, ActionKind.DROP):
        return [(game, doubled_in, "take" if action.kind is ActionKind.TAKE else "pass")]
    return []


def mistake_key(mistake: Any) -> DecisionKey:
    key: DecisionKey = (mistake.game, mistake.position_id)
    return (*key, mistake.played) if mistake.is_cube else key


def _note(keys: list[DecisionKey], mistakes: dict[DecisionKey, Any], level: str) -> str:
    """gnubg's view of the decisions of an action (:func:`decision_keys`)."""
    if not level or not keys:
        return ""
    notes = [
        _("%(level)s: %(played)s loses %(lost)s EMG; best was %(best)s.")
        % {
            "level": level,
            "played": mistake.played_words,
            # In the reader's format, as the tables print it (0,173 in German); rounded, as
            # number_format cuts the digits off.
            "lost": number_format(round(mistake.equity_lost, 3), 3),
            "best": mistake.best_words,
        }
        for mistake in (mistakes.get(key) for key in keys)
        if mistake is not None
    ]
    return " ".join(notes) or _("%(level)s: no error.") % {"level": level}


def replay_frames(match: Match) -> list[dict[str, Any]]:
    """One frame per action (the position it was decided in), then the final position."""
    return replay_board(match)[0]


def replay_board(
    match: Match, decision: DecisionKey | None = None
) -> tuple[list[dict[str, Any]], int]:
    """The frames (:func:`replay_frames`) and the one to show first: the first frame of the
    ``decision`` asked for (a worst error's link), else the first."""
    names = (
        match.entry_a.player.name if match.entry_a else "?",
        match.entry_b.player.name if match.entry_b else "?",
    )
    shown = shown_analysis(match_analyses(match))
    # Chequer errors by (game, position); cube errors by (game, position, action made), the
    # position being the one the cube was turned in (for a take or pass: the double's).
    mistakes: dict[DecisionKey, Any] = {}
    level = ""
    if shown is not None and shown.status == AnalysisStatus.DONE:
        level = str(shown.get_plies_display())
        for mistake in shown.mistakes.all():
            mistakes.setdefault(mistake_key(mistake), mistake)
    frames: list[dict[str, Any]] = []
    log = match_log(match)
    doubled_in = ""
    start: int | None = None
    for action in log:
        frame = _frame(
            action.position_id,
            action.match_id,
            game=action.game,
            dice=action.dice if action.kind is ActionKind.MOVE else None,
            offered=False,
        )
        frame["caption"] = _caption(
            names[action.player], action.kind, action.dice, action.play, action.value
        )
        if action.kind is ActionKind.DOUBLE:
            doubled_in = action.position_id
        keys = decision_keys(action, doubled_in)
        frame["note"] = _note(keys, mistakes, level)
        if start is None and decision is not None and decision in keys:
            start = len(frames)
        frames.append(frame)
    if log:
        last = log[-1]
        frame = _frame(
            last.position_id_after, last.match_id_after, game=last.game, dice=None, offered=False
        )
        frame["caption"] = _("End of the match")
        frame["note"] = ""
        frames.append(frame)
    return frames, start or 0
