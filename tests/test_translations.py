"""The German translation is complete: every string of the source has a German text.

* The shipped catalog (``locale/de/LC_MESSAGES/*.po``) has no empty or fuzzy entry, and every
  translation keeps the placeholders, HTML tags and line breaks of its English text.
* Extracting the strings from the source again (``makemessages`` on a copy of the project, so
  the real ``locale/`` stays untouched) finds nothing the shipped catalog lacks. This is the
  check that fails when someone adds or changes a string without a German translation; its
  message lists the strings and says how to fix it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po
from django.core.management import call_command

ROOT = Path(__file__).resolve().parent.parent
LOCALE_DIR = ROOT / "locale"
GERMAN = LOCALE_DIR / "de" / "LC_MESSAGES"
DOMAINS = sorted(path.stem for path in GERMAN.glob("*.po"))

#: What ``makemessages`` leaves out: the list the project runs it with.
IGNORED = [".venv", "staticfiles", "tests", "benchmarks", "scripts", "node_modules"]
#: The file types ``makemessages`` reads for each domain (its defaults).
EXTENSIONS = {"django": {".py", ".html", ".txt"}, "djangojs": {".js"}}
GETTEXT_TOOLS = ("xgettext", "msgmerge", "msguniq", "msgattrib")

HOW_TO_FIX = (
    "Update the catalogs and translate the new strings:\n"
    "  .venv/bin/python manage.py makemessages -l de -l en "
    + " ".join(f"--ignore={name}" for name in IGNORED)
    + " --no-obsolete\n"
    "then fill in the German msgstr in locale/de/LC_MESSAGES/django.po, remove the "
    "`#, fuzzy` flag once a translation is right, and run `make messages`."
)

#: %(name)s, %(n)d, %(delta)+.1f, a bare %s or %d, and a literal %%.
PERCENT_PLACEHOLDER = re.compile(r"%(?:\([^)]+\))?[-+ #0]*\d*(?:\.\d+)?[sdifr%]")
#: {name} in texts for str.format() or for the board script.
BRACE_PLACEHOLDER = re.compile(r"\{\w*\}")
HTML_TAG = re.compile(r"</?([a-zA-Z][a-zA-Z0-9]*)\b")


def load(path: Path) -> Catalog:
    with path.open("rb") as po_file:
        return read_po(po_file)


def forms(message: Message) -> list[tuple[str, str]]:
    """(English, German) pairs: one for a simple entry, one per plural form otherwise."""
    if isinstance(message.id, str):
        return [(message.id, message.string or "")]
    singular, plural = message.id[0], message.id[1]
    strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
    return [(singular if i == 0 else plural, text or "") for i, text in enumerate(strings)]


def is_translated(message: Message) -> bool:
    return not message.fuzzy and all(german for _english, german in forms(message))


def label(message: Message) -> str:
    text = message.id if isinstance(message.id, str) else message.id[0]
    where = ", ".join(f"{path}:{line}" for path, line in message.locations[:2])
    context = f" [context {message.context!r}]" if message.context else ""
    return f"  {text!r}{context}" + (f"  ({where})" if where else "")


def placeholders(text: str, message: Message) -> list[str]:
    """The placeholders of a text. Named ones always count (a "%(x)s" a translator adds to a
    plain text breaks it just as well); bare ones like "%s" only in a python-format text,
    where a literal percent sign is written "%%"."""
    percent = PERCENT_PLACEHOLDER.findall(text)
    if "python-format" not in message.flags:
        percent = [spec for spec in percent if spec.startswith("%(")]
    brace = BRACE_PLACEHOLDER.findall(text) if "python-brace-format" in message.flags else []
    return sorted(percent + brace)


@pytest.fixture(scope="module", params=DOMAINS)
def german(request: pytest.FixtureRequest) -> Catalog:
    return load(GERMAN / f"{request.param}.po")


def test_there_is_a_german_catalog() -> None:
    assert "django" in DOMAINS, f"no django.po in {GERMAN}"


def test_german_header_declares_the_plural_forms(german: Catalog) -> None:
    assert german.num_plurals == 2
    assert german.plural_expr.replace(" ", "").strip("()") == "n!=1"


def test_every_german_entry_is_translated_and_not_fuzzy(german: Catalog) -> None:
    missing = [message for message in german if message.id and not is_translated(message)]
    assert not missing, (
        f"{len(missing)} entries of the German catalog are empty or fuzzy:\n"
        + "\n".join(map(label, missing))
        + "\n\n"
        + HOW_TO_FIX
    )


def test_german_translations_keep_placeholders_tags_and_line_breaks(german: Catalog) -> None:
    problems = []
    for message in german:
        if not message.id:
            continue
        for english, text in forms(message):
            if not text:
                continue  # the completeness test reports it
            if placeholders(text, message) != placeholders(english, message):
                problems.append(
                    f"{label(message)}\n    placeholders {placeholders(english, message)} "
                    f"became {placeholders(text, message)} in {text!r}"
                )
            if sorted(HTML_TAG.findall(text)) != sorted(HTML_TAG.findall(english)):
                problems.append(f"{label(message)}\n    HTML tags differ in {text!r}")
            if english.count("\n") != text.count("\n"):
                problems.append(f"{label(message)}\n    line breaks differ in {text!r}")
    assert not problems, "German translations that break their English text:\n" + "\n".join(
        problems
    )


@pytest.mark.skipif(
    shutil.which("msgfmt") is None,
    reason="GNU gettext's msgfmt is not installed (apt-get install gettext)",
)
def test_german_catalog_passes_msgfmt_check() -> None:
    """GNU msgfmt's own checks (format strings, plural forms, header) on top of ours."""
    for domain in DOMAINS:
        result = subprocess.run(
            ["msgfmt", "--check", "-o", os.devnull, str(GERMAN / f"{domain}.po")],
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 0, f"msgfmt --check {domain}.po:\n{result.stderr}"


def test_scripts_translate_nothing_without_a_javascript_catalog() -> None:
    """The board's texts are translated on the server and handed to the script. A script that
    calls gettext() itself needs a djangojs catalog, which the checks here then cover too."""
    if "djangojs" in DOMAINS:
        return
    calls = re.compile(r"\b(?:n|p|np)?gettext\s*\(|\binterpolate\s*\(")
    users = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "static").rglob("*.js"))
        if "vendor" not in path.parts
        and not path.name.endswith(".min.js")
        and calls.search(path.read_text(encoding="utf-8", errors="replace"))
    ]
    assert not users, (
        f"{users} call gettext() but there is no locale/de/LC_MESSAGES/djangojs.po: run "
        "makemessages with -d djangojs as well and translate that catalog."
    )


