"""Match files as other programs write them, uploaded through the page: Backgammon Galaxy,
FIBS, Snowie, Backgammon Studio, eXtreme Gammon and gnubg; their encodings; what is refused
and what the uploader reads then.

The files are the engine's dialect fixtures (tests/backgammon/fixtures/mat/dialects), each with
GNU Backgammon's own reading (``*.gnubg.json``), which the recorded games must match.
"""

from __future__ import annotations

import codecs
import functools
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from analysis.moves import match_log
from matches.models import Match
from matches.services import (
    match_correct_final_score,
    match_correct_games,
    match_import_file,
    report_confirm,
)
from tests.conftest import MAT_FIXTURES, assert_nothing_stored, mat
from tests.shared import SharedMatches, shared_club

pytestmark = pytest.mark.django_db

DIALECTS = MAT_FIXTURES / "dialects"


def data(stem: str) -> bytes:
    return (DIALECTS / f"{stem}.mat").read_bytes()


@functools.cache
def _gnubg_reading(stem: str) -> str:
    return (DIALECTS / f"{stem}.gnubg.json").read_text()


def gnubg_reading(stem: str) -> dict:
    return json.loads(_gnubg_reading(stem))  # a copy of the test's own


#: The files whose players and length the tests' matches take, besides ``WRITERS``'.
OTHER_STEMS = [
    "fibs_7pt_forfeit",
    "snowie_7pt_forfeit",
    "studio_11pt_forfeit",
    "fibs_5pt_resumed",
    "snowie_9pt_resumed",
]

#: The other matches the tests make (``make_match`` arguments).
OTHER_MATCHES = [
    {},
    {"length": 7},
    {"length": 7, "names": ("Søren_Kierkegaard", "Zoë Ørsted")},
    {"length": 9, "names": ("Søren_Kierkegaard", "Zoë Ørsted")},
    {"length": 9, "names": ("gnubg", "Eva")},
    {"length": 7, "names": ("Carla", "Dmitri")},
    {"names": ("Jäger", "Bob")},
    {"names": ("Alice", "Jürgen Weiß")},
    {"names": ("Zoë", "Bob")},
]


@pytest.fixture(scope="module")
def shared(module_db):
    """The organizer and an open match of every kind the tests make, each kind in a club of
    its own, built once (each test changes its match and is rolled back)."""
    organizer, _club = shared_club()
    wanted = OTHER_MATCHES + [
        {"length": reading["length"], "names": tuple(reading["names"])}
        for reading in map(gnubg_reading, [*WRITERS, *OTHER_STEMS])
    ]
    unique = list({json.dumps(kind, sort_keys=True): kind for kind in wanted}.values())
    return organizer, SharedMatches(organizer, unique)


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


def upload_url(match: Match) -> str:
    tournament = match.round.stage.tournament
    return reverse("matchfiles:upload", args=[tournament.club.slug, tournament.slug, match.pk])


def upload(client, match: Match, content: bytes, name: str = "match.mat"):
    """Post the file's bytes as a browser does; follow to the page the uploader sees."""
    file = SimpleUploadedFile(name, content, content_type="text/plain")
    return client.post(upload_url(match), {"file": file}, follow=True)


def shown_messages(response) -> list[tuple[str, str]]:
    return [(message.level_tag, str(message)) for message in response.context["messages"]]


def warnings_shown(response) -> list[str]:
    return [text for level, text in shown_messages(response) if level == "warning"]


# --- Every writer's file is accepted with gnubg's result ----------------------------------------

#: stem -> (the message the uploader sees, the warnings shown on the match page)
WRITERS = {
    "galaxy_7pt": (
        "The match file is imported: 0–7.",
        [
            "Lines 22, 45, 85 have entries that say nothing a game needs (such as “Losses 1 "
            "point”); they were skipped, as GNU Backgammon skips them.",
            "Game 3: the file says “Wins 7 points and the match”, but the board and the cube "
            "make the game worth 4; it counts 4 (line 85).",
        ],
    ),
    "galaxy_11pt": (
        "The match file is imported: 18–1.",
        [
            "Lines 16, 24, 30, 73 have entries that say nothing a game needs (such as “Losses "
            "1 point”); they were skipped, as GNU Backgammon skips them.",
            "Game 4: the file says “Wins 9 points and the match”, but the board and the cube "
            "make the game worth 16; it counts 16 (line 73).",
        ],
    ),
    "galaxy_25pt": (
        "The match file is imported: 26–23.",
        [
            "Lines 23, 45, 81, 112, 127, 163, 186, 223, … have entries that say nothing a game "
            "needs (such as “Losses 1 point”); they were skipped, as GNU Backgammon skips them.",
            "Game 19: the file says “Wins 3 points and the match”, but the board and the cube "
            "make the game worth 4; it counts 4 (line 535).",
        ],
    ),
    "fibs_5pt": ("The match file is imported: 7–3.", []),
    "fibs_11pt": ("The match file is imported: 14–1.", []),
    "snowie_7pt": ("The match file is imported: 0–9.", []),
    "studio_11pt": ("The match file is imported: 11–6.", []),
    "xg_13pt": ("The match file is imported: 16–3.", []),
}


