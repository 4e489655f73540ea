"""The models' check constraints (:class:`Check`), and the messages a form shows when a value
breaks one, instead of Django's ``Constraint "…" is violated.`` (tests/test_german.py checks
that every check constraint has one)."""

from __future__ import annotations

import operator
from collections.abc import Callable, Collection, Sequence
from typing import Any

from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.db import DEFAULT_DB_ALIAS, models
from django.db.models import F, Q, Value
from django.db.models.expressions import CombinedExpression
from django.utils.translation import gettext_lazy as _

CHOOSE_LISTED = _("Choose one of the listed options.")
AT_LEAST_ONE = _("Enter a whole number of at least 1.")
NOT_NEGATIVE = _("Enter a number of at least 0.")
ABOVE_ZERO = _("Enter a number greater than 0.")
NOT_EMPTY = _("This cannot be empty.")
CUBE_POWER_OF_TWO = _("The cube must be 1 or a power of two (2, 4, 8, …).")
WINNER_IS_A_PLAYER = _("The winner must be one of the two players.")
OUTCOME_WHEN_FINISHED = _("Only a finished match has an outcome.")
DROP_IS_SINGLE = _("A dropped cube ends the game as a single game.")
TWO_PLAYERS = _("The two players of a match must be different.")
PAIR_OF_TWO = _("A pairing rule needs two different players.")
FINISHED_HAS_WINNER = _("A finished match has a winner, and only a finished match has one.")
WAITING_NUMBER = _("An entry on the waiting list has a place on it, and only such an entry.")
FROM_RESUMED_SCORE = _("The score cannot be lower than the score the match was resumed at.")
POINTS_OF_A_GAME = _("The points of a game must match its kind and the cube.")

BY_NAME = {
    "match_index_positive": AT_LEAST_ONE,
    "match_table_positive": AT_LEAST_ONE,
    "match_scores_not_negative": NOT_NEGATIVE,
    "match_length_positive": AT_LEAST_ONE,
    "match_score_from_resumed_score": FROM_RESUMED_SCORE,
    "match_two_different_entries": TWO_PLAYERS,
    "match_winner_is_a_player": WINNER_IS_A_PLAYER,
    "match_finished_iff_winner": FINISHED_HAS_WINNER,
    "game_points_match_kind_and_cube": POINTS_OF_A_GAME,
    "match_outcome_only_when_finished": OUTCOME_WHEN_FINISHED,
    "game_number_positive": AT_LEAST_ONE,
    "game_cube_power_of_two": CUBE_POWER_OF_TWO,
    "game_drop_is_single": DROP_IS_SINGLE,
    "tournament_slug_not_empty": NOT_EMPTY,
    "tournament_length_positive": AT_LEAST_ONE,
    "tournament_max_cube_power_of_two": CUBE_POWER_OF_TWO,
    "tournament_swiss_rounds_positive": AT_LEAST_ONE,
    "entry_seed_positive": AT_LEAST_ONE,
    "stage_clock_minutes_positive": AT_LEAST_ONE,
    "round_number_positive": AT_LEAST_ONE,
    "round_length_positive": AT_LEAST_ONE,
    "club_slug_not_empty": NOT_EMPTY,
    "club_name_not_empty": NOT_EMPTY,
    "club_rating_points_positive": ABOVE_ZERO,
    "player_name_not_empty": NOT_EMPTY,
    "rating_positive": ABOVE_ZERO,
    "analysis_errors_not_negative": NOT_NEGATIVE,
}


class Check(models.CheckConstraint):
    """A check constraint that ``full_clean()`` tests in Python where it can.

    Django tests a check constraint by compiling its condition into a ``SELECT`` inside a
    savepoint: about half a millisecond and three statements each, so the dozen checks of a
    match or a tournament cost more than everything else its service does. The conditions
    here are plain comparisons of the row's own fields, which Python answers with SQL's
    rules (a comparison with NULL is unknown, and an unknown condition holds); any condition
    it cannot answer goes to the database as before. The database enforces every constraint
    on write either way, and migrations see a plain ``CheckConstraint``.
    """

    def validate(
        self,
        model: type[models.Model],
        instance: models.Model,
        exclude: Collection[str] | None = None,
        using: str = DEFAULT_DB_ALIAS,
    ) -> None:
        try:
            holds = condition_holds(self.condition, instance, set(exclude or ()))
        except Excluded:
            return  # as Django: a condition on an excluded field is not tested
        except Unanswerable:
            super().validate(model, instance, exclude, using)
            return
        if holds is False:
            raise ValidationError(
                self.get_violation_error_message(), code=self.violation_error_code
            )

    def deconstruct(self) -> tuple[str, Sequence[Any], dict[str, Any]]:
        _, args, kwargs = super().deconstruct()
        return "django.db.models.CheckConstraint", args, kwargs


