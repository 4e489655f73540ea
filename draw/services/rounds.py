"""The adapter between the database and the pure pairing code: draw rounds, build
brackets, close rounds, pair the next round and finish tournaments.

Elimination formats keep no routing in the database: the bracket plan is rebuilt from the
seeds (a pure function of format, options and seed order) and ``resolve`` replays the results
into it; :func:`bracket_sync` writes what changed. That makes advancement, walkovers,
withdrawals and corrections one mechanism.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from django.db import transaction
from django.db.models import Count, Q, Sum
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from config.errors import UserError
from config.logs import logged_service
from draw.brackets import bracket_sync
from events.bus import emit
from events.types import RoundCreated, RoundDrawn, TournamentAdvanced, TournamentFinished
from matches import reasons
from matches.models import UNDECIDED_STATUSES, Match, MatchOutcome, MatchStatus
from standings.brackets import seeded_entry_ids
from standings.rank import rank
from standings.results import finished_results
from standings.tiebreaks import tiebreaks_of
from tournaments.formats import Drawing, FormatAdapter, adapter_of, format_of
from tournaments.models import (
    Entry,
    EntryStatus,
    MatchFormat,
    PairingRule,
    PairingRuleKind,
    Round,
    RoundStatus,
    Stage,
    StageKind,
    Tournament,
    TournamentStatus,
)
from tournaments.pairing import (
    BracketFormat,
    BracketPlan,
    Pairing,
    PairingError,
    RoundFormat,
    Seed,
    SwissPlayer,
)
from tournaments.services.lifecycle import tournament_lock

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


# --- Drawing ------------------------------------------------------------------------------


@logged_service("round_pair")
@transaction.atomic
def round_pair(*, round_id: int) -> int:
    """Draw this round; for an elimination stage build the whole bracket. Idempotent: a round
    that has matches is left alone. Returns the number of matches created."""
    round_ = Round.objects.select_related("stage__tournament").get(pk=round_id)
    tournament = tournament_lock(round_.stage.tournament)
    round_ = Round.objects.select_for_update().get(pk=round_id)
    if round_.matches.exists() or round_.is_draft or tournament.status != TournamentStatus.RUNNING:
        return 0
    adapter = adapter_of(tournament)
    fmt = adapter.pure(tournament)
    review = tournament.review_rounds and adapter.drawing is not Drawing.BRACKET
    try:
        if adapter.drawing is Drawing.BRACKET:
            assert isinstance(fmt, BracketFormat)
            made = _build_bracket(tournament, round_, fmt)
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


def _build_bracket(tournament: Tournament, first: Round, fmt: BracketFormat) -> int:
    plan = fmt.plan(seeded_entry_ids(tournament))
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


def first_round_pairs(plan: BracketPlan) -> dict[int, frozenset[int]]:
    """The pairs the bracket's first round makes of the seeds, by match index (byes left out)."""
    pairs = {}
    for slot in plan.matches:
        if slot.round_number == 1 and slot.stage in ("main", "winners"):
            a, b = slot.sources
            if isinstance(a, Seed) and isinstance(b, Seed):
                pairs[slot.index] = frozenset((a.entrant, b.entrant))
    return pairs


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


def draft_of(pairings: Iterable[Pairing]) -> list[dict[str, Any]]:
    """Pairings as a round's draft (JSON): one ``{"a", "b", "notes"}`` per table."""
    return [{"a": p.a, "b": p.b, "notes": list(p.notes)} for p in pairings]


def pairings_of_draft(draft: list[dict[str, Any]]) -> list[Pairing]:
    return [
        Pairing(table, row["a"], row["b"], tuple(row.get("notes", ())))
        for table, row in enumerate(draft, start=1)
    ]


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


def active_entry_ids(tournament: Tournament) -> list[int]:
    return list(
        Entry.objects.filter(tournament=tournament, seed__isnull=False)
        .exclude(status=EntryStatus.WITHDRAWN)
        .order_by("seed")
        .values_list("pk", flat=True)
    )


def swiss_standings(tournament: Tournament):  # type: ignore[no-untyped-def]
    """Standing rows of every seeded entry (withdrawn too), best first."""
    ids = seeded_entry_ids(tournament)
    return rank(
        ids,
        finished_results(tournament),
        tiebreaks_of(tournament),
        bye_points=tournament.bye_match_points,
        lot_seed=tournament.pk,
    )


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


def not_in_round(tournament: Tournament, number: int) -> set[int]:
    """Entries not paired in round ``number``: a bye asked for, or entered for a later round."""
    entries = Entry.objects.filter(tournament=tournament).values_list(
        "pk", "joined_round", "requested_byes"
    )
    return {
        entry_id
        for entry_id, joined, byes in entries
        if (joined is not None and joined > number) or str(number) in (byes or {})
    }


