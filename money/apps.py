from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MoneyConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "money"
    verbose_name = _("Money")

    def ready(self) -> None:
        from money import guards  # noqa: F401  (registers the check-in guard)
