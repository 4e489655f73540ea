"""Every change of a match, whatever made it, leaves a history row with who, when and why —
bulk writes (drawing a round, building a bracket, re-routing it) included (and every match
of the demo has its history: tests/clubs/test_demo.py)."""

from __future__ import annotations

import pytest

from entries import services as entry_services
from matches.models import Match, MatchStatus
from matches.selectors import match_history
from tests.conftest import open_matches
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

EXTRA = {"swiss": {"swiss_rounds": 3}}


def without_history(matches):
    return [m for m in matches if not m.history.exists()]


@pytest.mark.parametrize(
    "fmt", ["single_elimination", "double_elimination", "swiss", "round_robin"]
)
def test_drawn_matches_have_a_history_row_saying_so(make_tournament, fmt):
    tournament = make_tournament(5, format=fmt, **EXTRA.get(fmt, {}))
    matches = list(Match.objects.filter(round__stage__tournament=tournament))
    assert without_history(matches) == []
    bye = next(m for m in matches if m.outcome == "bye")
    assert match_history(bye)[-1].reason  # the bye says why it is decided


@pytest.mark.parametrize("fmt", ["single_elimination", "swiss"])
def test_a_withdrawal_leaves_who_and_why_on_the_forfeited_match(make_tournament, commit, fmt):
    tournament = make_tournament(4, format=fmt, **EXTRA.get(fmt, {}))
    match = open_matches(tournament)[0]
    leaver = match.entry_b
    user = UserFactory(username="leaver", first_name="Lea", last_name="Ver")
    leaver.player.user = user
    leaver.player.save()
    before = match.history.count()
    commit(entry_services.entry_withdraw, entry=leaver, user=user)
    match.refresh_from_db()
    assert (match.status, match.outcome) == (MatchStatus.FINISHED, "forfeit")
    assert match.history.count() > before
    last = match_history(match)[-1]
    assert last.reason == "Withdrawal"
    assert last.who == "Lea Ver"
    assert last.after.startswith("0–0") or "(" in last.after
