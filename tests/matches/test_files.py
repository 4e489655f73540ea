"""Matches played elsewhere and uploaded as .mat files (GNU Backgammon, eXtreme Gammon)."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from clubs.models import Role
from config.errors import UserError
from events.models import Event
from matches.file_errors import PlayersUnknownError
from matches.models import Game, Match, MatchFile, MatchStatus
from matches.selectors import match_history
from matches.selectors.files import side_mapping
from matches.services import match_import_file, match_record_game, report_confirm, report_dispute
from tests.conftest import MAT_FIXTURES, assert_nothing_stored, mat
from tests.factories import MembershipFactory, UserFactory
from tests.shared import SharedMatches, shared_club

pytestmark = pytest.mark.django_db

#: The open matches the tests make (``make_match`` arguments); the usual one twice, for the
#: test that imports the same file into two.
MATCHES = [
    {},
    {},
    *({"length": length} for length in (1, 5, 9, 25)),
    {"names": ("alice", "BOB")},
    {"names": ("Bob", "Alice")},
    {"names": ("Ann Meyer", "Bert Schulz")},
    {"names": ("Ann", "Bert")},
    {"cube_enabled": False},
    {"match_format": "games"},
]


@pytest.fixture(scope="module")
def shared(module_db):
    """The organizer and an open match of every kind the tests make, each kind in a club of
    its own, built once (each test changes its match and is rolled back)."""
    organizer, _club = shared_club()
    return organizer, SharedMatches(organizer, MATCHES)


@pytest.fixture
def organizer(shared):
    return shared[0]


@pytest.fixture
def make_match(shared):
    """The shared open match of the kind asked for (see ``SharedMatches``)."""
    return shared[1].maker()


@pytest.fixture(autouse=True)
def _own_caches(own_caches):
    """The tests share the matches (``module_db``)."""


def expected(name: str) -> dict:
    return json.loads((MAT_FIXTURES / f"{name}.json").read_text())


def import_error(match: Match, text: str, **kwargs) -> UserError:
    with pytest.raises(UserError) as caught:
        match_import_file(match=match, text=text, **kwargs)
    assert_nothing_stored(match)
    return caught.value


# --- Files that are right ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "gnubg_01pt_s101",
        "gnubg_03pt_s104",
        "gnubg_05pt_s108",
        "gnubg_09pt_s117",
        "gnubg_25pt_s125",
        "xg_05pt_from_s108",
    ],
)
def test_a_gnubg_file_is_recorded_game_by_game_with_its_final_score(
    name, make_match, commit, organizer
):
    facts = expected(name.replace("xg_05pt_from_s108", "gnubg_05pt_s108"))
    match = make_match(length=facts["length"], names=facts["players"])

    imported = commit(
        match_import_file, match=match, text=mat(name), name=f"{name}.mat", user=organizer
    )

    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    assert [match.score_a, match.score_b] == facts["final_score"]
    won_by_a = facts["final_score"][0] > facts["final_score"][1]
    assert match.winner == (match.entry_a if won_by_a else match.entry_b)
    games = list(match.games.order_by("number"))
    assert [
        {
            "winner": g.winner,
            "kind": g.kind,
            "cube": g.cube,
            "points": g.points,
            "ended_by": g.ended_by,
        }
        for g in games
    ] == [{k: v for k, v in game.items() if k != "score_before"} for game in facts["games"]]
    assert {g.source for g in games} == {"file"}
    assert all(g.record["actions"] and g.entered_by == organizer for g in games)
    stored = imported.file
    assert stored.content == mat(name) and stored.name == f"{name}.mat"
    assert stored.uploaded_by == organizer
    assert imported.warnings == ()  # gnubg's own files are read as they are written


def test_names_match_whatever_the_case_and_spacing(make_match):
    match = make_match(names=("alice", "BOB"))
    match_import_file(match=match, text=mat("gnubg_03pt_s104"))
    match.refresh_from_db()
    assert (match.score_a, match.score_b) == (5, 1)


def test_players_in_the_other_order_are_mapped_by_name(make_match):
    match = make_match(names=("Bob", "Alice"))
    match_import_file(match=match, text=mat("gnubg_03pt_s104"))
    match.refresh_from_db()
    assert (match.score_a, match.score_b) == (1, 5)
    assert match.winner == match.entry_b  # Alice
    first = match.games.get(number=1)
    assert first.winner == 0  # Bob won game 1 of the file
    # The move record follows the match's sides too: Alice (the file's first player) is 1.
    assert first.record["actions"][0]["player"] == 1


def test_different_names_need_the_uploader_to_say_who_is_who(make_match):
    match = make_match(names=("Ann Meyer", "Bert Schulz"))
    error = import_error(match, mat("gnubg_03pt_s104"))
    assert isinstance(error, PlayersUnknownError)
    assert error.names == ("Alice", "Bob")
    assert "Alice" in error.messages[0] and "Ann Meyer" in error.messages[0]

    match_import_file(match=match, text=mat("gnubg_03pt_s104"), swap=True)
    match.refresh_from_db()
    assert (match.score_a, match.score_b) == (1, 5)


def test_a_choice_against_the_names_in_the_file_is_refused(make_match):
    match = make_match()
    error = import_error(match, mat("gnubg_03pt_s104"), swap=True)
    assert error.code == "players_contradict"


def test_side_mapping_needs_two_different_names():
    assert side_mapping(("A", "B"), ("a", "b")) is False
    assert side_mapping(("Ann  Meyer", "Bo"), (" ann meyer", "BO ")) is False
    assert side_mapping(("A", "B"), ("b", "a")) is True
    assert side_mapping(("A", "B"), ("x", "x")) is None
    assert side_mapping(("A", "B"), ("a", "c")) is None


# --- Files that are refused, with nothing stored -----------------------------------------------


def test_a_file_of_another_length_is_refused(make_match):
    match = make_match(length=5)
    error = import_error(match, mat("gnubg_03pt_s104"))
    assert error.code == "wrong_length"
    assert str(error.messages[0]) == ("The file is a 3-point match; this match is played to 5.")


def test_an_illegal_move_names_the_game_and_the_move(make_match):
    text = mat("gnubg_03pt_s104")
    assert "  3) 43: 24/20 23/20" in text  # game 2, move 3
    match = make_match()
    error = import_error(match, text.replace("  3) 43: 24/20 23/20", "  3) 43: 24/20 23/21"))
    assert error.code == "illegal_move"
    assert (error.game, error.move) == (2, 3)
    assert error.messages[0].startswith("Game 2, move 3: 24/20 23/21 is not a legal play")


def test_a_move_that_cannot_be_read_names_its_line(make_match):
    text = mat("gnubg_03pt_s104")
    lines = text.splitlines()
    number = next(i for i, line in enumerate(lines, 1) if line.startswith("  4) 64: 10/4 8/4"))
    lines[number - 1] = lines[number - 1].replace("10/4 8/4", "ten/four")
    match = make_match()
    error = import_error(match, "\n".join(lines))
    assert error.line == number
    assert error.messages[0].startswith(f"Line {number} of the file")
    assert "ten/four" in error.messages[0]


def test_a_truncated_file_is_refused(make_match):
    text = mat("gnubg_05pt_s108")
    cut = text[: text.index(" Game 4")]
    match = make_match(length=5)
    error = import_error(match, cut)
    assert error.code == "incomplete"
    assert "ends before the match is over" in error.messages[0]


def test_a_file_cut_in_the_middle_of_a_line_is_refused(make_match):
    text = mat("gnubg_05pt_s108")
    match = make_match(length=5)
    error = import_error(match, text[: len(text) // 2].rstrip() + "/")
    assert error.code in {"bad_line", "incomplete", "illegal_move"}


def test_text_that_is_no_match_file_is_refused(make_match):
    match = make_match()
    error = import_error(match, "Dear referee,\nI won 3-1.\n")
    assert error.code == "not_a_match_file"
    error = import_error(match, "")
    assert error.code == "not_a_match_file"


def test_the_tournaments_rules_apply_to_the_file(make_match):
    """Doubles in a tournament without the cube are illegal moves of the file."""
    match = make_match(cube_enabled=False)
    error = import_error(match, mat("gnubg_03pt_s104"))
    assert error.code == "illegal_move"
    assert (error.game, error.move) == (1, 5)
    assert "without the doubling cube" in error.messages[0]


def test_a_best_of_match_takes_no_mat_file(make_match):
    match = make_match(length=3, match_format="games")
    error = import_error(match, mat("gnubg_03pt_s104"))
    assert error.code == "best_of_match"
    assert "best of 3 games" in error.messages[0]


def test_a_match_with_games_is_corrected_not_imported(make_match):
    match = make_match()
    match_record_game(match=match, winner=0)
    with pytest.raises(UserError) as caught:
        match_import_file(match=match, text=mat("gnubg_03pt_s104"))
    assert caught.value.code == "has_games"
    assert match.games.count() == 1 and not MatchFile.objects.exists()


def test_a_file_cannot_be_imported_twice(make_match):
    match = make_match()
    match_import_file(match=match, text=mat("gnubg_03pt_s104"))
    with pytest.raises(UserError) as caught:
        match_import_file(match=match, text=mat("gnubg_03pt_s104"))
    assert caught.value.code == "match_over"
    assert Game.objects.filter(match=match).count() == 3
    assert MatchFile.objects.filter(match=match).count() == 1


# --- The upload page ------------------------------------------------------------------------


def upload_url(match: Match) -> str:
    tournament = match.round.stage.tournament
    return reverse("matchfiles:upload", args=[tournament.club.slug, tournament.slug, match.pk])


def upload(client, match, text: str, name: str = "match.mat"):
    from django.core.files.uploadedfile import SimpleUploadedFile

    data = {"file": SimpleUploadedFile(name, text.encode(), content_type="text/plain")}
    return client.post(upload_url(match), data)


def test_a_player_of_the_match_uploads_his_match(client, make_match):
    match = make_match()
    club = match.round.stage.tournament.club
    user = UserFactory()  # the guest Alice signs up and becomes a member with an account
    match.entry_a.player.user = user
    match.entry_a.player.save()
    client.force_login(user)

    page = client.get(upload_url(match))
    assert page.status_code == 200 and b'type="file"' in page.content

    response = upload(client, match, mat("gnubg_03pt_s104"))
    assert response.status_code == 302
    assert response["Location"].endswith(f"/matches/{match.pk}/")
    # A player's own file is a report: nothing counts until the opponent confirms it.
    match.refresh_from_db()
    assert (match.status, match.score_a, match.score_b) == ("ready", 0, 0)
    assert match.games.count() == 0
    report = match.reports.get(status="pending")
    assert (report.score_a, report.score_b, report.reported_by) == (5, 1, match.entry_a.player)
    page = client.get(response["Location"]).content.decode()
    assert "5–1" in page and "confirms" in page
    stored = match.files.get()
    assert report.file == stored
    download = client.get(
        reverse(
            "matchfiles:download",
            args=[club.slug, match.round.stage.tournament.slug, match.pk, stored.pk],
        )
    )
    assert download.status_code == 200 and download.content == mat("gnubg_03pt_s104").encode()


def test_the_opponent_confirms_a_players_file_and_its_games_count(client, make_match, commit):
    match = make_match()
    alice, bob = UserFactory(), UserFactory()
    for entry, user in ((match.entry_a, alice), (match.entry_b, bob)):
        entry.player.user = user
        entry.player.save()
    client.force_login(alice)
    upload(client, match, mat("gnubg_03pt_s104"))
    report = match.reports.get(status="pending")
    with pytest.raises(UserError, match="opponent or a referee"):
        report_confirm(report=report, by=match.entry_a.player)
    commit(report_confirm, report=report, by=match.entry_b.player, user=bob)
    match.refresh_from_db()
    assert (match.status, match.score_a, match.score_b) == ("finished", 5, 1)
    assert match.games.count() == len(expected("gnubg_03pt_s104")["games"])
    assert all(game.source == "file" and game.record for game in match.games.all())
    assert sum(g.points for g in match.games.filter(winner=0)) == 5
    history = match_history(match)
    assert history[-1].after.startswith("5–1") and history[-1].who


def test_a_confirmed_players_file_is_accepted_like_a_referees_upload(client, make_match, commit):
    """Its moves are the games' records and MatchFileAccepted is emitted, so the match is
    analysed (and whatever else follows an accepted file) as after a referee's upload."""
    match = make_match()
    alice = UserFactory()
    match.entry_a.player.user = alice
    match.entry_a.player.save()
    client.force_login(alice)
    upload(client, match, mat("gnubg_03pt_s104"))
    report = match.reports.get(status="pending")
    assert not Event.objects.filter(name="MatchFileAccepted").exists()
    commit(report_confirm, report=report, by=match.entry_b.player)
    accepted = Event.objects.filter(name="MatchFileAccepted")
    assert [e.payload for e in accepted] == [{"match_id": match.pk, "file_id": report.file_id}]
    by_referee = make_match()
    commit(match_import_file, match=by_referee, text=mat("gnubg_03pt_s104"))
    records = [game.record for game in match.games.order_by("number")]
    assert records == [game.record for game in by_referee.games.order_by("number")]
    assert all(record["actions"] for record in records)


