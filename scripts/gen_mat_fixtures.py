"""Regenerate the GNU Backgammon self-play fixtures in tests/backgammon/fixtures/mat/.

Each match is played by gnubg against itself (0-ply, a fixed Mersenne Twister seed, some
with evaluation noise so cubes and gammons come up), exported with ``export match mat``,
and gnubg's own account of every game (winner, cube, points, resignation, final score)
is written beside it as JSON. The tests replay the .mat through our engine and compare
with that JSON, so the expected values come from gnubg, not from our parser.

Dev-only: needs the PyPI ``gnubg`` module (``pip install -e .[dev]``) or Debian's
``gnubg`` program (``apt-get install gnubg``). Usage::

    python scripts/gen_mat_fixtures.py            # all fixtures
    python scripts/gen_mat_fixtures.py --debian   # use /usr/games/gnubg instead
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "backgammon" / "fixtures" / "mat"
DEBIAN_GNUBG = "/usr/games/gnubg"

# (file stem, match length, seed, noise); noise makes the bots err, so doubles, drops
# and gammons are more frequent. The 25-point match feeds the replay benchmark.
MATCHES: list[tuple[str, int, int, float]] = [
    ("gnubg_01pt_s101", 1, 101, 0.0),
    ("gnubg_01pt_s102", 1, 102, 0.2),
    ("gnubg_02pt_s103", 2, 103, 0.0),
    ("gnubg_03pt_s104", 3, 104, 0.0),
    ("gnubg_03pt_s105", 3, 105, 0.2),
    ("gnubg_03pt_s106", 3, 106, 0.1),
    ("gnubg_04pt_s107", 4, 107, 0.0),
    ("gnubg_05pt_s108", 5, 108, 0.0),
    ("gnubg_05pt_s109", 5, 109, 0.2),
    ("gnubg_05pt_s110", 5, 110, 0.1),
    ("gnubg_06pt_s111", 6, 111, 0.0),
    ("gnubg_07pt_s112", 7, 112, 0.0),
    ("gnubg_07pt_s113", 7, 113, 0.2),
    ("gnubg_07pt_s114", 7, 114, 0.1),
    ("gnubg_07pt_s115", 7, 115, 0.0),
    ("gnubg_08pt_s116", 8, 116, 0.1),
    ("gnubg_09pt_s117", 9, 117, 0.0),
    ("gnubg_09pt_s118", 9, 118, 0.2),
    ("gnubg_10pt_s119", 10, 119, 0.0),
    ("gnubg_11pt_s120", 11, 120, 0.0),
    ("gnubg_11pt_s121", 11, 121, 0.2),
    ("gnubg_11pt_s122", 11, 122, 0.1),
    ("gnubg_11pt_s123", 11, 123, 0.0),
    ("gnubg_13pt_s124", 13, 124, 0.1),
    ("gnubg_25pt_s125", 25, 125, 0.0),
]

# Runs inside gnubg (the PyPI module or Debian's embedded Python); only uses
# gnubg.command and gnubg.match, which both provide. Parameters come from the environment.
PLAY_SCRIPT = r"""
import json, os
import gnubg

length = int(os.environ["FIXTURE_LENGTH"])
seed = int(os.environ["FIXTURE_SEED"])
noise = float(os.environ["FIXTURE_NOISE"])
mat_path = os.environ["FIXTURE_MAT"]
json_path = os.environ["FIXTURE_JSON"]

commands = ["set threads 1", "set sound enable off", "set rng mersenne", "set seed %d" % seed]
for player, name in ((0, "Alice"), (1, "Bob")):
    commands += [
        "set player %d gnubg" % player,
        "set player %d chequerplay evaluation plies 0" % player,
        "set player %d cubedecision evaluation plies 0" % player,
    ]
    if noise:
        commands += [
            "set player %d chequerplay evaluation noise %s" % (player, noise),
            "set player %d cubedecision evaluation noise %s" % (player, noise),
            "set player %d chequerplay evaluation deterministic off" % player,
        ]
