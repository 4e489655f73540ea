"""``python manage.py recompute_ratings [--club SLUG]``: replay every club's rated matches in
chronological order and store the ratings (safe to repeat: a second run writes nothing)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from clubs.models import Club
from ratings.services import ratings_recompute


class Command(BaseCommand):
    help = "Recompute the club ratings from all rated matches, in the order they finished."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--club", metavar="SLUG", help="Only this club (its short name).")

    def handle(self, *args: Any, **options: Any) -> None:
        clubs = Club.objects.order_by("slug")
        if options["club"]:
            clubs = clubs.filter(slug=options["club"])
            if not clubs.exists():
                raise CommandError(f"No club with the short name {options['club']!r}.")
        for club in clubs:
            summary = ratings_recompute(club_id=club.pk)
            self.stdout.write(
                f"{club.slug}: {summary.matches} rated matches, {summary.players} players, "
                f"{summary.changes_written} history rows written, "
                f"{summary.changes_deleted} deleted"
            )