@pytest.mark.parametrize("stem", sorted(WRITERS))
def test_each_writers_file_is_imported_as_gnubg_reads_it(stem, client, make_match, organizer):
    reading = gnubg_reading(stem)
    match = make_match(length=reading["length"], names=tuple(reading["names"]))
    client.force_login(organizer)

    response = upload(client, match, data(stem), name=f"{stem}.mat")

    assert response.redirect_chain[-1][0].endswith(f"/matches/{match.pk}/")
    success, warnings = WRITERS[stem]
    assert ("success", success) in shown_messages(response)
    assert warnings_shown(response) == warnings
    for warning in warnings:
        assert warning in response.text
    match.refresh_from_db()
    assert match.status == "finished"
    games = list(match.games.order_by("number"))
    assert [(g.winner, g.points) for g in games] == [
        (g["winner"], g["points"]) for g in reading["games"]
    ]
    score = [sum(g["points"] for g in reading["games"] if g["winner"] == side) for side in (0, 1)]
    assert [match.score_a, match.score_b] == score
    assert success == f"The match file is imported: {score[0]}–{score[1]}."
    assert match.winner == (match.entry_a if score[0] > score[1] else match.entry_b)
    assert {g.source for g in games} == {"file"}


def test_the_warnings_are_german_for_a_german_uploader(client, make_match, organizer):
    match = make_match(length=7, names=("Søren_Kierkegaard", "Zoë Ørsted"))
    client.force_login(organizer)
    client.cookies["django_language"] = "de"
    response = upload(client, match, data("galaxy_7pt"))
    assert ("success", "Die Matchdatei ist importiert: 0–7.") in shown_messages(response)
    assert warnings_shown(response)[1] == (
        "Spiel 3: Die Datei sagt „Wins 7 points and the match“, aber Brett und Doppler "
        "machen das Spiel 4 wert; es zählt 4 (Zeile 85)."
    )


def test_a_wins_in_the_losers_column_counts_for_the_player_who_bore_off(
    client, make_match, organizer
):
    lines = mat("gnubg_07pt_s112").splitlines()
    assert lines[75] == "                                  Wins 4 points"  # Bob bore off
    lines[75] = "      Wins 4 points"  # in Alice's column
    match = make_match(length=7)
    client.force_login(organizer)
    response = upload(client, match, "\n".join(lines).encode())
    assert warnings_shown(response) == [
        "Game 3: “Wins 4 points” stands in the column of Alice, but Bob won the game on the "
        "board; it counts for Bob (line 76)."
    ]
    match.refresh_from_db()
    assert (match.score_a, match.score_b) == (0, 7)


def test_games_after_the_end_of_the_match_are_ignored_with_a_warning(client, make_match, organizer):
    text = mat("gnubg_03pt_s104")
    first = text[text.index(" Game 1") : text.index(" Game 2")]
    extra = first.replace(" Game 1", " Game 4").replace(
        "Alice : 0                      Bob : 0", "Alice : 5                      Bob : 1"
    )
    match = make_match()
    client.force_login(organizer)
    response = upload(client, match, (text + "\n" + extra).encode())
    assert warnings_shown(response) == [
        "The match is over after game 3; the games after it in the file (from line 68) are ignored."
    ]
    match.refresh_from_db()
    assert (match.score_a, match.score_b, match.games.count()) == (5, 1, 3)


# --- Encodings ----------------------------------------------------------------------------------


def test_a_windows_1252_file_keeps_its_umlauts(client, make_match, organizer):
    content = mat("gnubg_03pt_s104").replace("Alice", "Jäger").encode("cp1252")
    assert b"J\xe4ger" in content
    match = make_match(names=("Jäger", "Bob"))
    client.force_login(organizer)
    response = upload(client, match, content)
    assert ("success", "The match file is imported: 5–1.") in shown_messages(response)
    assert "Jäger" in response.text
    assert "Jäger : 0" in match.files.get().content


