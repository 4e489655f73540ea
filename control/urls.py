"""The control room, under /clubs/<club>/control/."""

from django.urls import path

from control import views

app_name = "control"

urlpatterns = [
    path("", views.room, name="room"),
    path("matches/<int:match>/call/", views.call_create, name="call"),
    path("calls/<int:call>/move/", views.call_move, name="move"),
    path("calls/<int:call>/take-back/", views.call_take_back, name="take_back"),
    path("matches/<int:match>/late/", views.late, name="late"),
    path(
        "matches/<int:match>/report/<int:report>/<slug:action>/",
        views.report_decide,
        name="report",
    ),
]
