"""Who may challenge whom: someone above, at most ``reach`` places, while neither has as many
open challenges as the ladder allows.

>>> rules = LadderRules(reach=2)
>>> check_challenge(rules, (1, 2, 3, 4), challenger=4, defender=2, open_counts={})
>>> check_challenge(rules, (1, 2, 3, 4), challenger=4, defender=1, open_counts={})
Traceback (most recent call last):
...
ladders.core.ladder.LadderError: out_of_reach (player 1)
"""

from __future__ import annotations

from collections.abc import Mapping

from ladders.core.ladder import NOT_ON_LADDER, LadderError, LadderRules

__all__ = ["check_challenge"]

SELF_CHALLENGE = "self_challenge"
NOT_ABOVE = "not_above"
OUT_OF_REACH = "out_of_reach"
CHALLENGER_BUSY = "challenger_busy"
DEFENDER_BUSY = "defender_busy"


def check_challenge(
    rules: LadderRules,
    order: tuple[int, ...],
    *,
    challenger: int,
    defender: int,
    open_counts: Mapping[int, int],
) -> None:
    """Raise :class:`LadderError` unless the challenge is allowed now."""
    for player in (challenger, defender):
        if player not in order:
            raise LadderError(NOT_ON_LADDER, player=player)
    if challenger == defender:
        raise LadderError(SELF_CHALLENGE, player=challenger)
    below, above = order.index(challenger), order.index(defender)
    if above > below:
        raise LadderError(NOT_ABOVE, player=defender)
    if below - above > rules.reach:
        raise LadderError(OUT_OF_REACH, player=defender)
    if open_counts.get(challenger, 0) >= rules.open_challenges:
        raise LadderError(CHALLENGER_BUSY, player=challenger)
    if open_counts.get(defender, 0) >= rules.open_challenges:
        raise LadderError(DEFENDER_BUSY, player=defender)
