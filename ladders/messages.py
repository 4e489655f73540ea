"""What a refused challenge or change means, in words a player can act on."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from config.errors import UserError
from ladders.core import challenges, ladder

_MESSAGES = {
    ladder.ALREADY_ON_LADDER: gettext_lazy("%(player)s is already on the ladder."),
    ladder.NOT_ON_LADDER: gettext_lazy("%(player)s is not on the ladder."),
    challenges.SELF_CHALLENGE: gettext_lazy("Nobody can challenge himself."),
    challenges.NOT_ABOVE: gettext_lazy("%(player)s is not above the challenger."),
    challenges.OUT_OF_REACH: gettext_lazy(
        "%(player)s is more places above than a challenge may reach (%(reach)s)."
    ),
    challenges.CHALLENGER_BUSY: gettext_lazy(
        "%(player)s already has as many open challenges as the ladder allows."
    ),
    challenges.DEFENDER_BUSY: gettext_lazy(
        "%(player)s already has as many open challenges as the ladder allows."
    ),
}


def ladder_error(error: ladder.LadderError, names: dict[int, str], reach: int) -> UserError:
    player = names.get(error.player, "?") if error.player is not None else ""
    message = str(_MESSAGES[error.code]) % {"player": player, "reach": reach}
    return UserError(message, code=error.code)