def test_utf8_with_bom_and_crlf_line_ends_is_read(client, make_match, organizer):
    text = mat("gnubg_03pt_s104").replace("Bob", "Jürgen Weiß")
    content = codecs.BOM_UTF8 + text.replace("\n", "\r\n").encode()
    match = make_match(names=("Alice", "Jürgen Weiß"))
    client.force_login(organizer)
    response = upload(client, match, content)
    assert ("success", "The match file is imported: 5–1.") in shown_messages(response)
    match.refresh_from_db()
    assert (match.score_a, match.score_b, match.games.count()) == (5, 1, 3)


def test_utf16_with_its_byte_order_mark_is_read(client, make_match, organizer):
    content = mat("gnubg_03pt_s104").replace("Alice", "Zoë").encode("utf-16")
    assert content.startswith(codecs.BOM_UTF16_LE) and b"\x00" in content
    match = make_match(names=("Zoë", "Bob"))
    client.force_login(organizer)
    response = upload(client, match, content)
    assert ("success", "The match file is imported: 5–1.") in shown_messages(response)
    assert "Zoë : 0" in match.files.get().content


# --- Refusals: what the uploader reads, and nothing is stored ----------------------------------


def refusal(client, match: Match, content: bytes) -> str:
    response = upload(client, match, content)
    assert response.status_code == 200 and not response.redirect_chain
    errors = response.context["form"].errors["file"]
    assert len(errors) == 1
    assert errors[0] in response.text
    assert_nothing_stored(match)
    return errors[0]


def test_a_fragment_is_refused(client, make_match, organizer):
    match = make_match(length=7, names=("Søren_Kierkegaard", "Zoë Ørsted"))
    client.force_login(organizer)
    assert refusal(client, match, data("galaxy_7pt_fragment")) == (
        "The file starts at game 3: a fragment, not a whole match. Upload the match from its "
        "first game."
    )


def test_a_first_game_at_a_score_the_next_games_contradict_is_refused(
    client, make_match, organizer
):
    """Read as a match resumed at 1–0, whose second game then starts at the wrong score."""
    text = mat("gnubg_03pt_s104").replace(
        "Alice : 0                      Bob : 0", "Alice : 1                      Bob : 0", 1
    )
    match = make_match()
    client.force_login(organizer)
    assert refusal(client, match, text.encode()) == (
        "Line 14 of the file (game 2) does not add up with the games before it: "
        "“Alice : 0 Bob : 1”."
    )


@pytest.mark.parametrize(
    ("stem", "length", "warning"),
    [
        (
            "fibs_7pt_forfeit",
            7,
            "Game 2 ends by forfeit (“wins 4016 points”): it was read as GNU Backgammon reads "
            "it, a resignation worth 6, and the match ends with it: hoppy_frog wins the match "
            "(line 20).",
        ),
        (
            "snowie_7pt_forfeit",
            7,
            "Game 2 ends by forfeit (“Wins 100 points”): it was read as GNU Backgammon reads "
            "it, a resignation worth 3, and the match ends with it: François Œuvray wins the "
            "match (line 25).",
        ),
        (
            "studio_11pt_forfeit",
            11,
            "Game 3 ends by forfeit (“Wins 16 points”): it was read as GNU Backgammon reads "
            "it, a resignation worth 3, and the match ends with it: Ågot Næss wins the match "
            "(line 61).",
        ),
    ],
)
def test_a_forfeit_ends_the_match_with_every_game_as_gnubg_reads_it(
    stem, length, warning, client, make_match, organizer
):
    """FIBS and Snowie write a forfeit as "Wins 100 points", Backgammon Studio as thousands
    or 16: gnubg reads a resignation (of a backgammon) and analyses every move; the match
    ends there, its winner at the match's target."""
    reading = gnubg_reading(stem)
    match = make_match(length=length, names=tuple(reading["names"]))
    client.force_login(organizer)

    response = upload(client, match, data(stem), name=f"{stem}.mat")

    assert response.redirect_chain, response.context["form"].errors
    assert warnings_shown(response) == [warning]
    match.refresh_from_db()
    games = list(match.games.order_by("number"))
    assert [(g.winner, g.points) for g in games] == [
        (g["winner"], g["points"]) for g in reading["games"]
    ]
    assert games[-1].ended_by == "resign" and all(g.record for g in games)
    winner = reading["games"][-1]["winner"]
    loser_points = sum(g["points"] for g in reading["games"] if g["winner"] != winner)
    score = [loser_points, loser_points]
    score[winner] = length
    assert (match.status, match.outcome) == ("finished", "played")
    assert [match.score_a, match.score_b] == score
    assert match.winner == (match.entry_a, match.entry_b)[winner]


