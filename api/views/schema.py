"""The OpenAPI schema and its docs page, built once per process: they are the code's, the same
for every visitor (``SERVE_PUBLIC``). drf-spectacular's walk over every view and serializer
with the YAML written out of it cost some 30 ms a request, fifty times Django's floor; the
docs page's template and its static files' addresses half of its own cost."""

from __future__ import annotations

from typing import Any, ClassVar

from django.conf import settings
from django.http import HttpResponse
from django.utils.translation import get_language
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

#: Most schemas, and docs pages, a process keeps (one per language, format and address).
KEPT = 16


def _rendered(view: APIView, request: Request, response: Response) -> tuple[bytes, str]:
    """The body and content type of a DRF response, rendered now (as DRF would once the view
    returned it)."""
    response.accepted_renderer = request.accepted_renderer
    response.accepted_media_type = request.accepted_media_type
    response.renderer_context = view.get_renderer_context()
    response.render()
    return response.content, response["Content-Type"]


class SchemaView(SpectacularAPIView):
    """drf-spectacular's schema view, each language's and format's schema kept as sent."""

    _sent: ClassVar[dict[tuple[str, str], tuple[bytes, str, str]]] = {}

    def _get_schema_response(self, request: Request) -> Any:
        lang = request.query_params.get("lang")
        if set(request.query_params) - {"lang"} or lang not in (None, *dict(settings.LANGUAGES)):
            return super()._get_schema_response(request)  # a version or a format asked for
        # In the language asked for (``?lang=``: drf-spectacular's override is active here).
        key = (get_language() or "", str(request.accepted_media_type))
        found = self._sent.get(key)
        if found is None:
            response = super()._get_schema_response(request)
            body, content_type = _rendered(self, request, response)
            found = (body, content_type, response["Content-Disposition"])
            if len(self._sent) < KEPT:
                self._sent[key] = found
        body, content_type, disposition = found
        sent = HttpResponse(body, content_type=content_type)
        sent["Content-Disposition"] = disposition
        return sent


class DocsView(SpectacularSwaggerSplitView):
    """drf-spectacular's docs page (and its script), kept as sent for each address."""

    _sent: ClassVar[dict[tuple[str, str], tuple[bytes, str]]] = {}

    @extend_schema(exclude=True)
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Any:
        key = (request.get_full_path(), get_language() or "")
        found = self._sent.get(key)
        if found is None:
            found = _rendered(self, request, super().get(request, *args, **kwargs))
            if len(self._sent) < KEPT:
                self._sent[key] = found
        body, content_type = found
        return HttpResponse(body, content_type=content_type)
