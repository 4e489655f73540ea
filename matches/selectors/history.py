"""The history of a match: every change of its result, who made it, when and why — and, for
a result a player reported or a match file brought, who reported, uploaded and confirmed it,
which is what a referee needs in a later dispute."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from matches import reasons
from matches.models import Game, Match, MatchFile, MatchReport, MatchStatus, WinKind
from matches.reasons import reason_code, reason_label


@dataclass(frozen=True)
class HistoryLine:
    when: Any
    who: str
    reason: str
    before: str
    after: str
    games_before: str = ""
    games_after: str = ""
    #: Who reported, uploaded, confirmed or decided it ("Uploaded by Zoe", "Confirmed by
    #: Ben"); empty when ``who`` alone made the change.
    credits: tuple[str, ...] = ()
    #: The match file the change came from: its games make one line.
    file_id: int | None = None


def _games_text(games: dict[int, Any], side_names: tuple[str, str]) -> str:
    """The games of a moment of the history: "1. Alice gammon ×2 · 2. Bob single"."""
    parts = []
    for game in sorted(games.values(), key=lambda g: g.number):
        text = f"{game.number}. {side_names[game.winner]} {WinKind(game.kind).label}"
        if game.cube > 1:
            text += f" ×{game.cube}"
        parts.append(text)
    return " · ".join(parts)


def _user_name(user: Any) -> str:
    return (user.get_full_name() or user.get_username()) if user is not None else ""


@dataclass(frozen=True)
class _Origins:
    """The reports and match files the history's rows name, read in two queries."""

    reports: dict[int, MatchReport]
    files: dict[int, MatchFile]
    report_of_file: dict[int, MatchReport]

    @classmethod
    def read(cls, match: Match, records: list[Any]) -> _Origins:
        report_ids, file_ids = set(), set()
        for record in records:
            params = reason_code(record.history_change_reason)[1]
            if isinstance(params.get("report"), int):
                report_ids.add(params["report"])
            if isinstance(params.get("file"), int):
                file_ids.add(params["file"])
        files = (
            {f.pk: f for f in match.files.filter(pk__in=file_ids).select_related("uploaded_by")}
            if file_ids
            else {}
        )
        reports = (
            {
                r.pk: r
                for r in MatchReport.objects.filter(match=match)
                .filter(pk__in=report_ids)
                .select_related("reported_by", "decided_by")
            }
            if report_ids
            else {}
        )
        return cls(
            reports=reports,
            files=files,
            report_of_file={r.file_id: r for r in reports.values() if r.file_id is not None},
        )

    def credits(self, stored: str | None, who: str) -> tuple[tuple[str, ...], MatchFile | None]:
        """Who reported, uploaded, confirmed or decided the change ``who`` saved."""
        code, params = reason_code(stored)
        file = self.files.get(params["file"]) if isinstance(params.get("file"), int) else None
        report = (
            self.reports.get(params["report"]) if isinstance(params.get("report"), int) else None
        )
        if report is None and file is not None:
            report = self.report_of_file.get(file.pk)
        credits = []
        uploader = ""
        if file is not None:
            uploader = _user_name(file.uploaded_by) or (report.reported_by.name if report else "")
            if uploader:
                credits.append(_("Uploaded by %(name)s") % {"name": uploader})
        if report is not None:
            if file is None:
                credits.append(_("Reported by %(name)s") % {"name": report.reported_by.name})
            decider = report.decided_by.name if report.decided_by else ""
            if code == reasons.DISPUTE_DECIDED:
                if decider:
                    credits.append(_("Disputed by %(name)s") % {"name": decider})
                if who:
                    credits.append(_("Decided by %(name)s") % {"name": who})
            elif decider or who:
                credits.append(_("Confirmed by %(name)s") % {"name": decider or who})
        elif file is not None and who and who != uploader:
            credits.append(_("Entered by %(name)s") % {"name": who})
        return tuple(credits), file


def _file_reason(file: MatchFile) -> str:
    label = reason_label(reasons.FILE_IMPORTED)
    return f"{label}: {file.name}" if file.name else label


def match_history(match: Match) -> list[HistoryLine]:
    """Every change of the match's result: who, when, why, the score and the games before and
    after (a correction of the games shows both), the games of one match file as one line;
    and the tournament director's actions on its online game, with their reasons."""
    records = list(
        match.history.select_related("history_user").order_by("history_date", "history_id")
    )
    game_records = list(
        Game.history.filter(match_id=match.pk).order_by("history_date", "history_id")
    )
    origins = _Origins.read(match, records)
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

    lines: list[HistoryLine] = []
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
        decided_late = reason_code(record.history_change_reason)[0] in reasons.LATE_DECISIONS
        if before != after or games_before != games_after or decided_late:
            who = _user_name(record.history_user)
            credits, file = origins.credits(record.history_change_reason, who)
            last = lines[-1] if lines else None
            if file is not None and last is not None and last.file_id == file.pk:
                # The next game of the same file: the file's line runs on to it.
                lines[-1] = dataclasses.replace(last, after=after, games_after=games_after)
            else:
                lines.append(
                    HistoryLine(
                        when=record.history_date,
                        who=who,
                        reason=_file_reason(file)
                        if file is not None
                        else reason_label(record.history_change_reason),
                        before=before,
                        after=after,
                        games_before=games_before,
                        games_after=games_after,
                        credits=credits,
                        file_id=file.pk if file is not None else None,
                    )
                )
        previous = record
        games_before = games_after
    for action in match.director_actions.select_related("user"):
        lines.append(
            HistoryLine(
                when=action.created_at,
                who=_user_name(action.user),
                reason=f"{action.get_kind_display()}: {action.reason}",
                before="",
                after="",
            )
        )
    lines.sort(key=lambda line: line.when)
    return lines
