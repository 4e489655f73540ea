from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AnalysisConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "analysis"
    verbose_name = _("Match analysis")

    def ready(self) -> None:
        from analysis import listeners, repairs  # noqa: F401  (registers them on the bus)
