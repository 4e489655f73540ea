from django.conf import settings
from django.contrib import admin
from django.urls import include, path

from clubs import views as club_views
from clubs import views_accounts
from config.health import healthz

urlpatterns = [
    path("", club_views.home, name="home"),
    path("healthz", healthz, name="healthz"),
    path("dashboard/", club_views.dashboard, name="dashboard"),
    path("accounts/signup/", views_accounts.signup, name="signup"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("language/", views_accounts.language_set, name="set_language"),
    path("admin/", admin.site.urls),
    path("notifications/", include("clubs.urls_notifications")),
    path("clubs/", include("clubs.urls")),
    path("clubs/<slug:club>/t/", include("tournaments.urls")),
    path("clubs/<slug:club>/t/<slug:tournament>/matches/", include("matches.urls")),
    path(
        "clubs/<slug:club>/t/<slug:tournament>/matches/<int:match>/upload/",
        include("matches.urls_files"),
    ),
    path("api/", include("matches.api.urls")),
    path(
        "clubs/<slug:club>/t/<slug:tournament>/matches/<int:match>/play/",
        include("matches.online.urls"),
    ),
]

if settings.DEBUG:
    from django.conf.urls.static import static

    urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)
