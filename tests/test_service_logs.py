"""Structured logs from the service layer: one line per result change (once committed) and one
per refused action, and a JSON formatter that keeps their fields."""

from __future__ import annotations

import json
import logging

import pytest
from django.db import transaction

from config.errors import UserError
from config.logs import JsonFormatter, logged_service
from matches.services import match_record_final_score, match_record_game
from tests.conftest import open_matches
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def lines(caplog):
    caplog.set_level(logging.INFO, logger="crawford.services")

    def read(event: str) -> list[logging.LogRecord]:
        return [r for r in caplog.records if getattr(r, "event", None) == event]

    return read


def test_each_result_change_is_one_line_once_committed(make_tournament, commit, lines, organizer):
    tournament = make_tournament(4, default_length=5)
    first, second = open_matches(tournament)
    commit(match_record_game, match=first, winner=0, kind="gammon", cube=2, user=organizer)
    commit(match_record_final_score, match=second, score_a=2, score_b=5)
    changed = lines("result_changed")
    assert [(r.service, r.match_id, r.score, r.status) for r in changed] == [
        ("match_record_game", first.pk, [4, 0], "playing"),
        ("match_record_final_score", second.pk, [2, 5], "finished"),
    ]
    assert changed[0].user_id == organizer.pk
    assert lines("refused") == []


def test_a_change_that_is_rolled_back_is_not_logged(make_tournament, lines):
    match = open_matches(make_tournament(2, default_length=5))[0]
    with pytest.raises(RuntimeError), transaction.atomic():
        match_record_game(match=match, winner=0)
        raise RuntimeError("rolled back")
    assert lines("result_changed") == []


def test_a_refused_action_is_one_line_with_its_reason(make_tournament, commit, lines):
    match = open_matches(make_tournament(2, default_length=5))[0]
    with pytest.raises(UserError):
        match_record_game(match=match, winner=0, kind="backgammon", cube=4096)
    (refused,) = lines("refused")
    assert (refused.service, refused.code, refused.field) == (
        "match_record_game",
        "cube_above_max",
        "cube",
    )
    assert refused.match_id == match.pk and "64" in refused.detail
    assert lines("result_changed") == []


def test_a_refusal_passing_through_two_services_is_logged_once(lines):
    @logged_service("inner")
    def inner(*, match: int) -> None:
        raise UserError("no", code="nope")

    @logged_service("outer")
    def outer(*, match: int) -> None:
        inner(match=match)

    with pytest.raises(UserError):
        outer(match=3)
    assert [(r.service, r.code, r.match) for r in lines("refused")] == [("inner", "nope", 3)]


def test_organizer_refusals_are_logged_too(make_tournament, lines):
    tournament = make_tournament(2, start=False)
    with pytest.raises(UserError):
        services.tournament_open_registration(tournament=tournament)  # already open
    (refused,) = lines("refused")
    assert refused.service == "tournament_open_registration"
    assert refused.tournament_id == tournament.pk


def test_the_json_formatter_writes_one_object_a_line_with_the_fields():
    record = logging.LogRecord(
        "crawford.services", logging.INFO, __file__, 1, "hi %s", ("x",), None
    )
    record.event, record.match_id, record.score = "result_changed", 7, [5, 3]
    text = JsonFormatter().format(record)
    assert "\n" not in text
    data = json.loads(text)
    assert data | {"level": "INFO", "logger": "crawford.services", "message": "hi x"} == data
    assert (data["event"], data["match_id"], data["score"]) == ("result_changed", 7, [5, 3])


def test_the_settings_log_through_the_formatter():
    from django.conf import settings

    assert settings.LOGGING["formatters"]["json"]["()"] == "config.logs.JsonFormatter"
    assert settings.LOGGING["loggers"]["crawford"]["level"] == "INFO"


def test_arguments_named_like_log_record_fields_do_not_break_the_line(lines):
    @logged_service("club_add_guest")
    def add(*, name: str, msg: str, service: str) -> None:
        raise UserError("taken", code="taken")

    with pytest.raises(UserError):
        add(name="Willi", msg="x", service="y")
    (refused,) = lines("refused")
    assert (refused.name_arg, refused.msg_arg, refused.service_arg) == ("Willi", "x", "y")
    assert refused.service == "club_add_guest"
