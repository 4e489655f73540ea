"""Plain values shared by the round-by-round formats."""

from __future__ import annotations

from dataclasses import dataclass, field

EntrantId = int


@dataclass(frozen=True, slots=True)
class Pairing:
    """One table of a round: ``a`` plays ``b``; ``b is None`` means ``a`` has the bye.

    ``a`` is the higher-ranked player of the two (Swiss) or the first-named one (round robin).
    """

    table: int
    a: EntrantId
    b: EntrantId | None
    notes: tuple[str, ...] = field(default=(), compare=False)
    """Why the pairing is so, as codes (``score_group``, ``floated``, ...) to translate."""

    @property
    def is_bye(self) -> bool:
        return self.b is None

    def players(self) -> tuple[EntrantId, ...]:
        return (self.a,) if self.b is None else (self.a, self.b)
