"""The director's control room on a phone (390 px), in English and German: a waiting match
called to a table and moved to another, a late player's penalty confirmed, a dispute decided
for the opponent, each with one tap; and a result recorded elsewhere appears on the open
page within two seconds."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from matches.models import Match, MatchStatus
from matches.services import report_dispute, report_submit
from tests.conftest import committed, played, tournament_made
from tests.control.test_room import RULE, first_round
from tests.e2e.test_chouette_night import fits, phone
from venue import services as venue_services
from venue.models import Call, Table

pytestmark = pytest.mark.django_db(transaction=True)

CONFIRMED = {
    "en": "The penalty is confirmed: the match starts at 0–1.",
    "de": "Die Strafe ist bestätigt: das Match beginnt bei 0–1.",
}
DECIDED = {"en": "The result is confirmed.", "de": "Das Ergebnis ist bestätigt."}
TABLE = {"en": "Table", "de": "Tisch"}


def row(page, match):
    return page.locator(f'li.control-row[data-match="{match.pk}"]')


def state_of(page, match) -> str | None:
    return row(page, match).get_attribute("data-state")


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_night_run_from_the_control_room(browser, live_server, organizer, club, language):
    tournament = tournament_made(club, organizer, 8, name="Friday", **RULE)
    venue_services.tournament_venue_update(tournament=tournament, auto_call=False, tables=[])
    committed(venue_services.tables_add, club=club, count=3)
    one, two, _three, four = first_round(tournament)
    first_table = Table.objects.get(club=club, number=1)
    # The second match was called 13 minutes ago: its first player is late by the rule.
    committed(venue_services.call_create, match=two, table=first_table, user=organizer)
    Call.objects.filter(match=two).update(called_at=timezone.now() - timedelta(minutes=13))
    # The fourth's players disagree: each says he won.
    report = committed(
        report_submit, match=four, player=four.entry_a.player, score_a=four.length, score_b=0
    )
    committed(report_dispute, report=report, by=four.entry_b.player, score_a=0, score_b=four.length)
    context, page = phone(browser, live_server, organizer, language)
    try:
        page.goto(f"{live_server.url}/clubs/{club.slug}/control/")
        fits(page)
        assert state_of(page, one) == "waiting"
        assert state_of(page, two) == "late"
        assert state_of(page, four) == "disputed"

        # A call made, then moved, with a tap each.
        row(page, one).locator("form.control-call button").click()
        page.wait_for_selector(f'li.control-row[data-match="{one.pk}"][data-state="called"]')
        fits(page)
        assert f"{TABLE[language]} 2" in row(page, one).locator(".control-table").text_content()
        row(page, one).locator("form.control-move button").click()
        page.wait_for_selector(".message.success")
        assert f"{TABLE[language]} 3" in row(page, one).locator(".control-table").text_content()
        assert Call.objects.get(match=one, ended_at=None).table.number == 3

        # The late player's penalty: the rule's proposal, confirmed.
        late = row(page, two).locator(f'form.control-late[data-late="{two.entry_a_id}"]')
        late.locator('button[value="confirm"]').click()
        page.wait_for_selector(f'li.control-row[data-match="{two.pk}"][data-state="playing"]')
        assert CONFIRMED[language] in page.text_content(".messages")
        fits(page)
        two.refresh_from_db()
        assert (two.start_score_a, two.start_score_b) == (0, 1)

        # The dispute, decided for the opponent who gave his score.
        row(page, four).locator("form.control-uphold button").click()
        page.wait_for_selector(f'li.control-row[data-match="{four.pk}"][data-state="finished"]')
        assert DECIDED[language] in page.text_content(".messages")
        assert Match.objects.get(pk=four.pk).winner_id == four.entry_b_id
        fits(page)

        # A result entered elsewhere (a referee's phone) reaches the open page within 2 s.
        page.goto(f"{live_server.url}/clubs/{club.slug}/control/")
        assert state_of(page, one) == "called"
        played(one)
        assert Match.objects.get(pk=one.pk).status == MatchStatus.FINISHED
        page.wait_for_selector(
            f'li.control-row[data-match="{one.pk}"][data-state="finished"]', timeout=2_000
        )
        fits(page)
    finally:
        context.close()
