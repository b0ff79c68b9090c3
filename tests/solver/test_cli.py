"""The command line, run as a subprocess: exit 0 with JSON on stdout, or exit 2 with one line
on stderr naming the problem. Games printed by ``play`` replay move by move against ``deal``."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
import reference
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from solver.game import Deal, Move, SoloGame, deal, patch_to_json, score_quilt_file

pytestmark = pytest.mark.slow  # each test runs the command line as a process

ROOT = Path(__file__).parents[2]
QUILT = {
    "board": "purple",
    "goals": {"2,3": "aaaa-bb", "3,4": "aa-bb-c-d", "4,2": "aaa-bb-c"},
    "cats": [
        {"cat": "callie", "patterns": ["dots", "ferns"]},
        {"cat": "almond", "patterns": ["flowers", "stripes"]},
        {"cat": "leo", "patterns": ["quatrefoil", "vines"]},
    ],
    "placements": [
        {"cell": "1,1", "color": "teal", "pattern": "quatrefoil"},
        {"cell": "1,2", "color": "teal", "pattern": "quatrefoil"},
        {"cell": "2,2", "color": "pink", "pattern": "dots"},
    ],
}


def solver(*args, stdin=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "solver", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )


def ok(*args, stdin=None):
    result = solver(*args, stdin=stdin)
    assert (result.returncode, result.stderr) == (0, "")
    return json.loads(result.stdout)


def test_score_prints_the_score_object(tmp_path):
    path = tmp_path / "quilt.json"
    path.write_text(json.dumps(QUILT))
    printed = ok("score", str(path))
    assert printed == score_quilt_file(QUILT)
    assert printed["button_points"] == 3  # teal, with the printed teal at 1,0
    assert reference.agrees(printed, QUILT)


def test_score_reads_stdin_with_or_without_a_byte_order_mark():
    assert ok("score", "-", stdin=json.dumps(QUILT)) == score_quilt_file(QUILT)
    assert ok("score", "-", stdin="\ufeff" + json.dumps(QUILT)) == score_quilt_file(QUILT)


def test_deal_prints_the_whole_deal():
    printed = ok("deal", "2026-11-29", "--setup", "beginner", "--variant", "lower-variance")
    assert printed == deal("2026-11-29", "beginner", "lower-variance").to_json()
    assert len(printed["hand"]) + len(printed["market"]) + len(printed["bag"]) == 72


def replay(dealt: dict, played: dict) -> SoloGame:
    """Replay ``play``'s moves against ``deal``'s JSON under the conveyor rules."""
    setup = Deal.from_json(dealt).setup
    asks_for_goals = setup.goals is None and not setup.family
    game = SoloGame.start(
        Deal.from_json(dealt), played["quilt"]["goals"] if asks_for_goals else None
    )
    for turn, move in enumerate(played["moves"], start=1):
        assert move["turn"] == turn == game.turn
        assert patch_to_json(game.hand[move["hand_index"]]) == move["patch"]
        game.play(Move.from_json(move))
    assert game.finished
    return game


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@example(seed="-a", strategy="random", setup="standard", variant=[])
@given(
    seed=st.text(st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]), max_size=12),
    strategy=st.sampled_from(["random", "greedy"]),
    setup=st.sampled_from(["standard", "beginner", "scenario-5"]),
    variant=st.sampled_from([[], ["--variant", "family"], ["--variant", "lower-variance"]]),
)
def test_played_games_replay_against_the_deal_with_the_same_score(seed, strategy, setup, variant):
    options = ["--setup", setup, *variant]
    # "--" before the seed: a seed may begin with "-" (argparse would read it as an option)
    played = ok("play", "--strategy", strategy, *options, "--", seed)
    assert set(played) == {"score", "quilt", "seconds", "moves"}
    assert len(played["moves"]) == 22 and played["moves"][-1]["market_index"] is None
    game = replay(ok("deal", *options, "--", seed), played)
    assert game.quilt.score() == played["score"]
    assert reference.agrees(played["score"], played["quilt"])  # an independent scorer agrees


def test_par_prints_its_games_mean_and_the_game_nearest_it_and_play_fair_is_game_0():
    """``par`` with the site's option names (here small); ``play --strategy fair`` with the
    same options plays par's game 0 (the shipped par options, salt ``SEED/par/0``)."""
    printed = ok(
        "par",
        "cli",
        "--games",
        "3",
        "--jobs",
        "2",
        "--options",
        '{"playout_width": 1, "samples": 1}',
    )
    assert set(printed) >= {"score", "mean", "se", "games", "game"}
    scores = printed["games"]
    mean = sum(scores) / 3
    assert printed["mean"] == round(mean, 1) and abs(printed["score"] - mean) <= 0.5
    assert printed["game"]["score"] == min(scores, key=lambda s: abs(s - mean))
    game = replay(
        ok("deal", "cli"), {**printed["game"], "quilt": {"goals": printed["game"]["goals"]}}
    )
    assert game.quilt.total() == printed["game"]["score"]
    played = ok("play", "cli", "--strategy", "fair", "--width", "1", "--samples", "1")
    assert played["score"]["total"] == scores[0]


