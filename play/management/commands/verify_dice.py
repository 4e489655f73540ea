"""``python manage.py verify_dice MATCH_ID [--seed SEED]``: recompute every roll of a finished
online match from its seed (or the one given) and say whether all match the recorded games
and the seed the commitment shown before the first roll. Exits with an error when not."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from backgammon.fairdice import is_seed
from matches.models import Match
from play.dice_check import match_dice_check


class Command(BaseCommand):
    help = "Check the dice of a finished online match against its committed seed."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("match", type=int, help="The match's id.")
        parser.add_argument("--seed", help="Check this seed instead of the match's own.")

    def handle(self, *args: Any, **options: Any) -> None:
        match = Match.objects.select_related("round__stage__tournament").filter(pk=options["match"])
        found = match.first()
        if found is None:
            raise CommandError(f"No match with the id {options['match']}.")
        seed = options["seed"]
        if seed is not None:
            seed = seed.strip().lower()
            if not is_seed(seed):
                raise CommandError("A seed is 64 hexadecimal digits (0 to 9 and a to f).")
        check = match_dice_check(found, seed=seed)
        if check is None:
            raise CommandError(
                "This match has no committed dice to check (not played online with a seed, "
                "or still in play)."
            )
        self.stdout.write(f"commitment {check.commitment}")
        self.stdout.write(f"seed       {check.seed}")
        if not check.seed_fits:
            self.stdout.write("the seed's SHA-256 is not the commitment")
        for roll in check.mismatches:
            self.stdout.write(
                f"game {roll.game} roll {roll.roll}: recorded {roll.recorded[0]}{roll.recorded[1]}"
                f", the seed gives {roll.expected[0]}{roll.expected[1]}"
            )
        if not check.verified:
            raise CommandError(
                f"The dice do NOT match: {len(check.mismatches)} of {len(check.checks)} rolls "
                "differ"
                + ("" if check.seed_fits else ", and the seed is not the committed one")
                + "."
            )
        self.stdout.write(f"All {len(check.checks)} rolls match the committed seed.")
