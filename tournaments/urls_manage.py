"""Organizer URLs, under /clubs/<club>/t/<tournament>/manage/."""

from django.urls import path

from tournaments.views import manage as views_manage
from tournaments.views import rounds as views_rounds

urlpatterns = [
    path("", views_manage.manage, name="manage"),
    path("edit/", views_manage.tournament_edit, name="edit"),
    path("entries/add/", views_manage.entry_add, name="entry_add"),
    path("entries/seeds/", views_manage.seeds, name="seeds"),
    path("entries/<int:entry>/<slug:action>/", views_manage.entry_action, name="entry_action"),
    path("rounds/<int:round_id>/", views_rounds.round_edit, name="round_edit"),
    path("stages/<int:stage_id>/clock/", views_rounds.stage_clock, name="stage_clock"),
    path("rounds/<int:round_id>/repair/", views_rounds.round_repair, name="round_repair"),
    path("rounds/<int:round_id>/swap/", views_rounds.swap, name="swap"),
    path("rounds/<int:round_id>/publish/", views_rounds.round_publish, name="round_publish"),
    path("rounds/<int:round_id>/draft-swap/", views_rounds.draft_swap, name="draft_swap"),
    path("pairing-rules/", views_manage.pairing_rule_add, name="pairing_rule_add"),
    path(
        "pairing-rules/<int:rule_id>/remove/",
        views_manage.pairing_rule_remove,
        name="pairing_rule_remove",
    ),
    path("entries/late/", views_manage.late_entry, name="late_entry"),
    path("byes/", views_manage.bye_request, name="bye_request"),
    path("byes/<int:entry>/<int:number>/cancel/", views_manage.bye_cancel, name="bye_cancel"),
    path("matches/<int:match_id>/forfeit/", views_rounds.forfeit, name="forfeit"),
    path("<slug:action>/", views_manage.transition, name="transition"),
]
