"""A week's special as the API shows it: nothing of its seed or of the solver's pass chance
on its deal before the week closes."""

from django.utils import timezone

from puzzles import words
from puzzles.selectors.challenges import cats_json
from solver.game import SCENARIOS, deal

from .models import WeeklySpecial
from .shapes import WeeklyOut
from .weeks import closes_at


def is_closed(special: WeeklySpecial) -> bool:
    return timezone.now() >= closes_at(special.monday)


def special_json(special: WeeklySpecial) -> WeeklyOut:
    scenario = SCENARIOS[special.scenario]
    setup = deal(special.seed, scenario.setup).setup
    closed = is_closed(special)
    return {
        "week": special.week,
        "scenario": special.scenario,
        "setup": setup.kind,
        "board": setup.board,
        "cats": cats_json(setup),
        "goals": list(scenario.goals),
        "conditions": [words.condition(c) for c in scenario.conditions],
        "commitment": special.commitment,
        "seed": special.seed if closed else None,
        "closed": closed,
        "closes_at": closes_at(special.monday).isoformat().replace("+00:00", "Z"),
        # The pass-chance worker is not built yet: after the close the run reads "none".
        "par": {"status": "none", "pass_chance": None} if closed else None,
    }
