from django.urls import path

from clubs.views import clubs as views
from clubs.views import tokens as views_tokens
from players import views as views_players
from ratings import views as views_ratings
from standings import views as views_standings

app_name = "clubs"

urlpatterns = [
    path("", views.club_list, name="list"),
    path("new/", views.club_create, name="create"),
    path("<slug:club>/", views.club_detail, name="detail"),
    path("<slug:club>/edit/", views.club_edit, name="edit"),
    path("<slug:club>/members/add/", views.member_add, name="member_add"),
    path("<slug:club>/members/<int:membership>/role/", views.membership_role, name="member_role"),
    path(
        "<slug:club>/members/<int:membership>/remove/",
        views.membership_remove,
        name="member_remove",
    ),
    # API tokens.
    path("<slug:club>/api-tokens/", views_tokens.api_tokens, name="api_tokens"),
    path(
        "<slug:club>/api-tokens/<int:token>/revoke/",
        views_tokens.api_token_delete,
        name="api_token_revoke",
    ),
    # Ratings, profiles and seasons.
    path("<slug:club>/leaderboard/", views_ratings.leaderboard, name="leaderboard"),
    path("<slug:club>/players/<int:player>/", views_players.player_profile, name="player"),
    path("<slug:club>/head-to-head/", views_players.head_to_head, name="head_to_head"),
    path("<slug:club>/seasons/", views_standings.season_list, name="seasons"),
    path("<slug:club>/seasons/new/", views_standings.season_create, name="season_create"),
    path("<slug:club>/seasons/<slug:season>/", views_standings.season_detail, name="season"),
    path(
        "<slug:club>/seasons/<slug:season>/edit/", views_standings.season_edit, name="season_edit"
    ),
]
