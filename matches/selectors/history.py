"""The history of a match: every change of its result, who made it, when and why."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from matches.models import Game, Match, MatchStatus, WinKind
from matches.reasons import reason_label


@dataclass(frozen=True)
class HistoryLine:
    when: Any
    who: str
    reason: str
    before: str
    after: str
    games_before: str = ""
    games_after: str = ""


def _games_text(games: dict[int, Any], side_names: tuple[str, str]) -> str:
    """The games of a moment of the history: "1. Alice gammon ×2 · 2. Bob single"."""
    parts = []
    for game in sorted(games.values(), key=lambda g: g.number):
        text = f"{game.number}. {side_names[game.winner]} {WinKind(game.kind).label}"
        if game.cube > 1:
            text += f" ×{game.cube}"
        parts.append(text)
    return " · ".join(parts)


def match_history(match: Match) -> list[HistoryLine]:
    """Every change of the match's result: who, when, why, the score and the games before and
    after (a correction of the games shows both); and the tournament director's actions on its
    online game, with their reasons."""
    records = list(
        match.history.select_related("history_user").order_by("history_date", "history_id")
    )
    game_records = list(
        Game.history.filter(match_id=match.pk).order_by("history_date", "history_id")
    )
    names = {
        entry.pk: entry.player.name for entry in (match.entry_a, match.entry_b) if entry is not None
    }
    side_names = (
        match.entry_a.player.name if match.entry_a else "?",
        match.entry_b.player.name if match.entry_b else "?",
    )

    def describe(record: Any) -> str:
        if record is None or record.status not in (MatchStatus.FINISHED, MatchStatus.PLAYING):
            return "–"
        text = f"{record.score_a}–{record.score_b}"
        if record.winner_id:
            text += f" ({names.get(record.winner_id, '?')})"
        return text

    lines = []
    previous = None
    games: dict[int, Any] = {}
    games_before = ""
    next_game = 0
    for record in records:
        while (
            next_game < len(game_records)
            and game_records[next_game].history_date <= record.history_date
        ):
            game = game_records[next_game]
            if game.history_type == "-":
                games.pop(game.id, None)
            else:
                games[game.id] = game
            next_game += 1
        games_after = _games_text(games, side_names)
        before, after = describe(previous), describe(record)
        if before != after or games_before != games_after:
            user = record.history_user
            lines.append(
                HistoryLine(
                    when=record.history_date,
                    who=user.get_full_name() or user.get_username() if user else "",
                    reason=reason_label(record.history_change_reason),
                    before=before,
                    after=after,
                    games_before=games_before,
                    games_after=games_after,
                )
            )
        previous = record
        games_before = games_after
    for action in match.director_actions.select_related("user"):
        user = action.user
        lines.append(
            HistoryLine(
                when=action.created_at,
                who=user.get_full_name() or user.get_username() if user else "",
                reason=f"{action.get_kind_display()}: {action.reason}",
                before="",
                after="",
            )
        )
    lines.sort(key=lambda line: line.when)
    return lines
