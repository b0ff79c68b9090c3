"""The hints' reasons are facts (a kind and its values) said in English: every reason the
engine says reads back into the fact it said (``reason_fact``), which the site says again in
the reader's language (puzzles/words.py)."""

import random

from solver.game import SoloGame, deal
from solver.search import make_player
from solver.search.analysis import BETTER_MOVE
from solver.search.hints import REASONS, reason_fact, reasons, say

GOAL_SPACES = ("2,3", "3,4", "4,2")


def test_every_reason_said_in_real_games_reads_back_into_its_fact():
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
                for text in reasons(observation, move):
                    fact = reason_fact(text)
                    assert fact is not None, text
                    assert say(fact[0], **fact[1]) == text
                    kinds.add(fact[0])
            game.play(player.choose_move(observation))
    assert {"goal-open", "take", "pair"} <= kinds  # what every game says


def test_each_kind_reads_back_and_other_words_are_no_fact():
    values = {"goal": "AAA-BB-C", "by": "colours", "open": "colours and patterns", "cat": "Leo",
              "pattern": "stripes", "color": "teal", "points": 7, "size": 3, "needed": 5,
              "filled": 4}  # fmt: skip
    for kind, words in REASONS.items():
        used = {name: value for name, value in values.items() if "{" + name + "}" in words}
        assert reason_fact(say(kind, **used)) == (kind, {k: str(v) for k, v in used.items()})
    assert reason_fact("completes the quilt with love") is None
    assert reason_fact(BETTER_MOVE.format(reason=say("pair", color="navy"))) is None
