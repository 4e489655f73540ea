"""A player's pages in a club, mounted by config/urls.py among the club's pages (namespace
"clubs", under /clubs/); the dashboard is config/urls.py's own."""

from django.urls import path

from players import views

club_urlpatterns = [
    path("<slug:club>/players/<int:player>/", views.player_profile, name="player"),
    path("<slug:club>/head-to-head/", views.head_to_head, name="head_to_head"),
]
