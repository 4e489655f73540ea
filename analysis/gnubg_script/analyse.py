"""Run INSIDE GNU Backgammon (``gnubg -t -q -p analyse.py``), never imported by Crawford.

gnubg is GPL: Crawford starts it as a separate program and reads the JSON this script writes.
The program stays up and serves one job after another: each line on its standard input is the
path of a job, a JSON file ``{"mat": "<path>", "plies": 0, "out": "<path>"}``; when the job is
over (worked or not) it prints ``CRAWFORD-DONE <job path>`` on its standard output. The result
(written only when every step worked, so a missing file means the run failed; the reason is
printed before the marker) holds gnubg's match statistics, its rating of each side and every
chequer play and cube decision that lost equity, with its Position ID and Match ID. The program
ends when its standard input is closed.
"""

import base64
import json
import os
import sys
import traceback

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
                    # gnubg's own mark of the play (its statistics count these).
                    "mark": analysis.get("skill") or "none",
                }
            )
    return found


def go_to(game_number, index, position_id):
    """Go to a record of the match; False if its position is not the one expected.

    ``navigate()`` alone stops before the match's first roll; ``navigate(game=...)``, even
    to the first game, stops at the game's first record (its roll shown), as for the others.
    """
    gnubg.navigate()
    gnubg.navigate(game=game_number - 1)
    if index:
        gnubg.navigate(next=index)
    return gnubg.positionid() == position_id


#: The dice's bits in a Match ID (gnubg's matchid.c: 3 bits for each die from bit 15).
DICE_BITS = 0b111111 << 15


def without_dice(match_id):
    """The Match ID before the roll: a cube decision is made before the dice are thrown,
    and the record of a missed double is the roll that followed it."""
    if not match_id:
        return match_id
    key = base64.b64decode(match_id + "=" * (-len(match_id) % 4))
    value = int.from_bytes(key, "little") & ~DICE_BITS
    text = base64.b64encode(value.to_bytes(len(key), "little")).decode("ascii")
    return text.rstrip("=")


def match_id_at(game_number, index, position_id):
    """gnubg's Match ID of a record (dice included), read by going to it; "" if lost."""
    if not go_to(game_number, index, position_id):
        return ""
    return gnubg.matchid()


def cube_mistakes(match):
    """Every cube decision that lost equity: a missed double (a roll without doubling where
    doubling was better), a wrong double, a wrong take or a wrong pass.

    gnubg's cube analysis of a record gives the cubeful no-double and double-take figures
    (match-winning chances at match play), which are turned into EMG at the record's score
    and cube (``mwc2eq``); double-pass is 1 EMG. ``played`` and ``best`` are codes
    (no-double, double, take, pass, double-take, double-pass, too-good) that Crawford shows
    in words. The Match ID is that of the decision: before the roll (a missed double too),
    for a take or pass with the cube offered.
    """
    found = []
    for game_number, game in enumerate(match["games"], start=1):
        records = game["game"]
        for index, record in enumerate(records):
            analysis = record.get("analysis") or {}
            action = record.get("action")
            if "nd-cubeful-eq" not in analysis or action not in ("move", "double"):
                continue
            if action == "move" and analysis["dt-cubeful-eq"] <= analysis["nd-cubeful-eq"]:
                continue  # doubling was not better (in any units): no missed double
            board = record.get("board", "")
            if not go_to(game_number, index, board):
                continue
            nd = gnubg.mwc2eq(analysis["nd-cubeful-eq"])
            dt = gnubg.mwc2eq(analysis["dt-cubeful-eq"])
            match_id = without_dice(gnubg.matchid())  # a double record has no dice already
            doubled = min(dt, 1.0)
            if nd >= 1.0 and nd > doubled:
                best = "too-good"
            elif doubled > nd:
                best = "double-take" if dt <= 1.0 else "double-pass"
            else:
                best = "no-double"
            doubler = 0 if record["player"] == "X" else 1
            entry = {
                "game": game_number,
                "player": doubler,
                "kind": "cube",
                "position_id": board,
                "dice": [],
            }
            if action == "move" and doubled - nd > 0:
                found.append(
                    {
                        **entry,
                        "index": index,
                        "played": "no-double",
                        "best": best,
                        "equity_lost": doubled - nd,
                        "match_id": match_id,
                    }
                )
            if action != "double":
                continue
            if nd - doubled > 0:
                found.append(
                    {
                        **entry,
                        "index": index,
                        "played": "double",
                        "best": best,
                        "equity_lost": nd - doubled,
                        "match_id": match_id,
                    }
                )
            answer = records[index + 1] if index + 1 < len(records) else {}
            response = {"take": "take", "drop": "pass"}.get(answer.get("action"))
            if response is None:
                continue
            lost = dt - 1.0 if response == "take" else 1.0 - dt
            if lost <= 0:
                continue
            gnubg.navigate(next=1)
            found.append(
                {
                    **entry,
                    "index": index + 1,
                    "player": 1 - doubler,
                    "played": response,
                    "best": "pass" if response == "take" else "take",
                    "equity_lost": lost,
                    "match_id": gnubg.matchid(),
                }
            )
    return found


def run(path):
    with open(path) as source:
        job = json.load(source)
    gnubg.command(f'import mat "{job["mat"]}"')
    if not gnubg.match(analysis=0, boards=0, statistics=0, verbose=0):
        sys.stderr.write("gnubg could not read the match file\n")
        return
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
    result["mistakes"].extend(cube_mistakes(match))
    with open(job["out"] + ".part", "w") as out:
        json.dump(result, out)
    os.rename(job["out"] + ".part", job["out"])


def serve():
    gnubg.command("set threads 1")
    for line in sys.stdin:
        path = line.strip()
        if not path:
            continue
        try:
            run(path)
        except Exception:
            sys.stderr.write(traceback.format_exc().strip().splitlines()[-1] + "\n")
        sys.stderr.flush()
        sys.stdout.write(f"CRAWFORD-DONE {path}\n")
        sys.stdout.flush()


serve()
