"""Organizer URLs, under /clubs/<club>/t/<tournament>/manage/."""

from django.urls import path

from tournaments.views import manage as views_manage

urlpatterns = [
    path("", views_manage.manage, name="manage"),
    path("edit/", views_manage.tournament_edit, name="edit"),
    path("entries/add/", views_manage.entry_add, name="entry_add"),
    path("entries/seeds/", views_manage.seeds, name="seeds"),
    path("entries/<int:entry>/<slug:action>/", views_manage.entry_action, name="entry_action"),
    path("rounds/<int:round_id>/", views_manage.round_edit, name="round_edit"),
    path("stages/<int:stage_id>/clock/", views_manage.stage_clock, name="stage_clock"),
    path("rounds/<int:round_id>/repair/", views_manage.round_repair, name="round_repair"),
    path("rounds/<int:round_id>/swap/", views_manage.swap, name="swap"),
    path("matches/<int:match_id>/forfeit/", views_manage.forfeit, name="forfeit"),
    path("<slug:action>/", views_manage.transition, name="transition"),
]
