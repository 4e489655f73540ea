"""The club's leaderboard, mounted by config/urls.py among the club's pages (namespace
"clubs", under /clubs/)."""

from django.urls import path

from ratings import views

club_urlpatterns = [
    path("<slug:club>/leaderboard/", views.leaderboard, name="leaderboard"),
]
