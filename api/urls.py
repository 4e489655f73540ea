"""API URLs, under /api/: the resources, the OpenAPI schema and its docs page."""

from django.urls import path

from api.views import analysis as views_analysis
from api.views import chouettes as views_chouettes
from api.views import ladders as views_ladders
from api.views import matches as views_matches
from api.views import money as views_money
from api.views import schema as views_schema
from api.views import tournaments as views_tournaments

app_name = "api"

urlpatterns = [
    path("tournaments", views_tournaments.TournamentList.as_view(), name="tournaments"),
    path("tournaments/<int:pk>", views_tournaments.TournamentDetail.as_view(), name="tournament"),
    path("tournaments/<int:pk>/rounds", views_tournaments.RoundList.as_view(), name="rounds"),
    path(
        "tournaments/<int:pk>/matches",
        views_tournaments.TournamentMatchList.as_view(),
        name="matches",
    ),
    path(
        "tournaments/<int:pk>/standings", views_tournaments.StandingList.as_view(), name="standings"
    ),
    path("tournaments/<int:pk>/pools", views_money.TournamentPools.as_view(), name="pools"),
    path("tournaments/<int:pk>/payouts", views_money.TournamentPayouts.as_view(), name="payouts"),
    path("clubs/<slug:slug>/ledger", views_money.ClubLedger.as_view(), name="ledger"),
    path("matches/<int:pk>", views_matches.MatchDetail.as_view(), name="match"),
    path("matches/<int:pk>/result", views_matches.MatchResult.as_view(), name="match_result"),
    path(
        "matches/<int:pk>/analysis",
        views_analysis.MatchAnalysisList.as_view(),
        name="match_analysis",
    ),
    path(
        "tournaments/<int:pk>/error-rates",
        views_analysis.TournamentErrorRates.as_view(),
        name="error_rates",
    ),
    # Chouettes and ladders: reads as the club's pages, writes with the club's token.
    path("clubs/<slug:slug>/chouettes", views_chouettes.ClubChouettes.as_view(), name="chouettes"),
    path("chouettes/<int:session>", views_chouettes.ChouetteDetail.as_view(), name="chouette"),
    path(
        "chouettes/<int:session>/games",
        views_chouettes.ChouetteGames.as_view(),
        name="chouette_games",
    ),
    path(
        "chouettes/<int:session>/games/<int:number>/correction",
        views_chouettes.ChouetteCorrection.as_view(),
        name="chouette_correction",
    ),
    path(
        "chouettes/<int:session>/join", views_chouettes.ChouetteJoin.as_view(), name="chouette_join"
    ),
    path(
        "chouettes/<int:session>/leave",
        views_chouettes.ChouetteLeave.as_view(),
        name="chouette_leave",
    ),
    path(
        "chouettes/<int:session>/close",
        views_chouettes.ChouetteClose.as_view(),
        name="chouette_close",
    ),
    path("clubs/<slug:slug>/ladders", views_ladders.ClubLadders.as_view(), name="ladders"),
    path("ladders/<int:ladder>", views_ladders.LadderDetail.as_view(), name="ladder"),
    path(
        "ladders/<int:ladder>/challenges",
        views_ladders.LadderChallenges.as_view(),
        name="ladder_challenges",
    ),
    path(
        "ladders/<int:ladder>/challenges/<int:challenge>/accept",
        views_ladders.ChallengeAccept.as_view(),
        name="challenge_accept",
    ),
    path(
        "ladders/<int:ladder>/challenges/<int:challenge>/decline",
        views_ladders.ChallengeDecline.as_view(),
        name="challenge_decline",
    ),
    path(
        "ladders/<int:ladder>/challenges/<int:challenge>/result",
        views_ladders.ChallengeResult.as_view(),
        name="challenge_result",
    ),
    path("ladders/<int:ladder>/history", views_ladders.LadderHistory.as_view(), name="history"),
    path("schema/", views_schema.SchemaView.as_view(), name="schema"),
    path("docs/", views_schema.DocsView.as_view(url_name="api:schema"), name="docs"),
]
