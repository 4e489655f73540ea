"""Write the match-file dialect fixtures in tests/backgammon/fixtures/mat/dialects/.

Clubs get .mat files from many programs, each writing the Jellyfish text its own way. These
fixtures are made here, not copied from anywhere: the moves are GNU Backgammon self-play
matches of our own fixtures (tests/backgammon/fixtures/mat/gnubg_*.mat), replayed through the
engine and written again the way each program writes (as documented in TESTING.md "Real match
files" and the issue "Every real match file"):

* Backgammon Galaxy: hits not marked with ``*``; the last "Wins N points and the match" capped
  at the points still needed (or the match length); ``Losses N point`` cells; UTF-8 names.
* FIBS logs: hits not marked; ``bar``/``off`` in lower case; lower-case keywords.
* Snowie: Windows-1252 names, CRLF, ``;`` comment lines.
* Backgammon Studio: Latin-1, ``#`` comment lines, header tags.
* eXtreme Gammon: a byte-order mark, CRLF, XG's header tags, ``Bar/20``, ``6/Off``, ``13/7(2)``,
  ``Cannot Move``, ``???`` for a roll followed by a resignation; also a money session.
* GNU Backgammon: its own layout (an unfinished match, as gnubg exports one mid-match).

Then each file is imported by GNU Backgammon 1.07 (Debian's ``/usr/games/gnubg``) and its
reading (every game's winner and points, the board before every move) is written beside it
as JSON: the tests compare our reading with gnubg's without needing gnubg.

    python scripts/gen_mat_dialects.py            # files and gnubg's readings
    python scripts/gen_mat_dialects.py --no-gnubg # the files only
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from backgammon import Position, matfile  # noqa: E402
from backgammon.game import Game  # noqa: E402
from backgammon.gamerecord import ActionKind, GameAction  # noqa: E402

SOURCE = ROOT / "tests" / "backgammon" / "fixtures" / "mat"
OUT = SOURCE / "dialects"
DEBIAN_GNUBG = "/usr/games/gnubg"


@dataclass(frozen=True)
class Dialect:
    """How one program writes the Jellyfish text."""

    header: tuple[str, ...] = ()
    match_line: str = " {length} point match"
    stars: bool = True
    joined: bool = False  # XG's short form: 24/13, 13/9*/7, 8/3(2)
    bar: str = "25"
    off: str = "0"
    width: int = 28  # width of the left cell after "NN) "
    cannot_move: str = ""
    roll_then_resign: str = ""
    lower_keywords: bool = False
    capped_wins: bool = False
    losses: bool = False
    newline: str = "\n"
    bom: bool = False
    encoding: str = "utf-8"
    names: tuple[str, str] = ("Alice", "Bob")


GALAXY = Dialect(
    header=(
        '; [Site "Backgammon Galaxy"]',
        '; [Match ID "7113048"]',
        '; [Player 1 "{0}"]',
        '; [Player 2 "{1}"]',
        '; [EventDate "2025.03.14"]',
        '; [EventTime "19.42"]',
        '; [Variation "Backgammon"]',
        '; [Crawford "On"]',
        "",
    ),
    stars=False,
    bar="Bar",
    off="Off",
    width=30,
    capped_wins=True,
    losses=True,
    names=("Søren_Kierkegaard", "Zoë Ørsted"),
)
FIBS = Dialect(
    header=("; FIBS match log, converted", "; from fibs.com, port 4321", ""),
    stars=False,
    bar="bar",
    off="off",
    width=26,
    lower_keywords=True,
    names=("hoppy_frog", "marvin"),
)
SNOWIE = Dialect(
    header=("; Snowie 4 match file", "; Tournament: Club night, Café Müller", ""),
    bar="Bar",
    off="Off",
    width=30,
    newline="\r\n",
    encoding="cp1252",
    names=("José Müller", "François Œuvray"),
)
STUDIO = Dialect(
    header=(
        "# Backgammon Studio",
        '; [Site "Backgammon Studio"]',
        '; [Transcriber "Ågot Næss"]',
        '; [Round "Final"]',
        "",
    ),
    bar="bar",
    off="off",
    width=32,
    encoding="latin-1",
    names=("Ågot Næss", "Jürgen Weiß"),
)
XG = Dialect(
    header=(
        '; [Site "eXtreme Gammon"]',
        '; [Match ID "31337"]',
        '; [Player 1 "{0}"]',
        '; [Player 2 "{1}"]',
        '; [Player 1 Elo "1612.40/212"]',
        '; [Player 2 Elo "1544.10/98"]',
        '; [EventDate "2025.01.30"]',
        '; [EventTime "21.05"]',
        '; [Variation "Backgammon"]',
        '; [Unrated "Off"]',
        '; [Jacoby "Off"]',
        '; [Beaver "Off"]',
        '; [Crawford "On"]',
        '; [CubeLimit "1024"]',
        "",
    ),
    match_line="{length} point match",
    joined=True,
    bar="Bar",
    off="Off",
    width=34,
    cannot_move="Cannot Move",
    roll_then_resign="???",
    newline="\r\n",
    bom=True,
    names=("Carla", "Dmitri"),
)
GNUBG = Dialect(
    header=('; [Site "GNU Backgammon"]', '; [Player 1 "{0}"]', '; [Player 2 "{1}"]', ""),
    names=("gnubg", "Eva"),
)


@dataclass(frozen=True)
class Fixture:
    stem: str
    source: str
    dialect: Dialect
    #: Keep games first..last (1-based, inclusive) of the source.
    games: tuple[int, int] | None = None
    #: Stop the file right after a roll: (game, from its nth action the first that played).
    cut_after_roll: tuple[int, int] | None = None
    #: Replace the end of this game by a forfeit of ``forfeit_points`` after a few moves.
    forfeit_game: int | None = None
    forfeit_points: int = 4016
    #: Number the kept games from 1 (with their real scores): a match resumed from a score.
    resumed: bool = False
    money: bool = False
    expect: str = "accepted"  # or the code of the MatFileError
    notes: tuple[str, ...] = field(default=())


FIXTURES = [
    Fixture("galaxy_7pt", "gnubg_07pt_s112", GALAXY),
    Fixture("galaxy_11pt", "gnubg_11pt_s121", replace(GALAXY, names=("Ренат", "Mikaël"))),
    Fixture("galaxy_9pt_ends_mid_game", "gnubg_09pt_s118", GALAXY, cut_after_roll=(6, 40)),
    Fixture("galaxy_7pt_fragment", "gnubg_07pt_s115", GALAXY, games=(3, 99), expect="fragment"),
    Fixture("fibs_5pt", "gnubg_05pt_s109", FIBS),
    Fixture("fibs_11pt", "gnubg_11pt_s122", FIBS),
    Fixture("fibs_7pt_forfeit", "gnubg_07pt_s113", FIBS, forfeit_game=2),
    Fixture("snowie_7pt", "gnubg_07pt_s114", SNOWIE),
    Fixture("studio_11pt", "gnubg_11pt_s120", STUDIO),
    Fixture("xg_13pt", "gnubg_13pt_s124", XG),
    Fixture("xg_money", "gnubg_05pt_s110", XG, money=True),
    Fixture("gnubg_9pt_unfinished", "gnubg_09pt_s117", GNUBG, games=(1, 4)),
    Fixture("galaxy_25pt", "gnubg_25pt_s125", replace(GALAXY, names=("Bruno", "Claes"))),
    Fixture("snowie_7pt_forfeit", "gnubg_07pt_s112", SNOWIE, forfeit_game=2, forfeit_points=100),
    Fixture("studio_11pt_forfeit", "gnubg_11pt_s123", STUDIO, forfeit_game=3, forfeit_points=16),
    Fixture("fibs_5pt_resumed", "gnubg_05pt_s108", FIBS, games=(4, 99), resumed=True),
    Fixture("snowie_9pt_resumed", "gnubg_09pt_s118", SNOWIE, games=(6, 99), resumed=True),
]


def _names(token: str, dialect: Dialect) -> str:
    """One token of a play with the dialect's names for the bar and off."""
    count = ""
    if token.endswith(")"):  # 8/3(2)
        token, count = token[:-1].rsplit("(", 1)
        count = f"({count})"
    parts = []
    for part in token.split("/"):
        star = "*" if part.endswith("*") else ""
        core = part.rstrip("*")
        core = (
            dialect.bar if core in ("25", "bar") else dialect.off if core in ("0", "off") else core
        )
        parts.append(core + star)
    return "/".join(parts) + count


