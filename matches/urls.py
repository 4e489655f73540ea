"""Match URLs, under /clubs/<club>/t/<tournament>/matches/."""

from django.urls import path

from matches import views

app_name = "matches"

urlpatterns = [
    path("<int:match>/", views.match_detail, name="detail"),
]
