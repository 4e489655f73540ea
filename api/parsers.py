"""Request bodies the result endpoint reads: JSON, multipart with a file, or the bare .mat text."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import BaseParser, JSONParser

from config.errors import UserError
from matches.selectors.files import MAX_FILE_BYTES, match_file_text


class StrictJSONParser(JSONParser):
    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        try:
            return super().parse(stream, media_type, parser_context)
        except ParseError as error:
            raise ParseError(_("The request body is not valid JSON.")) from error


class MatTextParser(BaseParser):
    """A .mat file sent as the body (``Content-Type: text/plain``)."""

    media_type = "text/plain"

    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        data = stream.read(MAX_FILE_BYTES + 1) if stream is not None else b""
        try:
            return {"mat": match_file_text(data)}
        except UserError as error:
            raise ParseError(error.messages[0]) from error
