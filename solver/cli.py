"""The command line: ``python -m solver score | deal | play | par | hint | analyse | bench``.

Every command prints one JSON document on standard output and exits 0, or prints one line
naming the problem on standard error and exits 2 (bad arguments, unreadable file, bad JSON,
input that breaks the rules). A file name of ``-`` reads standard input. The commands and
their output: docs/api.md, "The command line".
"""

import argparse
import importlib
import json
import os
import sys

from solver.game import SETUP_KINDS, Observation, RulesError, deal, score_quilt_file

BAD_INPUT = 2


class BadInput(Exception):
    """Input the command cannot use; the message is the one line the user sees."""


class ArgumentParser(argparse.ArgumentParser):
    def error(self, message):  # one line, not argparse's usage block
        raise BadInput(f"{self.prog}: {message}")


def main(argv=None) -> int:
    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(argv)
        if extra and args.run is not run_bench:  # only bench passes arguments on
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        args.extra = extra
        result = args.run(args)
    except (BadInput, RulesError) as problem:
        message = " ".join(str(problem).splitlines())
        print(f"error: {message}", file=sys.stderr)
        return BAD_INPUT
    if isinstance(result, int):  # bench reports its own exit code
        return result
    try:
        print(json.dumps(result), flush=True)
    except BrokenPipeError:  # the reader left early (``| head``): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0