def copy_sources(target: Path) -> None:
    """The files makemessages reads, in the same layout, and the locale directory."""
    wanted = set().union(*(EXTENSIONS.get(domain, set()) for domain in DOMAINS))
    skipped = {*IGNORED, "locale", "media", "__pycache__"}
    for dirpath, dirnames, filenames in os.walk(ROOT):
        dirnames[:] = [d for d in dirnames if d not in skipped and not d.startswith(".")]
        relative = Path(dirpath).relative_to(ROOT)
        for name in filenames:
            if Path(name).suffix in wanted and not name.startswith("."):
                (target / relative).mkdir(parents=True, exist_ok=True)
                shutil.copyfile(Path(dirpath) / name, target / relative / name)
    shutil.copytree(LOCALE_DIR, target / "locale")


@pytest.mark.skipif(
    any(shutil.which(tool) is None for tool in GETTEXT_TOOLS),
    reason="extracting the strings needs GNU gettext (xgettext, msgmerge, msguniq, msgattrib): "
    "apt-get install gettext",
)
def test_every_string_in_the_source_has_a_german_translation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, settings
) -> None:
    project = tmp_path / "project"
    copy_sources(project)
    settings.LOCALE_PATHS = [str(project / "locale")]
    monkeypatch.chdir(project)
    for domain in DOMAINS:
        call_command(
            "makemessages",
            locale=["de"],
            domain=domain,
            ignore_patterns=list(IGNORED),
            no_obsolete=True,
            verbosity=0,
        )

    problems = []
    for domain in DOMAINS:
        shipped = load(GERMAN / f"{domain}.po")
        # The copy merged with what the source says now: exactly the strings of the source.
        extracted = load(project / "locale" / "de" / "LC_MESSAGES" / f"{domain}.po")
        assert len(extracted) > 0, f"makemessages found no strings for {domain}"
        missing = []
        for message in extracted:
            if not message.id:
                continue
            known = shipped.get(message.id, message.context)
            if known is None or known.id != message.id or not is_translated(known):
                missing.append(message)
        if missing:
            problems.append(
                f"{len(missing)} strings of the source have no German translation in "
                f"locale/de/LC_MESSAGES/{domain}.po:\n" + "\n".join(map(label, missing))
            )
    assert not problems, "\n\n".join(problems) + "\n\n" + HOW_TO_FIX


