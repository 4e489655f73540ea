"""Functions a higher app adds to a lower app's work, by name, from its ``AppConfig.ready``:
the lower app runs them without importing the app that added them (the check-in's guards,
what the draw does when a player withdraws or comes back)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

F = TypeVar("F", bound=Callable[..., object])


class Hooks(Generic[F]):
    """The functions added so far, in the order they were added."""

    def __init__(self) -> None:
        self._by_name: dict[str, F] = {}

    def add(self, name: str) -> Callable[[F], F]:
        """A decorator registering a function under ``name``; a second one under the same
        name replaces the first, so a module imported twice adds nothing twice."""

        def register(fn: F) -> F:
            self._by_name[name] = fn
            return fn

        return register

    def __iter__(self) -> Iterator[F]:
        return iter(list(self._by_name.values()))
