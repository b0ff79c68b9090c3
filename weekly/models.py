from django.db import models

from core.models import WorkerJob


class WeeklySpecial(models.Model):
    """One ISO week's special: a scenario on a deal from ``seed``, which stays on the server
    until the week closes; ``commitment`` (SHA-256 of the seed) is public from the start."""

    week = models.CharField(max_length=8, unique=True)  # "2026-W49"
    monday = models.DateField(unique=True)
    scenario = models.PositiveSmallIntegerField()  # 1..10
    seed = models.CharField(max_length=64)
    commitment = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"{self.week}: scenario {self.scenario}"


class WeeklyEntry(models.Model):
    """A player's one ranked try at a week's special: the first game they start of it before
    the close (a scenario game on the week's seed). Any later game of it is practice."""

    special = models.ForeignKey(WeeklySpecial, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(
        "puzzles.Player", on_delete=models.CASCADE, related_name="weekly_entries"
    )
    game = models.OneToOneField(
        "puzzles.Game", on_delete=models.CASCADE, related_name="weekly_entry"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["special", "player"], name="one_weekly_try"),
        ]

    def __str__(self):
        return f"{self.player} at {self.special.week}"


class WeeklyPassRun(WorkerJob):
    """The solver's pass chance on a closed week's deal: the scenario player (it reads no bag)
    plays the deal ``games`` times, each with its own sampling seed, on the background queue."""

    special = models.OneToOneField(WeeklySpecial, on_delete=models.CASCADE, related_name="run")
    games = models.PositiveSmallIntegerField(default=0)
    passed = models.PositiveSmallIntegerField(default=0)

    @property
    def pass_chance(self) -> float | None:
        return self.passed / self.games if self.games else None

    def __str__(self):
        return f"pass chance of {self.special.week}: {self.status}"
