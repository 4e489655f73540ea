"""The Position and Match IDs of the mistakes are the ones gnubg gives each decision.

gnubg's own IDs are read from its text export (``export match text``), which heads every
decision with them: a roll to play (dice shown), "on roll, cube decision?" (a double; no
dice) and "doubles to 2" (the take or pass; the cube offered). A missed double has no
record of its own in a match (the roll that followed stands there), so its reference is
gnubg's record of the same decision made: the match up to it, with a double written where
the roll stood.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import subprocess
from pathlib import Path

from analysis.report import Mistake, parse_report
from analysis.runner import run_gnubg
from backgammon import matfile
from backgammon.gamerecord import ActionKind, GameAction
from backgammon.matchid import GameState, MatchIdFields
from tests.analysis.conftest import GNUBG, needs_gnubg
from tests.conftest import mat

pytestmark = needs_gnubg

#: Runs inside gnubg: each file imported, its records listed, its text exported.
EXPORT_SCRIPT = r"""
import json, os, gnubg
out = {}
for path in json.loads(os.environ["CRAWFORD_FILES"]):
    gnubg.command('import mat "%s"' % path)
    match = gnubg.match(analysis=0, boards=0, statistics=0, verbose=0)
    gnubg.command('export match text "%s.txt"' % path)
    out[path] = [
        [[r["action"], r.get("player"), list(r.get("dice") or ())] for r in game["game"]]
        for game in match["games"]
    ]
print("\nRESULT " + json.dumps(out))
"""

#: The records the text export heads with a board (and its IDs), one after another.
HEADED = ("move", "double", "take", "drop")
#: The record of gnubg's that holds each cube action made.
RECORD = {"double": "double", "take": "take", "pass": "drop"}
IDS = re.compile(r"Position ID: (\S+)\n\s+Match ID\s*: (\S+)")


def gnubg_ids(texts: dict[str, str], tmp_path: Path) -> dict[str, dict[tuple[int, int], tuple]]:
    """For each .mat text, gnubg's (Position ID, Match ID, record) of every headed record,
    by (game, index in gnubg's record of the game)."""
    paths = {}
    for name, text in texts.items():
        path = tmp_path / f"{name}.mat"
        path.write_text(text)
        paths[name] = path
    script = tmp_path / "export.py"
    script.write_text(EXPORT_SCRIPT)
    env = dict(os.environ, CRAWFORD_FILES=json.dumps([str(p) for p in paths.values()]))
    done = subprocess.run(
        [GNUBG, "-t", "-q", "-p", str(script)],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    line = next(line for line in done.stdout.splitlines() if line.startswith("RESULT "))
    records = json.loads(line[len("RESULT ") :])
    found = {}
    for name, path in paths.items():
        ids = {}
        for game, game_records in enumerate(records[str(path)], start=1):
            export = Path(f"{path}.txt" if game == 1 else f"{path}_{game:03d}.txt")
            headers = IDS.findall(export.read_text())
            headed = [(i, r) for i, r in enumerate(game_records) if r[0] in HEADED]
            assert len(headers) == len(headed), (name, game)
            for (index, record), (position_id, match_id) in zip(headed, headers, strict=True):
                ids[game, index] = (position_id, match_id, record)
        found[name] = ids
    return found


def playing(match_id: str) -> str:
    """The export heads a game's first roll before it applies the game's start, with the
    state "no game"; gnubg at that record (and any other record) says "playing"."""
    fields = MatchIdFields.decode(match_id)
    if fields.state is GameState.NONE:
        fields = dataclasses.replace(fields, state=GameState.PLAYING)
    return fields.encode()


def doubled_instead(text: str, mistake: Mistake, record: list) -> str:
    """The match up to a missed double, with the double made (and taken) instead of the
    roll that followed it: the decision as a record of its own."""
    parsed = matfile.parse(text)
    game = parsed.games[mistake.game - 1]
    actions = game.actions[: mistake.index]
    roll = game.actions[mistake.index]
    player = 0 if record[1] == "X" else 1
    assert (roll.kind, roll.player, sorted(roll.dice)) == (
        ActionKind.MOVE,
        player,
        sorted(record[2]),
    )
    cube = 1
    for action in actions:
        if action.kind is ActionKind.TAKE:
            cube *= 2
    decision = (
        GameAction(player, ActionKind.DOUBLE, value=2 * cube),
        GameAction(1 - player, ActionKind.TAKE),
    )
    cut = dataclasses.replace(game, actions=(*actions, *decision), result=None)
    return matfile.dumps(dataclasses.replace(parsed, games=(*parsed.games[: game.number - 1], cut)))


def test_every_kind_of_mistake_has_gnubgs_ids_of_its_decision(tmp_path):
    """s124 at 0-ply has each kind: chequer plays (the match's first one among them),
    missed doubles, wrong doubles, wrong takes and wrong passes."""
    text = mat("gnubg_13pt_s124")
    mistakes = parse_report(run_gnubg(text, plies=0).data).mistakes
    kinds = {m.played if m.kind == "cube" else "chequer" for m in mistakes}
    assert kinds == {"chequer", "no-double", "double", "take", "pass"}
    assert any(m.kind == "chequer" and (m.game, m.index) == (1, 0) for m in mistakes)

    ids = gnubg_ids({"match": text}, tmp_path)["match"]
    missed = [m for m in mistakes if m.played == "no-double"]
    variants = {
        f"missed_{n}": doubled_instead(text, m, ids[m.game, m.index][2])
        for n, m in enumerate(missed)
    }
    decided = gnubg_ids(variants, tmp_path)

    for mistake in mistakes:
        if mistake.played == "no-double":
            variant = decided[f"missed_{missed.index(mistake)}"]
            position_id, match_id, record = variant[mistake.game, mistake.index]
            assert record[0] == "double"
        else:
            position_id, match_id, record = ids[mistake.game, mistake.index]
            expected = "move" if mistake.kind == "chequer" else RECORD[mistake.played]
            assert record[0] == expected
        where = (mistake.game, mistake.index, mistake.kind, mistake.played)
        assert mistake.position_id == position_id, where
        assert mistake.match_id == playing(match_id), where
        if mistake.kind == "chequer":
            dice = MatchIdFields.decode(mistake.match_id).dice
            assert sorted(dice) == sorted(mistake.dice), where
