"""Each trigger tells exactly the right people exactly once, in their language, as they wish."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from clubs.models import Player
from draw import services as draw_services
from entries import services as entry_services
from events.types import (
    ResultCorrected,
    ResultRecorded,
    RoundDrawn,
    TournamentAdvanced,
    TournamentFinished,
)
from matches import services as match_services
from matches.models import MatchReport
from notifications import kinds, listeners
from notifications.match_notices import ready_matches_notify
from notifications.models import Notification, NotificationStatus
from notifications.tasks import notify_registrations
from notifications.tournament_notices import check_in_notify, entries_approved_notify
from tests.conftest import open_matches
from tests.factories import UserFactory
from tests.notifications.conftest import html_of, kinds_of, sent_to
from tournaments import services
from tournaments.models import Round

pytestmark = pytest.mark.django_db


# --- Drawn --------------------------------------------------------------------------------


def test_the_draw_tells_both_players_of_every_ready_match_once(field, locmem_mail, commit):
    tournament = field(4)  # single elimination: Alice–David, Bruno–Clara
    assert sent_to(locmem_mail) == [
        "alice@example.com",
        "bruno@example.com",
        "clara@example.com",
        "david@example.com",
    ]
    alice = next(m for m in locmem_mail if m.to == ["alice@example.com"])
    assert "Spring Open" in alice.subject and "David" in alice.subject
    assert "David" in alice.body
    assert "5-point match" in alice.body
    assert "https://crawford.example/clubs/" in alice.body
    assert "<strong>David</strong>" in html_of(alice)
    assert Notification.objects.filter(kind=kinds.MATCH_READY).count() == 4

    locmem_mail.clear()
    first_round = Round.objects.filter(stage__tournament=tournament).order_by("pk").first()
    commit(listeners.round_drawn, RoundDrawn(round_id=first_round.pk))  # a repeated trigger
    commit(ready_matches_notify)  # and the beat's safety net
    assert locmem_mail == []


def test_a_swiss_draw_names_the_table_the_format_and_gives_the_bye(field, locmem_mail):
    field(3, format="swiss", swiss_rounds=2, match_format="games", default_length=3)
    by_address = {m.to[0]: m for m in locmem_mail}
    assert len(locmem_mail) == 3
    byes = [m for m in locmem_mail if "bye" in m.subject]
    assert len(byes) == 1
    played = [m for m in locmem_mail if m not in byes]
    for mail in played:
        assert "Best of 3 games" in mail.body
        assert "Table 1" in mail.body
    assert set(by_address) == {"alice@example.com", "bruno@example.com", "clara@example.com"}


def test_an_online_match_links_the_board_and_a_deadline_is_shown(field, locmem_mail, commit):
    tournament = field(2, start=True)
    match = open_matches(tournament)[0]
    Notification.objects.all().delete()
    locmem_mail.clear()
    deadline = timezone.now() + timedelta(days=3)
    Round.objects.filter(pk=match.round_id).update(deadline=deadline)
    type(match).objects.filter(pk=match.pk).update(is_online=True, table=None)
    commit(ready_matches_notify, tournament_id=tournament.pk)
    assert len(locmem_mail) == 2
    body = locmem_mail[0].body
    assert "online board" in body
    assert f"/matches/{match.pk}/" in body
    assert "Deadline" in body
    assert str(timezone.localtime(deadline).year) in body


def test_guests_without_email_are_not_mailed_but_listed_to_tell_in_person(field, locmem_mail):
    tournament = field(1, guests=1)  # Alice against Guest 1
    assert sent_to(locmem_mail) == ["alice@example.com"]
    guest_notice = Notification.objects.get(recipient__name="Guest 1")
    assert guest_notice.email_status == NotificationStatus.SKIPPED
    assert guest_notice.tournament == tournament
    assert "Alice" in guest_notice.body


def test_guests_are_told_in_person_only_what_they_must_know(field, locmem_mail, play, commit):
    tournament = field(1, guests=1, format="swiss", swiss_rounds=1)
    commit(entries_approved_notify)
    play(open_matches(tournament)[0])
    guest_kinds = Notification.objects.filter(recipient__name="Guest 1").values_list(
        "kind", flat=True
    )
    assert list(guest_kinds) == [kinds.MATCH_READY]


def test_a_guest_with_an_email_address_is_mailed(club, organizer, commit, locmem_mail):
    tournament = services.tournament_create(club=club, user=organizer, name="Bar Cup")
    services.tournament_open_registration(tournament=tournament)
    entry_services.entry_add_guest(
        tournament=tournament, name="Walk-in", email="walkin@example.com"
    )
    entry_services.entry_add_guest(tournament=tournament, name="Quiet")
    commit(draw_services.tournament_start, tournament=tournament)
    assert sent_to(locmem_mail) == ["walkin@example.com"]


def test_an_account_without_email_gets_the_notice_in_the_app_only(field, people, locmem_mail):
    people["Alice"].user.email = ""
    people["Alice"].user.save()
    Player.objects.filter(pk=people["Alice"].pk).update(email="")
    field(2)
    assert sent_to(locmem_mail) == ["bruno@example.com"]
    notice = Notification.objects.get(recipient=people["Alice"])
    assert notice.email_status == NotificationStatus.SKIPPED
    assert notice.read_at is None


# --- Results --------------------------------------------------------------------------------


def test_a_result_tells_both_players_and_the_next_round_its_players(
    field, locmem_mail, play, people
):
    tournament = field(4)
    semi_1, semi_2 = open_matches(tournament)
    locmem_mail.clear()
    play(semi_1)  # Alice beats David
    assert sent_to(locmem_mail) == ["alice@example.com", "david@example.com"]
    alice = next(m for m in locmem_mail if m.to == ["alice@example.com"])
    assert "You won 5–0" in alice.body
    david = next(m for m in locmem_mail if m.to == ["david@example.com"])
    assert "You lost 0–5" in david.body

    locmem_mail.clear()
    play(semi_2)  # Bruno beats Clara: the final Alice–Bruno is ready
    subjects = sorted((m.to[0], m.subject) for m in locmem_mail)
    assert [to for to, _s in subjects] == [
        "alice@example.com",
        "bruno@example.com",
        "bruno@example.com",
        "clara@example.com",
    ]
    assert kinds_of(people["Alice"]).count(kinds.MATCH_READY) == 2
    assert kinds_of(people["Bruno"]).count(kinds.RESULT_RECORDED) == 1


def test_the_end_of_a_tournament_sends_the_placings_once(field, locmem_mail, play, commit):
    tournament = field(4)
    semi_1, semi_2 = open_matches(tournament)
    play(semi_1)
    play(semi_2)
    final = open_matches(tournament)[0]
    locmem_mail.clear()
    play(final, winner=final.entry_b)  # Bruno wins the final
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    finished = [m for m in locmem_mail if "is over" in m.subject]
    assert sent_to(finished) == [
        "alice@example.com",
        "bruno@example.com",
        "clara@example.com",
        "david@example.com",
    ]
    bruno = next(m for m in finished if m.to == ["bruno@example.com"])
    assert "1. Bruno" in bruno.body and "2. Alice" in bruno.body
    assert "Your place: 1." in bruno.body
    clara = next(m for m in finished if m.to == ["clara@example.com"])
    assert "Your place: 3–4." in clara.body
    assert f"/t/{tournament.slug}/standings/" in clara.body
    results = [m for m in locmem_mail if m not in finished]
    assert sent_to(results) == ["alice@example.com", "bruno@example.com"]

    locmem_mail.clear()
    commit(listeners.result_recorded, ResultRecorded(match_id=final.pk))  # repeated
    commit(listeners.tournament_advanced, TournamentAdvanced(tournament_id=tournament.pk))
    commit(listeners.tournament_finished, TournamentFinished(tournament_id=tournament.pk))
    assert locmem_mail == []


def test_a_swiss_tournament_ends_with_the_standings_placings(field, locmem_mail, play):
    tournament = field(2, format="swiss", swiss_rounds=1)
    match = open_matches(tournament)[0]
    locmem_mail.clear()
    play(match)  # the first player wins
    finished = [m for m in locmem_mail if "is over" in m.subject]
    assert sent_to(finished) == ["alice@example.com", "bruno@example.com"]
    loser = match.entry_b.player.email
    assert "Your place: 2." in next(m for m in finished if m.to == [loser]).body


def test_a_reported_result_asks_the_opponent_to_confirm(field, locmem_mail, commit, people):
    tournament = field(2)
    match = open_matches(tournament)[0]
    locmem_mail.clear()
    commit(match_services.report_submit, match=match, player=people["Alice"], score_a=5, score_b=2)
    assert sent_to(locmem_mail) == ["bruno@example.com"]
    mail = locmem_mail[0]
    assert "Alice" in mail.subject
    assert "Alice 5–2 Bruno" in mail.body
    assert "confirm" in mail.body


def test_a_disputed_result_goes_to_the_referee_only(field, locmem_mail, commit, people, club):
    tournament = field(2)
    referee = people["Rita"]
    tournament.referees.add(referee)
    match = open_matches(tournament)[0]
    report = commit(
        match_services.report_submit, match=match, player=people["Alice"], score_a=5, score_b=2
    )
    locmem_mail.clear()
    commit(match_services.report_dispute, report=report, by=people["Bruno"], note="It was 5-4")
    assert sent_to(locmem_mail) == ["rita@example.com"]
    assert "Bruno disputes the result Alice reported" in locmem_mail[0].body
    assert "It was 5-4" in locmem_mail[0].body
    assert MatchReport.objects.get(pk=report.pk).status == "disputed"


def test_without_referees_a_dispute_goes_to_the_organizers(
    field, locmem_mail, commit, people, organizer
):
    tournament = field(2)
    tournament.referees.clear()
    match = open_matches(tournament)[0]
    report = commit(
        match_services.report_submit, match=match, player=people["Alice"], score_a=5, score_b=2
    )
    locmem_mail.clear()
    commit(match_services.report_dispute, report=report, by=people["Bruno"])
    assert sent_to(locmem_mail) == [organizer.email]


def test_a_correction_tells_both_players_once_per_correction(field, locmem_mail, commit, play):
    tournament = field(4, format="swiss", swiss_rounds=2)
    match = open_matches(tournament)[0]
    first, second = match.entry_a.player.email, match.entry_b.player.email
    play(match)
    locmem_mail.clear()
    commit(
        match_services.match_correct_final_score,
        match=match,
        score_a=3,
        score_b=5,
        reason="Swapped sheets",
    )
    corrected = [m for m in locmem_mail if "corrected" in m.subject]
    assert sent_to(corrected) == sorted([first, second])
    assert "You lost 3–5" in next(m for m in corrected if m.to == [first]).body
    locmem_mail.clear()
    commit(listeners.result_corrected, ResultCorrected(match_id=match.pk))
    assert locmem_mail == []


# --- Registration and check-in -------------------------------------------------------------


def test_an_approved_registration_is_confirmed_once(club, organizer, commit, locmem_mail, people):
    tournament = services.tournament_create(club=club, user=organizer, name="Club Night")
    services.tournament_open_registration(tournament=tournament)
    entry = entry_services.entry_sign_up(tournament=tournament, player=people["Alice"])
    commit(notify_registrations.delay)
    assert locmem_mail == []  # not approved yet
    entry_services.entry_approve(entry=entry)
    commit(notify_registrations.delay)
    commit(entries_approved_notify, entry_id=entry.pk)
    commit(notify_registrations.delay)
    assert sent_to(locmem_mail) == ["alice@example.com"]
    assert "Club Night" in locmem_mail[0].subject


def test_check_in_opens_a_day_before_the_start_for_those_not_checked_in(
    club, organizer, locmem_mail, people, commit
):
    now = timezone.now()
    tournament = services.tournament_create(
        club=club,
        user=organizer,
        name="Friday Cup",
        require_check_in=True,
        starts_at=now + timedelta(hours=30),
        venue="Café Lotus",
    )
    services.tournament_open_registration(tournament=tournament)
    entry_services.entry_add(tournament=tournament, player=people["Alice"])
    bruno = entry_services.entry_add(tournament=tournament, player=people["Bruno"])
    entry_services.entry_check_in(entry=bruno)
    assert commit(check_in_notify, now=now) == 0  # 30 hours to go
    assert commit(check_in_notify, now=now + timedelta(hours=7)) == 1
    assert commit(check_in_notify, now=now + timedelta(hours=8)) == 0
    assert sent_to(locmem_mail) == ["alice@example.com"]
    assert "Café Lotus" in locmem_mail[0].body


def test_entries_of_running_tournaments_are_not_confirmed_again(field, locmem_mail):
    field(2)
    locmem_mail.clear()
    assert entries_approved_notify() == 0


# --- Preferences and language --------------------------------------------------------------


def test_none_means_nothing_and_mine_means_only_matches(field, locmem_mail, play, people):
    Player.objects.filter(pk=people["Alice"].pk).update(notify="none")
    Player.objects.filter(pk=people["Bruno"].pk).update(notify="mine")
    tournament = field(2, format="swiss", swiss_rounds=1)
    play(open_matches(tournament)[0])
    assert kinds_of(people["Alice"]) == []
    assert kinds_of(people["Bruno"]) == [kinds.MATCH_READY, kinds.RESULT_RECORDED]
    assert "alice@example.com" not in sent_to(locmem_mail)
    assert not [m for m in locmem_mail if "is over" in m.subject]


def test_messages_come_in_the_recipients_language(field, locmem_mail, people, commit):
    Player.objects.filter(pk=people["Alice"].pk).update(language="de")
    tournament = field(2)
    match = open_matches(tournament)[0]
    Notification.objects.all().delete()
    locmem_mail.clear()
    Round.objects.filter(pk=match.round_id).update(
        deadline=timezone.make_aware(timezone.datetime(2031, 12, 5, 18, 0))
    )
    commit(ready_matches_notify, tournament_id=tournament.pk)
    alice = next(m for m in locmem_mail if m.to == ["alice@example.com"])
    bruno = next(m for m in locmem_mail if m.to == ["bruno@example.com"])
    assert "Runde" in alice.body and "Punkte-Match" in alice.body and "Dezember" in alice.body
    assert "Round" in bruno.body and "point match" in bruno.body and "Dec. 5, 2031" in bruno.body


def test_the_welcome_mail_is_a_notification_too(
    club, locmem_mail, django_capture_on_commit_callbacks
):
    from clubs import services as club_services

    UserFactory(username="wim", email="wim@example.com")
    with django_capture_on_commit_callbacks(execute=True):
        membership = club_services.club_add_member(club=club, user_identifier="wim")
    notice = Notification.objects.get(kind=kinds.MEMBERSHIP_WELCOME)
    assert notice.recipient == membership.player
    assert notice.club == club
    assert notice.email_status == NotificationStatus.SENT
    assert sent_to(locmem_mail) == ["wim@example.com"]