@pytest.mark.parametrize(
    ("stem", "length", "start", "final", "line"),
    [("fibs_5pt_resumed", 5, (3, 1), (5, 4), 7), ("snowie_9pt_resumed", 9, (8, 6), (8, 9), 7)],
)
def test_a_match_resumed_from_a_saved_score_is_recorded_from_that_score(
    stem, length, start, final, line, client, make_match, organizer
):
    """FIBS and Snowie logs of a saved match start at its score: gnubg reads the games from
    there. The match keeps where it was resumed, its games count from there, its result is
    the whole match's, and everyone is told that the earlier games are missing."""
    reading = gnubg_reading(stem)
    assert tuple(reading["games"][0]["score"]) == start
    match = make_match(length=length, names=tuple(reading["names"]))
    client.force_login(organizer)

    response = upload(client, match, data(stem), name=f"{stem}.mat")

    assert response.redirect_chain, response.context["form"].errors
    a, b = start
    assert (
        f"The file is a match resumed at {a}–{b} (line {line}): its earlier games are not in "
        f"the file. Its games are recorded from {a}–{b}, as GNU Backgammon reads them, and the "
        "final score counts the whole match."
    ) in warnings_shown(response)
    assert ("success", f"The match file is imported: {final[0]}–{final[1]}.") in shown_messages(
        response
    )
    match.refresh_from_db()
    assert match.start_score == start
    assert (match.score_a, match.score_b) == final
    assert (match.status, match.outcome) == ("finished", "played")
    assert match.winner == (match.entry_a, match.entry_b)[final[1] > final[0]]
    games = list(match.games.order_by("number"))
    assert [(g.winner, g.points) for g in games] == [
        (g["winner"], g["points"]) for g in reading["games"]
    ]
    page = client.get(response.redirect_chain[-1][0]).content.decode()
    assert f"Resumed at {a}–{b}: the games before are not recorded" in page
    running = [list(start)]
    for game in reading["games"]:
        running.append(list(running[-1]))
        running[-1][game["winner"]] += game["points"]
    for after in running[1:]:
        assert f"{after[0]} – {after[1]}" in page
    # The analysis reads the match from where it was resumed, as gnubg's own reading does.
    log = match_log(match)
    assert {entry.game: entry.score for entry in log} == {
        number: tuple(game["score"]) for number, game in enumerate(reading["games"], start=1)
    }


def test_a_resumed_match_sent_by_a_player_counts_from_its_score_once_confirmed(
    make_match, organizer
):
    reading = gnubg_reading("fibs_5pt_resumed")
    match = make_match(length=5, names=tuple(reading["names"]))
    player_a, player_b = match.entry_a.player, match.entry_b.player
    text = data("fibs_5pt_resumed").decode()
    imported = match_import_file(match=match, text=text, user=organizer, reported_by=player_a)
    assert [w.code for w in imported.warnings][:1] == ["resumed"]
    report = match.reports.get()
    assert (report.score_a, report.score_b) == (5, 4)
    match.refresh_from_db()
    assert (match.score_a, match.score_b, match.games.count()) == (0, 0, 0)

    report_confirm(report=report, by=player_b)

    match.refresh_from_db()
    assert match.start_score == (3, 1)
    assert (match.score_a, match.score_b, match.status) == (5, 4, "finished")
    assert match.games.count() == 4


def test_a_file_ending_in_the_middle_of_a_game_is_refused(client, make_match, organizer):
    match = make_match(length=9, names=("Søren_Kierkegaard", "Zoë Ørsted"))
    client.force_login(organizer)
    assert refusal(client, match, data("galaxy_9pt_ends_mid_game")) == (
        "The file ends in the middle of game 6, at 8–6 in a 9-point match: the match is not "
        "over. Upload the complete match."
    )


def test_an_unfinished_match_is_refused(client, make_match, organizer):
    match = make_match(length=9, names=("gnubg", "Eva"))
    client.force_login(organizer)
    assert refusal(client, match, data("gnubg_9pt_unfinished")) == (
        "The file ends before the match is over: after game 4 the score is 4–3 in a 9-point "
        "match. Upload the complete match."
    )


