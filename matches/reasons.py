"""Why a match changed, as its history stores it: a code (with its parameters) for the changes
the system makes, translated when shown in the reader's language; the referee's own words as
typed.

A code with parameters is stored as ``game.entered?number=3``. Rows written before the codes
hold the English or German text itself; :func:`reason_label` still shows them in the reader's
language, and the migration ``0005_history_reasons_as_codes`` turns them into codes.
"""

from __future__ import annotations

import functools
import re
from urllib.parse import parse_qsl, urlencode

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from config.text import whole_number

DRAWN = "match.drawn"
BRACKET_ROUTED = "bracket.routed"
WALKOVER = "bracket.walkover"
WITHDRAWAL = "entry.withdrawal"
REOPENED = "bracket.reopened"
REINSTATED = "entry.reinstated"
REPORT_CONFIRMED = "report.confirmed"
DISPUTE_DECIDED = "report.dispute_decided"
FILE_IMPORTED = "file.imported"
GAME_ENTERED = "game.entered"
FINAL_SCORE = "score.entered"
FORFEIT = "match.forfeit"
MOVED_ONLINE = "match.moved_online"
MOVED_TO_TABLE = "match.moved_to_table"
TIME_FORFEIT = "clock.time_forfeit"
RESUMED = "match.resumed"
LATE_PENALTY = "late.penalty"
LATE_WAIVED = "late.waived"
LATE_FORFEIT = "late.forfeit"
#: The late rule's decisions: each is a line of the history even when no score changed.
LATE_DECISIONS = (LATE_PENALTY, LATE_WAIVED, LATE_FORFEIT)

LABELS = {
    DRAWN: _("Drawn"),
    BRACKET_ROUTED: _("Players set by the bracket"),
    WALKOVER: _("Walkover (a bye or a withdrawal)"),
    WITHDRAWAL: _("Withdrawal"),
    REOPENED: _("Voided and re-opened: a correction of an earlier match changed its players"),
    REINSTATED: _("Withdrawal undone: the match is open again"),
    REPORT_CONFIRMED: _("Reported result confirmed"),
    DISPUTE_DECIDED: _("Dispute decided: the opponent's score counts"),
    FILE_IMPORTED: _("Match file imported"),
    GAME_ENTERED: _("Game %(number)d entered"),
    FINAL_SCORE: _("Final score entered"),
    FORFEIT: _("Forfeit"),
    MOVED_ONLINE: _("Moved to the online board"),
    MOVED_TO_TABLE: _("Moved to a table"),
    TIME_FORFEIT: _("Time forfeit: %(name)s ran out of time."),
    RESUMED: _("Resumed at %(a)d–%(b)d: the games before are not recorded"),
    LATE_PENALTY: _("%(name)s was %(minutes)d minutes late: penalty of %(points)d confirmed"),
    LATE_WAIVED: _("%(name)s was %(minutes)d minutes late: penalty waived"),
    LATE_FORFEIT: _("%(name)s was %(minutes)d minutes late: the match is forfeited"),
}

#: Wordings rows may hold that the catalogue no longer says (German called a game "Partie").
RETIRED_TEXTS = {GAME_ENTERED: ["Partie %(number)d eingetragen"]}

#: A history row holds at most 100 characters.
MAX_LENGTH = 100


def coded(code: str, **params: object) -> str:
    """What the history stores for ``code`` with these parameters."""
    if code not in LABELS:
        raise ValueError(f"unknown reason code {code!r}")
    if not params:
        return code
    stored = f"{code}?{urlencode(params)}"
    while len(stored) > MAX_LENGTH and any(isinstance(v, str) and v for v in params.values()):
        params = {k: v[:-1] if isinstance(v, str) and v else v for k, v in params.items()}
        stored = f"{code}?{urlencode(params)}"
    return stored


def _parse(stored: str) -> tuple[str, dict[str, object]] | None:
    code, separator, query = stored.partition("?")
    if code not in LABELS:
        return None
    params: dict[str, object] = {}
    if separator:
        for key, value in parse_qsl(query, keep_blank_values=True):
            number = whole_number(value)
            params[key] = value if number is None else number
    return code, params


def _pattern(text: str) -> re.Pattern[str]:
    """A translated label as a pattern whose groups are its parameters."""
    parts = re.split(r"%\((\w+)\)([sd])", text)
    out = ""
    for index, part in enumerate(parts):
        if index % 3 == 0:
            out += re.escape(part)
        elif index % 3 == 1:
            kind = parts[index + 1]
            out += f"(?P<{part}>\\d+)" if kind == "d" else f"(?P<{part}>.+)"
    return re.compile(f"^{out}$")


@functools.cache
def _legacy() -> tuple[tuple[re.Pattern[str], str], ...]:
    """The texts rows held before the codes, in every language the site speaks."""
    found = []
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            for code, label in LABELS.items():
                found.append((_pattern(str(label)), code))
    for code, texts in RETIRED_TEXTS.items():
        found.extend((_pattern(text), code) for text in texts)
    return tuple(found)


def legacy_code(stored: str) -> str | None:
    """The code of a text stored before the codes (English or German), or None."""
    if _parse(stored) is not None:
        return None
    for pattern, code in _legacy():
        found = pattern.match(stored)
        if found:
            params = {
                k: v if whole_number(v) is None else whole_number(v)
                for k, v in found.groupdict().items()
            }
            return coded(code, **params)
    return None


def reason_code(stored: str | None) -> tuple[str, dict[str, object]]:
    """The code and the parameters stored (``("game.entered", {"number": 3, "file": 12})``);
    ``("", {})`` for a reason a person typed."""
    parsed = _parse(stored) if stored else None
    return parsed if parsed is not None else ("", {})


def reason_label(stored: str | None) -> str:
    """The reason to show: a code's translation, or the words a person typed."""
    if not stored:
        return ""
    parsed = _parse(stored)
    if parsed is None:
        legacy = legacy_code(stored)
        parsed = _parse(legacy) if legacy else None
    if parsed is None:
        return stored
    code, params = parsed
    label = str(LABELS[code])
    if not params:
        return label
    try:
        return label % params
    except (KeyError, TypeError, ValueError):
        return label
