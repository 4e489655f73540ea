"""The bytes of an uploaded match file as text.

Match files come in the encodings of the programs that wrote them: UTF-8 with or without a
byte-order mark (eXtreme Gammon, gnubg), Windows-1252 (Snowie, Backgammon Studio), Latin-1,
now and then UTF-16 with its byte-order mark.

>>> decode("Jürgen".encode("cp1252"))
'Jürgen'
>>> decode(b"\\xef\\xbb\\xbf 1 point match\\r\\n")
' 1 point match\\r\\n'
"""

from __future__ import annotations

import codecs

__all__ = ["decode"]


def decode(data: bytes) -> str:
    """The text of a match file: UTF-8 (a byte-order mark is dropped), else Windows-1252,
    else Latin-1 (which reads any bytes). Line ends are left as they are: the reader takes
    CRLF, LF and CR alike."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            pass
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")
