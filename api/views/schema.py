"""The OpenAPI schema, built once per process: it is the code's, the same for every visitor
(``SERVE_PUBLIC``), and drf-spectacular's walk over every view and serializer with the YAML
written out of it cost some 30 ms a request, fifty times Django's floor."""

from __future__ import annotations

from typing import Any, ClassVar

from django.conf import settings
from django.http import HttpResponse
from django.utils.translation import get_language
from drf_spectacular.views import SpectacularAPIView
from rest_framework.request import Request

#: Most schemas a process keeps (one per language and format asked for).
KEPT = 16


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
            response.accepted_renderer = request.accepted_renderer
            response.accepted_media_type = request.accepted_media_type
            response.renderer_context = self.get_renderer_context()
            response.render()
            found = (response.content, response["Content-Type"], response["Content-Disposition"])
            if len(self._sent) < KEPT:
                self._sent[key] = found
        body, content_type, disposition = found
        sent = HttpResponse(body, content_type=content_type)
        sent["Content-Disposition"] = disposition
        return sent
