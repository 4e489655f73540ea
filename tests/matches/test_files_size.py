"""The size of a match file is checked before its text is read, in both steps of the upload:
a post of a megabyte is refused at once, not parsed first (which took over a second)."""

from __future__ import annotations

import pytest

from matches.selectors.files import MAX_FILE_BYTES
from matches.views import files as file_views
from tests.conftest import assert_nothing_stored, mat
from tests.matches.test_files import upload_url

pytestmark = pytest.mark.django_db


def test_the_who_is_who_step_refuses_a_large_text_before_reading_it(
    client, make_match, organizer, monkeypatch
):
    match = make_match(names=("Ann", "Bert"))
    client.force_login(organizer)
    read = []
    real_read = file_views.matfile_read

    def spy(**kwargs):
        read.append(len(kwargs["text"]))
        return real_read(**kwargs)

    monkeypatch.setattr(file_views, "matfile_read", spy)
    text = mat("gnubg_03pt_s104")
    huge = text * (1024 * 1024 // len(text) + 1)
    assert len(huge) > 4 * MAX_FILE_BYTES

    response = client.post(upload_url(match), {"content": huge, "name": "x.mat", "swap": "1"})
    assert response.status_code == 200
    assert "The file is too large: match files of up to 256 KB are accepted." in response.text
    assert b'type="file"' in response.content  # back to the first step
    assert read == []  # never parsed
    assert_nothing_stored(match)

    # A file of the allowed size still goes through the step.
    response = client.post(upload_url(match), {"content": text, "name": "x.mat", "swap": "1"})
    assert response.status_code == 302
    assert read == [len(text)]


def test_a_who_is_who_post_that_is_no_match_file_shows_why(client, make_match, organizer):
    match = make_match(names=("Ann", "Bert"))
    client.force_login(organizer)
    response = client.post(upload_url(match), {"content": "hello", "name": "x.mat", "swap": "1"})
    assert response.status_code == 200  # was a 500: the error was added to an unbound form
    assert 'role="alert"' in response.text and b'type="file"' in response.content
    assert_nothing_stored(match)
