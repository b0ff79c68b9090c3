"""How hard each solo scenario is: the solver that plays for the pass (``scenario_play``;
what a player's hint comes from) on a few fixed fresh deals of it, judged by the rules
engine. The service stores this per scenario; the bench (``research/scenario_pass_rates.py``)
prints it, and the fair solver's (which plays for points) beside it."""

import json
import time
from dataclasses import dataclass

from solver.game import MET, SCENARIOS, deal

from .base import play_game
from .players import FairPlayer, search_options
from .scenario_play import ScenarioHindsightPlayer, ScenarioPlayer


class BlindScenarioPlayer(ScenarioPlayer):
    """Plays for the pass with the daily's evaluation throughout (an ablation)."""

    condition_aware = False


# the players a pass rate can be measured with: "pass" plays for the pass (the service's),
# "points" is the fair solver as the daily plays (for the comparison), "blind" plays for the
# pass without the condition-aware evaluation, "hindsight" plays for the pass seeing the bag
# (which deals are passable at all)
RATE_PLAYERS = {
    "pass": ScenarioPlayer,
    "points": FairPlayer,
    "blind": BlindScenarioPlayer,
    "hindsight": ScenarioHindsightPlayer,
}


@dataclass(frozen=True)
class ScenarioRun:
    seed: str
    score: int
    passed: bool
    seconds: float  # wall
    missed: tuple[str, ...] = ()  # the kinds of the conditions it failed ("score" first)
    cpu: float = 0.0  # CPU seconds of the game (this process)


def rate_seed(number: int, k: int, prefix: str = "pass-rate") -> str:
    """The k-th deal of a scenario's pass rate: fixed, so that anyone can play it again
    (``python -m solver play SEED --setup scenario-N --strategy fair``). Another ``prefix``
    deals others (the bench's held-out deals)."""
    return f"{prefix}-{number}-{k}"


def rate_strength(deals: int, *, player: str = "pass", **options) -> dict:
    """What a pass rate's figure depends on besides the scenario: the player, its strength
    (``strength()``, which names every option and constant its moves depend on) and the
    deals played. The service stores it beside the figure and computes again a figure whose
    strength is not the current one."""
    kind = RATE_PLAYERS[player]
    strength = kind(seed="", **search_options(options, kind)).strength()
    # as a JSON field gives it back (lists for tuples), so that a stored one compares equal
    return json.loads(json.dumps({"player": player, "deals": deals, "strength": strength}))


def play_scenario_deals(
    number: int,
    deals: int,
    *,
    player: str = "pass",
    prefix: str = "pass-rate",
    first: int = 0,
    **options,
) -> list[ScenarioRun]:
    """The game of ``player`` (``RATE_PLAYERS``) on each of deals ``first`` ..
    ``first + deals - 1`` of a scenario."""
    scenario = SCENARIOS[number]
    kind = RATE_PLAYERS[player]
    runs = []
    for k in range(first, first + deals):
        seed = rate_seed(number, k, prefix)
        player_ = kind(seed=seed, **search_options(options, kind))
        cpu = time.process_time()
        record = play_game(deal(seed, scenario.setup), player_)
        cpu = time.process_time() - cpu
        quilt = record.game.quilt
        missed = tuple(p.condition.kind for p in scenario.progress(quilt) if p.status != MET)
        passed = scenario.passed(quilt)
        runs.append(ScenarioRun(seed, record.score["total"], passed, record.seconds, missed, cpu))
    return runs