def _play_text(position: Position, action: GameAction, dialect: Dialect) -> str:
    assert action.dice is not None
    if not action.play:
        return dialect.cannot_move
    play = position.parse_play(action.play, action.dice)
    text = play.notation("xg" if dialect.joined else "mat")
    if not dialect.stars:
        text = text.replace("*", "")
    return " ".join(_names(token, dialect) for token in text.split())


def _word(text: str, dialect: Dialect) -> str:
    return text.lower() if dialect.lower_keywords else text


def _wins(points: int, match: bool, dialect: Dialect) -> str:
    text = f"Wins {points} point{'' if points == 1 else 's'}" + (" and the match" if match else "")
    return _word(text, dialect)


def _cells(game: Game, fixture: Fixture, final: bool, length: int) -> list[tuple[int, str]]:
    """(player, text) of every cell of a game, in order."""
    dialect = fixture.dialect
    cells: list[tuple[int, str]] = []
    position, turn = Position.initial(), None
    record = list(game.record)
    for index, action in enumerate(record):
        if action.kind in (ActionKind.MOVE, ActionKind.ROLL):
            assert action.dice is not None
            if turn is not None and action.player != turn:
                position = position.swapped()
            turn = action.player
            dice = f"{action.dice[0]}{action.dice[1]}:"
            if action.kind is ActionKind.ROLL:
                cells.append((action.player, f"{dice} {dialect.roll_then_resign}".rstrip()))
            else:
                text = _play_text(position, action, dialect)
                if action.play:
                    position = position.parse_play(action.play, action.dice).result
                cells.append((action.player, f"{dice} {text}".rstrip()))
            cut = fixture.cut_after_roll
            if cut and cut[0] == game.number and index + 1 >= cut[1] and action.play:
                cells[-1] = (action.player, dice)
                return cells
            if fixture.forfeit_game == game.number and index >= 12:
                cells.append((1 - action.player, _wins(fixture.forfeit_points, False, dialect)))
                return cells
        elif action.kind is ActionKind.DOUBLE:
            cells.append((action.player, _word(f" Doubles => {action.value}", dialect)))
        elif action.kind is ActionKind.TAKE:
            cells.append((action.player, _word(" Takes", dialect)))
        elif action.kind is ActionKind.DROP:
            cells.append((action.player, _word(" Drops", dialect)))
        else:
            points = action.value
            if final and dialect.capped_wins:
                needed = length - game.score[action.player]
                points = needed if needed < points else length
            win = (action.player, "WINS:" + _wins(points, final, dialect))
            loss = (1 - action.player, "LOSS:" + _word(f"Losses {points} point", dialect))
            if not dialect.losses:
                cells.append(win)
            else:  # on one line, the left column first
                cells += [win, loss] if action.player == 0 else [loss, win]
    return cells


