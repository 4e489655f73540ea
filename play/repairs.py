"""What the reconciler repairs for online play: matches whose clock fell while no board was
open to notice."""

from __future__ import annotations

from events.registry import repair
from play.models import OnlineGame

from .broadcast import broadcast_state
from .services import online_flag_check
from .timesource import now_ms


@repair("play.flag_falls")
def flag_falls() -> list[str]:
    """Online matches whose running clock has fallen: lost on time, the boards told."""
    due = OnlineGame.objects.filter(flag_at__lte=now_ms()).values_list("match_id", flat=True)
    done = []
    for match_id in due:
        if online_flag_check(match=match_id) is not None:
            broadcast_state(match_id)
            done.append(f"match {match_id} lost on time")
    return done
