"""The start of the benchmarks that call Django in their own process (``clock``,
``standings``): the project on the path, a throw-away SQLite database unless DATABASE_URL
names one, the test client's host allowed, and Django set up."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def setup() -> None:
    sys.path.insert(0, str(ROOT))
    if "DATABASE_URL" not in os.environ:
        os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["ALLOWED_HOSTS"] = "testserver"
    import django

    django.setup()
