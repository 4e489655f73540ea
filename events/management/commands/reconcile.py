"""``manage.py reconcile``: finish now what lost tasks left undone (beat does it every minute)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from events.reconcile import reconcile
from events.tasks import enqueue


class Command(BaseCommand):
    help = "Hand over pending event deliveries and repair what lost tasks left undone."

    def handle(self, *args: Any, **options: Any) -> None:
        done = reconcile(enqueue=enqueue)
        for line in done:
            self.stdout.write(line)
        self.stdout.write(f"{len(done)} repairs." if done else "Nothing to repair.")
