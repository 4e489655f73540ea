"""Match files as other programs write them (Galaxy, FIBS, Snowie, Backgammon Studio, XG,
gnubg): read like GNU Backgammon 1.07 reads them, position by position.

The fixtures (tests/backgammon/fixtures/mat/dialects, made by scripts/gen_mat_dialects.py)
come with gnubg's own reading of each file (``*.gnubg.json``: every game's winner and points,
the board before every move), so these tests compare with gnubg without needing it; the
tests marked ``needs_gnubg`` ask the installed gnubg again, also about our exports.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

import pytest

from backgammon import IllegalMoveError, MatchRules, matfile
from backgammon.gamerecord import ActionKind, GameRecord, MatchRecord
from backgammon.mat.write import mat_name

DIALECTS = Path(__file__).parent / "fixtures" / "mat" / "dialects"
EXPECTED: dict[str, str] = json.loads((DIALECTS / "expected.json").read_text())
ACCEPTED = sorted(stem for stem, expect in EXPECTED.items() if expect == "accepted")
REFUSED = sorted(stem for stem, expect in EXPECTED.items() if expect != "accepted")
DEBIAN_GNUBG = Path("/usr/games/gnubg")
#: How to run a script inside GNU Backgammon: Debian's 1.07 (the reference of the fixtures),
#: else the PyPI module of the dev extras.
if DEBIAN_GNUBG.exists():
    GNUBG: list[str] | None = [str(DEBIAN_GNUBG), "-t", "-q", "-p"]
elif importlib.util.find_spec("gnubg") is not None:
    GNUBG = [sys.executable]
else:
    GNUBG = None
needs_gnubg = pytest.mark.skipif(
    GNUBG is None, reason="gnubg is not installed (apt-get install gnubg, or pip install -e .[dev])"
)


def data(stem: str) -> bytes:
    return (DIALECTS / f"{stem}.mat").read_bytes()


def gnubg_reading(stem: str) -> dict[str, object]:
    return json.loads((DIALECTS / f"{stem}.gnubg.json").read_text())  # type: ignore[no-any-return]


def our_reading(record: MatchRecord) -> dict[str, object]:
    """Our reading in the shape of gnubg's: results of finished games, boards before moves."""
    done = matfile.replay_record(record)
    boards: dict[int, list[list[object]]] = {}
    for entry in matfile.match_log(record):
        if entry.kind is ActionKind.MOVE:
            assert entry.dice is not None
            boards.setdefault(entry.game, []).append(
                [entry.player, list(entry.dice), entry.position_id]
            )
    return {
        "names": list(record.players),
        "results": [[r.winner, r.points] for r in done.state.results],
        "boards": [boards.get(game.number, []) for game in done.games],
    }


def gnubg_shape(reading: dict[str, object]) -> dict[str, object]:
    games = reading["games"]
    assert isinstance(games, list)
    return {
        "names": reading["names"],
        "results": [[g["winner"], g["points"]] for g in games if g["winner"] is not None],
        "boards": [g["moves"] for g in games],
    }


def test_there_is_a_file_for_every_writer_and_quirk() -> None:
    writers = {stem.split("_")[0] for stem in EXPECTED}
    assert writers == {"galaxy", "fibs", "snowie", "studio", "xg", "gnubg"}
    assert "fragment" in EXPECTED.values()
    assert any("forfeit" in stem for stem in ACCEPTED)
    assert any("resumed" in stem for stem in ACCEPTED)
    assert any("ends_mid_game" in stem for stem in ACCEPTED)
    assert any("money" in stem for stem in ACCEPTED)


@pytest.mark.parametrize("stem", ACCEPTED)
def test_read_like_gnubg_position_by_position(stem: str) -> None:
    record = matfile.parse(matfile.decode(data(stem)))
    assert our_reading(record) == gnubg_shape(gnubg_reading(stem))


@pytest.mark.parametrize(
    "stem",
    [
        s
        for s in ACCEPTED
        if s.startswith(("galaxy", "fibs")) and not s.endswith(("forfeit", "resumed"))
    ],
)
def test_unmarked_hits_are_hits(stem: str) -> None:
    # Galaxy and FIBS write no '*'; reading "14/10 10/5" without the hit on 10 (as before)
    # loses the position, then a later move fails or the file replays to other boards.
    text = matfile.decode(data(stem))
    assert "*" not in text
    _, games = matfile.replay_games(matfile.parse(text))
    hits = sum(a.play.count("*") for game in games for a in game.record)
    assert hits >= 10