def _rows(cells: list[tuple[int, str]], dialect: Dialect) -> list[str]:
    lines: list[str] = []
    row: list[str] = []  # the cells of the current row: [left] or [left, right]
    number = 0
    ends = ("WINS:", "LOSS:")

    def flush() -> None:
        nonlocal row
        if not row:
            return
        left, right = row[0], row[1] if len(row) > 1 else ""
        if left.startswith(ends):
            text = f"      {left[5:]:<{dialect.width - 1}}"
        elif left:
            text = f"{number:3d}) {left:<{dialect.width}}"
        elif right.startswith(ends):
            text = " " * (dialect.width + 5)
        else:
            text = f"{number:3d}) " + " " * dialect.width
        if right and not text.endswith("  "):
            text += "  "
        lines.append((text + right.removeprefix("WINS:").removeprefix("LOSS:")).rstrip())
        row = []

    for player, text in cells:
        normal = not text.startswith(ends)
        if player == 0:
            flush()
            number += normal
            row = [text]
        else:
            if not row:
                number += normal
                row = [""]
            row.append(text)
            flush()
    flush()
    return lines


def write(fixture: Fixture) -> bytes:
    dialect = fixture.dialect
    record = matfile.parse((SOURCE / f"{fixture.source}.mat").read_text())
    state, games = matfile.replay_games(record)
    length = 0 if fixture.money else record.length
    first, last = fixture.games or (1, len(games))
    kept = games[first - 1 : last]
    lines = [line.format(*dialect.names) for line in dialect.header]
    lines += [dialect.match_line.format(length=length), ""]
    score = [0, 0]
    for index, game in enumerate(kept):
        shown = game.score if not fixture.money else tuple(score)
        number = index + 1 if fixture.money or fixture.resumed else game.number
        lines.append(f" Game {number}")
        left = f"{dialect.names[0]} : {shown[0]}"
        lines.append(f" {left:<31}{dialect.names[1]} : {shown[1]}")
        final = state.is_over and game is games[-1] and not fixture.money
        cells = _cells(game, fixture, final, length)
        lines += _rows(cells, dialect)
        lines.append("")
        if game.result is not None:
            score[game.result.winner] += game.result.points
        if fixture.cut_after_roll and fixture.cut_after_roll[0] == game.number:
            break
        if fixture.forfeit_game == game.number:
            break
    text = dialect.newline.join(lines) + dialect.newline
    data = text.encode(dialect.encoding)
    return (b"\xef\xbb\xbf" + data) if dialect.bom else data


