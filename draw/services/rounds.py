"""The adapter between the database and the pure pairing code: draw a round, build a
bracket, pair a Swiss round from the standings, schedule a league.

Elimination formats keep no routing in the database: the bracket plan is rebuilt from the
seeds (a pure function of format, options and seed order) and ``resolve`` replays the results
into it; :func:`bracket_sync` writes what changed. That makes advancement, walkovers,
withdrawals and corrections one mechanism. What follows a result is ``advance``; the
organizer's changes to a drawn round are ``round_changes``.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from config.errors import UserError
from config.logs import logged_service
from draw.brackets import bracket_sync
from draw.pairings import draft_of, first_round_pairs
from draw.selectors import active_entry_ids, not_in_round, pairing_rules_of
from entries.models import Entry
from events.bus import emit
from events.types import RoundDrawn, TournamentAdvanced, TournamentFinished
from matches import reasons
from matches.models import Match, MatchOutcome, MatchStatus
from standings.brackets import bracket_plan
from standings.results import finished_results
from standings.selectors import swiss_standings
from tournaments.formats import Drawing, adapter_of
from tournaments.models import Round, RoundStatus, Stage, StageKind, Tournament, TournamentStatus
from tournaments.pairing import (
    BracketPlan,
    Pairing,
    PairingError,
    RoundFormat,
    SwissPlayer,
)
from tournaments.services.lifecycle import tournament_lock
from tournaments.versions import tournament_changed

#: Plan stage names to stage kinds; the winners' bracket of a double elimination is "main".
STAGE_KINDS = {
    "main": StageKind.MAIN,
    "winners": StageKind.MAIN,
    "consolation": StageKind.CONSOLATION,
    "last_chance": StageKind.LAST_CHANCE,
    "losers": StageKind.LOSERS,
    "final": StageKind.FINAL,
}


def _pairing_error(error: PairingError) -> UserError:
    messages = {
        "too_few_entrants": _("At least two players are needed."),
        "no_valid_pairing": _(
            "No pairing without a rematch is left for this round. End the tournament or "
            "change the number of rounds."
        ),
        "no_bye_candidate": _("Every player who could get the bye has had one already."),
    }
    return UserError(messages.get(error.code, _("The round cannot be drawn.")), code=error.code)


@logged_service("round_pair")
@transaction.atomic
def round_pair(*, round_id: int) -> int:
    """Draw this round; for an elimination stage build the whole bracket. Idempotent: a round
    that has matches is left alone. Returns the number of matches created."""
    round_ = Round.objects.select_related("stage__tournament").get(pk=round_id)
    # Locked first, its version raised only when there is something to draw (this runs again
    # after a lost task, and must then change nothing).
    tournament = tournament_lock(round_.stage.tournament)
    round_ = Round.objects.select_for_update().get(pk=round_id)
    if round_.matches.exists() or round_.is_draft or tournament.status != TournamentStatus.RUNNING:
        return 0
    tournament_changed(tournament.pk)
    adapter = adapter_of(tournament)
    fmt = adapter.pure(tournament)
    review = tournament.review_rounds and adapter.drawing is not Drawing.BRACKET
    try:
        if adapter.drawing is Drawing.BRACKET:
            made = _build_bracket(tournament, round_)
        elif adapter.drawing is Drawing.SCHEDULE:
            made = _draw_schedule(tournament, round_, fmt, review=review)
        else:
            made = _draw_next_round(tournament, round_, fmt, review=review)
    except PairingError as error:
        if adapter.drawing is Drawing.ROUND_BY_ROUND and round_.number > 1:
            _end_early(tournament, round_, error)
            return 0
        raise _pairing_error(error) from error
    if not review:  # a draft is announced when it is published (round_publish)
        emit(RoundDrawn(round_id=round_id))
    return made


#: ``Round.pairing_notes`` key of a Swiss round that could not be paired: why it ended early.
ENDED = "ended"


def _end_early(tournament: Tournament, round_: Round, error: PairingError) -> None:
    """No pairing is possible for the next Swiss round (every pairing left is a rematch, or
    everyone has had the bye): the tournament ends after the last round played, and the
    round that could not be paired says why."""
    Round.objects.filter(pk=round_.pk).update(
        status=RoundStatus.FINISHED, pairing_notes={ENDED: [error.code]}
    )
    tournament.status = TournamentStatus.FINISHED
    tournament.save(update_fields=["status", "updated_at"])
    emit(TournamentAdvanced(tournament_id=tournament.pk))
    emit(TournamentFinished(tournament_id=tournament.pk))


def _new_match(round_: Round, index: int, **fields: object) -> Match:
    return Match(
        round=round_,
        index=index,
        match_format=round_.match_format,
        length=round_.length,
        is_online=round_.stage.tournament.online_play,
        **fields,
    )


def _build_bracket(tournament: Tournament, first: Round) -> int:
    plan = bracket_plan(tournament)
    stages: dict[str, Stage] = {first.stage.kind: first.stage}
    rounds: dict[tuple[str, int], Round] = {(first.stage.kind, 1): first}
    matches = []
    for slot in plan.matches:
        kind = STAGE_KINDS[slot.stage]
        if kind not in stages:
            stages[kind] = Stage.objects.create(
                tournament=tournament, kind=kind, order=len(stages) + 1
            )
        if (kind, slot.round_number) not in rounds:
            rounds[(kind, slot.round_number)] = Round.objects.create(
                stage=stages[kind],
                number=slot.round_number,
                match_format=first.match_format,
                length=first.length,
                status=RoundStatus.PAIRED,
            )
        matches.append(
            _new_match(rounds[(kind, slot.round_number)], slot.index, bracket_key=slot.key)
        )
    bulk_create_with_history(matches, Match, default_change_reason=reasons.DRAWN)
    Round.objects.filter(pk=first.pk).update(
        status=RoundStatus.PAIRED, pairing_notes=_first_round_notes(tournament, plan)
    )
    bracket_sync(tournament, plan=plan)
    return len(matches)


def _first_round_notes(tournament: Tournament, plan: BracketPlan) -> dict[str, list[str]]:
    """Pinned pairs and forbidden pairs that the seeds could not keep apart, by match."""
    forbidden, pinned = pairing_rules_of(tournament)
    notes = {}
    for index, pair in first_round_pairs(plan).items():
        if pair in pinned:
            notes[str(index)] = ["pinned"]
        elif pair in forbidden:
            notes[str(index)] = ["forbidden_broken"]
    return notes


def _place_pairings(round_: Round, pairings: Sequence[Pairing], *, review: bool) -> int:
    """Create the round's matches, or keep the pairings as its draft for the organizer."""
    if review:
        Round.objects.filter(pk=round_.pk).update(draft=draft_of(pairings))
        return 0
    return create_pairings(round_, pairings)


