"""A club's and a tournament's money settings: the defaults where none are saved; the flights
paid and their split."""

from __future__ import annotations

from clubs.models import Club
from money.models import (
    ClubMoneySettings,
    TournamentMoney,
)
from tournaments.models import (
    Tournament,
    TournamentFormat,
)

MAIN, CONSOLATION, LAST_CHANCE = "main", "consolation", "last_chance"

#: The split over the flights where the organizer sets none.
DEFAULT_SPLITS = {
    (MAIN,): {MAIN: 10_000},
    (MAIN, CONSOLATION): {MAIN: 7_500, CONSOLATION: 2_500},
    (MAIN, CONSOLATION, LAST_CHANCE): {MAIN: 7_000, CONSOLATION: 2_000, LAST_CHANCE: 1_000},
}


def club_money_settings(club: Club) -> ClubMoneySettings:
    """The club's settings, or the defaults (unsaved) while it has none."""
    found = ClubMoneySettings.objects.filter(club=club).first()
    return found or ClubMoneySettings(club=club)


def tournament_money(tournament: Tournament) -> TournamentMoney:
    found = TournamentMoney.objects.filter(tournament=tournament).first()
    return found or TournamentMoney(tournament=tournament)


def flights_of(tournament: Tournament) -> tuple[str, ...]:
    """The flights a tournament pays: Main / Consolation / Last Chance, or the main alone."""
    if tournament.format != TournamentFormat.MAIN_CONSOLATION:
        return (MAIN,)
    if tournament.last_chance:
        return (MAIN, CONSOLATION, LAST_CHANCE)
    return (MAIN, CONSOLATION)


def flight_split(tournament: Tournament, money: TournamentMoney) -> dict[str, int]:
    flights = flights_of(tournament)
    saved = money.flight_split or DEFAULT_SPLITS[flights]
    return {flight: int(saved.get(flight, 0)) for flight in flights}


#: While the field may still change; from the draw on, the field is who was drawn.
