"""Public URLs, under /clubs/<club>/t/; the organizer's are in urls_manage. config/urls.py
mounts them in the namespace "tournaments" with the tournament's pages of the apps above
(the standings)."""

from django.urls import include, path, register_converter

from tournaments.converters import StageKindConverter
from tournaments.views import manage as views_manage
from tournaments.views import public as views
from tournaments.views import results as views_results

register_converter(StageKindConverter, "stage")

urlpatterns = [
    path("new/", views_manage.tournament_create, name="create"),
    path("<slug:tournament>/", views.tournament_detail, name="detail"),
    path("<slug:tournament>/manage/", include("tournaments.urls_manage")),
    path("<slug:tournament>/withdraw/", views.withdraw, name="withdraw"),
    path("<slug:tournament>/display/", views.display, name="display"),
    path("<slug:tournament>/results/", views_results.results, name="results"),
    path("<slug:tournament>/bracket/<stage:stage>/", views.bracket, name="bracket"),
    path("<slug:tournament>/<stage:stage>/<int:number>/", views.round_detail, name="round"),
    path(
        "<slug:tournament>/<stage:stage>/<int:number>/sheets/",
        views.score_sheets,
        name="score_sheets",
    ),
]
