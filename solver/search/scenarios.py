"""How hard each solo scenario is: the solver that plays for the pass (``scenario_play``;
what a player's hint comes from) on a few fixed fresh deals of it, judged by the rules
engine. The service stores this per scenario; the bench (``bench/scenario_pass_rates.py``)
prints it, and the fair solver's (which plays for points) beside it."""

from dataclasses import dataclass

from solver.game import SCENARIOS, deal

from .base import play_game
from .players import FairPlayer, search_options
from .scenario_play import ScenarioPlayer


class BlindScenarioPlayer(ScenarioPlayer):
    """Plays for the pass with the daily's evaluation throughout (an ablation)."""

    condition_aware = False


# the players a pass rate can be measured with: "pass" plays for the pass (the service's),
# "points" is the fair solver as the daily plays (for the comparison), "blind" plays for the
# pass without the condition-aware evaluation
RATE_PLAYERS = {"pass": ScenarioPlayer, "points": FairPlayer, "blind": BlindScenarioPlayer}


@dataclass(frozen=True)
class ScenarioRun:
    seed: str
    score: int
    passed: bool
    seconds: float


def rate_seed(number: int, k: int, prefix: str = "pass-rate") -> str:
    """The k-th deal of a scenario's pass rate: fixed, so that anyone can play it again
    (``python -m solver play SEED --setup scenario-N --strategy fair``). Another ``prefix``
    deals others (the bench's held-out deals)."""
    return f"{prefix}-{number}-{k}"


def play_scenario_deals(number: int, deals: int, *, player: str = "pass",
                        prefix: str = "pass-rate", first: int = 0,
                        **options) -> list[ScenarioRun]:  # fmt: skip
    """The game of ``player`` (``RATE_PLAYERS``) on each of deals ``first`` ..
    ``first + deals - 1`` of a scenario."""
    scenario = SCENARIOS[number]
    kind = RATE_PLAYERS[player]
    runs = []
    for k in range(first, first + deals):
        seed = rate_seed(number, k, prefix)
        player_ = kind(seed=seed, **search_options(options, kind))
        record = play_game(deal(seed, scenario.setup), player_)
        passed = scenario.passed(record.game.quilt)
        runs.append(ScenarioRun(seed, record.score["total"], passed, record.seconds))
    return runs
