"""Versus: a table of the player against solver opponents, its hints and its review.

The tables were ``puzzles``' until migration ``puzzles.0015_versus_move_out``, which renamed
them (``versus_versusgame``, ``versus_versushint``, ``versus_versusanalysis``); their rows never
moved."""

from django.db import models

from core.models import WorkerJob
from puzzles.models import AnalysisJob, Player


class VersusGame(models.Model):
    """A table of the player (seat 0) against solver opponents. Stored as its seed, seats and
    moves; the state is rebuilt by replaying them with the engine (``services.versus``).
    The seed never leaves the server (it is the bag). Never on a leaderboard or a streak."""

    class Status(models.TextChoices):
        CHOOSING = "choosing"
        PLAYING = "playing"
        FINISHED = "finished"

    class Level(models.TextChoices):
        EASY = "easy"
        MEDIUM = "medium"
        HARD = "hard"

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="versus_games")
    seed = models.CharField(max_length=64)
    level = models.CharField(max_length=8, choices=Level.choices)
    opponents = models.PositiveSmallIntegerField()  # 1-3: seats 1.. are the solver's
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.CHOOSING)
    goals = models.JSONField(default=list)  # per seat {"r,c": goal id}; seat 0's null until chosen
    moves = models.JSONField(default=list, blank=True)  # every seat's moves, in play order
    turn = models.PositiveSmallIntegerField(default=1)  # the player's next turn (1..TURNS)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)  # the player's, at the end
    opponent_error = models.TextField(blank=True)  # why the opponents stopped, if they failed
    hints_used = models.PositiveSmallIntegerField(default=0)  # counted when asked, as solo
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return f"versus {self.pk} of {self.player} ({self.level}, {self.opponents} opponents)"


class VersusHint(WorkerJob):
    """The table player's suggestion for the player's ``turn`` of a versus game
    (``solver.search.versus.table_hint``), computed by a worker on the hint queue."""

    game = models.ForeignKey(VersusGame, on_delete=models.CASCADE, related_name="hints")
    turn = models.PositiveSmallIntegerField()
    move = models.JSONField(null=True, blank=True)
    expected_score = models.FloatField(null=True, blank=True)
    reasons = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "turn"], name="one_versus_hint_per_turn"),
        ]


class VersusAnalysis(AnalysisJob):
    """The review of the player's moves in a finished versus game
    (``solver.search.table_review`` on the seat's view of the table at each of its turns)."""

    game = models.OneToOneField(VersusGame, on_delete=models.CASCADE, related_name="analysis")
