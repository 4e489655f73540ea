"""Long lists of the public tournament pages rendered in one pass (a Swiss of 2,048 players
lists 2,048 entries; the per-item template machinery would be most of the page's time)."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from entries.models import EntryStatus

register = template.Library()


@register.simple_tag
def entry_items(rows: Iterable[tuple[str, int | None, str]]) -> SafeString:
    """``<li>`` per entry of ``selectors.tournament_entry_page``: name, seed, status badge."""
    seed_label = conditional_escape(_("seed"))
    badges = {
        status: conditional_escape(label)
        for status, label in EntryStatus.choices
        if status != EntryStatus.APPROVED
    }
    # Each status's opening and badge once; each name through the stdlib's escape (Django's
    # own, without the lazy-string wrapper that costs more than the escaping at this size).
    openings: dict[str, str] = {}
    endings: dict[str, str] = {}
    items = []
    for name, seed, status in rows:
        if status not in openings:
            openings[status] = f'<li class="entry-{conditional_escape(status)}">'
            badge = f' <span class="badge">{badges[status]}</span>' if status in badges else ""
            endings[status] = f"{badge}</li>"
        seed_html = f' <span class="muted">({seed_label} {seed})</span>' if seed else ""
        items.append(f"{openings[status]}{escape(name)}{seed_html}{endings[status]}")
    return mark_safe("".join(items))
