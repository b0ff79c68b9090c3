"""The solver bench: its table, and the replay that makes a bench score count."""

import pytest

from solver import bench
from solver.game import deal
from solver.search import make_player, play_game


@pytest.mark.slow  # starts processes (the bench's --jobs fork)
def test_the_table_reports_every_strategy_and_the_replay(capsys):
    assert (
        bench.main(
            [
                "--seeds",
                "2",
                "--strategies",
                "random,greedy",
                "--hint-seeds",
                "0",
                "--prefix",
                "test-bench",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "| random | 2 |" in out and "| greedy | 2 |" in out
    assert "4 of 4 games legal with the same score." in out


def test_a_game_replays_to_its_score_and_a_tampered_one_does_not():
    seed = "test-bench-replay"
    record = play_game(deal(seed), make_player("greedy", seed=seed))
    assert bench.replay(seed, record.goals, record.moves) == record.score["total"]
    moved = [dict(move) for move in record.moves]
    moved[5]["cell"] = moved[4]["cell"]  # a patch on a filled space
    assert bench.replay(seed, record.goals, moved) is None
    assert bench.replay(seed, record.goals, record.moves[:-1]) is None  # unfinished


@pytest.mark.parametrize(
    "argv", [["--seeds", "0"], ["--strategies", "oracle"], ["--options", '{"width": 0}']]
)
def test_bad_arguments_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as stopped:
        bench.main(argv)
    assert stopped.value.code == 2
    assert "error:" in capsys.readouterr().err
