"""What the app says of a ledger row, kept as a key and its parameters and shown in the
reader's language: a row booked by a German treasurer reads in English to an English one.

Parameters are plain data (numbers, names, codes); a code that is itself a word (a flight, a
payment method) is translated when the text is shown, never when it is stored.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from money.currency import NumberFormat
from money.methods import method_label

Params = Mapping[str, Any]


def _flight(code: str) -> str:
    return str(
        {
            "main": _("Main"),
            "consolation": _("Consolation"),
            "last_chance": _("Last Chance"),
        }.get(code, code)
    )


def _pool(params: Params) -> str:
    """A prize's pool: the prize pool (``""``), a side pool or the Calcutta by name."""
    pool = params.get("pool", "")
    if pool == "calcutta":
        return str(_("Calcutta"))
    return str(params.get("pool_name") or _("Prize pool"))


def _place(params: Params) -> str:
    first, last = params.get("first", 0), params.get("last", 0)
    return str(first) if first == last else f"{first}–{last}"


def _prize_of(params: Params) -> str:
    return f"{_pool(params)} · {_flight(params.get('flight', ''))} {_place(params)}".strip()


def _prize(params: Params, numbers: NumberFormat | None) -> str:
    """A prize paid out (less the fees owed set against it), or the part of it that was set
    against the fees owed (``set_off``)."""
    text = _prize_of(params)
    if params.get("set_off"):
        return text + " · " + str(_("set against the fees owed"))
    owed = params.get("owed", 0)
    if owed:
        amount = numbers.amount(owed) if numbers else str(owed)
        text += " · " + str(_("fee owed %(amount)s set against") % {"amount": amount})
    return text


def _fee_set_off(params: Params, _numbers: NumberFormat | None) -> str:
    """An entry fee, or a side pool's fee, paid by being set against the player's prize."""
    said = str(_("Set against the prize: %(prize)s") % {"prize": _prize_of(params)})
    pool = params.get("side_pool_name")
    return f"{pool} · {said}" if pool else said


#: Key → how its text is made from the parameters (and the club's number format).
TEXTS: dict[str, Callable[[Params, NumberFormat | None], str]] = {
    "calcutta_sale": lambda p, _n: str(
        _("Calcutta lot %(number)s to %(buyer)s") % {"number": p["lot"], "buyer": p["buyer"]}
    ),
    "calcutta_payout": lambda p, _n: str(
        pgettext_lazy("ledger", "Calcutta · %(owner)s · %(players)s")
        % {"owner": p["owner"], "players": p["players"]}
    ),
    "side_pool": lambda p, _n: str(p["pool_name"]),
    "prize": _prize,
    "fee_set_off": _fee_set_off,
    "fixed_costs": lambda _p, _n: str(_("Fixed costs")),
    "reversal": lambda p, _n: str(_("Reverses #%(number)s") % {"number": p["number"]}),
    "cash_up": lambda p, n: str(
        _("Cash-up #%(number)s · %(method)s: %(counted)s counted, %(expected)s expected")
        % {
            "number": p["number"],
            "method": method_label(p["method"], p.get("method_name", "")),
            "counted": n.amount(p["counted"]) if n else p["counted"],
            "expected": n.amount(p["expected"]) if n else p["expected"],
        }
    ),
}


def row_text(row: Any, numbers: NumberFormat | None = None) -> str:
    """What the app says of a ledger row (``text_key``, ``text_params``; a reversal booked
    before reversals had a text names the row it reverses all the same)."""
    said = ledger_text(row.text_key, row.text_params, numbers)
    if not said and row.reverses_id:
        said = str(_("Reverses #%(number)s") % {"number": row.reverses_id})
    return said


def ledger_text(key: str, params: Params, numbers: NumberFormat | None = None) -> str:
    """The row's text in the active language; an unknown key (a newer release's row read by
    an older one) shows as nothing rather than failing the page."""
    make = TEXTS.get(key)
    if make is None:
        return ""
    try:
        return make(params, numbers)
    except (KeyError, TypeError, ValueError):
        return ""
