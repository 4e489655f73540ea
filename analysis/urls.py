"""Analysis URLs, under /clubs/<club>/t/<tournament>/analysis/."""

from django.urls import path

from analysis import downloads, views

app_name = "analysis"

urlpatterns = [
    path("", views.tournament_analysis, name="tournament"),
    path("analyse/", views.tournament_analyse, name="tournament_analyse"),
    path("matches/<int:match>/", views.match_panel, name="match_panel"),
    path("matches/<int:match>/analyse/", views.match_analyse, name="match_analyse"),
    path("matches/<int:match>/replay/", views.replay, name="replay"),
    path("matches/<int:match>/moves.mat", downloads.download_moves, name="download_moves"),
    path("matches/<int:match>/analysis.json", downloads.download_analysis, name="download"),
]
