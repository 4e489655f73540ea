"""Tournament night: a club's referees referee its tournaments without being ticked on each,
a match page says why one cannot enter a result, and a dispute reads clearly for the reporter,
the opponent and the referee, who decides it from the top of the page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubs.models import Role
from matches.models import MatchReport, MatchStatus, ReportStatus
from notifications.match_notices import referees_of
from tests.browser_form import page_form
from tests.factories import PASSWORD, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db


def url(match, name, **extra):
    tournament = match.round.stage.tournament
    return reverse(
        f"matches:{name}",
        kwargs={
            "club": tournament.club.slug,
            "tournament": tournament.slug,
            "match": match.pk,
            **extra,
        },
    )


def log_in(client, user):
    client.logout()
    assert client.login(username=user.username, password=PASSWORD)
    return client


def club_user(club, username, role):
    user = UserFactory(username=username)
    MembershipFactory(club=club, player__user=user, role=role)
    return user


def give_accounts(match):
    """The two players of the match get user accounts: (reporter, opponent)."""
    users = []
    for name, entry in (("alice", match.entry_a), ("bob", match.entry_b)):
        user = UserFactory(username=name, first_name=name.title(), last_name="Player")
        entry.player.user = user
        entry.player.name = name.title()
        entry.player.save()
        users.append(user)
    return users


# --- 1. A club's referees referee all its tournaments --------------------------------------


def test_a_referee_who_joined_the_club_after_the_tournament_was_made_enters_results(
    client, make_tournament, club
):
    tournament = make_tournament(2, default_length=5)
    newcomer = club_user(club, "nina", Role.REFEREE)  # not ticked on the tournament
    match = tournament.stages.get().rounds.get().matches.get()

    page = log_in(client, newcomer).get(url(match, "detail")).content.decode()
    assert "Save game" in page

    response = client.post(
        url(match, "final_score"), {"score_a": 5, "score_b": 2, "version": match.version}
    )
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.status, match.score_a, match.score_b) == (MatchStatus.FINISHED, 5, 2)


def test_a_tournament_may_narrow_its_referees_and_the_page_says_why(
    client, make_tournament, club, organizer
):
    chosen = club_user(club, "chosen", Role.REFEREE)
    other = club_user(club, "other", Role.REFEREE)
    tournament = make_tournament(2, default_length=5)
    log_in(client, organizer)
    edit = reverse("tournaments:edit", args=[club.slug, tournament.slug])
    data = page_form(client.get(edit).content.decode()).data()
    assert data["referee_scope"] == ["club"]  # all club referees unless narrowed
    data.update(referee_scope=["listed"], referees=[str(chosen.player.pk)])
    assert client.post(edit, data).status_code == 302
    tournament.refresh_from_db()
    assert tournament.referee_scope == "listed"
    match = tournament.stages.get().rounds.get().matches.get()

    page = log_in(client, other).get(url(match, "detail")).content.decode()
    assert "Save game" not in page
    assert "Only the tournament&#x27;s referees and organizers can enter results." in page
    response = client.post(
        url(match, "final_score"), {"score_a": 5, "score_b": 2, "version": match.version}
    )
    assert response.status_code == 403

    page = log_in(client, chosen).get(url(match, "detail")).content.decode()
    assert "Save game" in page
    assert [p.pk for p in referees_of(match)] == [chosen.player.pk]


def test_a_club_member_who_may_not_enter_is_told_why(client, make_tournament, club):
    match = make_tournament(2, default_length=5).stages.get().rounds.get().matches.get()
    member = club_user(club, "pete", Role.PLAYER)
    page = log_in(client, member).get(url(match, "detail")).content.decode()
    assert "Save game" not in page
    assert (
        "Only this match&#x27;s players, the tournament&#x27;s referees and organizers "
        "enter results." in page
    )
    client.logout()
    page = client.get(url(match, "detail")).content.decode()
    assert "Log in to enter yours." in page


def test_the_dispute_notice_goes_to_a_referee_who_joined_later(make_tournament, club):
    match = make_tournament(2, default_length=5).stages.get().rounds.get().matches.get()
    newcomer = club_user(club, "nina", Role.REFEREE)
    assert newcomer.player in referees_of(match)


# --- 2. A dispute is a state of its own --------------------------------------------------------


@pytest.fixture
def disputed(client, match_of):
    """Alice reported 5–2 with a note; Bob disputed it, saying 3–5, with his own note."""
    match = match_of(default_length=5)
    alice, bob = give_accounts(match)
    log_in(client, alice).post(
        url(match, "report"), {"score_a": 5, "score_b": 2, "note": "Alice's note"}
    )
    report = MatchReport.objects.get(match=match)
    log_in(client, bob).post(
        url(match, "report_decide", report_id=report.pk, action="dispute"),
        {"note": "Bob's note", "score_a": 3, "score_b": 5},
    )
    report.refresh_from_db()
    assert report.status == ReportStatus.DISPUTED
    return match, report, alice, bob


def test_the_reporter_reads_that_his_report_is_disputed(client, disputed):
    match, _report, alice, _bob = disputed
    page = log_in(client, alice).get(url(match, "detail")).content.decode()
    assert "Waiting for your opponent to confirm" not in page
    assert "Bob disputes your report. A referee will decide the result" in page
    assert 'action="' + url(match, "report") not in page  # no report form while disputed


def test_the_opponent_reads_that_he_disputed(client, disputed):
    match, _report, _alice, bob = disputed
    page = log_in(client, bob).get(url(match, "detail")).content.decode()
    assert "You disputed Alice&#x27;s report. A referee will decide the result" in page
    assert ">Dispute</button>" not in page


def test_the_referee_sees_both_reports_and_notes_apart_and_decides_at_the_top(
    client, disputed, referee
):
    match, report, _alice, _bob = disputed
    page = log_in(client, referee).get(url(match, "detail")).content.decode()
    assert "Alice and Bob disagree about the result" in page
    assert '<blockquote class="note">Alice&#x27;s note</blockquote>' in page
    assert '<blockquote class="note">Bob&#x27;s note</blockquote>' in page
    assert "Alice&#x27;s note\nBob" not in page
    confirm_alice = "Confirm Alice's report (5–2)"
    confirm_bob = "Confirm Bob's report (3–5)"
    assert confirm_alice in page and confirm_bob in page
    # The decision comes before the referee's own entry forms.
    assert page.index(confirm_bob) < page.index("Save game")

    response = client.post(url(match, "report_decide", report_id=report.pk, action="uphold"))
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.status, match.score_a, match.score_b) == (MatchStatus.FINISHED, 3, 5)
    assert match.winner == match.entry_b


def test_the_referee_may_confirm_the_reporter_instead(client, disputed, referee):
    match, report, _alice, _bob = disputed
    log_in(client, referee).post(url(match, "report_decide", report_id=report.pk, action="confirm"))
    match.refresh_from_db()
    assert (match.score_a, match.score_b) == (5, 2)


def test_a_player_cannot_decide_his_own_dispute(client, disputed):
    match, report, _alice, bob = disputed
    log_in(client, bob).post(url(match, "report_decide", report_id=report.pk, action="uphold"))
    match.refresh_from_db()
    assert match.status == MatchStatus.READY


def test_a_dispute_with_half_a_score_is_refused_and_changes_nothing(client, match_of):
    match = match_of(default_length=5)
    alice, bob = give_accounts(match)
    log_in(client, alice).post(url(match, "report"), {"score_a": 5, "score_b": 2})
    report = MatchReport.objects.get(match=match)
    response = log_in(client, bob).post(
        url(match, "report_decide", report_id=report.pk, action="dispute"),
        {"note": "wrong", "score_a": 3},
    )
    assert "Enter both scores of the result you say is right, or neither." in (
        response.content.decode()
    )
    report.refresh_from_db()
    assert report.status == ReportStatus.PENDING
    assert report.dispute_note == ""
