"""The review of a finished game: the solver's own game loses about nothing, a random game a
lot; the best move is legal; the analysis never reads the bag; a replay rebuilds what the
player saw."""

import json

import pytest

from solver.cli import main
from solver.game import TURNS, Deal, Move, RulesError, SoloGame, deal, patch_to_json
from solver.search import hint, make_player
from solver.search.analysis import (
    KEY_MOMENT_LOSS,
    KEY_MOMENTS,
    SEED,
    analyse,
    filled_turns,
    key_moments,
    mark,
    on_expected_scale,
    seen_turns,
    turn_accuracy,
)
from solver.search.hints import REASONS, reasons, say
from solver.search.players import FairPlayer
from solver.search.valuation import future_values

# Small enough for a test run; bench/analysis_speed.py measures the default strength.
SMALL = {"samples": 48, "candidates": 8}
# The noise of a turn's loss at SMALL: the fair player's own game (its futures) analysed on
# other futures showed losses of 0 on most turns and at most 1.4 points (two analyses of a
# beginner deal; bench/analysis_speed.py measures the default strength); twice that is noise.
TURN_NOISE = 3.0


def _played(seed: str, choose, bag_after: int | None = None) -> tuple[Deal, list]:
    """A beginner deal and its game's (observation, move) pairs, moves from ``choose``; with
    ``bag_after``, the bag is reversed after its first ``bag_after`` patches."""
    d = deal(seed, setup="beginner")
    if bag_after is not None:
        d = Deal(d.seed, d.setup, d.hand, d.market, d.bag[:bag_after] + d.bag[bag_after:][::-1])
    game = SoloGame.start(d)
    pairs = []
    while not game.finished:
        observation = game.observation()
        move = choose(observation)
        pairs.append((observation, move))
        game.play(move)
    return d, pairs


def _replay_json(d: Deal, pairs) -> dict:
    """The replay shape (``GET /api/games/{id}/replay/``), from what the player saw."""
    turns = [
        {
            "turn": observation.turn,
            "hand": [patch_to_json(p) for p in observation.hand],
            "market": [patch_to_json(p) for p in observation.market],
            "move": move.to_json(),
        }
        for observation, move in pairs
    ]
    return {"setup": d.setup.to_json(), "goals": None, "turns": turns}


@pytest.fixture(scope="module")
def fair_game():
    player = make_player("fair", seed="the player's own futures", **SMALL)
    return _played("test-analysis-fair", player.choose_move)


def test_the_fair_players_own_game_loses_about_nothing_on_every_turn(fair_game):
    _, pairs = fair_game
    review = analyse(pairs, **SMALL)  # other futures than the player's (another seed)
    assert [t.turn for t in review.turns] == list(range(1, TURNS + 1))
    assert all(0 <= t.loss <= TURN_NOISE for t in review.turns), [t.loss for t in review.turns]
    assert sum(t.loss == 0 for t in review.turns) >= TURNS // 2
    assert review.accuracy >= 85


def test_a_game_following_every_hint_loses_little():
    _, pairs = _played("test-analysis-hints", lambda o: hint(o, **SMALL).move)
    review = analyse(pairs, **SMALL)
    assert all(t.loss <= TURN_NOISE for t in review.turns)
    assert review.accuracy >= 85


@pytest.fixture(scope="module")
def random_game():
    random = make_player("random", seed="r")
    _, pairs = _played("test-analysis-random", random.choose_move)
    return pairs, analyse(pairs, **SMALL)


def test_a_random_game_loses_a_lot_and_says_what_was_better(random_game):
    _, review = random_game
    assert review.expected_loss > 40
    assert review.accuracy < 50
    lossy = [t for t in review.turns if t.loss > 1]
    assert len(lossy) >= TURNS // 2
    assert all(t.reasons and all(r["kind"] in REASONS for r in t.reasons) for t in lossy)
    data = review.to_json()
    assert data["expected_loss"] == pytest.approx(sum(t["loss"] for t in data["turns"]), abs=0.1)


