"""The organizer's designation of a round's recorded matches, under
/clubs/<club>/t/<tournament>/rounds/<round>/recorded/ (included from ``config.urls``)."""

from django.urls import path

from recording import views

app_name = "recording_round"

urlpatterns = [path("", views.designate_round, name="designate")]
