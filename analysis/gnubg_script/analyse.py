"""Run INSIDE GNU Backgammon (``gnubg -t -q -p analyse.py``), never imported by Crawford.

gnubg is GPL: Crawford starts it as a separate program and reads the JSON this script writes.
The job is a JSON file named by the environment variable CRAWFORD_GNUBG_JOB:
``{"mat": "<path>", "plies": 0, "out": "<path>"}``. The result (written only when every step
worked, so a missing file means the run failed) holds gnubg's match statistics, its rating of
each side and every chequer play that lost equity, with its Position ID and Match ID.
"""

import json
import os
import sys

import gnubg  # only inside gnubg

FORMAT = 1


def point(number):
    if number >= 25:
        return "bar"
    if number <= 0:
        return "off"
    return str(number)


def play_text(move):
    return " ".join(f"{point(a)}/{point(b)}" for a, b in (move or ()))


def mistakes(match):
    found = []
    for game_number, game in enumerate(match["games"], start=1):
        for index, record in enumerate(game["game"]):
            analysis = record.get("analysis") or {}
            moves = analysis.get("moves")
            if record.get("action") != "move" or not moves:
                continue
            played = analysis.get("imove")
            if played is None or played >= len(moves):
                continue
            lost = moves[0]["score"] - moves[played]["score"]
            if lost <= 0:
                continue
            found.append(
                {
                    "game": game_number,
                    "index": index,
                    "player": 0 if record["player"] == "X" else 1,
                    "kind": "chequer",
                    "position_id": record.get("board", ""),
                    "dice": list(record.get("dice") or ()),
                    "played": play_text(record.get("move")),
                    "best": play_text(moves[0]["move"]),
                    "equity_lost": lost,
                }
            )
    return found


def match_id_at(game_number, index, position_id):
    """gnubg's Match ID of a record (dice included), read by going to it; "" if lost."""
    gnubg.navigate()
    if game_number > 1:
        gnubg.navigate(game=game_number - 1)
    if index:
        gnubg.navigate(next=index)
    if gnubg.positionid() != position_id:
        return ""
    return gnubg.matchid()


def main():
    with open(os.environ["CRAWFORD_GNUBG_JOB"]) as source:
        job = json.load(source)
    gnubg.command("set threads 1")
    gnubg.command(f'import mat "{job["mat"]}"')
    for kind in ("chequerplay", "cubedecision"):
        gnubg.command(f"set analysis {kind} evaluation plies {int(job['plies'])}")
    gnubg.command("analyse match")
    match = gnubg.match(analysis=1, boards=1, statistics=1, verbose=0)
    stats = match.get("stats")
    if not stats:
        sys.stderr.write("gnubg gave no statistics\n")
        return
    ratings = {}
    for side in ("X", "O"):
        moves, cube = stats[side]["moves"], stats[side]["cube"]
        decisions = moves["unforced-moves"] + cube["close-cube"]
        cube_error = sum(
            v for k, v in cube.items() if k.startswith("err-") and k.endswith("-skill")
        )
        total = moves["error-skill"] + cube_error
        ratings[side] = gnubg.errorrating(total / decisions) if decisions else None
    result = {
        "format": FORMAT,
        "plies": int(job["plies"]),
        "players": [match["match-info"]["X"]["name"], match["match-info"]["O"]["name"]],
        "games": len(match["games"]),
        "stats": stats,
        "ratings": ratings,
        "mistakes": mistakes(match),
    }
    for mistake in result["mistakes"]:
        mistake["match_id"] = match_id_at(mistake["game"], mistake["index"], mistake["position_id"])
    with open(job["out"] + ".part", "w") as out:
        json.dump(result, out)
    os.rename(job["out"] + ".part", job["out"])


main()
