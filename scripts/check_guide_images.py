"""Every picture a page of the docs shows exists and is not empty.

    .venv/bin/python scripts/check_guide_images.py [docs]

``mkdocs build --strict`` fails on a link to a missing page; ``make docs`` runs this after it
so that a picture the script did not take, or took empty, fails too: each ``![text](path)``
and ``<img src="path">`` of every Markdown page under the folder is looked up beside its page,
and a picture from elsewhere (an address) is refused. Exits 1 with the list of what is wrong.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MARKDOWN_IMAGE = re.compile(r"!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_IMAGE = re.compile(r"<img\b[^>]*\bsrc=[\"']([^\"']+)[\"']", re.IGNORECASE)


def pictures(page: Path) -> list[str]:
    text = page.read_text(encoding="utf-8")
    return [*MARKDOWN_IMAGE.findall(text), *HTML_IMAGE.findall(text)]


def problems(folder: Path) -> tuple[int, list[str]]:
    """How many pictures the pages show, and what is wrong with them."""
    found, wrong = 0, []
    for page in sorted(folder.rglob("*.md")):
        for src in pictures(page):
            if re.match(r"^[a-z][a-z0-9+.-]*:", src, re.IGNORECASE):
                wrong.append(f"{page.relative_to(folder)}: {src} is not a file of the docs")
                continue
            found += 1
            picture = (page.parent / src.split("#")[0]).resolve()
            if not picture.is_file():
                wrong.append(f"{page.relative_to(folder)}: {src} is missing")
            elif picture.stat().st_size == 0:
                wrong.append(f"{page.relative_to(folder)}: {src} is empty")
    return found, wrong


def main() -> None:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs"
    found, wrong = problems(folder.resolve())
    if wrong:
        print("\n".join(wrong), file=sys.stderr)
        raise SystemExit(1)
    print(f"{found} pictures, all there.")


if __name__ == "__main__":
    main()