def create_pairings(round_: Round, pairings: Sequence[Pairing]) -> int:
    matches = []
    for index, pairing in enumerate(pairings, start=1):
        a, b = pairing.a, pairing.b
        if b is None:
            matches.append(
                _new_match(
                    round_,
                    index,
                    entry_a_id=a,
                    status=MatchStatus.FINISHED,
                    outcome=MatchOutcome.BYE,
                    winner_id=a,
                )
            )
        else:
            matches.append(
                _new_match(
                    round_,
                    index,
                    entry_a_id=a,
                    entry_b_id=b,
                    table=index,
                    status=MatchStatus.READY,
                )
            )
    bulk_create_with_history(matches, Match, default_change_reason=reasons.DRAWN)
    notes = {
        str(index): list(pairing.notes)
        for index, pairing in enumerate(pairings, start=1)
        if pairing.notes
    }
    Round.objects.filter(pk=round_.pk).update(status=RoundStatus.PAIRED, pairing_notes=notes)
    return len(matches)


def _draw_next_round(
    tournament: Tournament, round_: Round, fmt: RoundFormat, *, review: bool = False
) -> int:
    rows = swiss_standings(tournament)
    active = set(active_entry_ids(tournament))
    opponents: dict[int, set[int]] = {row.player: set() for row in rows}
    byes: set[int] = set()
    for result in finished_results(tournament):
        if result.award is not None:  # a starting score or a bye asked for: no pairing bye
            continue
        if result.b is None:
            byes.add(result.a)
        else:
            opponents[result.a].add(result.b)
            opponents[result.b].add(result.a)
    open_matches = Match.objects.of_tournament(tournament).undecided()
    for a, b in open_matches.values_list("entry_a_id", "entry_b_id"):
        opponents[a].add(b)
        opponents[b].add(a)
    clubs = (
        dict(
            Entry.objects.filter(tournament=tournament).values_list(
                "pk", "player__memberships__club"
            )
        )
        if tournament.avoid_same_club
        else {}
    )
    away = not_in_round(tournament, round_.number)
    players = [
        SwissPlayer(
            id=row.player,
            score=row.match_points,
            opponents=frozenset(opponents[row.player]),
            had_bye=row.player in byes,
            club=clubs.get(row.player),
            active=row.player in active and row.player not in away,
        )
        for row in rows
    ]
    forbidden, pinned = pairing_rules_of(tournament)
    # A pinned pair meets once: in the first round both play, not again.
    pinned = {pair for pair in pinned if not _have_met(pair, opponents)}
    pairings = fmt.pair_round(  # type: ignore[attr-defined]
        players, round_.number, forbidden=forbidden, pinned=pinned
    )
    return _place_pairings(round_, pairings, review=review)


def _have_met(pair: frozenset[int], opponents: dict[int, set[int]]) -> bool:
    a, b = sorted(pair)
    return b in opponents.get(a, set())


def _draw_schedule(
    tournament: Tournament, round_: Round, fmt: RoundFormat, *, review: bool = False
) -> int:
    """The whole league schedule is drawn at once, so everyone sees every fixture."""
    schedule = fmt.schedule(active_entry_ids(tournament))  # type: ignore[attr-defined]
    created = 0
    for number, pairings in enumerate(schedule, start=1):
        target = (
            round_
            if number == 1
            else Round.objects.get_or_create(
                stage=round_.stage,
                number=number,
                defaults={"match_format": round_.match_format, "length": round_.length},
            )[0]
        )
        created += _place_pairings(target, pairings, review=review)
    return created