def test_a_players_file_that_the_opponent_disputes_records_nothing(client, make_match):
    match = make_match()
    alice = UserFactory()
    match.entry_a.player.user = alice
    match.entry_a.player.save()
    client.force_login(alice)
    upload(client, match, mat("gnubg_03pt_s104"))
    report = match.reports.get(status="pending")
    report_dispute(report=report, by=match.entry_b.player, note="Game 2 was mine")
    match.refresh_from_db()
    assert (match.status, match.games.count()) == ("ready", 0)


def test_a_referees_file_is_final(client, make_match, organizer):
    match = make_match()
    client.force_login(organizer)
    upload(client, match, mat("gnubg_03pt_s104"))
    match.refresh_from_db()
    assert (match.status, match.score_a, match.score_b) == ("finished", 5, 1)
    assert not match.reports.exists()


def test_a_refused_file_shows_why_on_the_page(client, make_match, organizer):
    match = make_match(length=5)
    client.force_login(organizer)
    response = upload(client, match, mat("gnubg_03pt_s104"))
    assert response.status_code == 200
    assert "The file is a 3-point match; this match is played to 5." in response.text
    assert_nothing_stored(match)


def test_the_page_asks_who_is_who_when_the_names_differ(client, make_match, organizer):
    match = make_match(names=("Ann", "Bert"))
    client.force_login(organizer)
    response = upload(client, match, mat("gnubg_03pt_s104"), name="final.mat")
    assert response.status_code == 200
    assert "Alice is Ann, Bob is Bert" in response.text
    assert_nothing_stored(match)

    form = response.context["form"]
    response = client.post(
        upload_url(match),
        {"content": form.initial["content"], "name": form.initial["name"], "swap": "1"},
    )
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.score_a, match.score_b) == (1, 5)  # Bert was Alice
    assert match.files.get().name == "final.mat"


