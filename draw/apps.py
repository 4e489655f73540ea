from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DrawConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "draw"
    verbose_name = _("Draw")

    def ready(self) -> None:
        # Registers the listeners and repairs on the event bus, and what a withdrawal does to
        # the matches (entries.withdrawal_hooks).
        from draw import listeners, repairs, withdrawals  # noqa: F401
