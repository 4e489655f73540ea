"""The dice page tells a player how to check the dice himself: games count from 1 and rolls
from 0, and the page's own check (no command run on the server)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.models import Match, MatchStatus
from tests.play.conftest import SEED, Table, make_online

pytestmark = pytest.mark.django_db


def dice_page(client, match: Match) -> str:
    tournament = match.round.stage.tournament
    url = reverse("online:dice", args=[tournament.club.slug, tournament.slug, match.pk])
    response = client.get(url)
    assert response.status_code == 200
    return " ".join(response.content.decode().split())


def test_the_dice_page_counts_games_from_1_and_offers_its_own_check(
    client, make_tournament, commit, settings
):
    settings.CRAWFORD_DICE_SEED = SEED
    match = make_online(make_tournament(4, default_length=1, is_published=True))
    table = Table(match, commit)
    page = dice_page(client, match)  # the match under way
    assert "Games are counted from 1 (the match's first game is game 1)" in page
    assert "rolls from 0 in each game" in page
    assert "manage.py" not in page and "verify_dice" not in page
    assert "Once the match is over, this page shows the seed" in page
    table.play_out_game()
    assert Match.objects.get(pk=match.pk).status == MatchStatus.FINISHED
    page = dice_page(client, match)
    assert "Games are counted from 1" in page
    assert "manage.py" not in page and "verify_dice" not in page
    assert "“Recompute every roll” above" in page
    assert 'id="dice-verdict"' in page
