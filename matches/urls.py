"""A match's files, under /clubs/<club>/t/<tournament>/matches/<match>/upload/ (the match's
pages, in the namespace "matches", are ``pages.urls``')."""

from django.urls import path

from matches.views import files as views_files

#: Included by config/urls.py under their own namespace, "matchfiles" (URL names such as
#: "matchfiles:upload"), so they cannot be part of the namespace "matches".
match_file_urlpatterns = [
    path("", views_files.upload, name="upload"),
    path("<int:file>/", views_files.download, name="download"),
    path("<int:file>/moves/", views_files.record, name="record"),
]
