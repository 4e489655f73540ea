"""Every format the organizer can choose has its pure class and one adapter, and the
services draw, advance and finish it through the adapter alone."""

from __future__ import annotations

import pytest

from standings.tiebreaks import METRIC_LABELS
from tests.conftest import open_matches
from tournaments.formats import ADAPTERS, Drawing, adapter_of, default_tiebreaks
from tournaments.models import StageKind, TournamentFormat, TournamentStatus
from tournaments.pairing import FORMATS

pytestmark = pytest.mark.django_db


def test_every_format_has_its_pure_class_and_one_adapter():
    assert set(ADAPTERS) == set(TournamentFormat.values) == set(FORMATS)
    for key in TournamentFormat.values:
        assert set(default_tiebreaks(key)) <= set(METRIC_LABELS)


@pytest.mark.parametrize("key", TournamentFormat.values)
def test_each_format_runs_from_start_to_finish_through_its_adapter(make_tournament, play, key):
    settings = {"swiss_rounds": 2} if key == TournamentFormat.SWISS else {}
    tournament = make_tournament(4, format=key, default_length=1, **settings)
    adapter = adapter_of(tournament)
    stage = tournament.stages.order_by("order").first()
    assert stage.kind == adapter.first_stage
    assert (stage.kind == StageKind.MAIN) == (adapter.drawing is Drawing.BRACKET)
    for _ in range(20):
        matches = open_matches(tournament)
        if not matches:
            break
        for match in matches:
            play(match)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
