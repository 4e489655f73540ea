"""Request bodies the result endpoint reads: JSON, multipart with a file, or the bare .mat text."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import BaseParser, DataAndFiles, JSONParser, MultiPartParser

from config import null_characters
from config.errors import UserError
from matches.selectors.files import MAX_FILE_BYTES, match_file_text


def _holds_nul(data: Any) -> bool:
    """Whether any text in the parsed body, a key or a value at any depth, holds NUL."""
    pending = [data]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if null_characters.NUL in item:
                return True
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return False


def refuse_nul(data: Any) -> Any:
    """PostgreSQL holds no NUL in text: a body with one is refused before anything reads it."""
    if _holds_nul(data):
        raise ParseError(null_characters.message(), code=null_characters.CODE)
    return data


class StrictJSONParser(JSONParser):
    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except (ParseError, RecursionError) as error:
            # Python's decoder gives up on nesting deeper than its recursion limit.
            raise ParseError(_("The request body is not valid JSON.")) from error
        return refuse_nul(data)


class StrictMultiPartParser(MultiPartParser):
    """The fields' text is checked; a file's content is the match file's to judge."""

    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        parsed = super().parse(stream, media_type, parser_context)
        refuse_nul({key: parsed.data.getlist(key) for key in parsed.data})
        refuse_nul([upload.name or "" for upload in parsed.files.values()])
        return DataAndFiles(parsed.data, parsed.files)


class MatTextParser(BaseParser):
    """A .mat file sent as the body (``Content-Type: text/plain``)."""

    media_type = "text/plain"

    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        data = stream.read(MAX_FILE_BYTES + 1) if stream is not None else b""
        try:
            return {"mat": match_file_text(data)}
        except UserError as error:
            raise ParseError(error.messages[0]) from error