def test_the_best_move_is_legal_and_the_analysis_never_reads_the_bag():
    """Two deals alike up to turn 8's draws, differing in every unseen patch's order after:
    the first turns' reviews agree, and every best move is legal where it is proposed."""
    greedy = make_player("greedy")
    turns = 8
    d, pairs = _played("test-analysis-bag", greedy.choose_move)
    other_deal, other = _played("test-analysis-bag", greedy.choose_move, bag_after=2 * turns)
    assert other_deal.bag != d.bag
    ours, theirs = analyse(pairs[:turns], **SMALL), analyse(other[:turns], **SMALL)
    assert ours == theirs
    for (observation, _), review in zip(pairs, ours.turns, strict=False):
        SoloGame.from_observation(observation, ()).check(review.best)
        assert review.best_value >= review.played_value


@pytest.mark.parametrize("turn", [3, 12, TURNS - 1, TURNS])
def test_a_turn_is_valued_once_on_shared_futures_each_half_choosing_what_the_other_measures(
    random_game, turn
):
    """The candidates and the played move on one set of futures (the played move in every
    one): ``played_value`` its mean over them, ``loss`` the mean of the two halves' measured
    gaps (even futures choose and odd ones measure, and the other way round), so no move is
    valued twice and no value is measured on the futures that chose it."""
    pairs, review = random_game
    observation, played = pairs[turn - 1]
    player = FairPlayer(seed=SEED, **SMALL)
    visible = player.visible_candidates(observation, SMALL["candidates"])
    moves = [n.move for n in visible[: SMALL["candidates"]] if n.move != played] + [played]
    finals, counts = future_values(
        observation,
        moves,
        samples=SMALL["samples"],
        seed=SEED,
        margin=player.margin,
        beam=player.playout(observation.layout),
        keep=(len(moves) - 1,),
    )
    n = counts[-1]
    assert n == (1 if turn >= TURNS - 1 else SMALL["samples"])
    full = finals[[i for i, c in enumerate(counts) if c == n], :n]
    if n == 1:
        gap = full[:, 0].max() - full[-1, 0]
    else:
        even, odd = full[:, 0::2], full[:, 1::2]
        gap = (
            (odd[even.mean(axis=1).argmax()] - odd[-1]).mean()
            + (even[odd.mean(axis=1).argmax()] - even[-1]).mean()
        ) / 2
    reviewed = review.turns[turn - 1]
    assert reviewed.played_value == pytest.approx(full[-1].mean(), abs=1e-9)
    assert reviewed.loss == pytest.approx(max(0.0, gap), abs=1e-9)
    assert (reviewed.best == played) == (reviewed.loss == 0)


def test_progress_counts_the_turns():
    greedy = make_player("greedy")
    _, pairs = _played("test-analysis-progress", greedy.choose_move)
    seen = []
    analyse(pairs[-3:], progress=lambda done, total: seen.append((done, total)), **SMALL)
    assert seen == [(1, 3), (2, 3), (3, 3)]


def test_accuracy_follows_its_documented_formula():
    assert turn_accuracy(0) == 100
    assert turn_accuracy(3) == pytest.approx(36.79, abs=0.01)
    assert turn_accuracy(1) == pytest.approx(71.65, abs=0.01)
    assert turn_accuracy(-0.5) == 100  # noise below zero is no gain


def test_a_replay_rebuilds_exactly_what_the_player_saw(fair_game):
    d, pairs = fair_game
    rebuilt = seen_turns(_replay_json(d, pairs))
    assert len(rebuilt) == TURNS
    for (seen, move), (observation, played) in zip(rebuilt, pairs, strict=True):
        assert seen.to_json() == observation.to_json() and move == played


def test_a_replay_that_does_not_follow_is_refused_naming_the_turn(fair_game):
    d, pairs = fair_game
    data = _replay_json(d, pairs)
    data["turns"][5]["hand"] = data["turns"][5]["hand"][::-1]
    if data["turns"][5]["hand"][0] == data["turns"][5]["hand"][1]:
        pytest.skip("two equal patches in hand")
    with pytest.raises(RulesError, match="turn 6: hand and market"):
        seen_turns(data)
    data = _replay_json(d, pairs)
    data["turns"][3]["move"] = {"hand_index": 0, "cell": "0,0", "market_index": 1}
    with pytest.raises(RulesError, match="cell 0,0"):
        seen_turns(data)


