from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RecordingConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "recording"
    verbose_name = _("Recorded matches")
