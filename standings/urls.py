"""The standings' pages, mounted by config/urls.py in the namespaces of the pages they sit
among: a tournament's standings in "tournaments" (under /clubs/<club>/t/), the seasons in
"clubs" (under /clubs/)."""

from django.urls import path

from standings import views

tournament_urlpatterns = [
    path("<slug:tournament>/standings/", views.standings, name="standings"),
]

season_urlpatterns = [
    path("<slug:club>/seasons/", views.season_list, name="seasons"),
    path("<slug:club>/seasons/new/", views.season_create, name="season_create"),
    path("<slug:club>/seasons/<slug:season>/", views.season_detail, name="season"),
    path("<slug:club>/seasons/<slug:season>/edit/", views.season_edit, name="season_edit"),
]