def test_the_command_prints_the_analysis_and_refuses_bad_input(fair_game, tmp_path, capsys):
    d, pairs = fair_game
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_replay_json(d, pairs[:3])))
    assert main(["analyse", str(path), "--samples", "8", "--candidates", "3"]) == 0
    printed = json.loads(capsys.readouterr().out)
    review = analyse(pairs[:3], samples=8, candidates=3).to_json()
    review["turns"] = on_expected_scale(review["turns"])  # the API's scale, as the API
    for turn in review["turns"]:  # the command says the facts in English
        turn["reasons"] = [f"the better move: {say(r)}" for r in turn["reasons"]]
        turn["played_reasons"] = [say(r) for r in turn["played_reasons"]]
    assert printed == review
    assert main(["analyse", str(path), "--samples", "0"]) == 2
    assert "samples must be" in capsys.readouterr().err
    path.write_text(json.dumps({"setup": d.setup.to_json(), "turns": "all of them"}))
    assert main(["analyse", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "turns must list" in err


def test_an_illegal_played_move_is_named():
    greedy = make_player("greedy")
    _, pairs = _played("test-analysis-illegal", greedy.choose_move)
    observation, _ = pairs[0]
    with pytest.raises(RulesError, match="market_index"):
        analyse([(observation, Move(0, observation.quilt.empty_cells[0], 5))], **SMALL)


def test_marks_follow_their_documented_thresholds():
    assert [mark(loss) for loss in (0, 0.5, 1.49, 1.5, 2.99, 3, 5.99, 6, 20)] == [
        "",
        "",
        "",
        "?!",
        "?!",
        "?",
        "?",
        "??",
        "??",
    ]


def test_every_turn_is_marked_by_its_loss_and_says_what_the_played_move_did(random_game):
    pairs, review = random_game
    data = review.to_json()
    assert [t["mark"] for t in data["turns"]] == [mark(t["loss"]) for t in data["turns"]]
    assert {"?!", "?", "??"} & {t["mark"] for t in data["turns"]}  # a random game blunders
    for (observation, played), turn in zip(pairs, data["turns"], strict=True):
        # the hints' own reasons for the move played, whatever the better move was
        assert turn["played_reasons"] == reasons(observation, played)
        if played.market_index is not None:
            assert turn["played_reasons"], turn  # at the least, the patch it took


def test_key_moments_are_the_largest_losses_first(random_game):
    _, review = random_game
    data = review.to_json()
    losses = sorted((t["loss"] for t in data["turns"]), reverse=True)
    moments = data["key_moments"]
    assert [m["loss"] for m in moments] == [x for x in losses if x >= KEY_MOMENT_LOSS][:KEY_MOMENTS]
    assert moments, "a random game has turns that decided it"
    by_turn = {t["turn"]: t for t in data["turns"]}
    assert all(by_turn[m["turn"]]["loss"] == m["loss"] for m in moments)
    assert all(by_turn[m["turn"]]["mark"] in ("?", "??") for m in moments)


def test_key_moments_break_ties_by_the_earlier_turn_and_skip_small_losses():
    losses = [3.0, 7.5, 2.99, 3.0, 4.0, 3.0]
    turns = [{"turn": k, "loss": loss} for k, loss in enumerate(losses, start=1)]
    assert key_moments(turns) == [
        {"turn": 2, "loss": 7.5},
        {"turn": 5, "loss": 4.0},
        {"turn": 1, "loss": 3.0},
    ]
    assert key_moments([{"turn": 1, "loss": 2.9}]) == []


def test_an_analysis_stored_before_the_fields_gets_them_on_reading(random_game):
    pairs, review = random_game
    data = review.to_json()
    old = [
        {k: v for k, v in t.items() if k not in ("mark", "played_reasons")} for t in data["turns"]
    ]
    assert filled_turns(old, pairs) == data["turns"]
