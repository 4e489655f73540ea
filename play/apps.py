from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "play"
    verbose_name = _("Online play")

    def ready(self) -> None:
        from play import repairs  # noqa: F401  (registers them for the reconciler)
