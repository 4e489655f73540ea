"""Slugs for URLs: from a name, unique among the rows a queryset holds."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.db.models import QuerySet
from django.utils.text import slugify


def unique_slug(
    rows: QuerySet[Any],
    name: str,
    *,
    fallback: str,
    reserved: Collection[str] = (),
    field: str = "slug",
) -> str:
    """``slugify(name)`` (at most 50 characters; ``fallback`` when nothing is left), with
    ``-2``, ``-3`` … added until no row of ``rows`` has it. A ``reserved`` slug (a word the URLs
    use, such as ``new``) becomes ``<slug>-<fallback>``."""
    base = slugify(name)[:50] or fallback
    if base in reserved:
        base = f"{base}-{fallback}"
    slug, n = base, 2
    while rows.filter(**{field: slug}).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug
