from django.db import models

from core.models import WorkerJob
from puzzles.models import Game, Player


class DrillAnswer(WorkerJob):
    """A player's answer to a position of their drill (a turn of theirs that the review marked
    ? or ??): the move they chose, judged by a worker as the review judges a played move
    (``solver.search.analysis.judge``). A position answered within ``SOLVED_WITHIN`` points of
    the best is solved: it leaves the drill."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="drill_answers")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="drill_answers")
    turn = models.PositiveSmallIntegerField()
    move = models.JSONField()  # {hand_index, cell, market_index}
    best = models.JSONField(null=True, blank=True)  # the judge's best move, once ready
    played_value = models.FloatField(null=True, blank=True)
    best_value = models.FloatField(null=True, blank=True)
    solved = models.BooleanField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index("player", "game", "turn", name="drill_answers_of_position")]

    def __str__(self):
        return f"drill answer of game {self.game_id} turn {self.turn}: {self.status}"
