"""Every text the clock's script shows, translated on the server and handed to it as JSON."""

from __future__ import annotations

from django.utils.translation import gettext as _


def clock_texts() -> dict[str, str]:
    return {
        "opening": _("Opening roll: tap each player's die."),
        "roll": _("{name}: tap the dice rolled, or double."),
        "roll_crawford": _("{name}: tap the dice rolled (Crawford game: no doubling)."),
        "move": _("{name} plays {dice}: tap a checker, then a die, or type the play."),
        "doubled": _("{name} doubles: does the opponent take or drop?"),
        "resigned": _("{name} resigns: accept or decline?"),
        "over": _("The match is over: {name} wins."),
        "over_on_time": _("The match is over: {name} wins on time."),
        "reported": _(
            "Entered by a player: the result counts once the opponent confirms it on the "
            "match page."
        ),
        "disputed": _("The opponent disputes this record: a referee decides the result."),
        "fallen": _("{name}'s reserve has run out."),
        "claim": _("{name} claims the match on time"),
        "offline_one": _("Offline: one action kept on this device, sent when the network is back."),
        "offline": _(
            "Offline: {count} actions kept on this device, sent when the network is back."
        ),
        "online": _("All actions recorded."),
        "sending": _("Sending…"),
        "time_up": _("Time is up"),
        "delay": _("delay"),
        "cube": _("Cube"),
        "score": _("Score"),
        "dice": _("Dice"),
        "log_opening": _("opening roll"),
        "log_roll": _("rolls"),
        "flag": _("claims the match on time"),
        "double": _("Double"),
        "take": _("Take"),
        "drop": _("Drop"),
        "accept": _("Accept"),
        "decline": _("Decline"),
        "undo": _("Undo"),
        "end_turn": _("End turn"),
        "resign": _("Resign"),
        "resign_single": _("a single game"),
        "resign_gammon": _("a gammon"),
        "resign_backgammon": _("a backgammon"),
        "tie": _("A tied opening roll is rolled again: enter two different dice."),
        "unknown_error": _("The server did not answer as expected. Try again."),
    }
