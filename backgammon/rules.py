"""Options for the optional movement rules of seed 000 (Regeln 15 and 16).

Standard backgammon is the default; each option is a club setting that the game layer passes
to :meth:`Position.legal_plays <backgammon.Position.legal_plays>` and
:meth:`Position.parse_play <backgammon.Position.parse_play>`.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["STANDARD_RULES", "MoveRules"]


@dataclass(frozen=True, slots=True)
class MoveRules:
    """Which optional movement rules apply; both are off by default.

    Both options only *forbid* certain step sequences. The usual rules (use as many dice as
    possible, the higher die when only one can be played) then apply to the sequences that
    remain, and a resulting position is legal if at least one allowed sequence reaches it.

    Attributes:
        last_checker_larger_die: Regel 15. When exactly one checker is still outside the home
            board (not on the bar), the roll is not a double, and that checker could enter the
            home board with either die, it must enter with the larger die: only plays that
            include the step from its point with the larger die remain. Plays that bring it in
            with the smaller die, or that leave it outside, are removed.
        no_hit_and_continue_home: Regel 16. A checker that hits a blot on a point of the own
            home board may not continue, with another die of the same roll, onto a point where
            one own checker (an own blot) stands. Plays that can only be made that way are
            removed.

    >>> MoveRules()
    MoveRules(last_checker_larger_die=False, no_hit_and_continue_home=False)
    >>> MoveRules(no_hit_and_continue_home=True).is_standard
    False
    """

    last_checker_larger_die: bool = False
    no_hit_and_continue_home: bool = False

    @property
    def is_standard(self) -> bool:
        """True when no optional rule is switched on."""
        return not (self.last_checker_larger_die or self.no_hit_and_continue_home)


STANDARD_RULES = MoveRules()
"""Standard backgammon: no optional movement rule."""
