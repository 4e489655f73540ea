"""Against GNU Backgammon itself: our .mat files re-import in gnubg to the same results, and
fresh gnubg self-play matches replay in our engine.

Needs the ``gnubg`` module (dev extra) or Debian's ``/usr/games/gnubg``; skipped without
them. gnubg runs in a subprocess: it keeps global state and prints a lot.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from backgammon import MatchRules, MatchState, matfile
from tests.backgammon.test_game import play_randomly

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures" / "mat"
DEBIAN_GNUBG = Path("/usr/games/gnubg")
HAS_MODULE = importlib.util.find_spec("gnubg") is not None

needs_module = pytest.mark.skipif(
    not HAS_MODULE, reason="the gnubg module (pip install -e .[dev]) is not installed"
)
needs_debian = pytest.mark.skipif(
    not DEBIAN_GNUBG.exists(), reason="Debian's gnubg is not installed (apt-get install gnubg)"
)

# Runs inside gnubg: import each file, report every game's winner and points.
IMPORT_SCRIPT = r"""
import json, os, gnubg
out = {}
for path in json.loads(os.environ["MAT_FILES"]):
    gnubg.command("import mat " + path)
    match = gnubg.match(analysis=False, boards=False, statistics=False, verbose=False)
    side = {"X": 0, "O": 1}
    out[path] = [[side[g["info"]["winner"]], g["info"]["points-won"]] for g in match["games"]]
print("\nRESULT " + json.dumps(out))
"""


def gnubg_import(paths: list[Path], tmp_path: Path, *, debian: bool = False) -> dict[str, object]:
    script = tmp_path / "import_mat.py"
    script.write_text(IMPORT_SCRIPT)
    env = dict(os.environ, MAT_FILES=json.dumps([str(p) for p in paths]))
    command = (
        [str(DEBIAN_GNUBG), "-t", "-q", "-p", str(script)]
        if debian
        else [sys.executable, str(script)]
    )
    done = subprocess.run(
        command, env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300, check=True
    )
    output = done.stdout + done.stderr
    for complaint in ("WARNING", "Unrecognised", "nvalid move"):
        assert complaint not in output, output[-2000:]
    line = next(line for line in done.stdout.splitlines() if line.startswith("RESULT "))
    return json.loads(line[len("RESULT ") :])  # type: ignore[no-any-return]


def our_results(text: str) -> list[list[int]]:
    state = matfile.replay(matfile.parse(text))
    return [[r.winner, r.points] for r in state.results]


def engine_matches(count: int) -> list[str]:
    """.mat texts of matches played by our engine with random decisions."""
    texts = []
    rng = random.Random(77)
    for index in range(count):
        rules = MatchRules(length=(3, 5, 7)[index % 3])
        state = MatchState(rules)
        games = []
        while not state.is_over:
            game = state.new_game(rng=rng)
            state.record(play_randomly(game, rng, cube_rate=0.15, resign_rate=0.01))
            games.append(game)
        record = matfile.record_from_games(games, players=("Anna", "Ben"), match_over=True)
        texts.append(matfile.dumps(record))
    return texts


def written_files(tmp_path: Path) -> dict[Path, str]:
    """Files we write: engine matches and our rewrite of the XG-style fixtures."""
    files = {}
    for index, text in enumerate(engine_matches(6)):
        files[tmp_path / f"engine_{index}.mat"] = text
    for source in sorted(FIXTURES.glob("xg_*.mat")):
        record = matfile.parse(source.read_bytes().decode("utf-8"))
        _state, games = matfile.replay_games(record)
        # gnubg's own notation (every step, 25 and 0) via the engine's record
        normalised = matfile.record_from_games(games, players=record.players)
        files[tmp_path / f"rewritten_{source.name}"] = matfile.dumps(normalised)
        files[tmp_path / f"as_parsed_{source.name}"] = matfile.dumps(record)
    for path, text in files.items():
        path.write_text(text)
    return files


@needs_module
def test_our_files_reimport_in_gnubg_to_the_same_results(tmp_path: Path) -> None:
    files = written_files(tmp_path)
    gnubg_results = gnubg_import(list(files), tmp_path)
    for path, text in files.items():
        assert gnubg_results[str(path)] == our_results(text), path.name


@needs_module
def test_dumps_of_gnubg_fixtures_reimports_unchanged(tmp_path: Path) -> None:
    paths = []
    for source in sorted(FIXTURES.glob("gnubg_*.mat"))[::4]:
        target = tmp_path / source.name
        target.write_text(matfile.dumps(matfile.parse(source.read_text())))
        paths.append(target)
    gnubg_results = gnubg_import(paths, tmp_path)
    for path in paths:
        data = json.loads((FIXTURES / (path.stem + ".json")).read_text())
        assert gnubg_results[str(path)] == [[g["winner"], g["points"]] for g in data["games"]]


@needs_module
def test_fresh_gnubg_self_play_replays(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location(
        "gen_mat_fixtures", ROOT / "scripts" / "gen_mat_fixtures.py"
    )
    assert spec is not None and spec.loader is not None
    generator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generator)
    generator.OUT = tmp_path
    # A seed of its own (not one of the fixtures'); 40 more seeds were checked by hand.
    seed = 4242
    generator.play_one("fresh", 5, seed, 0.15, False)
    text = (tmp_path / "fresh.mat").read_text()
    data = json.loads((tmp_path / "fresh.json").read_text())
    state = matfile.replay(matfile.parse(text))
    assert [[r.winner, r.points, r.cube, str(r.kind)] for r in state.results] == [
        [g["winner"], g["points"], g["cube"], g["kind"]] for g in data["games"]
    ], f"seed {seed}"
    assert list(state.score) == data["final_score"]
    assert matfile.dumps(matfile.parse(text)) == text


@needs_debian
def test_debian_gnubg_imports_our_files(tmp_path: Path) -> None:
    files = written_files(tmp_path)
    gnubg_results = gnubg_import(list(files)[:4], tmp_path, debian=True)
    for path in list(files)[:4]:
        assert gnubg_results[str(path)] == our_results(files[path]), path.name
