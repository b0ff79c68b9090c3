from django.db import models


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
