from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EntriesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "entries"
    verbose_name = _("Entries")

    def ready(self) -> None:
        from entries import listeners, repairs  # noqa: F401  (registers them on the bus)
