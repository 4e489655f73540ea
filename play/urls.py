"""The board of an online match, under
/clubs/<club>/t/<tournament>/matches/<match>/play/ (included from ``config.urls``)."""

from django.urls import path

from play import views

app_name = "online"

urlpatterns = [
    path("", views.board, name="board"),
    path("export.mat", views.export_mat, name="export"),
    path("next/", views.next_match, name="next"),
    path("dice/", views.dice_check, name="dice"),
]
