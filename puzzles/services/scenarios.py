"""Solo scenarios as practice (docs/rules.md "Solo scenarios"): a game on a fresh seed with no
daily challenge, so it never reaches a leaderboard, a tally or a streak; and the pass rate per
scenario of the solver that plays for the pass (``solver.search.scenario_play``, the player
a scenario game's hints come from), computed once by a worker."""

import secrets

from django.conf import settings
from django.db import transaction

from core import limits
from core.errors import BadInput, NotFound
from core.jobs import Job
from solver.game import SCENARIOS, RulesError, Scenario, SoloGame, deal
from solver.search.scenarios import play_scenario_deals, rate_strength

from ..models import Game, Player, ScenarioPassRate
from ..solver_options import site_options

# The task takes the scenario's number; sent with Celery's time limits (a solver run's).
RATE = Job(ScenarioPassRate, "puzzles.tasks.compute_scenario_pass_rate", arg="number")
GOAL_SPACES = ("2,3", "3,4", "4,2")  # where the listed goals go when the player sends none


def scenario_numbered(number: int) -> Scenario:
    if number not in SCENARIOS:
        raise NotFound(f"number: there is no scenario {number} (1 to {len(SCENARIOS)})")
    return SCENARIOS[number]


def do_start_scenario_game(
    player: Player, *, number: int, goals: dict | None, seed: str | None = None
) -> Game:
    """A practice game of scenario ``number`` on a fresh seed (``seed`` only for tests and
    tools: the API never takes one). ``goals`` places the scenario's three goals; left out,
    they go in the scenario's listed order on 2,3, 3,4 and 4,2."""
    scenario = scenario_numbered(number)
    goals = goals or dict(zip(GOAL_SPACES, scenario.goals, strict=True))
    seed = seed or secrets.token_hex(16)
    try:
        SoloGame.start(deal(seed, scenario.setup), goals)
    except RulesError as error:
        raise BadInput(f"goals: {error}") from None
    limits.enforce("games", account=player.pk)  # the daily's limit: a game is a game
    return Game.objects.create(player=player, scenario=number, seed=seed, goals=goals)


def record_result(game: Game, state: SoloGame) -> None:
    """On a scenario game's last move: store the engine's verdict for the player's record."""
    game.scenario_passed = SCENARIOS[game.scenario].passed(state.quilt)


# -- the solver's pass rate (it plays for the pass) -----------------------------------------


def do_ensure_pass_rates() -> list[int]:
    """Send the pass rate of every scenario that has none yet to the workers: a new one, a
    failed one, a lost one (``RATE.is_lost``: its message or worker was), or a ready one
    computed at another strength (another player, options or deal count: the card's figure
    is the current player's). One still in the works is left alone, so running this again
    sends nothing twice. Returns the numbers sent (``manage.py ensure_scenario_rates``, run
    by ``make serve``)."""
    current = _rate_strength()
    sent = []
    for number in SCENARIOS:
        with transaction.atomic():
            row, created = ScenarioPassRate.objects.select_for_update().get_or_create(number=number)
            if created:
                transaction.on_commit(lambda row=row: RATE.do_send(row))
            elif row.status == ScenarioPassRate.Status.READY and row.strength != current:
                RATE.do_reopen(row)
            elif not RATE.do_reopen_if_stalled(row):
                continue
            sent.append(number)
    return sent


def _rate_strength() -> dict:
    return rate_strength(
        settings.CALICO_SCENARIO_RATE_DEALS, player="pass", **site_options("scenario_rate")
    )


def do_compute_pass_rate(number: int) -> ScenarioPassRate | None:
    """Play the solver that plays for the pass (the fair player's scenario mode, at par
    strength unless told) on ``CALICO_SCENARIO_RATE_DEALS`` fixed deals of the scenario and
    store how many it passed, by the engine's check."""
    row = ScenarioPassRate.objects.filter(number=number).first()
    return row and RATE.do_run(row.pk, _rate)


def _rate(row: ScenarioPassRate) -> dict:
    deals = settings.CALICO_SCENARIO_RATE_DEALS
    options = site_options("scenario_rate")
    runs = play_scenario_deals(row.number, deals, player="pass", **options)
    scores = [run.score for run in runs]
    passes = sum(run.passed for run in runs)
    return {"deals": len(runs), "passes": passes, "scores": scores, "strength": _rate_strength()}
