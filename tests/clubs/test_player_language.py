from __future__ import annotations

import pytest

from clubs.models import Player
from clubs.services import player_set_language
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def test_the_language_is_set_on_the_users_player_alone():
    player, other = PlayerFactory(language="en"), PlayerFactory(language="en")

    player_set_language(user=player.user, language="de")

    assert Player.objects.get(pk=player.pk).language == "de"
    assert Player.objects.get(pk=other.pk).language == "en"
