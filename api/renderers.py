"""The API's renderers: JSON, and Django REST framework's browsable API for a browser."""

from __future__ import annotations

from typing import Any

from rest_framework import renderers


class BrowsableAPIRenderer(renderers.BrowsableAPIRenderer):
    """The browsable API without its filter form. The reads filter by their own parameters
    (no filter backends), and the form asks a list's view for a queryset it does not have:
    a list opened in a browser was a server error."""

    def get_filter_form(self, data: Any, view: Any, request: Any) -> None:
        return None
