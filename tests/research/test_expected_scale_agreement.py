"""research.expected_scale_agreement: its table from real hints and reviews, and bad input."""

import pytest

from research.expected_scale_agreement import main

CHEAP = [
    "--hint-options",
    '{"samples": 8, "candidates": 4}',
    "--analysis-options",
    '{"samples": 8, "candidates": 2}',
]


def test_it_prints_the_difference_by_turn_and_unscaled(capsys):
    main(["--deals", "1", "--turns", "2,20", *CHEAP])
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ")]
    labels = [row.split(" | ")[0].removeprefix("| ") for row in rows[1:]]
    assert labels == ["turn 2", "turn 20", "all turns", "all turns, the review unscaled"]
    counts = [int(row.split(" | ")[1]) for row in rows[1:]]
    assert counts == [1, 1, 2, 2]


BAD = [
    ["--turns", "0"],
    ["--turns", "x"],
    ["--deals", "0"],
    ["--hint-options", "[]"],
    ["--analysis-options", '{"nope": 1}'],
]


@pytest.mark.parametrize("argv", BAD)
def test_bad_input_exits_2(argv, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    assert "error:" in capsys.readouterr().err