# "new match" plays the whole match at once; names are set afterwards because a new
# match resets them, and the export writes the names current at export time.
commands += ["new match %d" % length, "set player 0 name Alice", "set player 1 name Bob",
             "export match mat %s" % mat_path]
for command in commands:
    gnubg.command(command)

match = gnubg.match(analysis=False, boards=False, statistics=False, verbose=False)
side = {"X": 0, "O": 1}
games = []
score = [0, 0]
for game in match["games"]:
    info = game["info"]
    cube, ended_by = 1, "bearoff"
    for action in game["game"]:
        if action["action"] == "take":
            cube *= 2
        elif action["action"] == "drop":
            ended_by = "drop"
    if info.get("resigned"):
        ended_by = "resign"
    winner = side[info["winner"]]
    points = info["points-won"]
    multiple = points // cube
    kind = {1: "single", 2: "gammon", 3: "backgammon"}[multiple]
    games.append({"score_before": [info["score-X"], info["score-O"]], "winner": winner,
                  "kind": kind, "cube": cube, "points": points, "ended_by": ended_by})
    score[winner] += points
with open(json_path, "w") as handle:
    json.dump({"length": length, "seed": seed, "noise": noise,
               "players": [match["match-info"]["X"]["name"], match["match-info"]["O"]["name"]],
               "games": games, "final_score": score}, handle, indent=1)
