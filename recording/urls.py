"""The clock of a recorded match, under
/clubs/<club>/t/<tournament>/matches/<match>/clock/ (included from ``config.urls``)."""

from django.urls import path

from recording import views

app_name = "recording"

urlpatterns = [
    path("", views.clock, name="clock"),
    path("state/", views.state, name="state"),
    path("actions/", views.action, name="action"),
    path("designate/", views.mark, name="mark"),
    path("submission.zip", views.pack, name="pack"),
]