def test_hint_suggests_a_legal_move(tmp_path):
    dealt = deal("hint", "beginner")
    game = SoloGame.start(dealt)
    game.play(Move(0, game.quilt.empty_cells[0], 0))
    path = tmp_path / "state.json"
    path.write_text(json.dumps(game.observation().to_json()))
    printed = ok("hint", str(path))
    game.check(Move.from_json(printed["move"]))
    assert isinstance(printed["expected_score"], float) and printed["reasons"]


def bad(data) -> str:
    return json.dumps({**QUILT, **data})


BAD = [
    (["score", "missing.json"], None, "cannot read missing.json"),
    (["score", "-"], "{not json", "- is not valid JSON"),
    (["score", "-"], "[" * 100_000, "nested too deeply"),
    (["score", "-"], bad({"board": "orange"}), "unknown board 'orange'"),
    (["score", "-"], bad({"cats": [{"cat": "tom", "patterns": ["dots", "ferns"]}]}), "three cats"),
    (["score", "-"], bad({"goals": {"2,3": "xyz"}}), "unknown goal 'xyz'"),
    (
        ["score", "-"],
        bad({"placements": [{"cell": "4,2", "color": "navy", "pattern": "dots"}]}),
        "cell '4,2' is not an empty patch space",
    ),
    (
        ["score", "-"],
        bad({"placements": [{"cell": "1,1", "color": "navy", "pattern": "dots"}] * 2}),
        "cell '1,1' is used twice",
    ),
    (
        ["score", "-"],
        bad(
            {
                "placements": [
                    {"cell": c, "color": "navy", "pattern": "dots"}
                    for c in ("1,1", "1,2", "1,3", "1,4")
                ]
            }
        ),
        "more than three copies of navy dots",
    ),
    (
        ["score", "-"],
        bad({"cats": [{"cat": c["cat"], "patterns": ["dots", "ferns"]} for c in QUILT["cats"]]}),
        "patterns not split two per cat",
    ),
    (["deal", "x", "--setup", "expert"], None, "invalid choice: 'expert'"),
    (["deal", "x", "--variant", "wild"], None, "invalid choice: 'wild'"),
    (["deal"], None, "required: SEED"),
    (["deal", "x", "y"], None, "unrecognized arguments: y"),
    (["deal", "\udcff"], None, "the seed must be text that UTF-8 can encode"),  # byte 0xff
    (["play", "x", "--strategy", "oracle"], None, "unknown strategy 'oracle'"),
    (["play", "x"], None, "required: --strategy"),
    (["play", "x", "--strategy", "greedy", "--width", "wide"], None, "invalid int value"),
    (["par", "x", "--games", "0"], None, "--games must be from 1 to 1000, not 0"),
    (["par", "x", "--jobs", "0"], None, "--jobs must be from 1 to 256, not 0"),
    (["par", "x", "--options", "[1]"], None, "--options must be a JSON object"),
    (["par", "x", "--options", "{"], None, "--options is not valid JSON"),
    (["par", "x", "--options", '{"wide": 1}'], None, "unknown option 'wide'"),
    (["hint", "-"], json.dumps({**QUILT, "turn": 1}), "turn must be 4"),
    (["launch"], None, "invalid choice: 'launch'"),
    ([], None, "required: COMMAND"),
]


@pytest.mark.parametrize(("args", "stdin", "message"), BAD, ids=[m for *_, m in BAD])
def test_bad_input_exits_2_with_one_line_naming_the_problem(args, stdin, message):
    result = solver(*args, stdin=stdin)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")
    assert message in result.stderr


