"""Notification URLs, under /notifications/."""

from django.urls import path

from notifications import views

app_name = "notifications"

urlpatterns = [
    path("", views.notification_list, name="list"),
    path("bell/", views.bell, name="bell"),
    path("read-all/", views.read_all, name="read_all"),
    path("settings/", views.preferences, name="preferences"),
    path("<int:pk>/open/", views.open_notification, name="open"),
    path("calendar/<int:player>/<str:token>.ics", views.calendar, name="calendar"),
    path("clubs/<slug:club>/failed/", views.club_failed, name="club_failed"),
    path("clubs/<slug:club>/failed/<int:pk>/retry/", views.retry, name="retry"),
    path("clubs/<slug:club>/t/<slug:tournament>/", views.tournament_notices, name="tournament"),
    path("clubs/<slug:club>/t/<slug:tournament>/told/<int:pk>/", views.told, name="told"),
]
