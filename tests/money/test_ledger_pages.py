"""A season's ledger is long: its page shows the newest hundred movements, with links to the
earlier ones, and the balance of them all; the export holds every movement."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from clubs.models import Role
from money import services
from money.models import LedgerEntry
from tests.factories import ClubFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_the_ledger_shows_a_page_of_the_newest_movements_and_the_whole_balance(client):
    club = ClubFactory()
    treasurer = UserFactory()
    MembershipFactory(club=club, player__user=treasurer, role=Role.ORGANIZER)
    for number in range(1, 251):
        services.ledger_record(
            club=club, kind="other", amount=number, recorded_by=treasurer, memo=f"m{number}"
        )
    first, last = (
        LedgerEntry.objects.order_by("pk").values_list("pk", flat=True)[i] for i in (0, 249)
    )
    client.force_login(treasurer)
    url = reverse("money_club:ledger", args=[club.slug])

    def rows(page):
        return page.count('data-testid="ledger-row"')

    newest = client.get(url).content.decode()
    assert rows(newest) == 50 and f'id="row-{last}"' in newest and f'id="row-{first}"' not in newest
    assert "Movements 201–250 of 250" in newest
    assert 'href="?page=1"' in newest and 'href="?page=2"' in newest
    assert ">313.75 €<" in newest.split('data-testid="balance"')[1][:40]  # 1 + … + 250 cents
    oldest = client.get(url, {"page": 1}).content.decode()
    assert rows(oldest) == 100 and f'id="row-{first}"' in oldest
    assert rows(client.get(url, {"page": "x"}).content.decode()) == 50  # the newest again
    export = client.get(url, {"_export": "csv"}).content.decode("utf-8-sig")
    assert len(list(csv.reader(io.StringIO(export)))) == 1 + 250
