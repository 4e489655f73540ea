"""The public pages ``benchmarks/web.py`` measures, on the data it loads (the demo club and
Swisses of 512 and 2,048 players): their names and paths."""

from __future__ import annotations

from benchmarks._swiss_data import build_swiss
from clubs.models import Club, Membership
from matches.models import Match
from tournaments.models import Round, Stage, Tournament


def public_pages() -> dict[str, str]:
    """Build the Swisses on the demo club; every public page's name and path."""
    club = Club.objects.get(slug="demo")
    big = {n: build_swiss(club, players=n, rounds=9, slug=f"swiss-{n}") for n in (512, 2048)}
    members = list(
        Membership.objects.filter(club=club).order_by("pk").values_list("player_id", flat=True)
    )
    demo = Tournament.objects.filter(club=club).exclude(pk__in=[t.pk for t in big.values()])
    bracket = Stage.objects.filter(tournament__in=demo, kind="main").select_related("tournament")[0]
    played = (
        Match.objects.filter(round__stage__tournament__in=demo, status="finished")
        .exclude(entry_b=None)
        .select_related("round__stage__tournament")
        .order_by("pk")[0]
    )
    round_ = Round.objects.filter(stage__tournament__in=demo).select_related("stage__tournament")[0]
    t = played.round.stage.tournament
    urls = {
        "club": f"/clubs/{club.slug}/",
        "leaderboard": f"/clubs/{club.slug}/leaderboard/",
        "player": f"/clubs/{club.slug}/players/{members[1]}/",
        "head-to-head": f"/clubs/{club.slug}/head-to-head/?a={members[1]}&b={members[2]}",
        "tournament": f"/clubs/{club.slug}/t/{t.slug}/",
        "standings": f"/clubs/{club.slug}/t/{t.slug}/standings/",
        "bracket": f"/clubs/{club.slug}/t/{bracket.tournament.slug}/bracket/main/",
        "match": f"/clubs/{club.slug}/t/{t.slug}/matches/{played.pk}/",
        "round": (
            f"/clubs/{club.slug}/t/{round_.stage.tournament.slug}/"
            f"{round_.stage.kind}/{round_.number}/"
        ),
        "api tournaments": "/api/tournaments",
        "api matches": f"/api/tournaments/{t.pk}/matches",
        "api standings": f"/api/tournaments/{t.pk}/standings",
    }
    for n, swiss in big.items():
        urls[f"{n} tournament"] = f"/clubs/{club.slug}/t/{swiss.slug}/"
        urls[f"{n} standings"] = f"/clubs/{club.slug}/t/{swiss.slug}/standings/"
        urls[f"{n} round"] = f"/clubs/{club.slug}/t/{swiss.slug}/swiss/9/"
        urls[f"{n} api standings"] = f"/api/tournaments/{swiss.pk}/standings"
        urls[f"{n} api matches"] = f"/api/tournaments/{swiss.pk}/matches"
    return urls
