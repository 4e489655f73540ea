"""A club's chouette sessions, under /clubs/<club>/chouettes/; config/urls.py mounts them in
the namespace "chouettes" with the new session's page (``pages``)."""

from django.urls import path

from chouettes import views

urlpatterns = [
    path("", views.session_list, name="list"),
    path("<int:session>/", views.session_detail, name="detail"),
    path("<int:session>/game/", views.game_record, name="game"),
    path("<int:session>/join/", views.player_join, name="join"),
    path("<int:session>/leave/<int:player>/", views.player_leave, name="leave"),
    path("<int:session>/close/", views.session_close, name="close"),
    path("<int:session>/remove/", views.session_remove, name="remove"),
    path("<int:session>/games/<int:game>/correct/", views.game_correct, name="correct"),
    path("<int:session>/export/", views.session_export, name="export"),
]
