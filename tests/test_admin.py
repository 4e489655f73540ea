"""Every model of the three apps has an admin page that opens."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.contrib import admin
from django.urls import reverse

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

OUR_APPS = ("clubs", "tournaments", "matches")
MODELS = [
    model
    for app in OUR_APPS
    for model in apps.get_app_config(app).get_models()
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
