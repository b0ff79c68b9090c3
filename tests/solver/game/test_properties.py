"""Property tests: patch conservation, deterministic deals, replays, and the engine against the
independent reference scorer on random quilts built in random placement orders."""

import json
from collections import Counter

import reference
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.game import (
    CATS,
    GOALS,
    PATCH_CELLS,
    SETUP_KINDS,
    TURNS,
    Deal,
    Layout,
    Move,
    Quilt,
    SoloGame,
    cell_name,
    deal,
    quilt_from_json,
    quilt_to_json,
)
from solver.game.boards import BOARD_NAMES
from solver.game.patches import PATTERNS

# Never a timed assert, even on a loaded machine.
UNTIMED = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])

seeds = st.text(max_size=20)
setups = st.sampled_from(SETUP_KINDS)
variants = st.sampled_from([None, "family", "lower-variance"])


def start(seed, setup, variant) -> SoloGame:
    dealt = deal(seed, setup, variant)
    goals = None
    if dealt.setup.goals is None and not dealt.setup.family:
        goals = dict(zip(("2,3", "3,4", "4,2"), dealt.setup.goal_options, strict=False))
    return SoloGame.start(dealt, goals)


def random_move(game: SoloGame, rng) -> Move:
    market = None if game.turn == TURNS else rng.randrange(3)
    return Move(rng.randrange(len(game.hand)), rng.choice(game.quilt.empty_cells), market)


@UNTIMED
@given(seeds, setups, variants, st.randoms(use_true_random=False))
def test_no_patch_is_ever_created_or_lost(seed, setup, variant, rng):
    game = start(seed, setup, variant)
    pool = Counter(game.setup.pool())
    assert sum(pool.values()) == (72 if variant == "lower-variance" else 108)
    while True:
        placed = [patch for _, patch in game.quilt.placements]
        everything = game.hand + game.market + game.remaining_bag + game.discarded + placed
        assert Counter(everything) == pool
        if game.finished:
            break
        market = list(game.market)
        move = random_move(game, rng)
        game.play(move)
        if move.market_index is not None:  # the conveyor: the farther leftover is discarded
            left = [p for slot, p in enumerate(market) if slot != move.market_index]
            assert (game.market[2], game.discarded[-1]) == (left[0], left[1])


@UNTIMED
@given(seeds, setups, variants)
def test_deals_are_deterministic_and_round_trip_through_json(seed, setup, variant):
    dealt = deal(seed, setup, variant)
    assert dealt == deal(seed, setup, variant)
    assert json.dumps(dealt.to_json()) == json.dumps(deal(seed, setup, variant).to_json())
    assert Deal.from_json(json.loads(json.dumps(dealt.to_json()))) == dealt


@UNTIMED
@given(seeds, setups, variants, st.randoms(use_true_random=False))
def test_replaying_a_games_moves_gives_the_same_score(seed, setup, variant, rng):
    game = start(seed, setup, variant)
    recorded = []
    while not game.finished:
        move = random_move(game, rng)
        recorded.append(json.loads(json.dumps(move.to_json())))
        game.play(move)
    replay = start(seed, setup, variant)
    for move in recorded:
        replay.play(Move.from_json(move))
    assert replay.quilt.score() == game.quilt.score()
    assert quilt_to_json(replay.quilt) == quilt_to_json(game.quilt)


@st.composite
def quilt_files(draw) -> dict:
    """A random valid quilt file: any layout, cells filled in a random order, and patches
    drawn (at most three copies each), often from a few colours or patterns so that big
    groups and shapes form."""
    cats = draw(
        st.lists(st.sampled_from([c.id for c in CATS]), min_size=3, max_size=3, unique=True)
    )
    patterns = draw(st.permutations(PATTERNS))
    goals = draw(
        st.lists(st.sampled_from([g.id for g in GOALS]), min_size=3, max_size=3, unique=True)
    )
    family = draw(st.booleans())
    few = st.lists(st.integers(0, 5), min_size=2, max_size=3, unique=True)
    clump = draw(st.sampled_from(["colors", "patterns", "neither"]))
    palette_colors = draw(few) if clump == "colors" else range(6)
    palette_patterns = draw(few) if clump == "patterns" else range(6)
    bag = [c * 6 + p for c in palette_colors for p in palette_patterns for _ in range(3)]
    bag = draw(st.permutations(bag))
    cells = draw(st.permutations(PATCH_CELLS))[: draw(st.integers(0, min(22, len(bag))))]
    return {
        "board": draw(st.sampled_from(BOARD_NAMES)),
        "goals": dict(zip(("2,3", "3,4", "4,2"), goals, strict=True)),
        "cats": [
            {"cat": cat, "patterns": list(patterns[2 * k : 2 * k + 2])}
            for k, cat in enumerate(cats)
        ],
        "family": family,
        "placements": [
            {
                "cell": cell_name(cell),
                "color": reference.COLOR_NAMES[p // 6],
                "pattern": PATTERNS[p % 6],
            }
            for cell, p in zip(cells, bag, strict=False)
        ],
    }


@settings(UNTIMED, max_examples=300)
@given(quilt_files())
def test_engine_agrees_with_the_reference_scorer(data):
    quilt = quilt_from_json(data)
    score = quilt.score()
    assert reference.agrees(score, data)
    assert quilt.total() == score["total"]


@UNTIMED
@given(quilt_files())
def test_quilt_json_round_trips(data):
    quilt = quilt_from_json(data)
    again = quilt_from_json(json.loads(json.dumps(quilt_to_json(quilt))))
    assert again.score() == quilt.score()
    layout = Layout.build(data["board"], data["goals"], data["cats"], data["family"])
    assert Quilt(layout).layout == quilt.layout
