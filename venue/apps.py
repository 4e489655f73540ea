from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class VenueConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "venue"
    verbose_name = _("Venue")

    def ready(self) -> None:
        from venue import listeners  # noqa: F401  (registers them on the bus)