def pairing_rules_of(tournament: Tournament) -> tuple[set[frozenset[int]], set[frozenset[int]]]:
    """The organizer's forbidden and pinned pairs (entry ids)."""
    forbidden: set[frozenset[int]] = set()
    pinned: set[frozenset[int]] = set()
    for rule in PairingRule.objects.filter(tournament=tournament):
        (forbidden if rule.kind == PairingRuleKind.FORBIDDEN else pinned).add(rule.pair)
    return forbidden, pinned


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


# --- After a result ---------------------------------------------------------------------------


def close_rounds(tournament: Tournament) -> None:
    """Mark every drawn round whose matches are all decided as finished."""
    open_rounds = Round.objects.filter(stage__tournament=tournament).exclude(
        status=RoundStatus.FINISHED
    )
    for round_ in open_rounds.filter(matches__isnull=False).distinct():
        if not round_.matches.filter(status__in=UNDECIDED_STATUSES).exists():
            round_.status = RoundStatus.FINISHED
            round_.save(update_fields=["status", "updated_at"])


def reopen_rounds(tournament: Tournament) -> None:
    """The other way after a correction re-opened matches: each finished round with an
    undecided match is drawn (open) again, and a finished tournament runs again, so that the
    re-opened matches' results move it on and it finishes once more."""
    reopened = Round.objects.filter(
        stage__tournament=tournament,
        status=RoundStatus.FINISHED,
        matches__status__in=UNDECIDED_STATUSES,
    ).distinct()
    for round_ in reopened:
        round_.status = RoundStatus.PAIRED
        round_.save(update_fields=["status", "updated_at"])
    if tournament.status == TournamentStatus.FINISHED and reopened:
        tournament.status = TournamentStatus.RUNNING
        tournament.save(update_fields=["status", "updated_at"])


@logged_service("tournament_advance")
@transaction.atomic
def tournament_advance(*, match_id: int) -> bool:
    """What follows a finished (or corrected) match: see :func:`tournament_catch_up`."""
    tournament_id = (
        Match.objects.filter(pk=match_id).values_list("round__stage__tournament", flat=True).first()
    )
    if tournament_id is None:
        return False
    return tournament_catch_up(tournament_id=tournament_id)


def _fingerprint(tournament: Tournament) -> tuple[object, ...]:
    """Changes whenever a match row, a round's status or the number of rounds changes."""
    matches = Match.objects.of_tournament(tournament).aggregate(
        n=Count("pk"), versions=Sum("version")
    )
    rounds = Round.objects.filter(stage__tournament=tournament).aggregate(
        n=Count("pk"), finished=Count("pk", filter=Q(status=RoundStatus.FINISHED))
    )
    return (matches["n"], matches["versions"], rounds["n"], rounds["finished"])


@transaction.atomic
def tournament_catch_up(*, tournament_id: int) -> bool:
    """Bring a running tournament up to its results: sync the bracket, close the rounds whose
    matches are decided, pair the next Swiss round when due, finish the tournament. Safe to
    run twice or concurrently (the tournament row is locked, every step checks what is done).
    Returns whether anything changed; only then are ``TournamentAdvanced`` (and, at the end,
    ``TournamentFinished``) emitted."""
    tournament = tournament_lock(Tournament(pk=tournament_id))
    if tournament.status != TournamentStatus.RUNNING:
        return False
    before = _fingerprint(tournament)
    adapter = adapter_of(tournament)
    fmt = adapter.pure(tournament)
    complete = False
    if adapter.is_bracket:
        complete = bracket_sync(tournament)
    close_rounds(tournament)
    if isinstance(fmt, RoundFormat):
        complete = _rounds_complete(tournament, adapter, fmt)
        if not complete and adapter.pairs_next_round_itself(tournament):
            _pair_next_if_due(tournament)
    if complete:
        tournament.status = TournamentStatus.FINISHED
        tournament.save(update_fields=["status", "updated_at"])
    changed = complete or _fingerprint(tournament) != before
    if changed:
        emit(TournamentAdvanced(tournament_id=tournament.pk))
    if complete:
        emit(TournamentFinished(tournament_id=tournament.pk))
    return changed


def _rounds_complete(tournament: Tournament, adapter: FormatAdapter, fmt: RoundFormat) -> bool:
    rounds = Round.objects.filter(stage__tournament=tournament)
    if rounds.exclude(status=RoundStatus.FINISHED).exists():
        return False
    if adapter.drawing is Drawing.SCHEDULE:  # every round was drawn at the start
        return True
    return rounds.count() >= fmt.total_rounds(len(active_entry_ids(tournament)))


