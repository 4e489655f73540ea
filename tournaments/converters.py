"""URL converters: a stage kind in a URL is one of the known kinds, nothing else."""

from __future__ import annotations

from tournaments.models import StageKind


class StageKindConverter:
    regex = "|".join(sorted(StageKind.values, key=len, reverse=True))

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return str(value)
