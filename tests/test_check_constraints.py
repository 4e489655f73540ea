"""Every check constraint of the project is a ``config.constraints.Check``, and its answer in
Python is the database's: the same rows pass and fail, NULLs included."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.apps import apps
from django.db import models
from django.db.models import F, Q
from django.db.models.expressions import CombinedExpression
from hypothesis import given, settings
from hypothesis import strategies as st

from config.constraints import Check, condition_holds

CONSTRAINTS = [
    (model, constraint)
    for model in apps.get_models()
    for constraint in model._meta.constraints
    if isinstance(constraint, models.CheckConstraint)
]


def test_every_check_constraint_is_answered_in_python():
    plain = [
        f"{model.__name__}.{constraint.name}"
        for model, constraint in CONSTRAINTS
        if not isinstance(constraint, Check)
    ]
    assert plain == []
    assert len(CONSTRAINTS) > 80


def field_names(node) -> set[str]:
    """The fields a condition reads."""
    if isinstance(node, Q):
        return set().union(*(field_names(child) for child in node.children))
    if isinstance(node, F):
        return {node.name}
    if isinstance(node, CombinedExpression):
        return field_names(node.lhs) | field_names(node.rhs)
    if isinstance(node, tuple):
        return {node[0].split("__")[0]} | field_names(node[1])
    return set()


# Integers stay where a condition's arithmetic (a cube times 3) fits PostgreSQL's integer: beyond,
# PostgreSQL refuses the row with "integer out of range", which Django's Q.check reports as a pass.
INTEGERS = st.sampled_from([-1, 0, 1, 2, 3, 4, 5, 6, 9, 10, 11, 10_000, 10_001]) | st.integers(
    -(2**28), 2**28
)
MOMENTS = st.sampled_from([datetime(2026, 1, 1, tzinfo=UTC), datetime(2026, 1, 2, tzinfo=UTC)])


def values_of(field) -> st.SearchStrategy:
    if field.choices:
        others = [-1, 7] if isinstance(field, models.IntegerField) else ["", "other"]
        base = st.sampled_from([value for value, _ in field.flatchoices] + others)
    elif isinstance(field, models.ForeignKey):
        base = st.sampled_from([1, 2, 3])
    elif isinstance(field, models.BooleanField):
        base = st.booleans()
    elif isinstance(field, models.DateTimeField):
        base = MOMENTS
    elif isinstance(field, models.IntegerField | models.DecimalField):
        base = INTEGERS
    elif isinstance(field, models.FloatField):
        base = st.sampled_from([-0.5, 0.0, 0.25, 1.0]) | st.floats(allow_nan=False)
    else:
        base = st.sampled_from(["", "a", "reversal", "x" * 3])
    return st.none() | base if field.null else base


@pytest.mark.django_db
@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_python_and_the_database_agree_on_every_row(data):
    model, constraint = data.draw(st.sampled_from(CONSTRAINTS), label="constraint")
    instance = model()
    for name in field_names(constraint.condition):
        field = model._meta.get_field(name)
        setattr(instance, field.attname, data.draw(values_of(field), label=name))
    in_python = condition_holds(constraint.condition, instance, set())
    against = instance._get_field_expression_map(meta=model._meta)
    in_the_database = Q(constraint.condition).check(against)
    assert (in_python is not False) == in_the_database, (constraint.name, in_python)
