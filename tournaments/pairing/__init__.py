"""Pure pairing: elimination brackets (with consolation and last chance), Swiss, round robin.

No Django here. Formats take plain values and return plain values; an adapter service loads
rows, calls this package and stores the result. See ``formats.FORMATS`` for the registry.
"""

from .bracket import BracketPlan, Bye, LoserOf, MatchSlot, Route, Seed, Source, WinnerOf
from .elimination import double_elimination_plan, main_consolation_plan, single_elimination_plan
from .errors import OptionsError, PairingError
from .formats import (
    FORMATS,
    BracketFormat,
    DoubleElimination,
    DoubleEliminationOptions,
    Format,
    MainConsolation,
    MainConsolationOptions,
    RoundFormat,
    RoundRobin,
    RoundRobinOptions,
    SingleElimination,
    SingleEliminationOptions,
    Swiss,
    SwissOptions,
)
from .resolve import BracketState, MatchState, MatchStatus, Placing, resolve
from .round_robin import berger_round, berger_schedule, round_count
from .seeding import bracket_size, seed_by_rating, seed_manual, seed_random, standard_order
from .swiss import SwissPlayer, pair_swiss
from .types import EntrantId, Pairing

__all__ = [
    "FORMATS",
    "BracketFormat",
    "BracketPlan",
    "BracketState",
    "Bye",
    "DoubleElimination",
    "DoubleEliminationOptions",
    "EntrantId",
    "Format",
    "LoserOf",
    "MainConsolation",
    "MainConsolationOptions",
    "MatchSlot",
    "MatchState",
    "MatchStatus",
    "OptionsError",
    "Pairing",
    "PairingError",
    "Placing",
    "RoundFormat",
    "RoundRobin",
    "RoundRobinOptions",
    "Route",
    "Seed",
    "SingleElimination",
    "SingleEliminationOptions",
    "Source",
    "Swiss",
    "SwissOptions",
    "SwissPlayer",
    "WinnerOf",
    "berger_round",
    "berger_schedule",
    "bracket_size",
    "double_elimination_plan",
    "main_consolation_plan",
    "pair_swiss",
    "resolve",
    "round_count",
    "seed_by_rating",
    "seed_manual",
    "seed_random",
    "single_elimination_plan",
    "standard_order",
]