def build_parser() -> ArgumentParser:
    parser = ArgumentParser(prog="python -m solver", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(title="commands", required=True, metavar="COMMAND")

    score = commands.add_parser("score", help="print the score object of a quilt file")
    score.add_argument("quilt", metavar="QUILT.json", help="a quilt file, or - for stdin")
    score.set_defaults(run=run_score)

    dealt = commands.add_parser("deal", help="print the setup and the whole bag of a seed")
    add_deal_options(dealt)
    dealt.set_defaults(run=run_deal)

    play = commands.add_parser("play", help="play a whole solo game with a strategy")
    add_deal_options(play)
    play.add_argument("--strategy", required=True, help="random, greedy, beam, fair, hindsight")
    play.add_argument(
        "--width", type=int, help="placements (beam), playout_width (fair) or kept (hindsight)"
    )
    play.add_argument("--samples", type=int, help="sampled bags (the fair strategy)")
    play.set_defaults(run=run_play)

    par = commands.add_parser("par", help="par: the mean of the fair player's games of a deal")
    add_deal_options(par)
    par.add_argument("--games", type=int, default=None, help="games to play (the site's: 40)")
    par.add_argument("--jobs", type=int, default=1, help="processes playing them (default 1)")
    par.add_argument(
        "--options",
        default="{}",
        metavar="JSON",
        help="options over the shipped par options, as CALICO_PAR_OPTIONS sets them",
    )
    par.set_defaults(run=run_par)

    hint = commands.add_parser("hint", help="the fair solver's move for a visible state")
    hint.add_argument("state", metavar="STATE.json", help="a quilt file plus hand, market, ...")
    hint.set_defaults(run=run_hint)

    analyse = commands.add_parser("analyse", help="review a finished game, turn by turn")
    analyse.add_argument("game", metavar="GAME.json", help="a game's replay (the API's shape)")
    analyse.add_argument("--samples", type=int, help="sampled futures per turn")
    analyse.add_argument("--candidates", type=int, help="the solver's moves valued per turn")
    analyse.set_defaults(run=run_analyse)

    bench = commands.add_parser("bench", help="the benchmark table (see bench/)", add_help=False)
    bench.set_defaults(run=run_bench)
    return parser


def add_deal_options(parser: ArgumentParser) -> None:
    parser.add_argument("seed", metavar="SEED")
    parser.add_argument("--setup", choices=SETUP_KINDS, default="standard")
    parser.add_argument("--variant", choices=("family", "lower-variance"))


def run_score(args) -> dict:
    return score_quilt_file(read_json(args.quilt))


def run_deal(args) -> dict:
    return deal(args.seed, args.setup, args.variant).to_json()


# The strategies that play as the site does: its role's shipped options, and par's game 0's
# sampling salt for the fair player (``solver.search.par``).
SITE_ROLES = {"fair": "par", "hindsight": "best"}


def run_play(args) -> dict:
    from solver.search import STRATEGIES, make_player, play_game
    from solver.search.par import salt
    from solver.search.roles import role_options

    if args.strategy not in STRATEGIES:
        raise BadInput(f"unknown strategy {args.strategy!r}; choose from {', '.join(STRATEGIES)}")
    options = {name: getattr(args, name) for name in ("width", "samples")}
    options = {name: value for name, value in options.items() if value is not None}
    dealt = deal(args.seed, args.setup, args.variant)
    seed = salt(args.seed, 0) if args.strategy == "fair" else args.seed
    if args.strategy in SITE_ROLES:
        options = role_options(SITE_ROLES[args.strategy], options)
    try:
        player = make_player(args.strategy, seed=seed, **options)
    except ValueError as problem:
        raise BadInput(str(problem)) from None
    return play_game(dealt, player).to_json()


def run_par(args) -> dict:
    from solver.search.par import GAMES, par
    from solver.search.players import search_options

    games = GAMES if args.games is None else args.games
    if not 1 <= games <= 1000:
        raise BadInput(f"par: --games must be from 1 to 1000, not {games}")
    if not 1 <= args.jobs <= 256:
        raise BadInput(f"par: --jobs must be from 1 to 256, not {args.jobs}")
    try:
        options = json.loads(args.options)
    except json.JSONDecodeError as problem:
        raise BadInput(f"par: --options is not valid JSON: {problem}") from None
    if not isinstance(options, dict):
        raise BadInput("par: --options must be a JSON object")
    try:
        search_options(options)
    except ValueError as problem:
        raise BadInput(f"par: {problem}") from None
    deal(args.seed, args.setup, args.variant)  # a bad setup for the variant: exit 2 now
    return par(args.seed, args.setup, args.variant, games=games, jobs=args.jobs, options=options)


def run_hint(args) -> dict:
    from solver.search import hint
    from solver.search.hints import say

    observation = Observation.from_json(read_json(args.state))
    try:
        found = hint(observation).to_json()
    except ValueError as problem:  # e.g. a finished game has no move to hint
        raise BadInput(str(problem)) from None
    return {**found, "reasons": [say(reason) for reason in found["reasons"]]}


def run_analyse(args) -> dict:
    from solver.game import TURNS, SoloGame
    from solver.search.analysis import BETTER_MOVE, analyse, on_expected_scale, seen_turns, story
    from solver.search.hints import say

    turns = seen_turns(read_json(args.game))
    options = {"samples": args.samples, "candidates": args.candidates}
    try:
        review = analyse(turns, **options).to_json()
    except ValueError as problem:  # a bad option
        raise BadInput(str(problem)) from None
    review["turns"] = on_expected_scale(review["turns"])  # the API's scale
    if len(turns) == TURNS:  # a whole game: where its points came from, as the API says
        last = SoloGame.from_observation(turns[-1][0], ())
        last.play(turns[-1][1])
        told = story(review["turns"], last.quilt.score()["total"])
        review |= {key: told[key] for key in ("expected_start", "decisions", "luck")}
        for turn, luck in zip(review["turns"], told["turn_luck"], strict=True):
            turn["luck"] = luck
    for turn in review["turns"]:  # the facts in English words, as the API says them
        turn["reasons"] = [BETTER_MOVE.format(reason=say(r)) for r in turn["reasons"]]
        turn["played_reasons"] = [say(r) for r in turn["played_reasons"]]
    return review


def run_bench(args) -> int:
    try:
        bench = importlib.import_module("solver.bench")  # lazily: it imports the searchers
    except ModuleNotFoundError as missing:
        if missing.name != "solver.bench":
            raise
        raise BadInput("bench: solver.bench is not installed") from None
    return bench.main(args.extra) or 0


def read_json(name: str):
    """The JSON document in file ``name`` (``-``: standard input)."""
    try:
        if name == "-":
            text = sys.stdin.buffer.read().decode("utf-8-sig")
        else:
            with open(name, encoding="utf-8-sig") as file:  # a BOM is harmless
                text = file.read()
    except OSError as problem:
        raise BadInput(f"cannot read {name}: {problem.strerror or problem}") from None
    except UnicodeDecodeError:
        raise BadInput(f"{name} is not UTF-8 text") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as problem:
        raise BadInput(f"{name} is not valid JSON: {problem}") from None
    except ValueError as problem:  # an integer past Python's 4,300 digits of int(str)
        reason = str(problem).split(";")[0]  # not its advice to raise the limit
        raise BadInput(f"{name} is not valid JSON: {reason}") from None
    except RecursionError:
        raise BadInput(f"{name} is not valid JSON: nested too deeply") from None
