"""Scenarios as the API shows them: the rulebook's card, the caller's record, the solver's
pass rate, and a scenario game's conditions as the engine judges them."""

from django.db.models import Count, Max, Q

from solver.game import SCENARIOS, Condition, Scenario, SoloGame

from .. import words
from ..models import Game, Player, ScenarioPassRate
from ..shapes import CheckOut, PassRateOut, ScenarioOut, ScenarioProgressOut
from .challenges import cat_json


def pass_rate_json(row: ScenarioPassRate | None) -> PassRateOut:
    """``percent``: the share of the sampled deals on which the fair solver passed."""
    if row is None:
        return {"status": "none", "deals": 0, "passes": 0, "percent": None}
    ready = row.status == ScenarioPassRate.Status.READY and row.deals
    percent = round(100 * row.passes / row.deals) if ready else None
    return {"status": row.status, "deals": row.deals, "passes": row.passes, "percent": percent}


def condition_json(condition: Condition) -> CheckOut:
    """The engine's condition with the site's words (said when shown, ``puzzles.words``)."""
    return {**condition.to_json(), "text": words.condition(condition)}


def scenario_json(scenario: Scenario, rate: ScenarioPassRate | None = None) -> dict:
    return {
        "number": scenario.number,
        "setup": scenario.setup,
        "goals": list(scenario.goals),
        # Patterns are dealt with each game: the card shows the cats alone.
        "cats": [cat_json(cat, []) for cat in scenario.cats],
        "min_score": scenario.min_score,
        "conditions": [words.condition(c) for c in scenario.conditions],
        "checks": [condition_json(c) for c in scenario.conditions],
        "solver": pass_rate_json(rate),
    }


def _records(player: Player | None) -> dict[int, dict]:
    """Per scenario: the player's finished tries, whether one passed, the best score, and
    the game still being played (if any). A "try again from here" copy is no try: it
    replays a deal already seen (``services.practice``)."""
    if player is None or not player.is_authenticated:
        return {}
    mine = Game.objects.filter(player=player, scenario__isnull=False, practice_turn__isnull=True)
    done = Q(status=Game.Status.FINISHED)
    rows = mine.values("scenario").annotate(
        tries=Count("id", filter=done),
        passes=Count("id", filter=done & Q(scenario_passed=True)),
        best=Max("score", filter=done),
    )
    records = {row["scenario"]: row for row in rows}
    playing = mine.filter(status=Game.Status.PLAYING).order_by("scenario", "-id")
    for number, game_id in playing.values_list("scenario", "id"):
        records[number].setdefault("playing", game_id)
    best_games = mine.filter(done).order_by("scenario", "-scenario_passed", "-score", "id")
    for number, game_id in best_games.values_list("scenario", "id"):
        records[number].setdefault("best_game", game_id)
    return records


def scenario_list(player: Player | None) -> list[ScenarioOut]:
    rates = {row.number: row for row in ScenarioPassRate.objects.all()}
    records = _records(player)
    result = []
    for number, scenario in SCENARIOS.items():
        record = records.get(number, {})
        best = record.get("best")
        result.append(
            {
                **scenario_json(scenario, rates.get(number)),
                "passed": bool(record.get("passes")),
                "tries": record.get("tries", 0),
                "best": None if best is None else {"score": best, "game": record["best_game"]},
                "playing": record.get("playing"),
            }
        )
    return result


def scenario_game_json(game: Game, state: SoloGame) -> ScenarioProgressOut:
    """A scenario game's block: each condition live (met / open / missed) and, once the game
    is over, the engine's verdict (``Scenario.passed``, stored by the last move)."""
    scenario = SCENARIOS[game.scenario]
    progress = scenario.progress(state.quilt)
    finished = game.status == Game.Status.FINISHED
    return {
        "number": scenario.number,
        "min_score": scenario.min_score,
        "passed": game.scenario_passed if finished else None,
        "conditions": [{**p.to_json(), **condition_json(p.condition)} for p in progress],
    }
