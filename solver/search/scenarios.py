"""How hard each solo scenario is: the fair solver (what a player sees) on a few fixed fresh
deals of it, judged by the rules engine. The service stores this per scenario; the bench
(``bench/scenario_pass_rates.py``) prints it."""

from dataclasses import dataclass

from solver.game import SCENARIOS, deal

from .base import play_game
from .players import FairPlayer, search_options


@dataclass(frozen=True)
class ScenarioRun:
    seed: str
    score: int
    passed: bool
    seconds: float


def rate_seed(number: int, k: int) -> str:
    """The k-th deal of a scenario's pass rate: fixed, so that anyone can play it again
    (``python -m solver play SEED --setup scenario-N --strategy fair``)."""
    return f"pass-rate-{number}-{k}"


def play_scenario_deals(number: int, deals: int, **options) -> list[ScenarioRun]:
    """The fair solver's game on each of the first ``deals`` fixed deals of a scenario."""
    scenario = SCENARIOS[number]
    runs = []
    for k in range(deals):
        seed = rate_seed(number, k)
        player = FairPlayer(seed=seed, **search_options(options, FairPlayer))
        record = play_game(deal(seed, scenario.setup), player)
        passed = scenario.passed(record.game.quilt)
        runs.append(ScenarioRun(seed, record.score["total"], passed, record.seconds))
    return runs
