"""A referee enters results at the venue; the public standings follow without a reload."""

from __future__ import annotations

import re

import pytest

from clubs.models import Role
from draw import services as draw_services
from entries import services as entry_services
from tests.factories import PASSWORD, MembershipFactory, UserFactory
from tournaments import services
from tournaments.models import Round

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def league(club, organizer):
    """A round robin of four: round 1 best of 3, round 2 five-point matches."""
    referee = UserFactory(username="referee", first_name="Rudi", last_name="Ref")
    MembershipFactory(club=club, player__user=referee, role=Role.REFEREE)
    tournament = services.tournament_create(
        club=club,
        user=organizer,
        name="Thursday League",
        format="round_robin",
        match_format="games",
        default_length=3,
        tiebreaks=["match_wins", "points_difference", "lot"],
    )
    services.tournament_open_registration(tournament=tournament)
    for name in ("Anna Albers", "Ben Brandt", "Clara Conrad", "David Dietrich"):
        entry_services.entry_add_guest(tournament=tournament, name=name)
    draw_services.tournament_start(tournament=tournament)  # autocommit: the draw runs at once
    second = Round.objects.get(stage__tournament=tournament, number=2)
    draw_services.round_update(round_=second, match_format="points", length=5)
    return tournament


def first_match_link(page):
    return page.locator("table.draw a").first


def first_player(page) -> str:
    """The name on the first "Winner" choice of the game form: the first player."""
    return (
        page.locator("#result-panel input[name=winner]")
        .first.evaluate("el => el.labels[0].innerText")
        .strip()
    )


def log_in(page, url):
    page.goto(f"{url}/accounts/login/")
    page.get_by_label("Username").fill("referee")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("heading", name=re.compile("Hello")).wait_for()


def enter_game(page, winner, kind="single", cube=None, ended_by="bearoff"):
    panel = page.locator("#result-panel")
    panel.get_by_label(winner, exact=True).check()
    panel.locator("select[name=kind]").select_option(kind)
    # The form's fields are the match format's, whatever the kind: nothing to wait for.
    if cube is not None and panel.locator("select[name=cube]").count():  # at once
        panel.locator("select[name=cube]").select_option(str(cube))
    panel.locator("select[name=ended_by]").select_option(ended_by)
    panel.get_by_role("button", name="Save game").click()


def test_referee_enters_results_and_the_standings_follow(live_server, new_page, league):
    public = new_page()
    public.clock.install()  # its next refresh (every 5 s) is brought forward, not waited for
    public.goto(f"{live_server.url}/clubs/bar/t/thursday-league/standings/")
    public.evaluate("window.notReloaded = true")  # gone if the page were loaded again
    first_row = public.locator("table.standings tbody tr").first
    assert re.search(r"\s0\s+0\s+0\s", first_row.inner_text())  # nobody has played

    page = new_page()
    log_in(page, live_server.url)

    # Round 1, best of three, game by game: no cube field at all.
    page.goto(f"{live_server.url}/clubs/bar/t/thursday-league/round_robin/1/")
    first_match_link(page).click()
    winner_round_one = first_player(page)
    page.get_by_role("button", name="Save game").wait_for()
    assert page.locator("select[name=cube]").count() == 0
    enter_game(page, winner_round_one, kind="gammon")
    page.get_by_text("Game 1 entered.").wait_for()
    enter_game(page, winner_round_one)
    page.locator(".big.score", has_text="2 – 0").wait_for()
    assert "Finished" in page.locator("#result-panel .badge").first.inner_text()

    # Round 2, five points, game by game with the cube.
    page.goto(f"{live_server.url}/clubs/bar/t/thursday-league/round_robin/2/")
    for link in page.locator("table.draw tr").all():
        if winner_round_one in link.inner_text():
            link.locator("a").click()
            break
    enter_game(page, winner_round_one, kind="gammon", cube=2)  # 4-0
    page.locator(".big.score", has_text=re.compile(r"(4 – 0|0 – 4)")).wait_for()
    # 4-0 in a five-point match: the Crawford game, the cube field is gone.
    page.get_by_text("Crawford game: no doubling").first.wait_for()
    assert page.locator("select[name=cube]").count() == 0
    enter_game(page, winner_round_one, kind="gammon", ended_by="resign")
    page.locator(".big.score", has_text=re.compile(r"(6 – 0|0 – 6)")).wait_for()
    assert "Finished" in page.locator("#result-panel .badge").first.inner_text()

    # The public page has not been reloaded: the table refreshed itself, and the referee's
    # winner now leads with two matches played and won.
    # Its refreshes (every 5 s) are brought forward by the page's clock, one at a time: on a
    # busy machine one may still be on its way when the next is due.
    leader = re.compile(rf"{winner_round_one}\s+2\s+2\s+0")
    leads = (
        "pattern => new RegExp(pattern).test("
        "document.querySelector('table.standings tbody tr').innerText)"
    )
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _ in range(6):
        public.clock.fast_forward(5_000)
        try:
            public.wait_for_function(leads, arg=leader.pattern, polling=100, timeout=2_500)
            break
        except PlaywrightTimeout:
            continue
    assert leader.search(public.locator("table.standings tbody tr").first.inner_text())
    assert public.evaluate("window.notReloaded") is True


def test_a_rejected_entry_is_explained(live_server, new_page, league):
    page = new_page()
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/clubs/bar/t/thursday-league/round_robin/2/")
    first_match_link(page).click()
    player = first_player(page)
    enter_game(page, player, kind="gammon", cube=2, ended_by="drop")
    error = page.locator("#result-panel .field.has-error .error")
    error.wait_for()
    assert "dropped double ends the game as a single game" in error.inner_text()
    assert "0 – 0" in page.locator(".big.score").inner_text()
