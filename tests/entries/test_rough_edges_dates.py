"""The sign-up's dates said right: a sign-up set to close (or open) after the tournament's start
is saved, with a warning the organizer reads on the Entries page until he mends it; and a
sentence that ends with an English time ("6:30 p.m.") ends with one period, not two."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from entries import services
from entries.models import SignupRules
from entries.selectors import check_in_closed_reason, signup_closed_reason
from tournaments import services as tournament_services

pytestmark = pytest.mark.django_db


def evening(days: int) -> datetime:
    """6:30 p.m. in the club's time zone, ``days`` from today."""
    day = timezone.localtime() + timedelta(days=days)
    return day.replace(hour=18, minute=30, second=0, microsecond=0)


def local(moment: datetime) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%dT%H:%M")


def test_a_sign_up_closing_after_the_start_is_saved_with_a_warning(
    open_tournament, organizer, client
):
    tournament = open_tournament(fields={"starts_at": evening(5)})
    client.force_login(organizer)
    url = reverse("entries:rules", args=[tournament.club.slug, tournament.slug])
    response = client.post(
        url,
        {"closes_at": local(evening(6)), "capacity": "8", "waiting_list": "on"},
        follow=True,
    )
    page = response.content.decode()
    assert "The sign-up rules are saved." in page
    assert SignupRules.objects.get(tournament=tournament).closes_at == evening(6)
    assert "The sign-up closes after the tournament starts" in page
    assert "p.m.." not in page

    # Mended: the warning goes.
    client.post(url, {"closes_at": local(evening(4)), "capacity": "8", "waiting_list": "on"})
    page = client.get(
        reverse("entries:list", args=[tournament.club.slug, tournament.slug])
    ).content.decode()
    assert "after the tournament starts" not in page


def test_a_sign_up_opening_after_the_start_is_warned_of_too(open_tournament, organizer, client):
    tournament = open_tournament(fields={"starts_at": evening(5)})
    services.signup_rules_set(tournament=tournament, opens_at=evening(6))
    client.force_login(organizer)
    page = client.get(
        reverse("entries:list", args=[tournament.club.slug, tournament.slug])
    ).content.decode()
    assert "The sign-up opens after the tournament starts" in page


def test_a_sentence_ending_with_an_evening_time_ends_with_one_period(open_tournament, client):
    tournament = open_tournament(closes_at=evening(3))
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "Sign-up closes on " in page
    assert "p.m.." not in page
    assert "6:30 p.m.</span>" in page

    rules = SignupRules.objects.get(tournament=tournament)
    rules.opens_at = evening(2)
    assert signup_closed_reason(tournament, rules).endswith("6:30 p.m.")
    rules.opens_at, rules.closes_at = None, timezone.now() - timedelta(hours=1)
    assert not signup_closed_reason(tournament, rules).endswith("..")

    checked = tournament_services.tournament_update(
        tournament=tournament, require_check_in=True, starts_at=evening(3) + timedelta(days=1)
    )
    assert check_in_closed_reason(checked).endswith("6:30 p.m.")


def test_the_rule_of_one_period_holds_its_examples():
    import doctest

    from entries import sentences

    assert doctest.testmod(sentences).failed == 0
