"""Public URLs, under /clubs/<club>/t/; the organizer's are in urls_manage."""

from django.urls import include, path

from tournaments import views, views_manage

app_name = "tournaments"

urlpatterns = [
    path("new/", views_manage.tournament_create, name="create"),
    path("<slug:tournament>/", views.tournament_detail, name="detail"),
    path("<slug:tournament>/manage/", include("tournaments.urls_manage")),
    path("<slug:tournament>/register/", views.register, name="register"),
    path("<slug:tournament>/withdraw/", views.withdraw, name="withdraw"),
    path("<slug:tournament>/bracket/<slug:stage>/", views.bracket, name="bracket"),
    path("<slug:tournament>/<slug:stage>/<int:number>/", views.round_detail, name="round"),
    path(
        "<slug:tournament>/<slug:stage>/<int:number>/sheets/",
        views.score_sheets,
        name="score_sheets",
    ),
]
