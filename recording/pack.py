"""The submission pack of a recorded match (a zip, as a masters' awards board asks for it):
the match file in eXtreme Gammon's layout with its header tags, the roster, the clock
settings with every action and its time, and GNU Backgammon's analysis when there is one."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from typing import Any

from django.utils import timezone

from analysis.models import AnalysisStatus
from analysis.selectors import match_analyses
from matches.models import Match
from play.selectors import match_mat_text, player_names

from .models import RecordedMatch
from .selectors import recorded_transcript


def _names(match: Match) -> tuple[str, str]:
    names = player_names(match)
    return (names[0], names[1])


def _tags(recorded: RecordedMatch) -> list[tuple[str, str]]:
    """The pack's header tags beside the usual ones, as eXtreme Gammon writes them: the club
    is the Site (GNU Backgammon reads it as the place), the recorder the Transcriber (its
    annotator), the date and time in the club's time."""
    match = recorded.match
    tournament = match.round.stage.tournament
    played = timezone.localtime(match.finished_at or match.updated_at)
    tags = [
        ("Site", tournament.club.name),
        ("Match ID", str(match.pk)),
        (
            "TimeControl",
            f"{recorded.minutes_per_point} min per point, {recorded.delay_seconds} s delay",
        ),
        ("EventDate", played.strftime("%Y.%m.%d")),
        ("EventTime", played.strftime("%H.%M")),
        ("Unrated", "Off"),
        ("CubeLimit", "1024"),
    ]
    if recorded.recorder is not None:
        player = getattr(recorded.recorder, "player", None)
        tags.append(("Transcriber", player.name if player else recorded.recorder.get_username()))
    return tags


def _roster(match: Match) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["side", "player", "seed", "club"])
    club = match.round.stage.tournament.club.name
    for side, entry in (("1", match.entry_a), ("2", match.entry_b)):
        if entry is not None:
            writer.writerow([side, entry.player.name, entry.seed or "", club])
    return out.getvalue()


def _clock(recorded: RecordedMatch) -> dict[str, Any]:
    transcript = recorded_transcript(recorded)
    clock = transcript.recording.clock
    return {
        "reserve_minutes_per_point": recorded.minutes_per_point,
        "delay_seconds": recorded.delay_seconds,
        "match_length": recorded.match.length,
        "reserve_left_ms": list(clock.reserve) if clock is not None else None,
        "actions": [entry.to_dict() for entry in transcript.entries],
    }


def _analysis(match: Match, names: tuple[str, str]) -> dict[str, Any]:
    levels = []
    for analysis in match_analyses(match):
        if analysis.status != AnalysisStatus.DONE:
            continue
        players = []
        for row in sorted(analysis.players.all(), key=lambda row: row.side):
            decisions = row.chequer_decisions + row.cube_decisions
            error = row.chequer_error + row.cube_error
            players.append(
                {
                    "player": names[row.side],
                    "chequer_decisions": row.chequer_decisions,
                    "cube_decisions": row.cube_decisions,
                    "error_rate_memg": round(1000 * error / decisions, 1) if decisions else None,
                    "luck_emg": row.luck,
                    "rating": row.rating,
                }
            )
        levels.append({"plies": analysis.plies, "players": players})
    return {"analysed": bool(levels), "levels": levels}


def submission_pack(recorded: RecordedMatch) -> bytes:
    """The zip of ``recorded`` (its match read with round, stage, tournament, club and
    entries)."""
    match = recorded.match
    names = _names(match)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as pack:
        pack.writestr("match.mat", match_mat_text(match, extra_tags=_tags(recorded)))
        pack.writestr("roster.csv", _roster(match))
        pack.writestr("clock.json", json.dumps(_clock(recorded), indent=2))
        pack.writestr("analysis.json", json.dumps(_analysis(match, names), indent=2))
    return buffer.getvalue()
