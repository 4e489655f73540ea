"""The table of a round's matches, as the round page shows it: plain rows from one query and
the page's HTML in one pass (a round of a 2,048-player Swiss has 1,024 matches, shown 200 at
a time; a template included per row costs more than the rest of the page)."""

from __future__ import annotations

from html import escape
from typing import NamedTuple

from django.core.paginator import Page, Paginator
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from matches.models import MatchOutcome, MatchStatus
from matches.selectors import round_match_values
from tournaments import presentation
from tournaments.models import Round, Tournament


class RoundRow(NamedTuple):
    """One match of the round's table (``a_name``/``b_name`` empty for a missing player)."""

    pk: int
    index: int
    table: int | None
    status: str
    outcome: str
    score_a: int
    score_b: int
    entry_a_id: int | None
    entry_b_id: int | None
    winner_id: int | None
    a_name: str
    b_name: str
    notes: tuple[str, ...] = ()


FIELDS = (
    "pk",
    "index",
    "table",
    "status",
    "outcome",
    "score_a",
    "score_b",
    "entry_a_id",
    "entry_b_id",
    "winner_id",
    "entry_a__player__name",
    "entry_b__player__name",
)


def round_rows_page(round_: Round, page_number: str | None, per_page: int) -> Page:
    """The page ``page_number`` of the round's matches, in table order, as :class:`RoundRow`
    with why each pairing is so (the Swiss's codes, in the reader's language)."""
    matches = round_match_values(round_, FIELDS)
    page = Paginator(matches, per_page).get_page(page_number)
    labels = presentation.pairing_labels()
    codes = round_.pairing_notes
    page.object_list = [
        RoundRow(
            *row[:10],
            row[10] or "",
            row[11] or "",
            tuple(labels[c] for c in codes.get(str(row[1]), []) if c in labels),
        )
        for row in page.object_list
    ]
    return page


def round_rows_html(
    rows: list[RoundRow], tournament: Tournament, *, show_notes: bool
) -> SafeString:
    """The ``<tr>`` of each row: what ``_match_row.html`` wrote, without a template per row."""
    statuses = {value: str(label) for value, label in MatchStatus.choices}
    undecided = f'<span class="muted">{escape(_("(to be decided)"))}</span>'
    bye = f'<span class="muted">{escape(_("bye"))}</span>'
    forfeit = escape(_("Forfeit"))
    link_label = _("Match page: %(a)s – %(b)s")
    # One reverse for every match: the address differs only by the match's id.
    marker = 2_147_483_647
    url = reverse("matches:detail", args=[tournament.club.slug, tournament.slug, marker])
    url_head, url_tail = url.split(str(marker))
    html = []
    for row in rows:
        linked = bool(row.entry_a_id and row.entry_b_id)
        a_name, b_name = escape(row.a_name), escape(row.b_name)
        a_wins = row.winner_id and row.winner_id == row.entry_a_id
        b_wins = row.winner_id and row.winner_id == row.entry_b_id
        if (row.status == MatchStatus.FINISHED and row.outcome != MatchOutcome.BYE) or (
            row.status == MatchStatus.PLAYING
        ):
            score = f"{row.score_a} – {row.score_b}"
        else:
            score = ""
        a_cell = a_name if row.entry_a_id else undecided
        if row.entry_b_id:
            b_cell = b_name
        elif row.outcome == MatchOutcome.BYE:
            b_cell = bye
        elif row.status == MatchStatus.VOID:
            b_cell = '<span class="muted">—</span>'
        else:
            b_cell = undecided
        label = forfeit if row.outcome == "forfeit" else escape(statuses.get(row.status, ""))
        badge = f'<span class="badge match-{escape(row.status)}">{label}</span>'
        if linked:
            aria = escape(link_label % {"a": row.a_name, "b": row.b_name})
            href = f"{url_head}{row.pk}{url_tail}"
            badge = f'<a class="row-link" href="{href}" aria-label="{aria}">{badge}</a>'
        notes = (
            f'<td class="muted notes minor">{escape("; ".join(row.notes))}</td>'
            if show_notes
            else ""
        )
        html.append(
            f'<tr class="match status-{escape(row.status)}{" linked" if linked else ""}">'
            f'<td class="num">{row.table or ""}</td>'
            f'<td class="{"winner" if a_wins else ""}">{a_cell}</td>'
            f'<td class="num score">{score}</td>'
            f'<td class="{"winner" if b_wins else ""}">{b_cell}</td>'
            f"<td>{badge}</td>{notes}</tr>"
        )
    return mark_safe("".join(html))