"""


def play_one(stem: str, length: int, seed: int, noise: float, debian: bool) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "play.py"
        script.write_text(PLAY_SCRIPT)
        env = dict(os.environ)
        env.update(
            FIXTURE_LENGTH=str(length),
            FIXTURE_SEED=str(seed),
            FIXTURE_NOISE=str(noise),
            FIXTURE_MAT=str(Path(tmp) / "match.mat"),
            FIXTURE_JSON=str(Path(tmp) / "match.json"),
        )
        if debian:
            command = [DEBIAN_GNUBG, "-t", "-q", "-p", str(script)]
        else:
            command = [sys.executable, str(script)]
        subprocess.run(
            command, env=env, cwd=tmp, check=True, stdout=subprocess.DEVNULL, timeout=900
        )
        mat = (Path(tmp) / "match.mat").read_text()
        # The export date changes every day; drop it so regenerating is reproducible.
        lines = [line for line in mat.splitlines(keepends=True) if "[EventDate" not in line]
        (OUT / f"{stem}.mat").write_text("".join(lines))
        shutil.copy(Path(tmp) / "match.json", OUT / f"{stem}.json")


# XG-style files: a gnubg fixture replayed through our engine and written the way eXtreme
# Gammon exports (header tags, "Bar/20", "6/Off", "8/3(2)", "Cannot Move", "and the match",
# a byte-order mark and CRLF in one of them). Needs no gnubg.
XG_STYLE = [
    ("xg_05pt_from_s108", "gnubg_05pt_s108", False),
    ("xg_09pt_from_s117", "gnubg_09pt_s117", True),
]


def _xg_play(text: str) -> str:
    return " ".join(
        "/".join(
            part.capitalize() if part.rstrip("*").isalpha() else part for part in token.split("/")
        )
        for token in text.split()
    )


def write_xg_style() -> None:
    sys.path.insert(0, str(ROOT))
    from backgammon import Position, matfile
    from backgammon.gamerecord import ActionKind

    for stem, source, bom_crlf in XG_STYLE:
        record = matfile.parse((OUT / f"{source}.mat").read_text())
        state, games = matfile.replay_games(record)
        names = record.players
        lines = [
            '; [Site "eXtreme Gammon"]',
            '; [Match ID "42"]',
            f'; [Player 1 "{names[0]}"]',
            f'; [Player 2 "{names[1]}"]',
            '; [Player 1 Elo "1500.00/0"]',
            '; [Player 2 Elo "1500.00/0"]',
            '; [EventDate "2024.05.01"]',
            '; [EventTime "20.15"]',
            '; [Variation "Backgammon"]',
            '; [Unrated "Off"]',
            '; [Crawford "On"]',
            '; [CubeLimit "1024"]',
            "",
            f"{record.length} point match",
            "",
        ]
        for game in games:
            lines += [
                f" Game {game.number}",
                f" {names[0]} : {game.score[0]:<29}{names[1]} : {game.score[1]}",
            ]
            cells: list[str] = []
            position, turn = Position.initial(), game.record[0].player if game.record else 0
            first_player = game.record[0].player if game.record else 0
            if first_player == 1:
                cells.append("")
            for action in game.record:
                if action.kind is ActionKind.MOVE:
                    # replay the play to write it the XG way
                    assert action.dice is not None
                    dice = f"{action.dice[0]}{action.dice[1]}"
                    if action.player != turn:
                        position, turn = position.swapped(), action.player
                    if action.play:
                        play = position.parse_play(action.play, action.dice)
                        position = play.result
                        cells.append(f"{dice}: {_xg_play(play.notation('xg'))}")
                    else:
                        cells.append(f"{dice}: Cannot Move")
                elif action.kind is ActionKind.ROLL:
                    assert action.dice is not None
                    cells.append(f"{action.dice[0]}{action.dice[1]}: ???")
                elif action.kind is ActionKind.DOUBLE:
                    cells.append(f" Doubles => {action.value}")
                elif action.kind is ActionKind.TAKE:
                    cells.append(" Takes")
                elif action.kind is ActionKind.DROP:
                    cells.append(" Drops")
                else:
                    final = game is games[-1] and state.is_over
                    points = f"{action.value} point{'s' if action.value > 1 else ''}"
                    wins = f"Wins {points}{' and the match' if final else ''}"
                    if len(cells) % 2 != action.player:
                        cells.append("")
                    cells.append(f"WINS:{wins}")
            for turn in range(0, len(cells), 2):
                left, right = cells[turn], cells[turn + 1] if turn + 1 < len(cells) else ""
                if left.startswith("WINS:"):
                    lines.append("      " + left[5:])
                    continue
                if right.startswith("WINS:"):
                    if left.strip() == "Drops":  # XG and gnubg: on the line of the drop
                        lines.append(f"{turn // 2 + 1:3d}) {left:<34}{right[5:]}")
                        continue
                    if left:
                        lines.append(f"{turn // 2 + 1:3d}) {left}".rstrip())
                    lines.append(" " * 40 + right[5:])
                    continue
                lines.append(f"{turn // 2 + 1:3d}) {left:<34}{right}".rstrip())
            lines.append("")
        text = "\n".join(lines) + "\n"
        if bom_crlf:
            (OUT / f"{stem}.mat").write_bytes(("\ufeff" + text).replace("\n", "\r\n").encode())
        else:
            (OUT / f"{stem}.mat").write_text(text)
        print(f"{stem}: XG style from {source}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--debian", action="store_true", help=f"use {DEBIAN_GNUBG}")
    parser.add_argument("--only", nargs="*", help="file stems to regenerate")
    parser.add_argument("--xg-only", action="store_true", help="only the XG-style files")
    args = parser.parse_args()
    if args.xg_only:
        write_xg_style()
        return
    if not args.debian:
        try:
            import gnubg  # noqa: F401
        except ImportError:
            sys.exit("the gnubg module is missing: pip install -e .[dev] or use --debian")
    OUT.mkdir(parents=True, exist_ok=True)
    for stem, length, seed, noise in MATCHES:
        if args.only and stem not in args.only:
            continue
        print(f"{stem}: {length}-point match, seed {seed}, noise {noise}", flush=True)
        play_one(stem, length, seed, noise, args.debian)
    write_xg_style()


if __name__ == "__main__":
    main()