class Unanswerable(Exception):
    """The condition holds more than comparisons of the row's own fields."""


class Excluded(Exception):
    """The condition reads a field left out of the validation."""


def condition_holds(condition: Q, instance: models.Model, exclude: set[str]) -> bool | None:
    """Whether the row satisfies ``condition``: True, False, or None for SQL's unknown."""
    verdicts = [
        condition_holds(child, instance, exclude)
        if isinstance(child, Q)
        else _lookup_holds(*child, instance=instance, exclude=exclude)
        for child in condition.children
    ]
    if condition.connector == Q.AND:
        verdict = False if False in verdicts else None if None in verdicts else True
    elif condition.connector == Q.OR:
        verdict = True if True in verdicts else None if None in verdicts else False
    else:
        raise Unanswerable(condition.connector)
    if condition.negated and verdict is not None:
        return not verdict
    return verdict


def _lookup_holds(
    lookup: str, value: Any, *, instance: models.Model, exclude: set[str]
) -> bool | None:
    name, __, kind = lookup.partition("__")
    left = _field_value(name, instance, exclude)
    kind = kind or "exact"
    if kind == "isnull":
        if not isinstance(value, bool):
            raise Unanswerable(lookup)
        return (left is None) is value
    if kind == "in":
        if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple, set)):
            raise Unanswerable(lookup)
        choices = [item for item in value if item is not None]  # as Django's "in"
        if not choices or any(hasattr(item, "resolve_expression") for item in choices):
            raise Unanswerable(lookup)
        return None if left is None else _compare(kind, left, choices)
    if kind == "exact" and value is None:
        return left is None  # Django reads "= None" as "IS NULL"
    right = _operand(value, instance, exclude)
    if left is None or right is None:
        return None
    return _compare(kind, left, right)


def _compare(kind: str, left: Any, right: Any) -> bool:
    try:
        if kind == "in":
            return bool(left in right)
        return bool(COMPARISONS[kind](left, right))
    except KeyError:
        raise Unanswerable(kind) from None
    except TypeError:
        raise Unanswerable(kind) from None  # types the database would convert


COMPARISONS: dict[str, Callable[[Any, Any], Any]] = {
    "exact": operator.eq,
    "gt": operator.gt,
    "gte": operator.ge,
    "lt": operator.lt,
    "lte": operator.le,
}
ARITHMETIC: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
}


def _operand(value: Any, instance: models.Model, exclude: set[str]) -> Any:
    if isinstance(value, F):
        return _field_value(value.name, instance, exclude)
    if isinstance(value, Value):
        return value.value
    if isinstance(value, CombinedExpression):
        if value.connector not in ARITHMETIC:
            raise Unanswerable(value.connector)
        left = _operand(value.lhs, instance, exclude)
        right = _operand(value.rhs, instance, exclude)
        if left is None or right is None:
            return None
        try:
            return ARITHMETIC[value.connector](left, right)
        except TypeError:
            raise Unanswerable(value.connector) from None
    if hasattr(value, "resolve_expression"):
        raise Unanswerable(value)
    return value


def _field_value(name: str, instance: models.Model, exclude: set[str]) -> Any:
    if "__" in name or name == "pk":
        raise Unanswerable(name)
    try:
        field = instance._meta.get_field(name)
    except FieldDoesNotExist:
        raise Unanswerable(name) from None
    if not getattr(field, "concrete", False) or field.many_to_many or field.generated:
        raise Unanswerable(name)
    if name in exclude:
        raise Excluded(name)
    value = getattr(instance, field.attname)
    if hasattr(value, "resolve_expression"):
        raise Unanswerable(name)  # an expression to be saved, such as F("version") + 1
    return value