def _pair_next_if_due(tournament: Tournament) -> Round | None:
    last = Round.objects.filter(stage__tournament=tournament).order_by("-number").first()
    if last is None or last.status != RoundStatus.FINISHED:
        return None
    fmt = format_of(tournament)
    assert isinstance(fmt, RoundFormat)
    if last.number >= fmt.total_rounds(len(active_entry_ids(tournament))):
        return None
    new_round, created = Round.objects.get_or_create(
        stage=last.stage,
        number=last.number + 1,
        defaults={"match_format": last.match_format, "length": last.length},
    )
    if created:
        emit(RoundCreated(round_id=new_round.pk))  # drawn in the background once committed
    return new_round


@logged_service("tournament_pair_next_round")
@transaction.atomic
def tournament_pair_next_round(*, tournament: Tournament) -> Round:
    """The organizer's "pair next round" (Swiss): the previous round must be complete."""
    tournament = tournament_lock(tournament)
    drawn_round_by_round = adapter_of(tournament).drawing is Drawing.ROUND_BY_ROUND
    if not drawn_round_by_round or tournament.status != TournamentStatus.RUNNING:
        raise UserError(
            _("Only a running Swiss tournament is paired round by round."), code="not_swiss"
        )
    close_rounds(tournament)
    last = Round.objects.filter(stage__tournament=tournament).order_by("-number").first()
    if last is not None and last.is_draft:
        raise UserError(
            _("Round %(number)d is a draft: publish it first.") % {"number": last.number},
            code="round_draft",
        )
    if last is not None and last.status != RoundStatus.FINISHED:
        raise UserError(
            _("Round %(number)d is not finished yet.") % {"number": last.number},
            code="round_open",
        )
    new_round = _pair_next_if_due(tournament)
    if new_round is None:
        raise UserError(_("All rounds are drawn."), code="no_more_rounds")
    return new_round


@logged_service("round_repair")
@transaction.atomic
def round_repair(*, round_: Round, rng: random.Random | None = None) -> None:
    """Draw a round again: only while none of its matches has a result. For a bracket, the
    whole bracket is drawn again (e.g. after a late withdrawal or a changed seed)."""
    tournament = tournament_lock(round_.stage.tournament)
    # A bracket or a schedule is drawn as a whole; a Swiss round on its own.
    whole = adapter_of(tournament).drawing is not Drawing.ROUND_BY_ROUND
    if whole:
        matches = Match.objects.of_tournament(tournament)
        scope_rounds = Round.objects.filter(stage__tournament=tournament)
    else:
        matches = Match.objects.filter(round=round_)
        scope_rounds = Round.objects.filter(pk=round_.pk)
    played = matches.filter(
        Q(games__isnull=False) | Q(outcome__in=[MatchOutcome.PLAYED, MatchOutcome.FORFEIT])
    ).exists()
    if played or matches.filter(status=MatchStatus.PLAYING).exists():
        raise UserError(
            _("Matches of this draw already have results; it can no longer be drawn again."),
            code="has_results",
        )
    matches.delete()
    scope_rounds.update(draft=None)
    first = scope_rounds.order_by("stage__order", "number").first()
    assert first is not None
    if whole:
        Round.objects.filter(stage__tournament=tournament).exclude(pk=first.pk).delete()
        Stage.objects.filter(tournament=tournament).exclude(pk=first.stage_id).delete()
    Round.objects.filter(pk=first.pk).update(status=RoundStatus.PENDING)
    round_pair(round_id=first.pk)


@logged_service("round_update")
@transaction.atomic
def round_update(*, round_: Round, match_format: str, length: int, deadline: Any = None) -> Round:
    """Change a round's match format or length (5 points early, 11 in the final) while none
    of its matches has started; the matches follow."""
    tournament_lock(round_.stage.tournament)
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    matches = Match.objects.filter(round=round_)
    changes_format = (match_format, length) != (round_.match_format, round_.length)
    if changes_format and (
        matches.filter(games__isnull=False).exists()
        or matches.filter(status=MatchStatus.PLAYING).exists()
        or matches.filter(status=MatchStatus.FINISHED, outcome="played").exists()
    ):
        raise UserError(
            _("Matches of this round have started; their length can no longer change."),
            code="round_started",
        )
    if match_format == MatchFormat.GAMES and length % 2 == 0:
        raise UserError(
            _("Best of N needs an odd N (best of 3, 5, 7 …) so that a match cannot end level."),
            code="even_best_of",
            field="length",
        )
    round_.match_format, round_.length, round_.deadline = match_format, length, deadline
    round_.full_clean()
    round_.save()
    matches.update(match_format=match_format, length=length)  # the round's save raised the version
    return round_
