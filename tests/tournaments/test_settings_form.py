"""The tournament settings form shows the chosen format's own options only (Swiss rounds,
the grand final's reset, a double round robin, the consolation's kind, a last chance …),
and works without JavaScript: a changed format brings its options back to be checked before
anything is saved."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.browser_form import page_form
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

#: Each format's own inputs; every other format's inputs must not be on its page.
OPTIONS = {
    "single_elimination": set(),
    "main_consolation": {"last_chance", "progressive_consolation"},
    "double_elimination": {"grand_final_reset"},
    "swiss": {
        "swiss_rounds",
        "bye_match_points",
        "auto_pair_next_round",
        "review_rounds",
        "avoid_same_club",
    },
    "round_robin": {"double_round_robin", "bye_match_points", "review_rounds"},
}
EVERY_OPTION = set().union(*OPTIONS.values())


@pytest.fixture
def organizer_client(client, organizer):
    client.force_login(organizer)
    return client


def create_url(club):
    return reverse("tournaments:create", args=[club.slug])


def inputs_of(html: str) -> set[str]:
    return {name for name, _value in page_form(html).fields} | {
        name for name in EVERY_OPTION if f'name="{name}"' in html
    }


@pytest.mark.parametrize("format_key", list(OPTIONS))
def test_the_new_form_shows_the_chosen_formats_options_only(organizer_client, club, format_key):
    html = organizer_client.get(create_url(club), {"format": format_key}).content.decode()
    assert inputs_of(html) & EVERY_OPTION == OPTIONS[format_key]
    assert f'<option value="{format_key}" selected>' in html


def test_without_a_script_a_changed_format_shows_its_options_before_saving(organizer_client, club):
    url = create_url(club)
    form = page_form(organizer_client.get(url).content.decode()).data()
    assert "swiss_rounds" not in form and form["options_for"] == ["single_elimination"]
    # The organizer picks Swiss in the list and presses Save: nothing is saved yet, the
    # page comes back with Swiss's options, their defaults filled in.
    form.update(name=["Monday Swiss"], format=["swiss"])
    response = organizer_client.post(url, form)
    assert response.status_code == 200
    assert not Tournament.objects.filter(name="Monday Swiss").exists()
    html = response.content.decode()
    assert "These are the options of the format you chose" in html
    assert 'class="error"' not in html
    again = page_form(html).data()
    assert again["options_for"] == ["swiss"]
    assert again["name"] == ["Monday Swiss"]
    assert again["auto_pair_next_round"] == ["on"]  # its default
    assert again["bye_match_points"] == ["1"]
    assert "grand_final_reset" not in again
    again["swiss_rounds"] = ["5"]
    response = organizer_client.post(url, again)
    assert response.status_code == 302
    tournament = Tournament.objects.get(name="Monday Swiss")
    assert (tournament.format, tournament.swiss_rounds) == ("swiss", 5)


def test_the_format_can_be_chosen_first_by_its_address(organizer_client, club):
    """The "show its options" step without a script: the same page with ``?format=``."""
    html = organizer_client.get(create_url(club), {"format": "double_elimination"}).content
    form = page_form(html.decode()).data()
    assert form["grand_final_reset"] == ["on"]  # the default: a reset
    form.update(name=["Double"])
    organizer_client.post(create_url(club), form)
    assert Tournament.objects.get(name="Double").grand_final_reset is True


def test_the_settings_keep_what_other_formats_had(organizer_client, club, organizer):
    tournament = services.tournament_create(
        club=club,
        user=organizer,
        name="Cup",
        format="double_elimination",
        grand_final_reset=False,
        swiss_rounds=4,
    )
    url = reverse("tournaments:edit", args=[club.slug, tournament.slug])
    html = organizer_client.get(url).content.decode()
    assert inputs_of(html) & EVERY_OPTION == {"grand_final_reset"}
    form = page_form(html).data()
    assert "grand_final_reset" not in form  # shown unchecked, as saved
    assert organizer_client.post(url, form).status_code == 302
    tournament.refresh_from_db()
    assert (tournament.grand_final_reset, tournament.swiss_rounds) == (False, 4)