def test_galaxy_caps_the_last_wins_and_writes_losses() -> None:
    done = matfile.read(data("galaxy_7pt"))
    assert done.state.is_over and done.state.score == (0, 7)
    codes = [w.code for w in done.warnings]
    assert codes.count("skipped") == len(done.games)  # one "Losses" cell per game
    differ = [w for w in done.warnings if w.code == "points_differ"]
    assert len(differ) == 1 and differ[0].game == 3
    assert "says 'Wins 7', but game 3 is worth 4 (a gammon game at cube 2)" in str(differ[0])


def test_a_file_ending_on_a_bare_roll_is_an_unfinished_match() -> None:
    done = matfile.read(data("galaxy_9pt_ends_mid_game"))
    assert not done.state.is_over and done.unfinished_game
    assert done.state.score == (8, 6) and len(done.games) == 6
    unfinished = [w for w in done.warnings if w.code == "unfinished"]
    assert [str(w.message) for w in unfinished] == ["the file ends in the middle of game 6"]


def test_a_bare_roll_in_the_middle_of_a_game_names_game_and_move() -> None:
    text = matfile.decode(data("fibs_5pt"))
    row = "  5) 51: 7/6 6/1               41: bar/24 11/7\n"
    assert row in text
    with pytest.raises(IllegalMoveError) as caught:
        matfile.read(text.replace(row, row.replace("7/6 6/1", "       ")))
    assert (caught.value.game, caught.value.move) == (1, 5)
    assert "5-1 rolled but no play written, and 16 plays are legal" in str(caught.value)


def test_a_garbled_line_names_line_game_and_move() -> None:
    text = matfile.decode(data("fibs_5pt"))
    row = "  5) 51: 7/6 6/1               41: bar/24 11/7\n"
    with pytest.raises(matfile.MatFileError) as caught:
        matfile.read(text.replace(row, "  5) 51: 7/6 6/\n"))
    error = caught.value
    assert (error.line, error.game, error.move, error.code) == (12, 1, 5, "form")
    assert str(error) == "line 12, game 1, move 5: cannot read '6/' as a checker move"


@pytest.mark.parametrize("stem", REFUSED)
def test_refused_files_say_what_is_wrong(stem: str) -> None:
    with pytest.raises(matfile.MatFileError) as caught:
        matfile.read(data(stem))
    assert caught.value.code == EXPECTED[stem]
    messages = {"fragment": "the file starts at game 3: a fragment, not a whole match"}
    assert caught.value.message == messages[EXPECTED[stem]]
    assert caught.value.game is not None and caught.value.line is not None


def test_money_session_never_ends() -> None:
    done = matfile.read(data("xg_money"))
    assert done.record.length == 0 and done.state.rules == MatchRules(length=0, max_cube=1024)
    assert not done.state.is_over and not done.unfinished_game
    assert len(done.state.results) == 4


# --- encodings, line ends, keywords, headers ------------------------------------------------


@pytest.mark.parametrize(
    ("stem", "names", "encoding"),
    [
        ("snowie_7pt", ("José Müller", "François Œuvray"), "cp1252"),
        ("studio_11pt", ("Ågot Næss", "Jürgen Weiß"), "latin-1"),
        ("galaxy_11pt", ("Ренат", "Mikaël"), "utf-8"),
        ("xg_13pt", ("Carla", "Dmitri"), "utf-8-sig"),
    ],
)
def test_encodings(stem: str, names: tuple[str, str], encoding: str) -> None:
    raw = data(stem)
    raw.decode(encoding)  # the fixture really is in that encoding
    assert matfile.read(raw).record.players == names


def test_decode() -> None:
    text = " 1 point match\r\n Game 1\r\n"
    assert matfile.decode(b"\xef\xbb\xbf" + text.encode()) == text
    assert matfile.decode("Œuvray ’s".encode("cp1252")) == "Œuvray ’s"
    assert matfile.decode(b"\x81\x8d\xe9") == "\x81\x8dé"  # not cp1252: Latin-1
    assert matfile.decode("Zoë".encode("utf-16")) == "Zoë"


