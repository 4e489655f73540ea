"""Reads of the control room: the club's night, match by match in its state, and its
version for the poll."""

from control.selectors.digest import Digest, director_digests
from control.selectors.night import (
    LateOffer,
    Night,
    Row,
    Viewer,
    club_night,
    filtered,
    viewer_of,
)
from control.selectors.version import NightVersion, night_version

__all__ = [
    "Digest",
    "LateOffer",
    "Night",
    "NightVersion",
    "Row",
    "Viewer",
    "club_night",
    "director_digests",
    "filtered",
    "night_version",
    "viewer_of",
]
