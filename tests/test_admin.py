"""Every model of the project's own apps has an admin page that opens."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib import admin
from django.urls import reverse

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

OUR_APPS = [
    config for config in apps.get_app_configs() if Path(config.path).parent == settings.BASE_DIR
]
MODELS = [
    model
    for config in OUR_APPS
    for model in config.get_models()
    if not model.__name__.startswith("Historical")
]


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_every_model_has_an_admin_page(client, model):
    assert model in admin.site._registry, f"{model.__name__} has no admin page"
    UserFactory(username="root", is_staff=True, is_superuser=True)
    client.login(username="root", password="correct-horse-battery")
    opts = model._meta
    response = client.get(reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist"))
    assert response.status_code == 200
    response = client.get(reverse(f"admin:{opts.app_label}_{opts.model_name}_add"))
    assert response.status_code == 200
