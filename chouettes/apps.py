from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ChouettesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "chouettes"
    verbose_name = _("Chouettes")
