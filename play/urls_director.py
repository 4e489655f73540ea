"""The director's console, under /clubs/<club>/t/<tournament>/director/ (from ``config.urls``)."""

from django.urls import path

from play import console

app_name = "director"

urlpatterns = [
    path("", console.console, name="console"),
    path("<int:match>/<slug:action>/", console.act, name="act"),
]
