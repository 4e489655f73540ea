"""The submission pack's match file is read by GNU Backgammon as Crawford wrote it: gnubg
imports it (``import mat``) and exports it again (``export match mat``), and the export has
the same games, moves and score, and the header gnubg read from eXtreme Gammon's tags."""

from __future__ import annotations

import io
import re
import subprocess
import zipfile

import pytest

from backgammon import matfile
from backgammon.gamerecord import MatchRecord
from matches.models import Match, MatchStatus
from matches.rules import rules_for_match
from recording.services import recorded_action_post, recorded_match_mark
from tests.analysis.conftest import GNUBG, needs_gnubg
from tests.conftest import open_matches

from .simulate import random_entries

pytestmark = [pytest.mark.django_db, needs_gnubg]

#: One header line as eXtreme Gammon writes it.
XG_LINE = re.compile(r'; \[(?P<tag>[A-Za-z0-9 ]+) "(?P<value>[^"]*)"\]')


def _moves(record: MatchRecord) -> list[list[tuple]]:
    """Every game's actions as both programs write them (gnubg's exporter leaves out "and
    the match")."""
    return [
        [(a.kind, a.player, a.dice, a.play, a.value) for a in game.actions] for game in record.games
    ]


def test_gnubg_reads_the_packs_match_file_as_it_was_recorded(
    make_tournament, organizer, client, commit, tmp_path
):
    match = open_matches(make_tournament(2, default_length=5, name="Spring Open"))[0]
    recorded_match_mark(match=match, recorder=organizer, minutes_per_point=3, delay_seconds=10)
    rules = rules_for_match(Match.objects.get(pk=match.pk))
    for number, entry in enumerate(random_entries(32, rules=rules, limit=5000, cube=0.2)):
        commit(recorded_action_post, match=match.pk, entry=entry, after=number, user=organizer)
    finished = Match.objects.get(pk=match.pk)
    assert finished.status == MatchStatus.FINISHED and finished.games.count() > 2
    client.force_login(organizer)
    tournament = match.round.stage.tournament
    pack = client.get(f"/clubs/bar/t/{tournament.slug}/matches/{match.pk}/clock/submission.zip")
    text = zipfile.ZipFile(io.BytesIO(pack.content)).read("match.mat").decode()

    # The header: eXtreme Gammon's tags, one a line, in its order.
    header = text.split("\n\n", 1)[0].splitlines()
    tags = [XG_LINE.fullmatch(line) for line in header]
    assert all(tags), header
    assert [tag["tag"] for tag in tags if tag] == [
        "Site",
        "Match ID",
        "Event",
        "Round",
        "Player 1",
        "Player 2",
        "TimeControl",
        "EventDate",
        "EventTime",
        "Variation",
        "Unrated",
        "Crawford",
        "CubeLimit",
        "Transcriber",
    ]
    ours = matfile.parse(text)

    source, back = tmp_path / "match.mat", tmp_path / "gnubg.mat"
    source.write_text(text)
    done = subprocess.run(
        [GNUBG, "-t", "-q"],
        input=f'import mat "{source}"\nexport match mat "{back}"\n',
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert back.exists(), done.stdout + done.stderr
    theirs = matfile.parse(back.read_text())
    assert _moves(theirs) == _moves(ours)
    assert [game.score for game in theirs.games] == [game.score for game in ours.games]
    assert matfile.replay(theirs).score == (finished.score_a, finished.score_b)
    # What gnubg took from the header: the club as the place, the tournament as the event,
    # the round, the date and the recorder as the annotator; the clock's settings it keeps
    # as a line of the match's comment, which it writes after them.
    assert list(theirs.tags) == [
        ("Site", "Bar Club"),
        ("Event", "Spring Open"),
        ("Round", "1"),
        ("EventDate", ours.tag("EventDate")),
        ("Transcriber", organizer.player.name),
        ("TimeControl", "3 min per point, 10 s delay"),
    ]