# --- The glossary: one German word for each term ----------------------------------------------

GLOSSARY = LOCALE_DIR / "de" / "GLOSSARY.toml"


@pytest.fixture(scope="module")
def glossary() -> dict:
    import tomllib

    with GLOSSARY.open("rb") as toml_file:
        return tomllib.load(toml_file)


def german_texts(message: Message) -> list[str]:
    return [text for _english, text in forms(message) if text]


def test_the_glossary_names_terms_and_forbidden_forms(glossary: dict) -> None:
    assert glossary["term"] and glossary["forbidden"] and glossary["english"]
    for entry in [*glossary["term"], *glossary["forbidden"], *glossary["english"]]:
        for key in ("english", "german", "pattern"):
            if key in entry:
                re.compile(entry[key])


def test_german_uses_the_glossarys_term_for_each_english_one(
    german: Catalog, glossary: dict
) -> None:
    problems = []
    for term in glossary["term"]:
        english = re.compile(rf"(?<![\w-])(?:{term['english']})(?![\w-])", re.IGNORECASE)
        wanted = re.compile(term["german"])
        exceptions = set(term.get("other_senses", []))
        for message in german:
            if not message.id:
                continue
            for source, text in forms(message):
                # A placeholder's name ("%(match)s") is no word of the text.
                words = BRACE_PLACEHOLDER.sub("", PERCENT_PLACEHOLDER.sub("", source))
                if not text or source in exceptions or not english.search(words):
                    continue
                if not wanted.search(text):
                    problems.append(f"{label(message)}\n    wants {term['german']!r}: {text!r}")
    assert not problems, (
        f"German texts without the glossary's term ({GLOSSARY.relative_to(ROOT)}); list a msgid "
        "under other_senses where the English word means something else:\n" + "\n".join(problems)
    )


def test_german_avoids_the_forbidden_forms(german: Catalog, glossary: dict) -> None:
    problems = []
    for rule in glossary["forbidden"]:
        pattern = re.compile(rule["pattern"])
        for message in german:
            for text in german_texts(message) if message.id else []:
                found = pattern.search(text)
                if found:
                    problems.append(
                        f"{label(message)}\n    {found.group(0)!r}: use {rule['use']}: {text!r}"
                    )
    assert not problems, "German texts with forms the glossary forbids:\n" + "\n".join(problems)


def test_the_english_texts_follow_the_glossary(german: Catalog, glossary: dict) -> None:
    problems = []
    for rule in glossary["english"]:
        pattern = re.compile(rule["pattern"])
        for message in german:
            for source, _text in forms(message) if message.id else []:
                if pattern.search(source):
                    problems.append(f"{label(message)}\n    use {rule['use']}")
    assert not problems, "English texts the glossary refuses:\n" + "\n".join(problems)
