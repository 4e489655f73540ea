"""Every text the board script shows, translated on the server and handed to it as JSON.

``{name}``-style fields are filled in by the script.
"""

from __future__ import annotations

from django.utils.translation import gettext as _


def board_texts() -> dict[str, str]:
    return {
        # buttons
        "roll": _("Roll"),
        "double": _("Double"),
        "take": _("Take"),
        "drop": _("Drop"),
        "undo": _("Undo"),
        "undo_all": _("Undo turn"),
        "confirm": _("Done"),
        "resign": _("Resign…"),
        "resign_single": _("Resign a single game ({points})"),
        "resign_gammon": _("Resign a gammon ({points})"),
        "resign_backgammon": _("Resign a backgammon ({points})"),
        "cancel": _("Cancel"),
        "accept": _("Accept"),
        "decline": _("Decline"),
        # connection
        "connecting": _("Connecting…"),
        "reconnecting": _("Connection lost. Reconnecting…"),
        "closed": _("You cannot open this board."),
        # whose turn
        "waiting": _("The game starts as soon as one of the players opens the board."),
        "over": _("The match is over."),
        "you": _("you"),
        "watching": _("You are watching this match."),
        "your_roll": _("Your turn: roll the dice."),
        "your_roll_or_double": _("Your turn: roll or double."),
        "your_move": _("Your turn: move your checkers, then press Done."),
        "your_move_done": _("All dice played: press Done, or take moves back."),
        "their_roll": _("{name} to roll."),
        "their_move": _("{name} is moving ({dice})."),
        "you_doubled": _("You double to {cube}. Waiting for {name} to take or drop."),
        "doubled_you": _("{name} doubles to {cube}. Take or drop?"),
        "watch_doubled": _("{name} doubles to {cube}."),
        "you_resigned": _("You offer to resign: {kind}. Waiting for {name}."),
        "resigned_you": _("{name} offers to resign: {kind}. Accept or decline?"),
        "watch_resigned": _("{name} offers to resign: {kind}."),
        "game_won": _("{name} wins game {number}: {points} ({kind})."),
        "match_won": _("{name} wins the match."),
        "match_ended": _("The match has ended."),
        # kinds of win and points
        "single": _("single game"),
        "gammon": _("gammon"),
        "backgammon": _("backgammon"),
        "dropped": _("double dropped"),
        "one_point": _("1 point"),
        "n_points": _("{n} points"),
        # the score board
        "to_one_point": _("Match to 1 point"),
        "to_points": _("Match to {n} points"),
        "best_of": _("Best of {n} games"),
        "game": _("Game {n}"),
        "crawford": _("Crawford game"),
        "pips": _("Pips"),
        "cube": _("Cube"),
        "on_turn": _("on turn"),
        # the log
        "log_move": _("{name} rolls {dice}: {play}"),
        "log_no_move": _("{name} rolls {dice} and cannot move"),
        "log_roll": _("{name} rolls {dice}"),
        "log_double": _("{name} doubles to {value}"),
        "log_take": _("{name} takes"),
        "log_drop": _("{name} drops"),
        "log_win": _("{name} wins {points}"),
        # the clock and the tournament director
        "paused": _("The tournament director has paused the match."),
        "time_forfeit": _("{name} ran out of time: {winner} wins the match."),
        "notice": _("Tournament director: {action}. Reason: {reason}"),
        "notice_pause": _("match paused"),
        "notice_resume": _("match resumed"),
        "notice_add_time": _("{minutes} min added for {name}"),
        "notice_take_back": _("the last play is taken back; {name} plays again"),
        "notice_forfeit": _("{name} wins by forfeit"),
        "notice_score": _("the match ends at the agreed score"),
        "board": _("Backgammon board"),
        "bar": _("bar"),
        "off": _("off"),
    }
