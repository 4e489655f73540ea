"""Who listens to what, and what the reconciler repairs: filled by the higher apps'
``AppConfig.ready``, read by the bus, the deliveries and the reconciler."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from events.types import DomainEvent

E = TypeVar("E", bound=DomainEvent)

#: A repair looks for work a lost task left undone, does it, and describes each repair.
Repair = Callable[[], list[str]]


@dataclass(frozen=True)
class Listener:
    name: str
    event_type: type[DomainEvent]
    handle: Callable[[Any], object]
    queue: str | None = None


listeners: dict[str, Listener] = {}
repairs: dict[str, Repair] = {}


def listen(
    event_type: type[E], *, name: str = "", queue: str | None = None
) -> Callable[[Callable[[E], object]], Callable[[E], object]]:
    """Register ``handle(event)`` for ``event_type``; its name keys its deliveries, so keep it
    stable (it defaults to the function's dotted path)."""

    def register(handle: Callable[[E], object]) -> Callable[[E], object]:
        key = name or f"{handle.__module__}.{handle.__qualname__}"
        listeners[key] = Listener(key, event_type, handle, queue)
        return handle

    return register


def listeners_of(event_type: type[DomainEvent]) -> list[Listener]:
    return [listener for listener in listeners.values() if listener.event_type is event_type]


def repair(name: str) -> Callable[[Repair], Repair]:
    """Register a repair for the reconciler (idempotent: it finds nothing the second time)."""

    def register(fn: Repair) -> Repair:
        repairs[name] = fn
        return fn

    return register
