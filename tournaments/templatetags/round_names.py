"""A round's name in a list of rounds, as its own page, the results and the brackets name it
("Main · Quarter-finals", "Swiss · Round 3"): ``{% round_name round rounds %}``."""

from __future__ import annotations

from collections.abc import Iterable

from django import template

from tournaments import presentation
from tournaments.models import Round

register = template.Library()


@register.simple_tag
def round_name(round_: Round, rounds: Iterable[Round]) -> str:
    """``rounds``: every round of the tournament (read with its stage and tournament), which
    tell how many rounds the round's stage has."""
    in_stage = sum(1 for other in rounds if other.stage_id == round_.stage_id)
    return presentation.round_heading(round_, rounds_in_stage=in_stage)
