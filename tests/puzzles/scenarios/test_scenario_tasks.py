"""The pass rate per scenario of the solver that plays for the pass (in-process and on a
real worker), and hints on a scenario game (from the same player)."""

import datetime
import importlib

import pytest
from django.utils import timezone
from waiting import wait_for

from puzzles.game_state import replay
from puzzles.models import ScenarioPassRate
from puzzles.services import scenarios
from puzzles.services.hints import do_compute_hint, do_request_hint
from puzzles.tasks import compute_scenario_pass_rate
from solver.game import SCENARIOS, Move, deal
from solver.search import FairPlayer, hint, make_player, play_game, position_key
from solver.search.hints import hint_player
from solver.search.roles import role_options
from solver.search.scenarios import rate_seed, rate_strength

TINY_FAIR = {"playout_width": 1, "samples": 1, "depth": 1}
# What the site plays with TINY_FAIR as the setting: the shipped options under it.
RATE = role_options("scenario_rate", TINY_FAIR)
HINT = role_options("hint", TINY_FAIR)


def test_the_pass_rate_is_the_engines_verdict_on_the_solvers_games(db, settings):
    settings.CALICO_SCENARIO_RATE_OPTIONS = TINY_FAIR
    settings.CALICO_SCENARIO_RATE_DEALS = 2
    ScenarioPassRate.objects.create(number=1)
    compute_scenario_pass_rate(1)  # the task body, run here
    row = ScenarioPassRate.objects.get(number=1)
    assert row.status == "ready" and row.deals == 2 and row.error == ""
    assert row.strength == rate_strength(2, player="pass", **RATE)
    assert row.strength["strength"]["gain"] == round(make_player("scenario", **RATE).gain, 4)
    passes, scores = 0, []
    for k in range(2):  # the same fixed deals, played again: the figure can be reproduced
        seed = rate_seed(1, k)
        player = make_player("scenario", seed=seed, **RATE)
        record = play_game(deal(seed, "scenario-1"), player)
        scores.append(record.score["total"])
        passes += all(SCENARIOS[1].check(record.score).values())
    assert (row.scores, row.passes) == (scores, passes)


def test_a_failed_pass_rate_is_recorded(db, settings):
    settings.CALICO_SCENARIO_RATE_OPTIONS = {"width": 0}
    ScenarioPassRate.objects.create(number=2)
    with pytest.raises(ValueError):
        scenarios.do_compute_pass_rate(2)
    row = ScenarioPassRate.objects.get(number=2)
    assert row.status == "failed" and "width" in row.error


def test_ensuring_the_rates_sends_each_once_and_again_only_if_failed_or_lost(db):
    assert scenarios.do_ensure_pass_rates() == list(SCENARIOS)
    assert scenarios.do_ensure_pass_rates() == []  # all pending, just sent
    current = scenarios._rate_strength()
    ScenarioPassRate.objects.filter(number=4).update(status="ready", deals=1, strength=current)
    ScenarioPassRate.objects.filter(number=5).update(status="failed", error="worker lost")
    long_ago = timezone.now() - datetime.timedelta(hours=2)
    ScenarioPassRate.objects.filter(number=6).update(sent_at=long_ago)
    assert scenarios.do_ensure_pass_rates() == [5, 6]
    assert ScenarioPassRate.objects.get(number=5).error == ""
    assert ScenarioPassRate.objects.count() == len(SCENARIOS)


def test_a_hint_on_a_scenario_game_is_a_legal_move(alice):
    game = scenarios.do_start_scenario_game(alice, number=6, goals=None)
    row = do_compute_hint(do_request_hint(game.pk, player=alice).pk)
    assert row.status == "ready", row.error
    state, _ = replay(game)
    state.check(Move.from_json(row.move))  # raises if illegal


def test_a_scenario_games_hint_plays_for_the_pass(alice, settings):
    settings.CALICO_HINT_OPTIONS = TINY_FAIR
    game = scenarios.do_start_scenario_game(alice, number=1, goals=None)
    row = do_compute_hint(do_request_hint(game.pk, player=alice).pk)
    observation = replay(game)[0].observation()
    assert row.position == position_key(observation, **HINT)
    assert Move.from_json(row.move) == hint(observation, **HINT).move
    # the key is the scenario player's: a fair solver's hint of the position is another one
    fair = FairPlayer(seed="hint", **HINT).strength()
    assert hint_player(HINT, observation.setup).strength() != fair


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_a_worker_computes_a_scenarios_pass_rate(celery_worker_process, client):
    ScenarioPassRate.objects.create(number=3)
    compute_scenario_pass_rate.delay(3)
    row = wait_for(lambda: ScenarioPassRate.objects.get(number=3), lambda r: r.status != "pending")
    assert row.status == "ready", row.error
    assert row.deals == 2 and len(row.scores) == 2 and 0 <= row.passes <= 2
    third = client.get("/api/scenarios/").json()[2]
    assert third["solver"]["status"] == "ready" and third["solver"]["deals"] == 2


def test_the_fair_solvers_old_rates_are_dropped_and_sent_again(db):
    from django.apps import apps

    migration = importlib.import_module("puzzles.migrations.0010_scenario_rates_play_for_the_pass")
    ScenarioPassRate.objects.create(number=1, status="ready", deals=4, passes=4)
    migration.drop_old_rates(apps, None)
    assert not ScenarioPassRate.objects.exists()
    assert scenarios.do_ensure_pass_rates() == list(SCENARIOS)  # the new player's, once


def test_a_rate_computed_at_another_strength_is_sent_again(db, settings):
    # a card's figure is the current player's: another player version, options or deal
    # count (and every row from before strengths were kept) is computed again, once
    settings.CALICO_SCENARIO_RATE_OPTIONS = TINY_FAIR
    current = scenarios._rate_strength()
    assert current == rate_strength(settings.CALICO_SCENARIO_RATE_DEALS, **RATE)
    for number in SCENARIOS:
        ScenarioPassRate.objects.create(number=number, status="ready", deals=4, strength=current)
    assert scenarios.do_ensure_pass_rates() == []
    older = {**current, "strength": {**current["strength"], "gain": 0.39}}
    ScenarioPassRate.objects.filter(number=7).update(strength=older)
    ScenarioPassRate.objects.filter(number=8).update(strength={})  # from before strengths
    settings.CALICO_SCENARIO_RATE_DEALS = current["deals"]
    assert scenarios.do_ensure_pass_rates() == [7, 8]
    assert scenarios.do_ensure_pass_rates() == []  # pending now: not sent twice
    settings.CALICO_SCENARIO_RATE_DEALS = current["deals"] + 1  # more deals: all again
    for number in SCENARIOS:
        ScenarioPassRate.objects.filter(number=number).update(status="ready", strength=current)
    assert scenarios.do_ensure_pass_rates() == list(SCENARIOS)