def test_keywords_comments_and_header_tags() -> None:
    fibs = matfile.decode(data("fibs_11pt"))
    assert "wins " in fibs and "doubles => " in fibs and "Wins" not in fibs
    studio = matfile.read(data("studio_11pt")).record
    assert studio.tag("site") == "Backgammon Studio" and studio.tag("Round") == "Final"
    xg = matfile.read(data("xg_13pt")).record
    assert xg.tag("Variation") == "Backgammon" and xg.tag("Jacoby") == "Off"
    assert matfile.rules_for(xg) == MatchRules(length=13, max_cube=1024)


# --- writing them again -------------------------------------------------------------------------


@pytest.mark.parametrize("stem", ACCEPTED)
def test_every_accepted_file_written_again_reads_back_identically(stem: str) -> None:
    record = matfile.parse(matfile.decode(data(stem)))
    text = matfile.dumps(record)
    again = matfile.parse(text)
    assert our_reading(again) == our_reading(record)
    assert matfile.dumps(again) == text


def engine_export(text: str) -> str:
    """The match as the engine replayed it, in gnubg's notation (every step, hits marked)."""
    record = matfile.parse(text)
    done = matfile.replay_record(record)
    played = matfile.record_from_games(
        done.games,
        players=record.players,
        length=record.length,
        tags=record.tags,
        match_over=done.state.is_over,
    )
    return matfile.dumps(played)


@pytest.mark.parametrize("stem", ACCEPTED)
def test_the_engines_export_keeps_every_position(stem: str) -> None:
    # Before, "11/5 5/4" over a blot on 5 came back as "11/10 10/4": another position.
    record = matfile.parse(matfile.decode(data(stem)))
    exported = engine_export(matfile.decode(data(stem)))
    again = matfile.parse(exported)
    assert our_reading(again) == our_reading(record)
    if stem == "fibs_5pt":
        assert "  5) 51: 7/6 6/1*                41: 25/24* 11/7 \n" in exported


def _named(record: MatchRecord, names: tuple[str, str]) -> MatchRecord:
    games = tuple(
        GameRecord(g.number, g.score, g.actions, g.result, names, g.line, g.score_line)
        for g in record.games
    )
    return MatchRecord(names, record.length, games, record.tags, record.comments)


LONG_NAMES = [
    ("Maximilian Alexander von Hohenberg", "Bo"),  # 34 characters on the left
    ("Anna-Katharina Schmidt-Rottluff", "Li"),  # exactly 31
    ("Dr. No: the return", "M:x"),
    ("Ørjan Ærøskøbing-Østergård Jr.", "Ş" * 20),  # multi-byte, cut on a character
]


@pytest.mark.parametrize("names", LONG_NAMES)
def test_long_names_and_colons_are_written_so_they_read_back(names: tuple[str, str]) -> None:
    record = _named(matfile.parse(matfile.decode(data("fibs_5pt"))), names)
    text = matfile.dumps(record)
    again = matfile.parse(text)
    written = (mat_name(names[0]), mat_name(names[1]))
    assert again.players == written
    assert all(len(name.encode()) <= 31 and ":" not in name for name in written)
    assert our_reading(again)["results"] == our_reading(record)["results"]


# --- asking gnubg again -----------------------------------------------------------------------

READ_SCRIPT = r"""
import json, os, gnubg
gnubg.command("set threads 1")
out = {}
for path in json.loads(os.environ["MAT_FILES"]):
    gnubg.command("set jacoby off")
    gnubg.command("import mat " + path)
    match = gnubg.match(analysis=False, boards=True, statistics=False, verbose=False)
    side = {"X": 0, "O": 1}
    games = []
    for game in match["games"]:
        info = game["info"]
        moves = [[side[a["player"]], list(a["dice"]), a["board"]]
                 for a in game["game"] if a["action"] == "move"]
        games.append({"winner": side[info["winner"]] if info.get("winner") else None,
                      "points": info.get("points-won"), "moves": moves})
    names = [match["match-info"]["X"]["name"], match["match-info"]["O"]["name"]]
    out[path] = {"names": names, "games": games}
print("\nRESULT " + json.dumps(out))
"""


