"""Forbidden and pinned pairs: the organizer's list, followed by the Swiss draw and explained
on the round page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from config.errors import UserError
from draw import services as draw_services
from entries import services as entry_services
from entries.models import Entry, PairingRule
from matches.models import Match
from tests.conftest import open_matches
from tests.factories import PASSWORD
from tournaments.models import Round

pytestmark = pytest.mark.django_db


def entry(tournament, n):
    return Entry.objects.get(tournament=tournament, seed=n)


def pairs(tournament, number=1):
    return {
        frozenset((m.entry_a.seed, m.entry_b.seed))
        for m in Match.objects.filter(
            round__stage__tournament=tournament, round__number=number, entry_b__isnull=False
        )
    }


def round_page(client, tournament, number=1):
    url = reverse(
        "tournaments:round", args=[tournament.club.slug, tournament.slug, "swiss", number]
    )
    return client.get(url).content.decode()


def swiss_with_rule(make_tournament, commit, players, a, b, kind):
    tournament = make_tournament(players, start=False, format="swiss", swiss_rounds=3)
    add_rule(tournament, a, b, kind)
    commit(draw_services.tournament_start, tournament=tournament)
    return tournament


def add_rule(tournament, a, b, kind):
    entry_services.pairing_rule_add(
        tournament=tournament,
        entry_a=entry(tournament, a),
        entry_b=entry(tournament, b),
        kind=kind,
        reason="family",
    )


def test_a_forbidden_pair_is_avoided_and_the_round_page_says_why(make_tournament, commit, client):
    tournament = make_tournament(4, format="swiss", swiss_rounds=3)
    drawn = sorted(pairs(tournament), key=sorted)[0]
    add_rule(tournament, *sorted(drawn), "forbidden")
    commit(draw_services.round_repair, round_=Round.objects.get(stage__tournament=tournament))
    assert drawn not in pairs(tournament)
    assert len(pairs(tournament)) == 2
    assert "Avoided a forbidden pairing" in round_page(client, tournament)


def test_a_forbidden_pair_is_paired_when_nothing_else_is_possible(make_tournament, commit, client):
    tournament = swiss_with_rule(make_tournament, commit, 2, 1, 2, "forbidden")
    assert pairs(tournament) == {frozenset((1, 2))}
    assert "Forbidden pairing: no other pairing was possible" in round_page(client, tournament)


def test_a_pinned_pair_meets_once(make_tournament, commit, play, client):
    tournament = make_tournament(4, format="swiss", swiss_rounds=3)
    apart = next(
        frozenset((a, b))
        for a in range(1, 5)
        for b in range(a + 1, 5)
        if frozenset((a, b)) not in pairs(tournament)
    )
    add_rule(tournament, *sorted(apart), "pinned")
    commit(draw_services.round_repair, round_=Round.objects.get(stage__tournament=tournament))
    assert apart in pairs(tournament)
    assert "Pinned pairing" in round_page(client, tournament)
    for match in open_matches(tournament):
        play(match)
    assert apart not in pairs(tournament, 2)


def test_wrong_rules_are_refused(make_tournament):
    tournament = make_tournament(4, start=False, format="swiss", swiss_rounds=3)
    one, two, three = (entry(tournament, n) for n in (1, 2, 3))
    add = entry_services.pairing_rule_add
    with pytest.raises(UserError, match="two different"):
        add(tournament=tournament, entry_a=one, entry_b=one, kind="forbidden")
    add(tournament=tournament, entry_a=one, entry_b=two, kind="pinned")
    with pytest.raises(UserError, match="already have a rule"):
        add(tournament=tournament, entry_a=two, entry_b=one, kind="forbidden")
    with pytest.raises(UserError, match="one opponent only"):
        add(tournament=tournament, entry_a=three, entry_b=two, kind="pinned")
    other = make_tournament(2, start=False, name="Other")
    with pytest.raises(UserError, match="this tournament"):
        add(tournament=tournament, entry_a=one, entry_b=entry(other, 1), kind="forbidden")
    assert PairingRule.objects.count() == 1


def test_the_organizer_adds_and_removes_a_rule(make_tournament, client, organizer):
    tournament = make_tournament(4, start=False, format="swiss", swiss_rounds=3)
    client.login(username=organizer.username, password=PASSWORD)
    manage = reverse("tournaments:manage", args=[tournament.club.slug, tournament.slug])
    assert "Pairing rules" in client.get(manage).content.decode()
    url = reverse("tournaments:pairing_rule_add", args=[tournament.club.slug, tournament.slug])
    data = {
        "entry_a": entry(tournament, 1).pk,
        "entry_b": entry(tournament, 3).pk,
        "kind": "forbidden",
        "reason": "household",
    }
    page = client.post(url, data, follow=True).content.decode()
    assert "The pairing rule is saved" in page
    assert "Same household" in page
    rule = PairingRule.objects.get()
    page = client.post(url, {**data, "entry_b": data["entry_a"]}, follow=True).content.decode()
    assert "Choose two different players." in page
    assert PairingRule.objects.count() == 1
    remove = reverse(
        "tournaments:pairing_rule_remove", args=[tournament.club.slug, tournament.slug, rule.pk]
    )
    assert "The pairing rule is removed" in client.post(remove, follow=True).content.decode()
    assert not PairingRule.objects.exists()


def test_only_organizers_add_rules(make_tournament, client):
    tournament = make_tournament(4, start=False, format="swiss", swiss_rounds=3)
    url = reverse("tournaments:pairing_rule_add", args=[tournament.club.slug, tournament.slug])
    data = {"entry_a": entry(tournament, 1).pk, "entry_b": entry(tournament, 3).pk}
    client.post(url, {**data, "kind": "forbidden", "reason": "family"})
    assert not PairingRule.objects.exists()


def test_a_swap_after_the_draw_replaces_the_reasons(make_tournament, client):
    tournament = make_tournament(4, format="swiss", swiss_rounds=3)
    first, second = Match.objects.filter(round__number=1).order_by("index")
    draw_services.match_swap_players(first=first, first_slot=2, second=second, second_slot=2)
    round_ = Round.objects.get(stage__tournament=tournament, number=1)
    assert round_.pairing_notes == {"1": ["swapped"], "2": ["swapped"]}
    assert "Swapped by the organizer" in round_page(client, tournament)


def bracket_with_rule(make_tournament, commit, players, a, b, kind):
    tournament = make_tournament(players, start=False, format="single_elimination")
    add_rule(tournament, a, b, kind)
    commit(draw_services.tournament_start, tournament=tournament)
    return tournament


def first_round_names(tournament):
    return {
        frozenset((m.entry_a.player.name, m.entry_b.player.name))
        for m in Match.objects.filter(
            round__stage__tournament=tournament, round__number=1, entry_b__isnull=False
        ).select_related("entry_a__player", "entry_b__player")
    }


def test_a_bracket_keeps_a_forbidden_pair_apart_in_its_first_round(make_tournament, commit):
    tournament = bracket_with_rule(make_tournament, commit, 4, 1, 4, "forbidden")
    assert frozenset(("Player 001", "Player 004")) not in first_round_names(tournament)
    assert len(first_round_names(tournament)) == 2


def test_a_bracket_pairs_a_pinned_pair_in_its_first_round(make_tournament, commit, client):
    tournament = bracket_with_rule(make_tournament, commit, 8, 1, 2, "pinned")
    assert frozenset(("Player 001", "Player 002")) in first_round_names(tournament)
    url = reverse("tournaments:round", args=[tournament.club.slug, tournament.slug, "main", 1])
    assert "Pinned pairing" in client.get(url).content.decode()


def test_a_bracket_says_when_a_forbidden_pair_had_to_meet(make_tournament, commit, client):
    tournament = bracket_with_rule(make_tournament, commit, 2, 1, 2, "forbidden")
    url = reverse("tournaments:round", args=[tournament.club.slug, tournament.slug, "main", 1])
    assert "Forbidden pairing: no other pairing was possible" in client.get(url).content.decode()
