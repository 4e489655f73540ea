from django.conf import settings
from django.contrib import admin
from django.urls import include, path

from chouettes import urls as chouette_urls
from clubs import urls as club_urls
from config.health import healthz
from matches.urls import match_file_urlpatterns
from pages import accounts as views_accounts
from pages import home as home_views
from pages import urls as page_urls
from players import urls as player_urls
from players import views as player_views
from ratings import urls as rating_urls
from standings import urls as standing_urls

# A namespace's pages may come from several apps, each listing its own in its URLconf: a
# lower app's URLconf names no page of a higher app (the layers of docs/architecture.md).
club_pages = [
    *club_urls.urlpatterns,  # first: "new/" is not a club
    *page_urls.club_urlpatterns,
    *rating_urls.club_urlpatterns,
    *player_urls.club_urlpatterns,
    *standing_urls.season_urlpatterns,
]
tournament_pages = [*page_urls.tournament_urlpatterns, *standing_urls.tournament_urlpatterns]

urlpatterns = [
    path("", home_views.home, name="home"),
    # The API's reads are most of the server's hits: resolved before the pages' patterns (no
    # pattern before it begins with "api/").
    path("api/", include("api.urls")),
    path("healthz", healthz, name="healthz"),
    path("dashboard/", player_views.dashboard, name="dashboard"),
    path("accounts/signup/", views_accounts.signup, name="signup"),
    # Before Django's own: the log-in that applies the player's saved language.
    path("accounts/login/", views_accounts.login_page, name="login"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("language/", views_accounts.language_set, name="set_language"),
    path("admin/", admin.site.urls),
    path("notifications/", include("notifications.urls")),
    path("", include("clubs.urls_membership")),  # join requests and invitations
    path("clubs/", include((club_pages, "clubs"))),
    path(
        "clubs/<slug:club>/chouettes/",
        include(([*chouette_urls.urlpatterns, *page_urls.chouette_urlpatterns], "chouettes")),
    ),
    path("clubs/<slug:club>/ladders/", include("ladders.urls")),
    path("clubs/<slug:club>/venue/", include("venue.urls")),
    path("clubs/<slug:club>/control/", include("control.urls")),
    path("clubs/<slug:club>/money/", include("money.urls_club")),
    path("clubs/<slug:club>/t/<slug:tournament>/money/", include("money.urls")),
    path("clubs/<slug:club>/t/", include((tournament_pages, "tournaments"))),
    path(
        "clubs/<slug:club>/t/<slug:tournament>/matches/",
        include((page_urls.match_urlpatterns, "matches")),
    ),
    path(
        "clubs/<slug:club>/t/<slug:tournament>/matches/<int:match>/upload/",
        include((match_file_urlpatterns, "matchfiles")),
    ),
    path("clubs/<slug:club>/t/<slug:tournament>/analysis/", include("analysis.urls")),
    path("clubs/<slug:club>/t/<slug:tournament>/entries/", include("entries.urls")),
    path(
        "clubs/<slug:club>/t/<slug:tournament>/matches/<int:match>/play/",
        include("play.urls"),
    ),
    path(
        "clubs/<slug:club>/t/<slug:tournament>/matches/<int:match>/clock/",
        include("recording.urls"),
    ),
    path(
        "clubs/<slug:club>/t/<slug:tournament>/rounds/<int:round>/recorded/",
        include("recording.urls_round"),
    ),
    path(
        "clubs/<slug:club>/t/<slug:tournament>/director/",
        include("play.urls_director"),
    ),
]

if settings.DEBUG:
    from django.conf.urls.static import static

    urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)
