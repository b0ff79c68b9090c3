"""The service's tables. A game stores its goals and moves; its state is always rebuilt by
replaying them with the rules engine (``puzzles.services.replay``). Score and token counts are
denormalised on the row only for the leaderboard index."""

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models import Q
from django.utils import timezone


class Player(AbstractUser):
    """A user; a guest is made on a first page visit and can later claim a username."""

    is_guest = models.BooleanField(default=False)


class Challenge(models.Model):
    """One day's deal. ``seed`` stays on the server until the day closes; ``commitment``
    (SHA-256 of the seed) is public all day."""

    date = models.DateField(unique=True)
    setup = models.CharField(max_length=20, default="standard")
    variant = models.CharField(max_length=20, null=True, blank=True)
    seed = models.CharField(max_length=64)
    commitment = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date"]

    def __str__(self):
        return f"challenge {self.date}"


class WorkStatus(models.TextChoices):
    """Where a worker's job stands (a solver run or a hint); the browser polls it."""

    PENDING = "pending"
    READY = "ready"
    FAILED = "failed"


class SolverRun(models.Model):
    """A solver's whole game on a challenge: ``par`` (fair solver) or ``best`` (hindsight)."""

    class Kind(models.TextChoices):
        PAR = "par"
        BEST = "best"

    Status = WorkStatus

    challenge = models.ForeignKey(Challenge, on_delete=models.CASCADE, related_name="solver_runs")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    score = models.IntegerField(null=True, blank=True)
    moves = models.JSONField(default=list, blank=True)
    goals = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["challenge", "kind"], name="one_run_per_kind"),
        ]

    def __str__(self):
        return f"{self.kind} of {self.challenge.date}: {self.status}"


class Game(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing"
        FINISHED = "finished"

    challenge = models.ForeignKey(Challenge, on_delete=models.PROTECT, related_name="games")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="games")
    ranked = models.BooleanField(default=False)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    goals = models.JSONField(null=True, blank=True)  # {"r,c": goal id} when the setup asks
    moves = models.JSONField(default=list, blank=True)  # [{hand_index, cell, market_index}]
    turn = models.PositiveSmallIntegerField(default=1)  # the next turn, 1..22 (23 when over)
    score = models.IntegerField(default=0)
    cat_tokens = models.PositiveSmallIntegerField(default=0)
    button_tokens = models.PositiveSmallIntegerField(default=0)
    hints_used = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            # One ranked attempt per player per day (DESIGN.md, rules of the house).
            models.UniqueConstraint(
                fields=["challenge", "player"], condition=Q(ranked=True), name="one_ranked_game"
            ),
        ]
        indexes = [
            # A day's leaderboard in rank order (the rulebook's tiebreak).
            models.Index(
                "challenge",
                models.F("score").desc(),
                models.F("cat_tokens").desc(),
                models.F("button_tokens").desc(),
                "id",
                condition=Q(ranked=True, status="finished"),
                name="leaderboard_order",
            ),
            # The same order for ``hints=exclude``.
            models.Index(
                "challenge",
                models.F("score").desc(),
                models.F("cat_tokens").desc(),
                models.F("button_tokens").desc(),
                "id",
                condition=Q(ranked=True, status="finished", hints_used=0),
                name="leaderboard_order_no_hints",
            ),
        ]

    def __str__(self):
        return f"game {self.pk} of {self.challenge.date} by {self.player}"


class ScoreTally(models.Model):
    """How many finished ranked games of a day share one (score, cats, buttons, hinted) key.

    A day has few distinct keys, so a player's rank, percentile and the score histogram are
    sums over a handful of tally rows, never a scan of the day's games.
    """

    challenge = models.ForeignKey(Challenge, on_delete=models.CASCADE, related_name="tallies")
    score = models.IntegerField()
    cat_tokens = models.PositiveSmallIntegerField()
    button_tokens = models.PositiveSmallIntegerField()
    hinted = models.BooleanField()
    games = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["challenge", "score", "cat_tokens", "button_tokens", "hinted"],
                name="one_tally_per_key",
            ),
        ]


class Hint(models.Model):
    """The fair solver's suggestion for one game and turn, computed by a worker."""

    Status = WorkStatus

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hints")
    turn = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    move = models.JSONField(null=True, blank=True)
    expected_score = models.FloatField(null=True, blank=True)
    reasons = models.JSONField(default=list, blank=True)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(default=timezone.now)  # when last sent to the workers
    # solver.search.position_key of the visible position: a ready hint of the same position
    # answers every player who reaches it (never a hash of the bag)
    position = models.CharField(max_length=64, blank=True, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "turn"], name="one_hint_per_turn"),
        ]


class Analysis(models.Model):
    """The review of one finished game (``solver.search.analysis``): computed once by a
    worker, which counts its progress in turns; ``result`` is the analysis JSON when ready."""

    class Status(models.TextChoices):
        PENDING = "pending"
        RUNNING = "running"
        READY = "ready"
        FAILED = "failed"

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="analysis")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    done = models.PositiveSmallIntegerField(default=0)  # turns analysed so far
    total = models.PositiveSmallIntegerField(default=22)
    result = models.JSONField(null=True, blank=True)  # {accuracy, expected_loss, turns}
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(default=timezone.now)  # when last sent to the workers

    def __str__(self):
        return f"analysis of game {self.game_id}: {self.status}"
