"""A notification's parameters: its templates' context as it was when it was made, kept as JSON
so that the notification can be shown again in whatever language its reader has chosen.

The templates read rows (the match, its round and tournament, the report) and a few plain
values (the side's score, the hours left, the placings). ``freeze`` keeps each row's fields
and the rows it had loaded with it (its round, the round's stage, ...), plain values and the
project's dataclasses as they were; ``thaw`` builds the same context back without a query:
unsaved instances with those fields, so that ``get_kind_display`` and properties work and
show the score of that moment, not today's. Rendering the thawed context in another language
gives the same message in that language.

Never kept: the user account behind a player, passwords and e-mail addresses (nothing the
messages show; personal data is not copied into every notice).
"""

from __future__ import annotations

import dataclasses
import importlib
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import Any

from django.apps import apps
from django.conf import settings
from django.db import models

#: Dataclasses are rebuilt only from the project's own modules.
DATACLASS_MODULES = ("notifications.", "standings.", "matches.", "tournaments.", "clubs.")
#: Fields never kept.
NOT_KEPT = frozenset({"password", "email"})


class ParamsError(ValueError):
    """A value the parameters cannot keep (a bug in a notice's context), or a stored one that
    cannot be read back (the code changed since)."""


def freeze(context: dict[str, Any]) -> dict[str, Any]:
    """The context as JSON-ready data: ``{"objects": {...}, "context": {...}}``."""
    objects: dict[str, dict[str, Any]] = {}
    frozen = {str(key): _freeze(value, objects) for key, value in context.items()}
    return {"objects": objects, "context": frozen}


def thaw(params: dict[str, Any]) -> dict[str, Any]:
    """The context ``freeze`` kept, built again without touching the database."""
    try:
        stored = params["objects"]
        built = {key: _instance(row) for key, row in stored.items()}
        for key, row in stored.items():
            for name, ref in row.get("related", {}).items():
                built[key]._state.fields_cache[name] = built[ref]
        return {key: _thaw(value, built) for key, value in params["context"].items()}
    except (KeyError, LookupError, TypeError, ValueError, AttributeError) as error:
        raise ParamsError(f"notification parameters cannot be read: {error}") from error


# --- Freezing ---------------------------------------------------------------------------------


def _freeze(value: Any, objects: dict[str, dict[str, Any]]) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, models.Model):
        return {"$row": _freeze_row(value, objects)}
    if isinstance(value, datetime):
        return {"$datetime": value.isoformat()}
    if isinstance(value, date):
        return {"$date": value.isoformat()}
    if isinstance(value, time):
        return {"$time": value.isoformat()}
    if isinstance(value, timedelta):
        return {"$seconds": value.total_seconds()}
    if isinstance(value, Decimal):
        return {"$decimal": str(value)}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        kind = type(value)
        return {
            "$dataclass": f"{kind.__module__}:{kind.__qualname__}",
            "fields": {
                f.name: _freeze(getattr(value, f.name), objects)
                for f in dataclasses.fields(value)
                if f.init
            },
        }
    if isinstance(value, list | tuple):
        return [_freeze(item, objects) for item in value]
    if isinstance(value, dict):
        if any(not isinstance(key, str) or key.startswith("$") for key in value):
            raise ParamsError(f"dictionary keys must be plain text: {list(value)!r}")
        return {key: _freeze(item, objects) for key, item in value.items()}
    raise ParamsError(f"a notification cannot keep a {type(value).__name__}")


def _freeze_row(obj: models.Model, objects: dict[str, dict[str, Any]]) -> str:
    key = f"{obj._meta.label_lower}:{obj.pk}"
    if key in objects:
        return key
    row: dict[str, Any] = {"model": obj._meta.label_lower, "fields": {}, "related": {}}
    objects[key] = row  # before the related rows: a row that leads back here ends here
    for field in obj._meta.concrete_fields:
        if field.attname in NOT_KEPT:
            continue
        raw = field.value_from_object(obj)
        if raw is None or isinstance(raw, bool | int | float | str):
            row["fields"][field.attname] = raw
        else:
            row["fields"][field.attname] = field.value_to_string(obj)
        if not field.is_relation or not field.is_cached(obj):
            continue
        related = field.get_cached_value(obj)
        if related is None or related._meta.label == settings.AUTH_USER_MODEL:
            continue
        row["related"][field.name] = _freeze_row(related, objects)
    return key


# --- Thawing ----------------------------------------------------------------------------------


def _instance(row: dict[str, Any]) -> models.Model:
    model = apps.get_model(row["model"])
    names, values = [], []
    for field in model._meta.concrete_fields:
        if field.attname not in row["fields"]:
            continue  # not kept, or a field added since: its default is good enough
        raw = row["fields"][field.attname]
        names.append(field.attname)
        values.append(None if raw is None else field.to_python(raw))
    obj = model(**dict(zip(names, values, strict=True)))
    obj._state.adding = False
    obj._state.db = None
    return obj


def _thaw(value: Any, built: dict[str, models.Model]) -> Any:
    if isinstance(value, list):
        return [_thaw(item, built) for item in value]
    if not isinstance(value, dict):
        return value
    if "$row" in value:
        return built[value["$row"]]
    if "$datetime" in value:
        return datetime.fromisoformat(value["$datetime"])
    if "$date" in value:
        return date.fromisoformat(value["$date"])
    if "$time" in value:
        return time.fromisoformat(value["$time"])
    if "$seconds" in value:
        return timedelta(seconds=value["$seconds"])
    if "$decimal" in value:
        return Decimal(value["$decimal"])
    if "$dataclass" in value:
        return _dataclass(value["$dataclass"])(
            **{name: _thaw(item, built) for name, item in value["fields"].items()}
        )
    return {key: _thaw(item, built) for key, item in value.items()}


def _dataclass(path: str) -> Any:
    module_name, _, qualname = path.partition(":")
    if not module_name.startswith(DATACLASS_MODULES):
        raise ParamsError(f"not a dataclass of the project: {path}")
    kind: Any = importlib.import_module(module_name)
    for part in qualname.split("."):
        kind = getattr(kind, part)
    if not dataclasses.is_dataclass(kind):
        raise ParamsError(f"not a dataclass: {path}")
    return kind
