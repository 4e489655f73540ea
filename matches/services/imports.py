"""Games played elsewhere: a .mat match file, or a list of games, imported into a match.

The rules of an import (the same for the upload page and the API):

- The match must be open (ready or in play) and have no games yet. A match that already has
  games is corrected by a referee, not imported again.
- A .mat file records an N-point match, so it fits N-point matches only: a best-of-N match
  refuses .mat files (enter its games or its final score instead).
- The file's length must be the match's length. Every move is replayed by the engine under the
  *tournament's* rules (cube, Crawford, Holland, cube limit, who starts, local rules), not the
  file's header tags, so a file that broke the tournament's rules is refused.
- The file's match must be complete. A file that stops before the end (a truncated file, an
  unfinished match, a game cut off in the middle) is refused, saying where it ends: importing
  part of it would block the complete file later. Fragments are refused too. A match that
  ends by forfeit ("Wins 100 points") is read as gnubg reads it, the last game a
  resignation, and the forfeit ends the match: the winner reaches the target.
- A match resumed from a saved score (a FIBS or Snowie log starting at 3–0) is read as gnubg
  reads it: the match keeps that score as where it was resumed (``Match.start_score_a/b``),
  its games are recorded from there, and its final score is the whole match's; a warning
  tells the uploader that the earlier games are not in the file.
- Files of other programs (Backgammon Galaxy, FIBS, Snowie, Backgammon Studio, eXtreme Gammon)
  are read the way GNU Backgammon reads them, in any of their encodings; what was read
  differently from what the file says (a "Wins" line the board contradicts, cells that carry
  nothing) comes back as translated warnings for the uploader.
- The two players in the file are matched to the match's players by name, ignoring case and
  spacing, in either order. When the names differ the uploader says who is who (``swap``).
- The games are recorded one by one through ``match_record_game`` with their move record, in
  one transaction, and the original text is kept as a ``MatchFile``; any error leaves nothing
  behind. Error messages are translated and name the line of the file, or the game and the move.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Player
from config.errors import UserError
from config.logs import logged_service
from events.bus import emit
from events.types import MatchFileAccepted
from matches import reasons
from matches.file_errors import MatchFileError, PlayersUnknownError, ReadingWarning, best_of_error
from matches.models import Match, MatchFile, MatchStatus, ResultSource
from matches.rules import rules_for_match
from matches.selectors.files import ImportedGame, MatchFileReading, match_player_names, matfile_read
from matches.services.reports import report_submit_games
from matches.services.results import (
    check_open,
    check_version,
    match_declare_score,
    match_lock,
    match_record_final_score,
    match_record_game,
    match_resume_at,
)
from matches.versions import match_change
from tournaments.models import MatchFormat


@dataclass(frozen=True, slots=True)
class FileImport:
    """An imported file: the kept :class:`MatchFile` and what was read differently from what
    it says (for the uploader to see)."""

    file: MatchFile
    warnings: tuple[ReadingWarning, ...]


def _check_no_games(match: Match) -> None:
    if match.games.exists():
        raise UserError(
            _(
                "This match already has games. A referee corrects its result instead of "
                "importing it again."
            ),
            code="has_games",
        )


def import_refusal(match: Match) -> UserError | None:
    """Why this match cannot take a match file now, or None when it can."""
    try:
        check_open(match)
        _check_no_games(match)
    except UserError as error:
        return error
    if match.match_format == MatchFormat.GAMES:
        return best_of_error(match)
    return None


def _check_finished(match: Match) -> None:
    if match.status != MatchStatus.FINISHED:
        raise UserError(
            _(
                "These games end at %(a)d–%(b)d, and the match is not over yet. Send all the "
                "games of the match."
            )
            % {"a": match.score_a, "b": match.score_b},
            code="incomplete",
            field="games",
        )


def _resolve_swap(reading: MatchFileReading, match: Match, swap: bool | None) -> bool:
    names = match_player_names(match)
    if swap is None:
        if reading.swap is None:
            raise PlayersUnknownError(
                _(
                    "The players in the file, %(f0)s and %(f1)s, are not %(a)s and %(b)s. "
                    "Say who is who."
                )
                % {"f0": reading.names[0], "f1": reading.names[1], "a": names[0], "b": names[1]},
                names=reading.names,
            )
        return reading.swap
    if reading.swap is not None and swap != reading.swap:
        raise MatchFileError(
            _("The names in the file say the other way round who is who."),
            code="players_contradict",
            field="swap",
        )
    return swap


def _game_record(game: ImportedGame, swap: bool) -> dict[str, Any]:
    actions = []
    for action in game.actions:
        data = action.to_dict()
        data["player"] = 1 - action.player if swap else action.player
        actions.append(data)
    return {"format": "mat", "actions": actions}


@logged_service("match_import_file")
@transaction.atomic
def match_import_file(
    *,
    match: Match | int,
    text: str,
    name: str = "",
    user: Any = None,
    swap: bool | None = None,
    source: str = ResultSource.FILE,
    expected_version: int | None = None,
    reported_by: Player | None = None,
) -> FileImport:
    """Record every game of a complete .mat file in an open match without games.

    ``swap`` says the file's first player is the match's second (``entry_b``); left at
    None, the names decide, and :class:`PlayersUnknownError` asks when they cannot. The games
    carry the source "file"; ``source`` is how the file came (uploaded or by the API).
    A file a player sends of his own match (``reported_by``) is a report: the file is kept and
    its games are recorded once the opponent or a referee confirms it. A file from a referee,
    an organizer or a club's API token is final.
    """
    with match_change(match):
        locked = match_lock(match)
        check_version(locked, expected_version)
        check_open(locked)
        _check_no_games(locked)
        reading = matfile_read(match=locked, text=text)
        swapped = _resolve_swap(reading, locked, swap)
        start = (reading.start[1], reading.start[0]) if swapped else reading.start
        if reported_by is not None:
            stored = _store_file(locked, text, name, user, ResultSource.PLAYER)
            games = [
                {
                    "winner": 1 - game.result.winner if swapped else game.result.winner,
                    "kind": game.result.kind,
                    "cube": game.result.cube,
                    "ended_by": game.result.ended_by,
                    "record": _game_record(game, swapped),
                }
                for game in reading.games
            ]
            report_submit_games(
                match=locked, player=reported_by, games=games, file=stored, start=start
            )
            return FileImport(file=stored, warnings=reading.warnings)
        # Stored first, so that every game's history names the file (and its uploader).
        stored = _store_file(locked, text, name, user, source)
        if start != (0, 0):
            match_resume_at(match=locked, start=start, user=user)
        for game in reading.games:
            result = game.result
            match_record_game(
                match=locked.pk,
                winner=1 - result.winner if swapped else result.winner,
                kind=result.kind,
                cube=result.cube,
                ended_by=result.ended_by,
                user=user,
                source=ResultSource.FILE,
                record=_game_record(game, swapped),
                file_id=stored.pk,
            )
        locked.refresh_from_db()
        if reading.forfeit_winner is not None and locked.status != MatchStatus.FINISHED:
            winner = 1 - reading.forfeit_winner if swapped else reading.forfeit_winner
            _end_by_forfeit(locked, winner, user)
        _check_finished(locked)
        emit(MatchFileAccepted(match_id=locked.pk, file_id=stored.pk))
        return FileImport(file=stored, warnings=reading.warnings)


def _end_by_forfeit(match: Match, winner: int, user: Any) -> None:
    """The file's last game was given up with the match (a forfeit): its games are recorded
    as played, and the winner reaches the match's target (the loser keeps his score)."""
    score = [match.score_a, match.score_b]
    score[winner] = max(score[winner], rules_for_match(match).wins_needed)
    match_declare_score(
        match=match, score_a=score[0], score_b=score[1], user=user, reason=reasons.FORFEIT
    )
    match.refresh_from_db()


def _store_file(match: Match, text: str, name: str, user: Any, source: str) -> MatchFile:
    stored = MatchFile(
        match=match,
        name=" ".join(name.replace("\x00", "").split())[:200],
        content=text,
        source=source,
        uploaded_by=user if getattr(user, "is_authenticated", False) else None,
    )
    stored.full_clean()
    stored.save()
    return stored


@logged_service("match_import_games")
@transaction.atomic
def match_import_games(
    *,
    match: Match | int,
    games: Sequence[Mapping[str, Any]],
    user: Any = None,
    source: str = ResultSource.API,
    expected_version: int | None = None,
) -> Match:
    """Record all the games of a match played elsewhere (``winner`` 0/1 = ``entry_a``/
    ``entry_b``, ``kind``, ``cube``, ``ended_by``); they must finish the match."""
    with match_change(match):
        locked = match_lock(match)
        check_version(locked, expected_version)
        check_open(locked)
        _check_no_games(locked)
        if not games:
            raise UserError(_("Send at least one game."), code="no_games", field="games")
        for index, game in enumerate(games):
            if index and locked.status == MatchStatus.FINISHED:
                raise UserError(
                    _("Game %(number)d: the match was over after game %(last)d already.")
                    % {"number": index + 1, "last": index},
                    code="game_after_end",
                    field=f"games.{index}",
                )
            try:
                recorded = match_record_game(
                    match=locked.pk,
                    winner=game["winner"],
                    kind=game.get("kind", "single"),
                    cube=game.get("cube", 1),
                    ended_by=game.get("ended_by", "bearoff"),
                    user=user,
                    source=source,
                )
            except UserError as error:
                field = f"games.{index}" + (f".{error.field}" if error.field else "")
                raise UserError(
                    _("Game %(number)d: %(message)s")
                    % {"number": index + 1, "message": " ".join(error.messages)},
                    code=error.code or "invalid",
                    field=field,
                ) from error
            locked = recorded.match
        locked.refresh_from_db()
        _check_finished(locked)
        return locked


def match_import_final_score(
    *,
    match: Match | int,
    score_a: int,
    score_b: int,
    user: Any = None,
    source: str = ResultSource.API,
    expected_version: int | None = None,
) -> Match:
    """The final score of a match played elsewhere (the result services check it)."""
    return match_record_final_score(
        match=match,
        score_a=score_a,
        score_b=score_b,
        user=user,
        source=source,
        expected_version=expected_version,
    )
