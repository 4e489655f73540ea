"""Match-file URLs, under /clubs/<club>/t/<tournament>/matches/<match>/upload/."""

from django.urls import path

from matches.views import files as views_files

app_name = "matchfiles"

urlpatterns = [
    path("", views_files.upload, name="upload"),
    path("<int:file>/", views_files.download, name="download"),
    path("<int:file>/moves/", views_files.record, name="record"),
]
