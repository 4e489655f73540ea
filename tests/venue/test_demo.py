"""The demo night has tables, and its matches in play are called to them."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.test import TestCase

from venue.models import Call, Table

pytestmark = pytest.mark.django_db


def test_the_demo_calls_its_matches_to_its_tables(client):
    out = StringIO()
    with TestCase.captureOnCommitCallbacks(execute=True):
        call_command("demo", stdout=out)
    assert Table.objects.filter(club__slug="demo").count() == 8
    calls = Call.objects.filter(club__slug="demo", ended_at__isnull=True)
    assert calls.count() >= 3
    assert "Venue display: /clubs/demo/venue/display/" in out.getvalue()
    page = client.get("/clubs/demo/venue/display/").content.decode()
    first = calls.order_by("table__number").first()
    assert f"Table {first.table.number}: {first.player_a.name} – {first.player_b.name}" in page
    with TestCase.captureOnCommitCallbacks(execute=True):
        call_command("demo", stdout=StringIO())  # again: the same tables
    assert Table.objects.filter(club__slug="demo").count() == 8
