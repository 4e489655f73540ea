"""The match page's analysis: each player's list of errors says how many it lists, as the
figures beside it count them (gnubg's marked moves by mark, and the cube errors)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from analysis.models import AnalysisMistake
from tests.analysis.conftest import fake_gnubg, filed_match

pytestmark = pytest.mark.django_db

__all__ = ["fake_gnubg"]  # the fixture: gnubg replaced by its saved output


def summaries(page: str) -> dict[str, tuple[str, int]]:
    """Each player's summary line and the number of rows its list holds."""
    found = {}
    for block in re.findall(r'<details class="analysis-errors">(.*?)</details>', page, re.S):
        summary = re.search(r"<summary>(.*?)</summary>", block, re.S)
        assert summary is not None
        text = " ".join(summary.group(1).split())
        found[text.split(":")[0]] = (text, len(re.findall(r"<tr>", block)) - 1)  # less the head
    return found


def marked_as_gnubg_marks(match) -> None:
    """The saved analysis predates gnubg's marks: every chequer play gets one, mildest to
    worst by turns (and some none), and each player two cube errors."""
    marks = ("doubtful", "bad", "very bad", "none")
    for n, mistake in enumerate(AnalysisMistake.objects.filter(analysis__match=match)):
        if mistake.kind == "chequer":
            mistake.mark = marks[n % len(marks)]
            mistake.save(update_fields=["mark"])
    analysis = AnalysisMistake.objects.filter(analysis__match=match).first().analysis
    for side in (0, 1):
        for n, played in enumerate(("no-double", "take")):
            AnalysisMistake.objects.create(
                analysis=analysis,
                side=side,
                game=1,
                index=900 + 2 * side + n,
                kind="cube",
                played=played,
                best="double-take" if played == "no-double" else "pass",
                equity_lost=0.05,
            )


def test_each_players_error_summary_counts_the_moves_and_cube_errors_it_lists(
    client, club, organizer, fake_gnubg
):
    match = filed_match(club, organizer, analysis_plies=1)
    marked_as_gnubg_marks(match)
    tournament = match.round.stage.tournament
    url = reverse("matches:detail", args=[tournament.club.slug, tournament.slug, match.pk])
    page = client.get(url).content.decode()
    listed = summaries(page)
    assert set(listed) == {"Alice", "Bob"}, listed
    for side, name in enumerate(("Alice", "Bob")):
        mistakes = AnalysisMistake.objects.filter(analysis__match=match, side=side)
        marks = {
            mark: mistakes.filter(kind="chequer", mark=mark).count()
            for mark in ("doubtful", "bad", "very bad")
        }
        cube = mistakes.filter(kind="cube").count()
        moves = sum(marks.values())
        text, rows = listed[name]
        assert moves + cube == rows > 0, (text, rows)
        move_words = "marked move" if moves == 1 else "marked moves"
        cube_words = "cube error" if cube == 1 else "cube errors"
        assert text == (
            f"{name}: {moves} {move_words} ({marks['doubtful']} doubtful, {marks['bad']} bad, "
            f"{marks['very bad']} very bad) and {cube} {cube_words}"
        ), text
