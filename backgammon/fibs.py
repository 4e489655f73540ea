"""FIBS ratings (pure, no Django).

For a rating difference ``D`` and match length ``n`` the underdog wins with probability
``1 / (10 ** (D * sqrt(n) / 2000) + 1)``. The winner gains and the loser loses
``4 * K * sqrt(n) * P``, where ``P`` is that upset probability if the favourite won and
``1 - P`` if the underdog won, each side with its own ``K = max(1, 5 - experience / 100)``.
Experience grows by ``n`` per match; everyone starts at 1500 with experience 0.

>>> w, l = fibs_update(1600, 1500, 7, 400, 400)
>>> round(w - 1600, 2), round(1500 - l, 2)
(4.49, 4.49)
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field

INITIAL_RATING = 1500.0

PlayerKey = Hashable


def underdog_probability(rating_difference: float, length: float) -> float:
    """Chance that the lower-rated player wins a match of ``length`` points."""
    return 1.0 / (10 ** (abs(rating_difference) * math.sqrt(length) / 2000) + 1)


def k_factor(experience: float) -> float:
    return max(1.0, 5.0 - experience / 100)


def fibs_update(
    winner_rating: float,
    loser_rating: float,
    length: float,
    winner_experience: float,
    loser_experience: float,
) -> tuple[float, float]:
    """New ratings ``(winner, loser)`` after one match of ``length`` points."""
    if length <= 0:
        raise ValueError(f"match length must be positive, got {length}")
    upset = underdog_probability(winner_rating - loser_rating, length)
    winner_was_favourite = winner_rating >= loser_rating
    p = upset if winner_was_favourite else 1 - upset
    step = 4 * math.sqrt(length) * p
    return (
        winner_rating + k_factor(winner_experience) * step,
        loser_rating - k_factor(loser_experience) * step,
    )


def best_of_length(best_of: int, points_per_game: float = 1.0) -> float:
    """Effective match length of a best-of-``best_of`` games match (3 for best-of-3 by
    default); ``points_per_game`` scales it for clubs that count games differently."""
    if best_of < 1:
        raise ValueError(f"best_of must be at least 1, got {best_of}")
    return best_of * points_per_game


@dataclass(frozen=True, slots=True)
class RatedMatch:
    winner: PlayerKey
    loser: PlayerKey
    length: float
    match_id: int | None = None


@dataclass(frozen=True, slots=True)
class RatingChange:
    match_id: int | None
    opponent: PlayerKey
    won: bool
    rating_before: float
    rating_after: float
    experience_after: float

    @property
    def delta(self) -> float:
        return self.rating_after - self.rating_before


@dataclass(frozen=True, slots=True)
class PlayerRating:
    rating: float = INITIAL_RATING
    experience: float = 0.0
    history: tuple[RatingChange, ...] = field(default=())


def replay(
    matches: Iterable[RatedMatch],
    start: Mapping[PlayerKey, tuple[float, float]] | None = None,
) -> dict[PlayerKey, PlayerRating]:
    """Ratings after the matches in chronological order.

    ``start`` gives ``(rating, experience)`` for players who do not start fresh (1500, 0).
    """
    current: dict[PlayerKey, tuple[float, float]] = dict(start or {})
    history: dict[PlayerKey, list[RatingChange]] = {}
    for match in matches:
        if match.winner == match.loser:
            raise ValueError("a player cannot play themselves")
        w_rating, w_exp = current.get(match.winner, (INITIAL_RATING, 0.0))
        l_rating, l_exp = current.get(match.loser, (INITIAL_RATING, 0.0))
        new_w, new_l = fibs_update(w_rating, l_rating, match.length, w_exp, l_exp)
        current[match.winner] = (new_w, w_exp + match.length)
        current[match.loser] = (new_l, l_exp + match.length)
        history.setdefault(match.winner, []).append(
            RatingChange(match.match_id, match.loser, True, w_rating, new_w, w_exp + match.length)
        )
        history.setdefault(match.loser, []).append(
            RatingChange(match.match_id, match.winner, False, l_rating, new_l, l_exp + match.length)
        )
    return {
        player: PlayerRating(rating, experience, tuple(history.get(player, ())))
        for player, (rating, experience) in current.items()
    }