def ask_gnubg(files: dict[str, str], tmp_path: Path) -> dict[str, dict[str, object]]:
    paths = []
    for name, text in files.items():
        path = tmp_path / f"{name}.mat"
        path.write_text(text, encoding="utf-8")
        paths.append(str(path))
    script = tmp_path / "read.py"
    script.write_text(READ_SCRIPT)
    done = subprocess.run(
        [*GNUBG, str(script)],  # type: ignore[misc]
        env=dict(os.environ, MAT_FILES=json.dumps(paths)),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    line = next((x for x in done.stdout.splitlines() if x.startswith("RESULT ")), None)
    assert line is not None, done.stdout[-2000:] + done.stderr[-2000:]
    readings = json.loads(line[len("RESULT ") :])
    return {Path(path).stem: reading for path, reading in readings.items()}


@needs_gnubg
def test_gnubg_reads_the_fixtures_and_our_exports_as_we_do(tmp_path: Path) -> None:
    files: dict[str, str] = {}
    records: dict[str, MatchRecord] = {}
    for stem in ACCEPTED:
        text = matfile.decode(data(stem))
        files[stem] = text
        files[f"export_{stem}"] = matfile.dumps(matfile.parse(text))
        files[f"engine_{stem}"] = engine_export(text)
    for index, names in enumerate(LONG_NAMES):
        record = _named(matfile.parse(matfile.decode(data("fibs_5pt"))), names)
        files[f"names_{index}"] = matfile.dumps(record)
    for name, text in files.items():
        records[name] = matfile.parse(text)
    for name, reading in ask_gnubg(files, tmp_path).items():
        assert our_reading(records[name]) == gnubg_shape(reading), name


NAVIGATE_SCRIPT = r"""
import json, os, gnubg
gnubg.command("set threads 1")
out = {}
for path in json.loads(os.environ["MAT_FILES"]):
    gnubg.command("set jacoby off")  # as the money session's header says
    gnubg.command("import mat " + path)
    match = gnubg.match(analysis=False, boards=False, statistics=False, verbose=False)
    games = []
    gnubg.navigate()
    for index, game in enumerate(match["games"]):
        if index:
            gnubg.navigate(game=1)
        states = [[gnubg.positionid(), gnubg.matchid()]]
        for _ in range(len(game["game"])):
            gnubg.navigate(next=1)
            states.append([gnubg.positionid(), gnubg.matchid()])
        games.append(states)
    out[os.path.basename(path)] = games
print("\nRESULT " + json.dumps(out))
"""


@needs_gnubg
def test_the_move_log_has_gnubgs_position_and_match_ids(tmp_path: Path) -> None:
    """Stepping through each imported file in gnubg shows, before every roll-and-play and
    cube action, the Position ID and Match ID (dice, cube, score, Crawford) of our log."""
    paths = []
    for stem in ACCEPTED:
        path = tmp_path / f"{stem}.mat"
        path.write_text(matfile.decode(data(stem)), encoding="utf-8")
        paths.append(str(path))
    script = tmp_path / "navigate.py"
    script.write_text(NAVIGATE_SCRIPT)
    done = subprocess.run(
        [*GNUBG, str(script)],  # type: ignore[misc]
        env=dict(os.environ, MAT_FILES=json.dumps(paths)),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    line = next((x for x in done.stdout.splitlines() if x.startswith("RESULT ")), None)
    assert line is not None, done.stdout[-2000:] + done.stderr[-2000:]
    states = json.loads(line[len("RESULT ") :])
    checked = 0
    for stem in ACCEPTED:
        log = matfile.match_log(matfile.parse(matfile.decode(data(stem))))
        for number, seen in enumerate(states[f"{stem}.mat"], 1):
            pairs = [tuple(state) for state in seen]
            # The first entry is the opening roll (gnubg shows the game before it); a "Wins"
            # is gnubg's resignation record, whose state differs.
            entries = [e for e in log if e.game == number and e.kind is not ActionKind.WIN]
            at = 0
            for entry in entries[1:]:
                wanted = (entry.position_id, entry.match_id)
                assert wanted in pairs[at:], (stem, number, entry)
                at = pairs.index(wanted, at)
                checked += 1
    assert checked > 3000


def test_the_move_log_links_up() -> None:
    log = matfile.match_log(matfile.parse(matfile.decode(data("xg_13pt"))))
    kinds = {str(entry.kind) for entry in log}
    assert kinds == {"move", "double", "take", "drop", "win"}
    for entry, following in pairwise(log):
        if entry.game == following.game and following.kind is not ActionKind.WIN:
            assert entry.position_id_after == following.position_id
    assert log[-1].kind is ActionKind.WIN and log[-1].value == 4
    assert log[0].to_dict()["match_id"] == log[0].match_id


@pytest.mark.parametrize("module", ["mat.text", "mat.write", "mat.record"])
def test_doctests(module: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(f"backgammon.{module}"))
    assert result.failed == 0 and result.attempted > 0
