"""Migration 0019 (and versus' 0003): reasons stored as English sentences become the engine's
facts. Every sentence the engine has said reads back into exactly the fact it said, and rows
of a real database come through the migration as facts that the API says as before."""

import importlib
import random

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from puzzles.game_state import deal_of
from puzzles.models import Analysis, Hint
from puzzles.services.games import do_start_game
from solver.game import SoloGame, deal
from solver.search import make_player
from solver.search.analysis import BETTER_MOVE
from solver.search.hints import reasons, say

migration = importlib.import_module("puzzles.migrations.0019_reasons_as_facts")
GOAL_SPACES = ("2,3", "3,4", "4,2")


def test_every_sentence_the_engine_said_reads_back_into_its_fact():
    rng = random.Random(7)
    kinds = set()
    for number, setup in enumerate(("beginner", "standard", "beginner", "standard")):
        dealt = deal(f"reason-facts-{number}", setup=setup)
        options = dealt.setup.goal_options
        goals = dict(zip(GOAL_SPACES, rng.sample(options, 3), strict=True)) if options else None
        game = SoloGame.start(dealt, goals)
        player = make_player("greedy")
        while not game.finished:
            observation = game.observation()
            moves = game.legal_moves()
            for move in rng.sample(moves, min(10, len(moves))):
                for fact in reasons(observation, move):
                    assert migration.fact(say(fact)) == fact
                    assert migration.fact(BETTER_MOVE.format(reason=say(fact))) == fact
                    assert migration.sentence(fact) == say(fact)
                    kinds.add(fact["kind"])
            game.play(player.choose_move(observation))
    assert {"goal-open", "take", "pair"} <= kinds  # what every game says


def test_other_words_become_a_text_fact_and_facts_stay():
    other = migration.fact("completes the quilt with love")
    assert other == {"kind": "text", "values": {"text": "completes the quilt with love"}}
    assert migration.sentence(other) == "completes the quilt with love"
    assert migration.fact(other) == other


def migrate_to(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets or executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_stored_sentences_come_through_the_migration_as_facts(daily, alice, client_for):
    goals = dict(zip(GOAL_SPACES, deal_of(daily).setup.goal_options, strict=False))
    game = do_start_game(alice, date=daily.date, goals=goals)
    sentences = ["a yellow button: +3", "take navy dots for next turn"]
    hint = Hint.objects.create(game=game, turn=1, status="ready", reasons=sentences)
    turn = {
        "turn": 1,
        "played": {},
        "best": {},
        "played_value": 60.0,
        "best_value": 64.0,
        "loss": 4.0,
        "accuracy": 26.4,
        "mark": "?",
        "reasons": ["the better move: green pair: one more for a button"],
        "played_reasons": ["starts a dots group towards Millie"],
    }
    result = {"accuracy": 26.4, "expected_loss": 4.0, "turns": [turn]}
    analysis = Analysis.objects.create(game=game, status="ready", done=1, total=1, result=result)
    try:
        migrate_to([("puzzles", "0018_hint_pass_chance"), ("versus", "0002_worker_job_lifecycle")])
    finally:
        migrate_to(None)  # forwards: 0019 converts the rows
    hint.refresh_from_db()
    analysis.refresh_from_db()
    assert hint.reasons == [
        {"kind": "button", "values": {"color": "yellow", "points": 3}},
        {"kind": "take", "values": {"color": "navy", "pattern": "dots"}},
    ]
    assert analysis.result["turns"][0]["reasons"] == [
        {"kind": "pair", "values": {"color": "green"}}
    ]
    api = client_for(alice)
    assert api.get(f"/api/games/{game.pk}/hints/{hint.pk}/").json()["reasons"] == sentences
    said = api.get(f"/api/games/{game.pk}/analysis/").json()["turns"][0]
    assert said["reasons"] == turn["reasons"] and said["played_reasons"] == turn["played_reasons"]
