"""Property: however a device sends a recorded match (every action resent after a lost
answer, old ones sent again, later ones sent before their turn), the match is the one made by
applying each distinct action once, in order."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from backgammon import MatchRules
from recording.replay import ClockAction, Recording, Refused, Transcript, replay

from .simulate import random_entries


def _fresh() -> Recording:
    return Recording.start(MatchRules(length=3), reserve_ms=10**9, delay_ms=12_000)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    noise=st.lists(
        st.tuples(st.sampled_from(["resend", "old", "old_as_next", "ahead"]), st.integers(0, 10**6))
    ),
)
def test_resends_and_duplicates_apply_each_action_once(seed, noise):
    entries = random_entries(seed, limit=120)
    transcript = Transcript(_fresh())
    sent = 0
    noise = list(noise)
    while sent < len(entries):
        if noise:
            what, pick = noise.pop()
            if what == "resend" and sent:  # the answer was lost: the same action again
                assert transcript.offer(entries[sent - 1], after=sent - 1) == ("duplicate", None)
            elif what == "old" and sent:  # a queue resent from its start
                index = pick % sent
                assert transcript.offer(entries[index], after=index) == ("duplicate", None)
            elif what == "old_as_next" and sent:  # an old action sent as if it were new
                index = pick % sent
                assert transcript.offer(entries[index], after=sent) == ("duplicate", None)
            elif what == "ahead" and sent + 1 < len(entries):  # one sent before its turn
                with pytest.raises(Refused) as refused:
                    transcript.offer(entries[sent + 1], after=sent + 1)
                assert refused.value.code == "out_of_order"
        status, _ = transcript.offer(entries[sent], after=sent)
        assert status == "applied"
        sent += 1
    assert transcript.entries == entries
    assert transcript.recording.summary() == replay(_fresh(), entries).recording.summary()


def test_an_id_reused_for_another_action_is_refused():
    entries = random_entries(1, limit=3)
    transcript = replay(_fresh(), entries)
    before = transcript.recording.summary()
    changed = entries[1].__class__(entries[1].id, "double", side=0, at=entries[1].at)
    try:
        transcript.offer(changed, after=1)
    except Refused as refused:
        assert refused.code == "conflict"
    else:
        raise AssertionError("a reused id was taken")
    assert transcript.recording.summary() == before


def test_a_whole_match_ends_with_its_result():
    entries = random_entries(7, length=3, limit=5000, cube=0.2)
    recording = replay(_fresh(), entries).recording
    assert recording.is_over and recording.game is None
    assert max(recording.match.score) >= 3
    assert len(recording.finished) == len(recording.match.results)


def _first_pass(entries: list[ClockAction]) -> int | None:
    """The index of the first roll that left no checker able to move (the turn passed)."""
    recording = _fresh()
    for index, entry in enumerate(entries):
        turn = recording.game.turn if recording.game else None
        recording.apply(entry)
        if entry.kind == "roll" and recording.game and recording.game.turn != turn:
            return index
    return None


def test_the_end_of_a_turn_the_engine_passed_is_taken_once_and_changes_nothing():
    """A clock offline cannot know that a roll left no checker able to move: it sends the
    end of that turn, which is recorded and changes nothing; sent again, it is refused."""
    for seed in range(200):
        entries = random_entries(seed, limit=400)
        number = _first_pass(entries)
        if number is None:
            continue
        roll = entries[number]
        transcript = replay(_fresh(), entries[: number + 1])
        before = transcript.recording.summary()
        end = ClockAction("end-of-pass", "move", side=roll.side, play="", at=roll.at + 5)
        assert transcript.offer(end, after=number + 1) == ("applied", None)
        after = transcript.recording.summary()
        assert after.pop("count") == before.pop("count") + 1 and after == before
        with pytest.raises(Refused):
            transcript.offer(
                ClockAction("again", "move", side=roll.side, at=roll.at + 6), after=number + 2
            )
        return
    raise AssertionError("no roll without a move in 200 matches")
