"""The pages' URLs, mounted by config/urls.py in the namespaces of the pages they sit among:
a tournament's in "tournaments" (under /clubs/<club>/t/), its organizer's under
/clubs/<club>/t/<tournament>/manage/."""

from django.urls import include, path, register_converter

from pages import bracket, display, manage, manage_rounds, results, tournament
from pages import round as round_pages
from tournaments.converters import StageKindConverter

register_converter(StageKindConverter, "stage")

manage_urlpatterns = [
    path("", manage.manage, name="manage"),
    path("edit/", manage.tournament_edit, name="edit"),
    path("entries/add/", manage.entry_add, name="entry_add"),
    path("entries/seeds/", manage.seeds, name="seeds"),
    path("entries/<int:entry>/<slug:action>/", manage.entry_action, name="entry_action"),
    path("rounds/<int:round_id>/", manage_rounds.round_edit, name="round_edit"),
    path("stages/<int:stage_id>/clock/", manage_rounds.stage_clock, name="stage_clock"),
    path("rounds/<int:round_id>/repair/", manage_rounds.round_repair, name="round_repair"),
    path("rounds/<int:round_id>/swap/", manage_rounds.swap, name="swap"),
    path("rounds/<int:round_id>/publish/", manage_rounds.round_publish, name="round_publish"),
    path("rounds/<int:round_id>/draft-swap/", manage_rounds.draft_swap, name="draft_swap"),
    path("pairing-rules/", manage.pairing_rule_add, name="pairing_rule_add"),
    path(
        "pairing-rules/<int:rule_id>/remove/",
        manage.pairing_rule_remove,
        name="pairing_rule_remove",
    ),
    path("entries/late/", manage.late_entry, name="late_entry"),
    path("byes/", manage.bye_request, name="bye_request"),
    path("byes/<int:entry>/<int:number>/cancel/", manage.bye_cancel, name="bye_cancel"),
    path("matches/<int:match_id>/forfeit/", manage_rounds.forfeit, name="forfeit"),
    path("<slug:action>/", manage.transition, name="transition"),
]

tournament_urlpatterns = [
    path("new/", manage.tournament_create, name="create"),
    path("<slug:tournament>/", tournament.tournament_detail, name="detail"),
    path("<slug:tournament>/manage/", include(manage_urlpatterns)),
    path("<slug:tournament>/withdraw/", tournament.withdraw, name="withdraw"),
    path("<slug:tournament>/display/", display.display, name="display"),
    path("<slug:tournament>/results/", results.results, name="results"),
    path("<slug:tournament>/bracket/<stage:stage>/", bracket.bracket, name="bracket"),
    path("<slug:tournament>/<stage:stage>/<int:number>/", round_pages.round_detail, name="round"),
    path(
        "<slug:tournament>/<stage:stage>/<int:number>/sheets/",
        round_pages.score_sheets,
        name="score_sheets",
    ),
]
