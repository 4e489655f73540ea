"""Writing .mat match files in GNU Backgammon's layout (``export.c``, ``ExportGameJF``).

The columns, paddings and line breaks follow gnubg's exporter exactly, so a file that gnubg
exported is written back byte for byte, and gnubg and XG import what we write.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..gamerecord import ActionKind, GameAction, GameRecord, MatchRecord

__all__ = ["NAME_BYTES", "XG_TAGS", "dumps", "mat_name", "xg_header"]


#: gnubg keeps 31 bytes of a name (``MAX_NAME_LEN`` 32 with its terminating zero).
NAME_BYTES = 31


#: The header tags eXtreme Gammon writes, in its order (``; [Tag "value"]``, one a line). GNU
#: Backgammon reads Site (the place), Event, Round, EventDate and Transcriber (the annotator),
#: passes over the others it knows, and keeps a tag it does not know as a line of the match's
#: comment.
XG_TAGS = (
    "Site",
    "Match ID",
    "Event",
    "Round",
    "Player 1",
    "Player 2",
    "Player 1 Elo",
    "Player 2 Elo",
    "TimeControl",
    "EventDate",
    "EventTime",
    "Variation",
    "Jacoby",
    "Beaver",
    "Unrated",
    "Crawford",
    "CubeLimit",
    "Transcriber",
)


def xg_header(tags: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """``tags`` in eXtreme Gammon's order, a tag given twice with its last value; the tags
    XG does not write follow, in the order given.

    >>> xg_header([("Site", "A"), ("Note", "n"), ("Match ID", "7"), ("Site", "B")])
    [('Site', 'B'), ('Match ID', '7'), ('Note', 'n')]
    """
    values = dict(tags)
    order = {name: index for index, name in enumerate(XG_TAGS)}
    return sorted(values.items(), key=lambda item: order.get(item[0], len(XG_TAGS)))


def mat_name(name: str) -> str:
    """``name`` as a .mat score line can carry it, so that gnubg and Crawford read it alike.

    A ``:`` would end the name early, so it becomes ``.``; runs of white space become one
    space; the name is cut to the 31 bytes (UTF-8) that gnubg keeps, on a character boundary.

    >>> mat_name("Dr. No: the return")
    'Dr. No. the return'
    >>> mat_name("Maximilian Alexander von Hohenberg-Lichtenstein")
    'Maximilian Alexander von Hohenb'
    """
    cleaned = " ".join(name.replace(":", ".").split())
    encoded = cleaned.encode("utf-8")
    if len(encoded) > NAME_BYTES:
        cleaned = encoded[:NAME_BYTES].decode("utf-8", errors="ignore").rstrip()
    return cleaned


def _points(points: int, match_won: bool) -> str:
    return f"Wins {points} point{'' if points == 1 else 's'}" + (
        " and the match" if match_won else ""
    )


def _dice(action: GameAction) -> str:
    assert action.dice is not None
    return f"{action.dice[0]}{action.dice[1]}: "


def _write_game(game: GameRecord, players: tuple[str, str]) -> str:
    names = [mat_name(name) for name in (game.players if any(game.players) else players)]
    out = [f" Game {game.number}\n"]
    left = f"{names[0]} : {game.score[0]}"
    # gnubg pads to 31 columns; a longer left side still needs a space before the right name.
    out.append(f" {left:<31}{' ' if len(left) >= 31 else ''}{names[1]} : {game.score[1]}\n")
    actions = game.actions
    i = 0  # gnubg's cell counter: even = left column, odd = right column
    dice_rolled = False
    cube = 1
    for index, action in enumerate(actions):
        kind = action.kind
        if kind is ActionKind.WIN and index and actions[index - 1].kind is ActionKind.DROP:
            continue  # written together with the drop
        if i == 0 and action.player == 1 and kind is not ActionKind.WIN:
            out.append("  1)                             ")
            i = 1
        if kind is ActionKind.MOVE:
            dice_rolled = False
            # gnubg ends every step with a space but the fourth.
            steps = action.play.split()
            text = _dice(action) + " ".join(steps) + (" " if 0 < len(steps) < 4 else "")
        elif kind is ActionKind.ROLL:
            text = _dice(action)
        elif kind is ActionKind.DOUBLE:
            cube = action.value or 2 * cube
            text = f" Doubles => {cube}"
        elif kind is ActionKind.TAKE:
            text = " Takes"
        elif kind is ActionKind.DROP:
            win = actions[index + 1] if index + 1 < len(actions) else None
            points = win.value if win is not None else cube // 2
            match_won = win.match_won if win is not None else False
            gap = "\n      " if i & 1 else " " * 23
            text = f" Drops{gap}{_points(points, match_won)}"
        else:  # a "Wins" while the game is on, or after the last checker came off
            odd = bool(i & 1)
            shifted = odd != dice_rolled
            wins = _points(action.value, action.match_won)
            if action.player == 0:  # player 1 resigned / lost
                text = ("\n" if shifted else "") + "      " + wins + "\n"
            else:
                text = (" " if shifted else " " * (24 if odd else 34)) + wins + "\n"
        if i & 1 or kind is ActionKind.WIN:
            out.append(text)
            if kind is not ActionKind.ROLL:
                out.append("\n")
        elif kind is ActionKind.ROLL:
            out.append(f"{(i >> 1) + 1:3d}) {text:<3}")
        else:
            out.append(f"{(i >> 1) + 1:3d}) {text:<27} ")
        if kind is ActionKind.ROLL:
            dice_rolled = True
        if kind is ActionKind.DROP:
            out.append("\n" if i & 1 else "\n\n")
        i += 1
    text = "".join(out)
    if not text.endswith("\n\n"):
        text += "\n" if text.endswith("\n") else "\n\n"
    return text


def dumps(record: MatchRecord) -> str:
    """The .mat text of ``record`` in gnubg's layout."""
    out: list[str] = []
    for name, value in record.tags:
        out.append(f'; [{name} "{value}"]\n')
    if record.comments:
        out.append("\n; " + "\n; ".join(record.comments) + "\n")
    out.append("\n")
    out.append(f" {record.length} point match\n\n")
    for game in record.games:
        out.append(_write_game(game, record.players))
    return "".join(out)
