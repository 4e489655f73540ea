from django.urls import path

from ladders import views

app_name = "ladders"

urlpatterns = [
    path("", views.ladder_list, name="list"),
    path("new/", views.ladder_create, name="create"),
    path("<slug:ladder>/", views.ladder_detail, name="detail"),
    path("<slug:ladder>/display/", views.ladder_display, name="display"),
    path("<slug:ladder>/history/", views.ladder_history, name="history"),
    path("<slug:ladder>/settings/", views.ladder_settings, name="settings"),
    path("<slug:ladder>/join/", views.ladder_join, name="join"),
    path("<slug:ladder>/leave/", views.ladder_leave, name="leave"),
    path("<slug:ladder>/remove/<int:player>/", views.ladder_remove, name="remove"),
    path("<slug:ladder>/challenge/<int:player>/", views.challenge_create, name="challenge"),
    path(
        "<slug:ladder>/challenges/<int:challenge>/accept/",
        views.challenge_accept,
        name="accept",
    ),
    path(
        "<slug:ladder>/challenges/<int:challenge>/decline/",
        views.challenge_decline,
        name="decline",
    ),
]