def _replayed(turns: int) -> tuple[dict, dict]:
    """A greedy game's first ``turns`` turns as a replay (``analyse``'s input, the API's
    replay shape), and the state before its second turn (``hint``'s input)."""
    from solver.search import make_player

    game, greedy = SoloGame.start(deal("cli", "beginner")), make_player("greedy")
    rows, state = [], None
    for _ in range(turns):
        seen = game.observation()
        move = greedy.choose_move(seen)
        rows.append(
            {
                "turn": seen.turn,
                "hand": [patch_to_json(p) for p in seen.hand],
                "market": [patch_to_json(p) for p in seen.market],
                "move": move.to_json(),
            }
        )
        game.play(move)
        state = state or game.observation().to_json()
    return {"setup": game.setup.to_json(), "goals": None, "turns": rows}, state


REPLAY, STATE = _replayed(3)
DIGITS = "9" * 4_301  # one past Python's limit for int(str)


def _with(document: dict, path: tuple, value) -> str:
    document = json.loads(json.dumps(document))
    *parents, last = path
    node = document
    for key in parents:
        node = node[key]
    node[last] = value
    return json.dumps(document)


BAD_DOCUMENTS = [
    (
        ["analyse", "-"],
        _with(REPLAY, ("turns", 1, "market"), []),
        "turn 2 must show two patches in hand and three in the market",
    ),
    (
        ["analyse", "-"],
        _with(REPLAY, ("turns", 2, "hand"), REPLAY["turns"][2]["hand"][:1]),
        "turn 3 must show two patches in hand and three in the market",
    ),
    (
        ["analyse", "-"],
        _with(REPLAY, ("turns", 2, "market"), REPLAY["turns"][2]["market"] * 2),
        "turn 3 must show two patches in hand and three in the market",
    ),
    (["score", "-"], f'{{"board": {DIGITS}}}', "- is not valid JSON: Exceeds the limit (4300"),
    (
        ["hint", "-"],
        _with(STATE, ("turn",), 0).replace('"turn": 0', f'"turn": {DIGITS}'),
        "Exceeds the limit (4300 digits)",
    ),
    (["analyse", "-"], f"[{DIGITS}]", "Exceeds the limit (4300 digits)"),
]


@pytest.mark.parametrize(
    ("args", "stdin", "message"), BAD_DOCUMENTS, ids=[m for *_, m in BAD_DOCUMENTS]
)
def test_a_malformed_document_exits_2_with_one_line(args, stdin, message):
    result = solver(*args, stdin=stdin)
    assert (result.returncode, result.stdout) == (2, ""), result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")
    assert message in result.stderr and "Traceback" not in result.stderr
    assert "set_int_max_str_digits" not in result.stderr  # Python's advice is not ours to give


def test_a_bug_is_one_line_and_exit_1_never_a_traceback():
    """Whatever escapes the command's own checks (here a command made to fail)."""
    code = (
        "import runpy, solver.cli\n"
        "def broken(args): raise KeyError('board')\n"
        "solver.cli.run_deal = broken\n"
        "runpy.run_module('solver', run_name='__main__')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, "deal", "x"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == "error: internal error (KeyError: 'board')\n"


# Any part of a good document replaced by any JSON value: exit 0, or exit 2 and one line.
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=6)
    | st.sampled_from([10**30, 2**63, -1, "1,1", "3,3", "purple", "dots", "teal", "callie"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)
DOCUMENTS = {"score": QUILT, "hint": STATE, "analyse": REPLAY}


def _paths(node, prefix=()):
    yield prefix
    children = (
        node.items()
        if isinstance(node, dict)
        else enumerate(node)
        if isinstance(node, list)
        else ()
    )
    for key, child in children:
        yield from _paths(child, (*prefix, key))


PATHS = [(command, path) for command, document in DOCUMENTS.items() for path in _paths(document)]


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(where=st.sampled_from(PATHS), value=JSON_VALUES)
def test_a_document_broken_anywhere_exits_0_or_2_with_one_line(tmp_path_factory, where, value):
    from contextlib import redirect_stderr, redirect_stdout
    from io import StringIO

    from solver.cli import main

    command, path = where
    text = _with(DOCUMENTS[command], path, value) if path else json.dumps(value)
    file = tmp_path_factory.mktemp("cli") / "document.json"
    file.write_text(text)
    small = ["--samples", "1", "--candidates", "1"] if command == "analyse" else []
    out, err = StringIO(), StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([command, str(file), *small])  # raises, failing the test, on a bug
    assert code in (0, 2), err.getvalue()
    if code == 2:
        assert err.getvalue().count("\n") == 1 and out.getvalue() == ""
    else:
        json.loads(out.getvalue())