# Runs inside gnubg: import each file, report games and the board before every move.
READ_SCRIPT = r"""
import json, os, gnubg
gnubg.command("set threads 1")
out = {}
for path, source in json.loads(os.environ["MAT_FILES"]):
    gnubg.command("set jacoby off")
    gnubg.command("import mat " + path)
    try:
        match = gnubg.match(analysis=False, boards=True, statistics=False, verbose=False)
    except Exception as error:
        out[source] = {"error": str(error)}
        continue
    side = {"X": 0, "O": 1}
    games = []
    for game in match["games"]:
        info = game["info"]
        moves = [[side[a["player"]], list(a["dice"]), a["board"]]
                 for a in game["game"] if a["action"] == "move"]
        games.append({"score": [info["score-X"], info["score-O"]],
                      "winner": side[info["winner"]] if info.get("winner") else None,
                      "points": info.get("points-won"), "moves": moves})
    names = [match["match-info"]["X"]["name"], match["match-info"]["O"]["name"]]
    out[source] = {"length": match["match-info"]["match-length"], "names": names,
                 "games": games}
print("\nRESULT " + json.dumps(out))
"""


def gnubg_readings(paths: list[Path]) -> dict[str, object]:
    """gnubg's reading of each file, by file name. gnubg reads names as bytes and its Python
    fails on names that are not UTF-8, so it reads a UTF-8 copy of the other files."""
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "read.py"
        script.write_text(READ_SCRIPT)
        pairs = []
        for path in paths:
            copy = Path(tmp) / path.name
            copy.write_bytes(matfile.decode(path.read_bytes()).encode("utf-8"))
            pairs.append((str(copy), path.name))
        env = dict(os.environ, MAT_FILES=json.dumps(pairs))
        done = subprocess.run(
            [DEBIAN_GNUBG, "-t", "-q", "-p", str(script)],
            env=env,
            cwd=tmp,
            capture_output=True,
            text=True,
            timeout=600,
            check=True,
        )
    line = next(line for line in done.stdout.splitlines() if line.startswith("RESULT "))
    return json.loads(line[len("RESULT ") :])  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-gnubg", action="store_true", help="write the files only")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    paths = []
    for fixture in FIXTURES:
        path = OUT / f"{fixture.stem}.mat"
        path.write_bytes(write(fixture))
        paths.append(path)
        print(f"{path.name}: {fixture.dialect.names} from {fixture.source}")
    expectations = {f.stem: f.expect for f in FIXTURES}
    (OUT / "expected.json").write_text(json.dumps(expectations, indent=1) + "\n")
    if args.no_gnubg:
        return
    readings = gnubg_readings(paths)
    for path in paths:
        reading = readings[path.name]
        (OUT / f"{path.stem}.gnubg.json").write_text(json.dumps(reading, indent=None) + "\n")


if __name__ == "__main__":
    main()
