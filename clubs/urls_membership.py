"""A club's join requests and invitations, under /clubs/<club>/ and /invitations/."""

from django.urls import path

from clubs.views import membership as views

app_name = "membership"

urlpatterns = [
    path("clubs/<slug:club>/join/", views.join, name="join"),
    path("clubs/<slug:club>/join-requests/", views.requests, name="requests"),
    path(
        "clubs/<slug:club>/join-requests/<int:pk>/<slug:decision>/",
        views.decide,
        name="decide",
    ),
    path("invitations/<str:token>/", views.accept, name="accept"),
]
