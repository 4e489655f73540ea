"""The OpenAPI schema and its docs page are built once per process: each language, format
and address is sent from the process's copy after the first request."""

from __future__ import annotations

import json

import pytest
import yaml
from django.test.signals import template_rendered
from drf_spectacular.generators import SchemaGenerator

from api.views.schema import DocsView, SchemaView

JSON = "application/vnd.oai.openapi+json"


@pytest.fixture
def built(monkeypatch):
    """The schemas built from now on, by language (the process's copies emptied first)."""
    monkeypatch.setattr(SchemaView, "_sent", {})
    calls: list[int] = []
    get_schema = SchemaGenerator.get_schema

    def counted(self, *args, **kwargs):
        calls.append(1)
        return get_schema(self, *args, **kwargs)

    monkeypatch.setattr(SchemaGenerator, "get_schema", counted)
    return calls


def test_the_schema_is_built_once_and_then_sent_as_built(client, built):
    first = client.get("/api/schema/", HTTP_ACCEPT=JSON)
    again = client.get("/api/schema/", HTTP_ACCEPT=JSON)
    assert len(built) == 1
    assert again.content == first.content and again["Content-Type"] == first["Content-Type"]
    assert again["Content-Disposition"] == first["Content-Disposition"]
    assert "/api/tournaments" in json.loads(again.content)["paths"]


def test_each_format_and_language_is_its_own(client, built):
    as_json = json.loads(client.get("/api/schema/", HTTP_ACCEPT=JSON).content)
    # libyaml's safe loader: the same documents as ``yaml.safe_load``, read several times faster.
    as_yaml = yaml.load(client.get("/api/schema/").content, Loader=yaml.CSafeLoader)
    assert as_yaml == as_json
    client.get("/api/schema/?lang=de", HTTP_ACCEPT=JSON)
    client.get("/api/schema/?lang=de", HTTP_ACCEPT=JSON)
    assert len(built) == 3
    # Anything else is built as asked, and not kept.
    client.get("/api/schema/?version=2", HTTP_ACCEPT=JSON)
    client.get("/api/schema/?lang=xx", HTTP_ACCEPT=JSON)
    assert len(built) == 5 and len(SchemaView._sent) == 3


def test_the_docs_page_and_its_script_are_rendered_once(client, monkeypatch):
    monkeypatch.setattr(DocsView, "_sent", {})
    rendered: list[str] = []

    def note(sender, template, **kwargs):
        rendered.append(template.name)

    template_rendered.connect(note)
    try:
        pages = [client.get(url) for url in ("/api/docs/", "/api/docs/?script=") * 2]
    finally:
        template_rendered.disconnect(note)
    assert len(rendered) == 2
    assert pages[2].content == pages[0].content and b"swagger-ui-bundle.js" in pages[0].content
    assert pages[3].content == pages[1].content
    assert pages[3]["Content-Type"].startswith("application/javascript")
