"""The clock's refusals in the players' words, by the replay's codes."""

from __future__ import annotations

from django.utils.translation import gettext as _

from config.errors import UserError


def refusal(code: str) -> UserError:
    """The translated refusal of a code of :class:`recording.replay.Refused` (or of the
    service)."""
    texts = {
        "not_your_turn": _("It is not this player's turn."),
        "wrong_phase": _("That cannot be entered now."),
        "tie": _("A tied opening roll is rolled again: enter two different dice."),
        "dice": _("Enter both dice (1 to 6)."),
        "side": _("Say which player acts."),
        "invalid": _("That is not a valid entry."),
        "kind": _("That is not a valid entry."),
        "illegal": _("That move is not legal: take it back and move again."),
        "invalid_move": _("That move is not legal: take it back and move again."),
        "illegal_move": _("That move is not legal: take it back and move again."),
        "cube_in_crawford_game": _("No doubling in the Crawford game."),
        "crawford": _("No doubling in the Crawford game."),
        "cube_not_owned": _("Only the owner of the cube may redouble."),
        "cube_disabled": _("The cube is not used in this match."),
        "cube_in_best_of": _("The cube is not used in this match."),
        "cube_above_max": _("The cube cannot go higher."),
        "holland": _("Holland rule: the trailer may double after two rolls each."),
        "match_over": _("The match is over."),
        "not_fallen": _(
            "The opponent's reserve has not run out: the match cannot be claimed on time."
        ),
        "out_of_order": _(
            "This action does not follow the last one recorded: the clock reloads the record."
        ),
        "conflict": _(
            "This action was already recorded differently: the clock reloads the record."
        ),
        "corrected": _(
            "A referee has corrected this match: the clock's record is closed and nothing "
            "more is recorded."
        ),
        "closed": _("This match is not open for recording."),
        "forbidden": _("Only the recorder, the players and the referees may enter this match."),
    }
    return UserError(texts.get(code, texts["invalid"]), code=code)
