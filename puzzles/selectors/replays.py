"""Replays of finished games and their analyses, with the privacy of docs/api.md: a player's
own finished game at any time; anyone's finished ranked game, and the par and best-known
games, only once the day has closed (a replay shows the draws: before the close, the bag).

Every turn is built from what the player saw then (``SoloGame.observation``), never by
filtering the full state."""

from solver.game import Deal, patch_to_json, quilt_to_json
from solver.search.analysis import filled_turns, key_moments, marks_json, on_expected_scale

from .. import words
from ..game_state import deal_of, deal_of_game, hidden_from_others, turns_seen
from ..models import Analysis, AnalysisJob, Challenge, Game, Player, SolverRun
from ..shapes import AnalysisOut, ReplayOut
from .challenges import cat_json, is_closed
from .games import told_points
from .setups import border_json

SOLVER_PLAYERS = {SolverRun.Kind.PAR: "par", SolverRun.Kind.BEST: "best-known"}


def replayable_game(game_id: int, viewer: Player | None) -> Game | None:
    """The game if ``viewer`` may replay it, else None (the API answers 404 alike)."""
    game = (
        Game.objects.select_related("challenge", "player")
        .filter(pk=game_id, status=Game.Status.FINISHED)
        .first()
    )
    if game is None:
        return None
    if viewer is not None and viewer.is_authenticated and game.player_id == viewer.pk:
        return game
    if hidden_from_others(game):  # a duel's game before the duel is done
        return None
    return game if game.ranked and is_closed(game.challenge) else None


def game_replay_json(game: Game) -> ReplayOut:
    return {
        "id": game.pk,
        "player": game.player.username,
        "name": game.player.display_name,
        "date": game.challenge.date.isoformat() if game.challenge else None,  # none: a scenario
        "ranked": game.ranked,
        "score": game.score,
        **replay_turns_json(deal_of_game(game), game.goals, game.moves),
    }


def solver_replay_json(challenge: Challenge | None, kind: str) -> ReplayOut | None:
    """The par or best-known game of a closed day, in the replay shape; None before the close
    or while the run is not ready. The best-known game is par's where par scored more (as
    ``best_known_json`` counts it)."""
    if challenge is None or not is_closed(challenge):
        return None
    ready = SolverRun.objects.filter(challenge=challenge, status=SolverRun.Status.READY)
    runs = {run.kind: run for run in ready}
    run = runs.get(kind)
    if run is None:
        return None
    goals, moves = run.goals, run.moves  # par's: its game nearest the mean
    par = runs.get(SolverRun.Kind.PAR)
    if kind == SolverRun.Kind.BEST and par is not None:
        # par's best game, where it beat the hindsight solver (a run of before: its one game)
        game = par.par_games.filter(score__gt=run.score).order_by("-score", "k").first()
        if game is not None:
            goals, moves = game.goals, game.moves
        elif not par.par_games.exists() and par.score > run.score:
            goals, moves = par.goals, par.moves
    turns = replay_turns_json(deal_of(challenge), goals, moves)
    played = turns["turns"][-1]["score_after"]["total"] if turns["turns"] else run.score
    return {
        "id": None,
        "player": SOLVER_PLAYERS[kind],
        "name": SOLVER_PLAYERS[kind],
        "date": challenge.date.isoformat(),
        "ranked": False,
        "score": played,  # the game's own (par's: not the mean)
        **turns,
    }


def replay_turns_json(deal: Deal, goals: dict | None, moves: list[dict]) -> dict:
    """``goals``, ``setup`` and every turn: hand and market as the player saw them before the
    move, the move (with the patch placed), the quilt and score after it."""
    setup = deal.setup
    turns = []
    for seen, move, state in turns_seen(deal, goals, moves):
        turns.append(
            {
                "turn": seen.turn,
                "hand": [patch_to_json(p) for p in seen.hand],
                "market": [patch_to_json(p) for p in seen.market],
                "move": {**move.to_json(), "patch": patch_to_json(seen.hand[move.hand_index])},
                "quilt_after": quilt_to_json(state.quilt),
                "score_after": state.quilt.score(),
            }
        )
    setup_json = {
        **setup.to_json(),
        "cats": [cat_json(cat, patterns) for cat, patterns in setup.cats],
        "border": border_json(setup),
    }
    return {"goals": goals, "setup": setup_json, "turns": turns}


def player_analysis(game_id: int, player: Player) -> Analysis | None:
    """The analysis of the player's own game, if asked for."""
    if not player.is_authenticated:
        return None
    return (
        Analysis.objects.select_related("game").filter(game_id=game_id, game__player=player).first()
    )


def analysis_json(row: Analysis, *, language: str | None = None) -> AnalysisOut:
    """The analysis as the API shows it: each turn's values as expected final scores (the
    hints' scale, ``on_expected_scale``), its ``mark`` and ``played_reasons`` beside its
    ``reasons``, the game's ``key_moments`` and the ``marks`` legend; an analysis stored
    before those fields gets them here (a replay of its moves, no search). The reasons are
    said in ``language`` (else the active one: ``puzzles.words``)."""
    result = row.result or {}
    turns = result.get("turns", [])
    if any("played_reasons" not in turn or "mark" not in turn for turn in turns):
        game = row.game
        seen = [
            (observation, move)
            for observation, move, _ in turns_seen(deal_of_game(game), game.goals, game.moves)
        ]
        turns = filled_turns(turns, seen)
    # stored as measured, shown as hints are
    turns = on_expected_scale(turns)
    return review_json(row, turns, language=language, told=told_points(row.game, turns))


def review_json(
    row: AnalysisJob, turns: list[dict], *, language: str | None, told: dict | None = None
) -> AnalysisOut:
    """An analysis row's answer (solo or versus) with its ``turns``' reasons in ``language``;
    ``told``: where the game's points came from (``analysis.story``: a finished solo game's
    expected start, decisions and luck, and each turn's luck), else those are null."""
    result = row.result or {}
    lucks = told["turn_luck"] if told else [None] * len(turns)
    turns = [
        {
            **turn,
            "reasons": words.reasons(turn["reasons"], language, better=True),
            "reason_facts": turn["reasons"],  # bare: the page words them (reasons.js)
            "played_reasons": words.reasons(turn["played_reasons"], language),
            "played_reason_facts": turn["played_reasons"],
            "luck": luck,
        }
        for turn, luck in zip(turns, lucks, strict=True)
    ]
    return {
        "status": row.status,
        "progress": {"done": row.done, "total": row.total},
        "accuracy": result.get("accuracy"),
        "expected_loss": result.get("expected_loss"),
        "expected_start": told and told["expected_start"],
        "decisions": told and told["decisions"],
        "luck": told and told["luck"],
        "told": told and told["whole"],
        "turns": turns,
        "key_moments": key_moments(turns),
        "marks": marks_json(),
    }
