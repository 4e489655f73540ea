from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DrawConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "draw"
    verbose_name = _("Draw")
