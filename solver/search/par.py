"""Par: the mean score of the fair player over many games of one deal.

Game ``k`` of a deal of seed ``S`` is the fair player (``roles.PAR`` options) with the
sampling salt ``"S/par/k"``, so par is deterministic given the seed: the site computes each
game in a task of its own (``puzzles.services.solver_runs``) and ``python -m solver par``
computes the same games in one process or several. ``summary`` is the one place that turns
the games' scores into par's figures.
"""

import math
from concurrent.futures import ProcessPoolExecutor

from solver.game import Deal, deal

from . import make_player, play_game
from .base import GameRecord
from .roles import role_options

GAMES = 40  # CALICO_PAR_GAMES' default: SE <= 1.5 on standard deals (docs/solver.md)


def salt(seed: str, k: int) -> str:
    """The sampling seed of par's game ``k`` of the deal of ``seed``."""
    return f"{seed}/par/{k}"


def play_par_game(dealt: Deal, k: int, options: dict | None = None) -> GameRecord:
    """Par's game ``k`` of ``dealt`` (``options`` over the shipped par options)."""
    player = make_player("fair", seed=salt(dealt.seed, k), **role_options("par", options))
    return play_game(dealt, player)


def summary(scores: list[int]) -> dict:
    """Par's figures from its finished games' scores (in game order): ``mean`` (one decimal),
    ``score`` (the mean, rounded), ``se`` (the standard error of the mean, one decimal; None
    below two games), ``low`` and ``high`` (the lowest and highest game), and ``nearest``
    (the index of the game nearest the mean, the first of a tie: par's replayed game).
    Empty figures (None) before the first game."""
    if not scores:
        return {"score": None, "mean": None, "se": None, "low": None, "high": None, "nearest": None}
    n = len(scores)
    mean = sum(scores) / n
    se = None
    if n > 1:
        sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / (n - 1))
        se = round(sd / math.sqrt(n), 1)
    nearest = min(range(n), key=lambda i: (abs(scores[i] - mean), i))
    # round half up, as people do (Python's round() goes to even: 67.5 -> 68, 68.5 -> 69)
    return {
        "score": math.floor(mean + 0.5),
        "mean": round(mean, 1),
        "se": se,
        "low": min(scores),
        "high": max(scores),
        "nearest": nearest,
    }


def _game(args) -> tuple[int, list[dict], dict | None]:
    seed, setup, variant, k, options = args
    record = play_par_game(deal(seed, setup, variant), k, options)
    return record.score["total"], record.moves, record.goals


def par(
    seed: str,
    setup: str = "standard",
    variant: str | None = None,
    *,
    games: int = GAMES,
    jobs: int = 1,
    options: dict | None = None,
) -> dict:
    """Par of the deal of ``seed``: ``{score, mean, se, low, high, games: [scores], game:
    {score, moves, goals}}`` (``game``: the game nearest the mean), its ``games`` played by
    ``jobs`` processes."""
    work = [(seed, setup, variant, k, options) for k in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            played = list(pool.map(_game, work))
    else:
        played = [_game(one) for one in work]
    scores = [score for score, _, _ in played]
    figures = summary(scores)
    score, moves, goals = played[figures.pop("nearest")]
    return {**figures, "games": scores, "game": {"score": score, "moves": moves, "goals": goals}}
