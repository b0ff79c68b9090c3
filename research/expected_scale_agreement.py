"""How far a hint's ``expected_score`` and the review's value of the same move lie apart.

Both are one estimate on one scale (``solver.search.expected.calibrated``): the hint at its
strength (par's unless ``--hint-options``), the review at ``ANALYSIS_DEFAULTS`` (or
``--analysis-options``), each on its own sampled futures. For ``--deals`` beam games (seeds
``scale-1`` ...) it asks, at each of ``--turns``, for the hint and reviews the hint's own move
as played (``analysis.on_expected_scale``, as the API shows it), and prints the difference
(review - hint) by turn and overall: mean, mean absolute, largest. The unscaled review (the
raw play-out value) beside it shows what the scale moved.

    nice -n 19 .venv/bin/python -m research.expected_scale_agreement [--deals 20]
        [--turns 1,6,11,16] [--hint-options JSON] [--analysis-options JSON]

Bad input: exit 2 with one line.
"""

import argparse
import json
import os
import statistics

from solver.game import TURNS, SoloGame, deal
from solver.search import hint, make_player
from solver.search.analysis import analyse, on_expected_scale
from solver.search.fastcore import warm
from solver.search.players import FairPlayer, search_options


def positions(seed: str, turns: set[int]):
    """What a player saw at ``turns`` of a beam game of ``seed``'s deal."""
    dealt = deal(seed)
    player = make_player("beam", seed=seed)
    game = SoloGame.start(dealt, player.choose_goals(dealt.setup))
    while game.turn <= max(turns):
        observation = game.observation()
        if observation.turn in turns:
            yield observation
        game.play(player.choose_move(observation))


def _options(text: str, name: str, parser) -> dict:
    try:
        options = json.loads(text)
        if not isinstance(options, dict):
            raise ValueError("give a JSON object")
        search_options(options, FairPlayer)
    except ValueError as problem:
        parser.error(f"{name}: {problem}")
    return options


def _row(label: str, gaps: list[float]) -> str:
    return (
        f"| {label} | {len(gaps)} | {statistics.mean(gaps):+.2f} | "
        f"{statistics.mean(map(abs, gaps)):.2f} | {max(map(abs, gaps)):.2f} |"
    )


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m research.expected_scale_agreement", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--deals", type=int, default=20, help="beam games (seeds scale-N)")
    parser.add_argument("--turns", default="1,6,11,16", help="turns asked, comma-separated")
    parser.add_argument("--hint-options", default="{}", metavar="JSON")
    parser.add_argument("--analysis-options", default="{}", metavar="JSON")
    args = parser.parse_args(argv)
    try:
        turns = sorted({int(t) for t in args.turns.split(",")})
    except ValueError:
        parser.error("--turns: whole numbers separated by commas")
    if args.deals < 1 or not turns or not 1 <= turns[0] <= turns[-1] <= TURNS:
        parser.error(f"--deals at least 1, --turns from 1 to {TURNS}")
    hint_options = _options(args.hint_options, "--hint-options", parser)
    analysis_options = _options(args.analysis_options, "--analysis-options", parser)
    warm()
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    by_turn: dict[int, list[float]] = {turn: [] for turn in turns}
    raw: list[float] = []
    for k in range(1, args.deals + 1):
        for observation in positions(f"scale-{k}", set(turns)):
            suggested = hint(observation, **hint_options)
            reviewed = analyse([(observation, suggested.move)], **analysis_options).to_json()
            shown = on_expected_scale(reviewed["turns"])[0]
            by_turn[observation.turn].append(shown["played_value"] - suggested.expected_score)
            raw.append(reviewed["turns"][0]["played_value"] - suggested.expected_score)
    print("| review - hint | positions | mean | mean abs | largest abs |")
    print("|---|---:|---:|---:|---:|")
    for turn in turns:
        print(_row(f"turn {turn}", by_turn[turn]))
    print(_row("all turns", [gap for gaps in by_turn.values() for gap in gaps]))
    print(_row("all turns, the review unscaled", raw))
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
