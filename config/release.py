"""Which release of the code is running: a digest of what makes the pages (the apps' Python,
the templates, the translations' sources and the assets), the same in every process and on
every server that runs the same files. Cached pages and their parts are keyed by it
(``tournaments.pagecache``), so a page cached by the last release (whose HTML may name its
assets, or show what it fixed) is not served by the next, with no step at deployment."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from django.conf import settings

#: The files that change what a page shows.
SUFFIXES = frozenset({".py", ".html", ".txt", ".po", ".css", ".js"})
#: Beside the apps: what their pages are made with.
FOLDERS = ("config", "templates", "locale", "static")


def digest(folders: Iterable[Path]) -> str:
    """A short digest of the names (within their folders) and contents of the files."""
    summary = hashlib.blake2b(digest_size=6)
    for folder in folders:
        files = sorted(
            path
            for path in folder.rglob("*")
            if path.suffix in SUFFIXES and "__pycache__" not in path.parts and path.is_file()
        )
        for path in files:
            summary.update(str(path.relative_to(folder.parent)).encode() + b"\0")
            summary.update(path.read_bytes())
    return summary.hexdigest()


@cache
def release() -> str:
    """This code's digest (:func:`digest` of the project's apps and :data:`FOLDERS`), worked
    out once per process."""
    base = Path(settings.BASE_DIR)
    names = {app.split(".")[0] for app in settings.INSTALLED_APPS} | set(FOLDERS)
    return digest(base / name for name in sorted(names) if (base / name).is_dir())
