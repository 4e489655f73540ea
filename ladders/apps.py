from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LaddersConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "ladders"
    verbose_name = _("Ladders")

    def ready(self) -> None:
        from ladders import listeners  # noqa: F401  (registers them on the bus)
