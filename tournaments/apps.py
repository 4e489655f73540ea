from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from clubs import versions as club_versions
        from tournaments import versions

        # Club and player names show on the tournaments' pages.
        club_versions.also_shown_by(versions.tournaments_showing)
