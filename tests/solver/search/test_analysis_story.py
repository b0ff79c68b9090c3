"""Where a game's points came from (``analysis.story``): the expected start, the choices and
the draws add up to the score exactly, whatever the game; a good draw is luck above zero and a
bad one below."""

import json
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.cli import main
from solver.game import TURNS, Deal, SoloGame, deal, patch_to_json
from solver.search import make_player
from solver.search.analysis import analyse, on_expected_scale, story

TINY = {"samples": 2, "candidates": 1}
SMALL = {"samples": 48, "candidates": 4}


def _game(d: Deal, player) -> tuple[list, int]:
    game = SoloGame.start(d, player.choose_goals(d.setup))
    pairs = []
    while not game.finished:
        observation = game.observation()
        move = player.choose_move(observation)
        pairs.append((observation, move))
        game.play(move)
    return pairs, game.quilt.score()["total"]


def _told(pairs, score: int, **options) -> tuple[list[dict], dict]:
    turns = on_expected_scale(analyse(pairs, **options).to_json()["turns"])
    return turns, story(turns, score)


def _exact(value: float) -> Decimal:
    return Decimal(str(value))  # the number as the JSON answer writes it


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.text(min_size=1, max_size=8),
    moves=st.integers(0, 2**16),
    setup=st.sampled_from(["standard", "beginner"]),
)
def test_the_start_the_choices_and_the_draws_add_up_to_the_score_exactly(seed, moves, setup):
    pairs, score = _game(deal(seed, setup=setup), make_player("random", seed=str(moves)))
    turns, told = _told(pairs, score, **TINY)
    start, decisions, luck = (_exact(told[k]) for k in ("expected_start", "decisions", "luck"))
    assert start + decisions + luck == score
    assert sum(map(_exact, told["turn_luck"])) == luck
    assert decisions == -sum(_exact(turn["loss"]) for turn in turns) <= 0
    assert start == _exact(turns[0]["best_value"])
    assert len(told["turn_luck"]) == TURNS


def test_a_game_not_reviewed_to_its_end_tells_no_story():
    pairs, score = _game(deal("story-short", setup="beginner"), make_player("greedy"))
    turns = on_expected_scale(analyse(pairs[:3], **TINY).to_json()["turns"])
    assert story(turns, score) is None


def test_a_good_draw_is_luck_above_zero_and_a_bad_one_below():
    """One game up to turn 19, then the draw after turn 19 (the patch that comes to market
    slot 1) chosen among the unseen patches as the one after which the greedy player ends
    best (37), and the one after which it ends worst (32; most draws give 35): the same
    position and move, so the same expectation before the draw; turn 19's luck is above zero
    after the good draw and below after the bad one."""
    greedy = make_player("greedy")
    base = deal("story-draws-2", setup="beginner")
    turn = 19
    slot = 2 * (turn - 1)  # the first of the turn's two draws in the bag
    variants = []
    for k in range(slot + 2, len(base.bag)):
        bag = list(base.bag)
        bag[slot], bag[k] = bag[k], bag[slot]
        d = Deal(base.seed, base.setup, base.hand, base.market, tuple(bag))
        pairs, score = _game(d, greedy)
        variants.append((score, pairs))
    variants.sort(key=lambda v: v[0])
    (bad_score, bad), (good_score, good) = variants[0], variants[-1]
    assert good_score - bad_score >= 5  # the draws differ by more than a button's worth
    assert [m for _, m in bad[:turn]] == [m for _, m in good[:turn]]
    _, told_bad = _told(bad, bad_score, **SMALL)
    _, told_good = _told(good, good_score, **SMALL)
    assert told_good["turn_luck"][turn - 1] > 0 > told_bad["turn_luck"][turn - 1]
    assert told_good["luck"] > told_bad["luck"]


def test_the_command_says_where_a_whole_games_points_came_from(tmp_path, capsys):
    d = deal("story-command", setup="beginner")
    pairs, score = _game(d, make_player("greedy"))
    replay = {
        "setup": d.setup.to_json(),
        "goals": None,
        "turns": [
            {
                "turn": o.turn,
                "hand": [patch_to_json(p) for p in o.hand],
                "market": [patch_to_json(p) for p in o.market],
                "move": m.to_json(),
            }
            for o, m in pairs
        ],
    }
    path = tmp_path / "game.json"
    path.write_text(json.dumps(replay))
    assert main(["analyse", str(path), "--samples", "2", "--candidates", "1"]) == 0
    printed = json.loads(capsys.readouterr().out)
    told = [_exact(printed[k]) for k in ("expected_start", "decisions", "luck")]
    assert sum(told) == score
    assert sum(_exact(turn["luck"]) for turn in printed["turns"]) == told[2]
