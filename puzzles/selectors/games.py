"""A game as its player sees it: hand, market, quilt, discards and score; never the bag."""

import math

from django.utils import timezone

from solver.game import (
    COLORS,
    TURNS,
    Quilt,
    SoloGame,
    cell_name,
    goal_points_possible,
    patch_to_json,
    quilt_to_json,
)
from solver.search.analysis import on_expected_scale, story

from ..game_state import replay, seed_is_secret
from ..models import Analysis, Game, Player, SolverRun
from ..rows import game_with_par
from ..shapes import (
    AnalysisSummaryOut,
    AwardOut,
    CatProgressOut,
    GameOut,
    GoalProgressOut,
    RunOut,
)
from .challenges import cats_json, puzzle_number, run_json, run_status_json
from .difficulty import par_mean
from .scenarios import scenario_game_json
from .setups import border_json
from .share import share_json


def player_game(game_id: int, player: Player) -> Game | None:
    """The player's game with its challenge and the day's par, in one query."""
    if not player.is_authenticated:
        return None
    return game_with_par(game_id, player.pk)


def par_json(game: Game) -> RunOut:
    """The day's par as ``run_json`` shows it, from the game's own row when it was read
    with its par (``rows.game_with_par``: no query), else from its challenge's runs. A
    scenario game has no par."""
    if game.challenge_id is None:
        return run_status_json(None, None)
    if not hasattr(game, "par_status"):
        return run_json(game.challenge, SolverRun.Kind.PAR)
    figures = None if game.par_status is None else (game.par_figures or {})  # no run: none
    return run_status_json(game.par_status, game.par_score, figures)


def award_json(award: tuple | None) -> AwardOut | None:
    """What the last placement earned, as ``Quilt.place`` reported it."""
    if award is None:
        return None
    button, cat, rainbow = award
    return {"button": COLORS[button] if button >= 0 else None, "cat": cat, "rainbow": rainbow}


def goal_progress_json(quilt: Quilt) -> list[GoalProgressOut]:
    """How each goal's six neighbours stand, the engine's verdicts: the count shapes of
    the filled ones' colours and patterns so far, and whether each can still meet it."""

    def attribute(progress) -> dict:
        return {"counts": list(progress.counts), "possible": progress.possible, "met": progress.met}

    return [
        {
            "cell": cell_name(cell),
            "goal": goal.id,
            "filled": progress.filled,
            "colors": attribute(progress.colors),
            "patterns": attribute(progress.patterns),
            "points_possible": goal_points_possible(goal, progress),
        }
        for cell, goal, progress in quilt.goal_progress()
    ]


def cat_progress_json(quilt: Quilt) -> list[CatProgressOut]:
    """Each cat's largest free group of its patterns so far and the patches it needs."""
    return [
        {"cat": cat, "largest": largest, "needed": needed}
        for cat, largest, needed in quilt.cat_progress()
    ]


def closes_in(game: Game, now) -> int | None:
    """Seconds until the day's close while a ranked game of the day is being played, by the
    server's clock (the page counts down from it: a device's clock may be wrong)."""
    if not (game.ranked and game.status == Game.Status.PLAYING and game.challenge):
        return None
    left = math.ceil((game.challenge.closes_at - now).total_seconds())
    return left if left > 0 else None  # closed: the game has expired


def told_points(game: Game, turns: list[dict]) -> dict | None:
    """``analysis.story`` of a game's turns on the expected scale, its ``whole`` figures with
    the day's par beside them (``par``: null for a scenario game or before par is ready)."""
    told = story(turns, game.score)
    if told is not None:
        par = par_json(game)  # its ``score``: the mean rounded, as every whole figure is
        told["whole"]["par"] = par["score"] if par_mean(par) is not None else None
    return told


def analysis_summary(game: Game) -> AnalysisSummaryOut | None:
    """A finished game's review as its end screen remembers it (None: never asked)."""
    row = (
        Analysis.objects.filter(game_id=game.pk)
        .values_list("status", "result__accuracy", "result__expected_loss", "result__turns")
        .first()
    )
    if row is None:
        return None
    status, accuracy, expected_loss, turns = row
    ready = status == Analysis.Status.READY
    told = told_points(game, on_expected_scale(turns)) if ready and turns else None
    return {
        "status": status,
        "accuracy": accuracy if ready else None,
        "expected_loss": expected_loss if ready else None,
        "told": told and told["whole"],
    }


def is_weekly_try(game: Game) -> bool:
    """A week's one ranked try (the ``weekly`` app's row, read by its reverse name: puzzles
    imports no app built on it); a daily never is, and costs no query."""
    return game.scenario is not None and bool(game.seed) and hasattr(game, "weekly_entry")


def game_json(
    game: Game, state: SoloGame | None = None, award: tuple | None = None, *, origin: str = ""
) -> GameOut:
    """The game as its player sees it; ``origin`` (scheme and host) makes a finished game's
    share links absolute."""
    if state is None:
        state, award = replay(game)
    setup = state.setup
    layout = state.quilt.layout
    data: GameOut = {
        "id": game.pk,
        "date": game.challenge.date.isoformat() if game.challenge else None,
        "number": puzzle_number(game.challenge.date) if game.challenge else None,
        "ranked": game.ranked,
        "weekly": is_weekly_try(game),
        "status": game.status,
        "turn": min(state.turn, TURNS),
        "turns": TURNS,
        "hand": [patch_to_json(p) for p in state.hand],
        "market": [patch_to_json(p) for p in state.market],
        "quilt": quilt_to_json(state.quilt),
        "empty_cells": [cell_name(c) for c in state.quilt.empty_cells],
        "discarded": [patch_to_json(p) for p in state.discarded],
        "score": state.quilt.score(),
        "goal_progress": goal_progress_json(state.quilt),
        "cat_progress": cat_progress_json(state.quilt),
        "button_colors": state.quilt.button_colors_count(),
        "hints_used": game.hints_used,
        # Fair play (docs/design.md, Phase 2), decided from the clock at each read; a scenario
        # game has no day to close.
        "closes_at": (
            game.challenge.closes_at.isoformat().replace("+00:00", "Z") if game.challenge else None
        ),
        "expired": game.expired(timezone.now()),
        "closes_in": closes_in(game, timezone.now()),
        "counts": game.counts,
        "disqualified": (game.disqualified_reason or "disqualified") if game.disqualified else None,
        "last_award": award_json(award),
        # "Try again from here": the game and turn this practice started from, else None.
        "practice_from": (
            {"game": game.practice_of_id, "turn": game.practice_turn}
            if game.practice_turn is not None
            else None
        ),
        "par": par_json(game),
        "setup": {
            "board": setup.board,
            "border": border_json(setup),
            "goals": {cell_name(cell): goal for cell, goal in layout.goals},
            "cats": cats_json(setup),
        },
    }
    if game.status == Game.Status.FINISHED:
        data["share"] = share_json(game, data["score"], origin)
        data["analysis"] = analysis_summary(game)
    if game.scenario is not None:
        data["scenario"] = scenario_game_json(game, state)
        # Practice on a fresh seed: once finished, anyone may re-deal it (python -m solver
        # deal SEED --setup scenario-N); never before, as the seed is the whole bag.
        finished = game.status == Game.Status.FINISHED
        data["seed"] = game.seed if finished and not seed_is_secret(game) else None
        data["setup"]["kind"] = setup.kind
    return data
