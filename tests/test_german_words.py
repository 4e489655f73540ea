"""A word shared by two meanings has two texts: a chouette that is open reads "Offen" (not the
button's "Öffnen"), a refund in the ledger "Erstattung" (not the button's "Erstatten"); and a
player who checks himself in is spoken to, not of."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone, translation

from chouettes.models import SessionStatus
from config.errors import UserError
from entries.services.check_in import entry_self_check_in
from money import services
from money.models import LedgerKind

pytestmark = pytest.mark.django_db


def test_a_state_and_a_kind_read_as_nouns_in_german_the_buttons_as_verbs():
    with translation.override("de"):
        assert str(SessionStatus.OPEN.label) == "Offen"
        assert str(LedgerKind.REFUND.label) == "Erstattung"
        assert translation.gettext("Open") == "Öffnen"  # the button
        assert translation.gettext("Refund") == "Erstatten"


def test_a_player_checking_himself_in_unpaid_is_told_in_the_second_person(make_tournament):
    tournament = make_tournament(2, start=False, require_check_in=True)
    tournament.starts_at = timezone.now() + timedelta(hours=1)
    tournament.save(update_fields=["starts_at"])
    services.tournament_money_update(tournament=tournament, entry_fee=1000)
    services.club_money_settings_update(club=tournament.club, check_in_unpaid=False)
    entry = tournament.entries.select_related("player").first()
    for language, words in (("en", "You have not paid"), ("de", "Sie haben das Startgeld")):
        with translation.override(language), pytest.raises(UserError) as refused:
            entry_self_check_in(tournament=tournament, player=entry.player)
        assert refused.value.messages[0].startswith(words)
        assert entry.player.name not in refused.value.messages[0]
