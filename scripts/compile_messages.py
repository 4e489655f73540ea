"""Compile locale/*/LC_MESSAGES/*.po to .mo without GNU gettext (uses Babel).

`make run` and `make test` call this only where `msgfmt` is missing.
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    for po_path in sorted((ROOT / "locale").glob("*/LC_MESSAGES/*.po")):
        with po_path.open("rb") as po_file:
            catalog = read_po(po_file)
        with po_path.with_suffix(".mo").open("wb") as mo_file:
            write_mo(mo_file, catalog)
        print(f"compiled {po_path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