def test_a_money_session_is_refused(client, make_match, organizer):
    match = make_match(length=7, names=("Carla", "Dmitri"))
    client.force_login(organizer)
    assert refusal(client, match, data("xg_money")) == (
        "The file is a money session, not a 7-point match."
    )


def test_a_match_of_another_length_is_refused(client, make_match, organizer):
    match = make_match(length=7, names=("Carla", "Dmitri"))
    client.force_login(organizer)
    assert refusal(client, match, data("xg_13pt")) == (
        "The file is a 13-point match; this match is played to 7."
    )


def test_a_game_without_its_end_before_the_next_game_is_refused(client, make_match, organizer):
    text = mat("gnubg_03pt_s104")
    cut = (
        "  5) 43: 25/22 13/9               Doubles => 2\n"
        "  6)  Drops                       Wins 1 point \n"
    )
    assert cut in text
    match = make_match()
    client.force_login(organizer)
    assert refusal(client, match, text.replace(cut, "").encode()) == (
        "Game 1 stops in the middle (line 9) and game 2 follows: lines of the file are "
        "missing. Upload the complete file."
    )


def test_a_score_line_that_does_not_add_up_is_refused(client, make_match, organizer):
    text = mat("gnubg_03pt_s104").replace(
        "Alice : 0                      Bob : 1", "Alice : 1                      Bob : 1", 1
    )
    match = make_match()
    client.force_login(organizer)
    assert refusal(client, match, text.encode()) == (
        "Line 14 of the file (game 2) does not add up with the games before it: "
        "“Alice : 1 Bob : 1”."
    )


def test_a_line_that_cannot_be_read_names_line_game_and_move(client, make_match, organizer):
    text = mat("gnubg_03pt_s104").replace("  4) 64: 10/4 8/4", "  4) 64: 10/4 8/")
    match = make_match()
    client.force_login(organizer)
    assert refusal(client, match, text.encode()) == (
        "Line 9 of the file (game 1, move 4) is wrong or does not fit the lines before it: "
        "“4) 64: 10/4 8/ 63: 24/18 18/15*”."
    )


def test_a_binary_file_is_still_refused(client, make_match, organizer):
    match = make_match()
    client.force_login(organizer)
    assert refusal(client, match, b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR") == (
        "This is not a text file, so it is no .mat match file."
    )


def test_text_that_is_no_match_file_is_refused(client, make_match, organizer):
    match = make_match()
    client.force_login(organizer)
    assert refusal(client, match, "Dear referee,\nI won 3-1.\n".encode("cp1252")) == (
        "This is not a .mat match file: it has no “N point match” line."
    )


def test_a_refusal_is_german_for_a_german_uploader(client, make_match, organizer):
    match = make_match(length=9, names=("Søren_Kierkegaard", "Zoë Ørsted"))
    client.force_login(organizer)
    client.cookies["django_language"] = "de"
    assert refusal(client, match, data("galaxy_9pt_ends_mid_game")) == (
        "Die Datei endet mitten in Spiel 6, bei 8–6 in einem 9-Punkte-Match: Das Match ist "
        "nicht vorbei. Laden Sie das vollständige Match hoch."
    )


def test_a_correction_of_a_resumed_match_counts_from_its_saved_score(make_match, organizer):
    """A referee corrects the games of a resumed match: they still count from where it was
    resumed; a final score that replaces the games stands for the whole match."""
    match = make_match(length=5, names=("hoppy_frog", "marvin"))
    match_import_file(match=match, text=data("fibs_5pt_resumed").decode(), user=organizer)
    # Game 4 was a gammon for marvin: 3–1, 3–2, 4–2, 4–4, then 4–6.
    games = [
        {"winner": g.winner, "kind": g.kind, "cube": g.cube, "ended_by": g.ended_by}
        for g in match.games.order_by("number")
    ]
    games[-1] = {"winner": 1, "kind": "gammon", "cube": 1, "ended_by": "bearoff"}
    match_correct_games(match=match, games=games, reason="Misread", user=organizer)
    match.refresh_from_db()
    assert (match.start_score, match.score_a, match.score_b) == ((3, 1), 4, 6)
    assert match.winner == match.entry_b

    match_correct_final_score(
        match=match, score_a=5, score_b=2, reason="Sheet", user=organizer, replace_games=True
    )
    match.refresh_from_db()
    assert (match.start_score, match.score_a, match.score_b) == ((0, 0), 5, 2)
