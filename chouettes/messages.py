"""What a refused sheet or happening means, in words a score keeper can act on."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from chouettes.core import replay as core_replay
from chouettes.core import sheet as core_sheet
from config.errors import UserError

_SHEET = {
    core_sheet.WRONG_LINE_COUNT: gettext_lazy("The sheet needs one line for each team member."),
    core_sheet.CUBE_NOT_POWER: gettext_lazy("The cube must be 1 or a power of two (2, 4, 8, …)."),
    core_sheet.AUTOMATIC_ABOVE_LIMIT: gettext_lazy(
        "More automatic doubles than the session allows."
    ),
    core_sheet.CENTERED_CUBE_VALUE: gettext_lazy(
        "A cube in the middle shows 1, or the automatic doubles' value."
    ),
    core_sheet.OWNED_CUBE_VALUE: gettext_lazy(
        "A cube someone owns was doubled: it shows at least twice the starting value."
    ),
    core_sheet.BEAVERS_OFF: gettext_lazy("Beavers are not allowed in this session."),
    core_sheet.BEAVER_CUBE: gettext_lazy(
        "After a beaver the cube is owned and shows at least four times the starting value."
    ),
    core_sheet.DOUBLE_BY_NON_OWNER: gettext_lazy(
        "Only the side that may double can have its double dropped: the cube was not theirs."
    ),
    core_sheet.TEAM_CUBE_APART: gettext_lazy(
        "With one cube for the team every member has the same cube and nobody drops apart."
    ),
    core_sheet.WINNER_MISSING: gettext_lazy("Say who won the game on the board."),
    core_sheet.WINNER_AFTER_DROPS: gettext_lazy(
        "Every line ended with a dropped double: the board has no winner."
    ),
    core_sheet.DROP_NOT_SINGLE: gettext_lazy(
        "A game ended by dropped doubles is no gammon and no resignation."
    ),
}

_REPLAY = {
    core_replay.ALREADY_PRESENT: gettext_lazy("%(player)s is already in the session."),
    core_replay.NOT_PRESENT: gettext_lazy("%(player)s is not in the session."),
    core_replay.TOO_MANY_PLAYERS: gettext_lazy("A session has at most 10 players."),
    core_replay.TOO_FEW_PLAYERS: gettext_lazy("A game needs at least two players present."),
}


def sheet_error(error: core_sheet.SheetError) -> UserError:
    message = str(_SHEET.get(error.code, error.code))
    if error.seat is not None:
        message = _("Line %(seat)s: %(message)s") % {"seat": error.seat + 1, "message": message}
    if error.game is not None:
        message = _("Game %(game)s: %(message)s") % {"game": error.game, "message": message}
    return UserError(message, code=error.code)


def replay_error(error: core_replay.ReplayError, names: dict[int, str]) -> UserError:
    player = names.get(error.player, "?") if error.player is not None else ""
    return UserError(str(_REPLAY[error.code]) % {"player": player}, code=error.code)