def test_the_page_refuses_a_match_that_has_games(client, make_match, organizer):
    match = make_match()
    match_record_game(match=match, winner=0)
    client.force_login(organizer)
    response = client.get(upload_url(match))
    assert "already has games" in response.text and b'type="file"' not in response.content


def test_a_binary_file_is_refused(client, make_match, organizer):
    from django.core.files.uploadedfile import SimpleUploadedFile

    match = make_match()
    client.force_login(organizer)
    data = {"file": SimpleUploadedFile("x.mat", b"\x89PNG\x00\x00", content_type="image/png")}
    response = client.post(upload_url(match), data)
    assert "not a text file" in response.text
    assert_nothing_stored(match)


def test_only_players_referees_and_organizers_upload(client, make_match):
    match = make_match()
    club = match.round.stage.tournament.club
    assert client.get(upload_url(match)).status_code == 302  # to the log-in page
    member = UserFactory()
    MembershipFactory(club=club, player__user=member)
    client.force_login(member)
    assert client.get(upload_url(match)).status_code == 403
    assert upload(client, match, mat("gnubg_03pt_s104")).status_code == 403
    assert_nothing_stored(match)

    referee = UserFactory()
    MembershipFactory(club=club, player__user=referee, role=Role.REFEREE)
    match.round.stage.tournament.referees.add(referee.player)
    client.force_login(referee)
    assert client.get(upload_url(match)).status_code == 200
