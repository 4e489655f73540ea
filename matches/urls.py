"""Match URLs, under /clubs/<club>/t/<tournament>/matches/, and a match's files under
/clubs/<club>/t/<tournament>/matches/<match>/upload/."""

from django.urls import path

from matches.views import files as views_files
from matches.views import late as views_late
from matches.views import match as views

app_name = "matches"

urlpatterns = [
    path("<int:match>/", views.match_detail, name="detail"),
    path("<int:match>/games/", views.game_add, name="game_add"),
    path("<int:match>/score/", views.final_score, name="final_score"),
    path("<int:match>/report/", views.report, name="report"),
    path(
        "<int:match>/report/<int:report_id>/<slug:action>/",
        views.report_decide,
        name="report_decide",
    ),
    path("<int:match>/correct/", views.correct, name="correct"),
    path("<int:match>/online/", views.online_toggle, name="online_toggle"),
    path("<int:match>/late/", views_late.late, name="late"),
]

#: Included by config/urls.py under their own namespace, "matchfiles" (URL names such as
#: "matchfiles:upload"), so they cannot be part of the "matches" namespace above.
match_file_urlpatterns = [
    path("", views_files.upload, name="upload"),
    path("<int:file>/", views_files.download, name="download"),
    path("<int:file>/moves/", views_files.record, name="record"),
]
