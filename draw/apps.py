from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DrawConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "draw"
    verbose_name = _("Draw")

    def ready(self) -> None:
        from draw import listeners, repairs  # noqa: F401  (registers them on the event bus)
