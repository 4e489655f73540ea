"""The club's own pages, under /clubs/; config/urls.py mounts them in the namespace "clubs"
with the club's pages of the apps above (its page, the list of clubs and adding a member:
``pages``; ratings, players, seasons)."""

from django.urls import path

from clubs.views import clubs as views
from clubs.views import tokens as views_tokens

urlpatterns = [
    path("new/", views.club_create, name="create"),
    path("<slug:club>/edit/", views.club_edit, name="edit"),
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
]
