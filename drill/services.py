"""Answering the drill: a move chosen in one of your drill's positions, judged by a worker on
the hint queue as the review judges a played move, on the same futures; within
``SOLVED_WITHIN`` points of the best, the position is solved and leaves the drill."""

from django.db import transaction

from core import limits
from core.errors import BadInput, NotFound
from core.jobs import Job
from puzzles.game_state import replay
from puzzles.models import Player
from puzzles.services.games import parse_move
from puzzles.solver_options import site_options
from solver.game import Move, RulesError
from solver.search.analysis import judge
from solver.search.expected import calibrated

from .models import DrillAnswer
from .selectors import find_position

SOLVED_WITHIN = 1.0  # points of expected final score (the "within 1 point of the best")
SEED = "drill"  # the judge's futures: the same for every answer to one position
JUDGE = Job(DrillAnswer, "drill.tasks.judge_answer", limit="CALICO_HINT_SECONDS")


def do_answer(player: Player, *, data, address: str | None = None) -> DrillAnswer:
    """Record the move chosen in a position of the player's drill and send it to be judged (the
    same move answered again: the stored answer, judged once); 400 for a malformed or illegal
    move, 404 for a position not in the player's drill."""
    turn, move = parse_move(data)
    game_id = data.get("game")
    if type(game_id) is not int:
        raise BadInput("game: required, the id of the game the position comes from")
    found = find_position(player, game_id, turn)
    if found is None:
        raise NotFound(f"no position of game {game_id} at turn {turn} in your drill")
    game, _ = found
    state, _ = replay(game, turns=turn - 1)
    try:
        state.check(move)
    except RulesError as error:
        raise BadInput(str(error)) from None
    with transaction.atomic():
        # the player's row locked: two identical answers at once make one judgement
        Player.objects.select_for_update().filter(pk=player.pk).first()
        same = _same_answer(player, game.pk, turn, move.to_json())
        if same is not None:
            return same
        limits.enforce("hints", account=player.pk, address=address)
        row = DrillAnswer.objects.create(player=player, game=game, turn=turn, move=move.to_json())
        transaction.on_commit(lambda: JUDGE.do_send(row))
    return row


def _same_answer(player: Player, game_id: int, turn: int, move: dict) -> DrillAnswer | None:
    """The player's earlier answer of the same move to the same position, judged or being
    judged: the judge's futures are fixed by the position, so its judgement stands, and a
    repeat costs no solver time (a failed one is judged afresh)."""
    earlier = DrillAnswer.objects.filter(player=player, game_id=game_id, turn=turn)
    earlier = earlier.exclude(status=DrillAnswer.Status.FAILED).order_by("-pk")
    return next((row for row in earlier if row.move == move), None)


def do_judge_answer(answer_id: int) -> DrillAnswer | None:
    """The worker's job: the chosen move against the judge's best on the same futures."""
    return JUDGE.do_run(answer_id, _judged, related=("game__challenge",))


def _judged(row: DrillAnswer) -> dict:
    state, _ = replay(row.game, turns=row.turn - 1)
    observation = state.observation()
    review = judge(
        observation,
        move_of(row),
        seed=f"{SEED}/{row.game_id}/{row.turn}",
        **site_options("analysis"),
    )
    return {
        "best": review.best.to_json(),
        "played_value": round(calibrated(review.played_value, row.turn), 2),
        "best_value": round(calibrated(review.best_value, row.turn), 2),
        "solved": review.loss <= SOLVED_WITHIN,
    }


def move_of(row: DrillAnswer) -> Move:
    return Move.from_json(row.move)


def do_resume_lost_answer(row: DrillAnswer) -> DrillAnswer:
    """On a poll: an answer whose worker died (or whose message was lost) is sent again."""
    JUDGE.do_resume_if_lost(row)
    return row
