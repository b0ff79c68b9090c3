"""Whole games stored as rows, played by a solver player (``from helpers.robot_games import
robot_game``): a closed day's history without going through the API turn by turn."""

from puzzles.game_state import deal_of
from puzzles.models import Game
from solver.game import SoloGame
from solver.search import make_player


def robot_game(challenge, player, goals, strategy: str, seed: str, **fields) -> Game:
    """A whole ranked game by a solver player, stored as a player's would be."""
    state = SoloGame.start(deal_of(challenge), goals)
    robot = make_player(strategy, seed=seed)
    moves = []
    while not state.finished:
        move = robot.choose_move(state.observation())
        moves.append(move.to_json())
        state.play(move)
    score = state.quilt.score()
    return Game.objects.create(
        challenge=challenge,
        player=player,
        ranked=True,
        status=Game.Status.FINISHED,
        turn=23,
        goals=goals,
        moves=moves,
        score=score["total"],
        cat_tokens=score["cat_tokens"],
        button_tokens=score["button_tokens"],
        **fields,
    )
