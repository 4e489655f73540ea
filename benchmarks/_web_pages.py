"""The public pages ``benchmarks/web.py`` measures, on the data it loads: the demo club with a
season of its tournaments, a tournament whose match came from a match file (analysed by gnubg
where it is installed), and Swisses of 512 and 2,048 players. Every page a visitor without an
account can open: the club's and the tournaments' pages, the players' pages, the analysis
and the replay, the match file's pages, the API's reads and its documentation, log-in and
sign-up."""

from __future__ import annotations

from pathlib import Path

from django.contrib.auth import get_user_model

from benchmarks._swiss_data import build_swiss
from clubs.models import Club, Membership
from draw.services import tournament_start
from entries import services as entry_services
from matches.models import Match
from matches.services import match_import_file
from tournaments import services
from tournaments.models import Round, Stage, Tournament
from tournaments.services import season_create, season_set_tournaments

#: A 3-point match between Alice and Bob as gnubg exports it (the tests' fixture).
MATCH_FILE = (
    Path(__file__).resolve().parent.parent
    / "tests"
    / "backgammon"
    / "fixtures"
    / "mat"
    / "gnubg_03pt_s104.mat"
)


def filed_match(club: Club) -> Match:
    """The match of a published tournament of its own, imported from a match file."""
    organizer = get_user_model().objects.get(username="organizer")
    tournament = services.tournament_create(
        club=club, user=organizer, name="Match files", default_length=3, is_published=True
    )
    services.tournament_open_registration(tournament=tournament)
    for seed, name in enumerate(("Alice", "Bob"), start=1):
        entry = entry_services.entry_add_guest(tournament=tournament, name=name)
        entry.seed = seed
        entry.save()
    tournament_start(tournament=tournament)  # paired at once: the demo runs tasks inline
    match = Match.objects.select_related("round__stage__tournament").get(
        round__stage__tournament=tournament, status="ready"
    )
    match_import_file(match=match, text=MATCH_FILE.read_text(), user=organizer)
    return match


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
    season = season_create(club=club, name="Season 2026")
    season_set_tournaments(season=season, tournament_ids=[x.pk for x in demo])
    filed = filed_match(club)
    f = filed.round.stage.tournament
    file_pk = filed.files.get().pk
    filed_path = f"/clubs/{club.slug}/t/{f.slug}/matches/{filed.pk}/"
    analysis_path = f"/clubs/{club.slug}/t/{f.slug}/analysis/"
    urls = {
        "home": "/",
        "clubs": "/clubs/",
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
        "display": f"/clubs/{club.slug}/t/{t.slug}/display/",
        "seasons": f"/clubs/{club.slug}/seasons/",
        "season": f"/clubs/{club.slug}/seasons/{season.slug}/",
        "filed match": filed_path,
        "match file": f"{filed_path}upload/{file_pk}/",
        "match file moves": f"{filed_path}upload/{file_pk}/moves/",
        "analysis": analysis_path,
        "analysis panel": f"{analysis_path}matches/{filed.pk}/",
        "replay": f"{analysis_path}matches/{filed.pk}/replay/",
        "api tournaments": "/api/tournaments",
        "api tournament": f"/api/tournaments/{t.pk}",
        "api rounds": f"/api/tournaments/{t.pk}/rounds",
        "api matches": f"/api/tournaments/{t.pk}/matches",
        "api match": f"/api/matches/{played.pk}",
        "api standings": f"/api/tournaments/{t.pk}/standings",
        "api analysis": f"/api/matches/{filed.pk}/analysis",
        "api error rates": f"/api/tournaments/{f.pk}/error-rates",
        "api schema": "/api/schema/",
        "api docs": "/api/docs/",
        "log-in": "/accounts/login/",
        "sign-up": "/accounts/signup/",
    }
    for n, swiss in big.items():
        urls[f"{n} tournament"] = f"/clubs/{club.slug}/t/{swiss.slug}/"
        urls[f"{n} standings"] = f"/clubs/{club.slug}/t/{swiss.slug}/standings/"
        urls[f"{n} round"] = f"/clubs/{club.slug}/t/{swiss.slug}/swiss/9/"
        urls[f"{n} api standings"] = f"/api/tournaments/{swiss.pk}/standings"
        urls[f"{n} api matches"] = f"/api/tournaments/{swiss.pk}/matches"
    return urls
