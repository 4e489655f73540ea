"""The pages' URLs, mounted by config/urls.py in the namespaces of the pages they sit among:
a club's in "clubs" (under /clubs/), a tournament's in "tournaments" (under
/clubs/<club>/t/), its organizer's under /clubs/<club>/t/<tournament>/manage/, a match's in
"matches" (under /clubs/<club>/t/<tournament>/matches/), a new chouette session's in
"chouettes" (under /clubs/<club>/chouettes/). The home page and the accounts' pages are
config/urls.py's own."""

from django.urls import include, path, register_converter

from pages import (
    bracket,
    chouette_new,
    club,
    display,
    home,
    manage,
    manage_rounds,
    match,
    match_late,
    member_add,
    results,
    tournament,
)
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

club_urlpatterns = [
    path("", home.club_list, name="list"),
    path("<slug:club>/", club.club_detail, name="detail"),
    path("<slug:club>/members/add/", member_add.member_add, name="member_add"),
]

match_urlpatterns = [
    path("<int:match>/", match.match_detail, name="detail"),
    path("<int:match>/games/", match.game_add, name="game_add"),
    path("<int:match>/score/", match.final_score, name="final_score"),
    path("<int:match>/report/", match.report, name="report"),
    path(
        "<int:match>/report/<int:report_id>/<slug:action>/",
        match.report_decide,
        name="report_decide",
    ),
    path("<int:match>/correct/", match.correct, name="correct"),
    path("<int:match>/online/", match.online_toggle, name="online_toggle"),
    path("<int:match>/late/", match_late.late, name="late"),
]

chouette_urlpatterns = [
    path("new/", chouette_new.session_create, name="create"),
]
