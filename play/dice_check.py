"""The check of an online match's dice (:mod:`backgammon.fairdice`): every roll of its
recorded games recomputed from the seed and compared, and the seed against the commitment the
boards showed from the start. Read only; the seed is given out only once the match is over.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from backgammon import MatchState
from backgammon.fairdice import RollCheck, commitment, verify_game
from matches.models import OPEN_STATUSES, Match, ResultSource
from matches.rules import rules_for_match
from matches.services import game_results
from play.models import OnlineGame

__all__ = ["DiceCheck", "DiceCommitment", "dice_commitment", "match_dice_check"]


@dataclass(frozen=True)
class DiceCommitment:
    """What anyone may see of a match's dice: the commitment, and the seed once it is over."""

    commitment: str
    seed: str | None

    @property
    def revealed(self) -> bool:
        return self.seed is not None


@dataclass(frozen=True)
class DiceCheck:
    commitment: str
    #: The seed checked (the match's own, or one given to try).
    seed: str
    checks: list[RollCheck] = field(default_factory=list)

    @property
    def seed_fits(self) -> bool:
        """The seed is the one committed to: its SHA-256 is the commitment."""
        return commitment(self.seed) == self.commitment

    @property
    def mismatches(self) -> list[RollCheck]:
        return [check for check in self.checks if not check.matches]

    @property
    def verified(self) -> bool:
        return self.seed_fits and bool(self.checks) and not self.mismatches


def _over(match: Match, online: OnlineGame) -> bool:
    return match.status not in OPEN_STATUSES or bool(online.state.get("match_over"))


def dice_commitment(match: Match) -> DiceCommitment | None:
    """The commitment of the match's online dice (and its seed once the match is over);
    ``None`` when the match has no online game or it was played before seeds existed."""
    online = OnlineGame.objects.filter(match=match).only("state", "match_id").first()
    if online is None or not online.state.get("dice_commitment"):
        return None
    seed = online.state.get("dice_seed") if _over(match, online) else None
    return DiceCommitment(str(online.state["dice_commitment"]), seed)


def match_dice_check(match: Match, *, seed: str | None = None) -> DiceCheck | None:
    """Every recorded online roll of the finished ``match`` against ``seed`` (by default the
    match's own); ``None`` while the match is in play or without committed dice."""
    committed = dice_commitment(match)
    if committed is None or not committed.revealed:
        return None
    seed = seed if seed is not None else committed.seed
    assert seed is not None
    rules = rules_for_match(match)
    results = game_results(match)
    checks: list[RollCheck] = []
    games = match.games.filter(source=ResultSource.ONLINE).order_by("number")
    for game in games.only("number", "record"):
        if not game.record:
            continue
        starter = MatchState(rules, results[: game.number - 1]).next_starter()
        checks += verify_game(
            seed,
            match=match.pk,
            game=game.number,
            record=game.record,
            opening=starter is None,
            lower_die_starts=rules.lower_die_starts,
        )
    return DiceCheck(committed.commitment, seed, checks)
