"""The release that keys the cached pages (``config.release``): the same files make the same
release on every server, and any change to what makes a page makes a new one."""

from __future__ import annotations

from config.release import digest, release


def _tree(root, page="<p>Standings</p>"):
    folder = root / "templates"
    folder.mkdir(parents=True)
    (folder / "page.html").write_text(page)
    (folder / "page.html.orig").write_text("left behind by an editor")
    return [folder]


def test_the_same_files_anywhere_are_one_release_and_a_changed_template_another(tmp_path):
    here, there = _tree(tmp_path / "a"), _tree(tmp_path / "b")
    assert digest(here) == digest(there) != digest(_tree(tmp_path / "c", "<p>Table</p>"))
    (there[0] / "page.html.orig").write_text("edited")  # not part of a page
    assert digest(there) == digest(here)
    (there[0] / "new.html").write_text("")
    assert digest(there) != digest(here)


def test_the_release_reads_the_apps_templates_translations_and_assets(monkeypatch):
    read = []
    monkeypatch.setattr("config.release.digest", lambda folders: read.extend(folders) or "")
    release.cache_clear()
    try:
        release()
    finally:
        release.cache_clear()
    names = {folder.name for folder in read}
    assert {"templates", "locale", "static", "config", "tournaments", "standings"} <= names
