"""Where one online action's server time goes: cProfile of the board's consumer.

    .venv/bin/python benchmarks/profile_online.py [--plays 200] [--top 40]

Makes one online match (as ``benchmarks/online.py`` does, on its database and channel layer),
opens both players' boards with Channels' ``WebsocketCommunicator`` in this process and plays
``--plays`` plays (a roll and a play each), profiling the server side only: the consumer's
worker-thread calls run inline on the event loop so that cProfile sees them (the profile
includes the test client's small share). Prints the functions by cumulative and own time.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import online  # noqa: E402


async def play(match_id: int, keys: tuple[str, str], plays: int, profile: cProfile.Profile):
    from channels.testing import WebsocketCommunicator

    from backgammon import Position
    from config.asgi import application

    boards = []
    for key in keys:
        board = WebsocketCommunicator(
            application,
            f"/ws/online/{match_id}/",
            headers=[(b"cookie", f"sessionid={key}".encode()), (b"origin", b"http://localhost")],
        )
        connected, _ = await board.connect(timeout=10)
        assert connected
        hello = json.loads(await board.receive_from(10))
        state = json.loads(await board.receive_from(10))
        boards.append([board, hello["payload"]["you"], state])
    made = 0
    profile.enable()
    acting = True
    while acting and made < plays:
        for entry in boards:
            board, you, state = entry
            game = state["payload"].get("game") or {}
            if state["payload"].get("status") != "playing" or game.get("to_act") != you:
                continue
            if game["phase"] == "roll":
                message = {"type": "roll", "seq": state["seq"]}
            else:
                dice = tuple(game["dice"])
                chosen = Position.from_position_id(game["position_id"]).legal_plays(dice)[0]
                steps = [list(step) for step in chosen.steps]
                message = {"type": "play", "seq": state["seq"], "payload": {"steps": steps}}
                made += 1
            await board.send_to(text_data=json.dumps(message))
            for other in boards:
                reply = json.loads(await other[0].receive_from(10))
                assert reply["type"] == "state", reply
                other[2] = reply
            break
        else:  # ask again (a state crossed another); stop when the match is over
            acting = False
            for entry in boards:
                await entry[0].send_to(text_data=json.dumps({"type": "sync"}))
                entry[2] = json.loads(await entry[0].receive_from(10))
                game = entry[2]["payload"].get("game") or {}
                playing = entry[2]["payload"].get("status") == "playing"
                acting = acting or (playing and game.get("to_act") == entry[1])
    profile.disable()
    print(f"{made} plays profiled", file=sys.stderr)
    for board, _you, _state in boards:
        await board.disconnect()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plays", type=int, default=200)
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args()
    env = online.environment()
    os.environ.update(env)
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # the worker-thread calls run inline
    os.environ["ONLINE_MESSAGE_BURST"] = "1000000"  # actions come faster than people make them
    if env["DATABASE_URL"].startswith("postgres"):
        online.create_postgres_database(env["DATABASE_URL"])
    seats, _database = online.prepare(1)
    from channels.db import database_sync_to_async

    from play import consumers

    def inline(func):
        async def call(*a, **kw):
            result = func(*a, **kw)
            await database_sync_to_async(lambda: None)()  # the hop it replaces, roughly
            return result

        return call

    consumers._in_thread = inline
    profile = cProfile.Profile(time.process_time)  # CPU, not waiting
    match_id, key_a, key_b = seats[0]
    asyncio.run(play(match_id, (key_a, key_b), args.plays, profile))
    stats = pstats.Stats(profile)
    stats.sort_stats("cumulative").print_stats(args.top)
    stats.sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
