"""A versus table rebuilt from its row: its deal and its replay (pure functions of the row,
which both the reads and the writes need; this module imports neither)."""

from functools import lru_cache

from solver.game import Move, MultiplayerGame, TableDeal, deal_table

from .models import VersusGame


@lru_cache(maxsize=64)
def table_of(seed: str, players: int) -> TableDeal:
    return deal_table(seed, players)


def replay_versus(game: VersusGame) -> MultiplayerGame:
    """The engine's table after a versus game's stored moves (the player's goals must be
    chosen)."""
    state = MultiplayerGame(table_of(game.seed, game.opponents + 1), game.goals)
    for move in game.moves:
        state.play(Move.from_json(move))
    return state
