"""A player's rating (openskill's μ and σ, shown on the site's scale by ``selectors``), its
history a row per rated day, and the days rated (each once)."""

from django.db import models

from puzzles.models import Player


class Rating(models.Model):
    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="rating")
    mu = models.FloatField()
    sigma = models.FloatField()
    days = models.PositiveIntegerField(default=0)  # rated days: provisional below five

    class Meta:
        indexes = [models.Index(fields=["-mu"], name="rating_by_mu")]


class RatingChange(models.Model):
    """A player's rating after a rated day."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_changes")
    date = models.DateField()
    mu = models.FloatField()
    sigma = models.FloatField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "date"], name="one_change_a_day"),
        ]
        ordering = ["date"]


class RatedDay(models.Model):
    """A day rated: its row is made in the same transaction as the day's ratings, so a day is
    rated once however often its task is sent."""

    date = models.DateField(primary_key=True)
    players = models.PositiveIntegerField()
    par_score = models.IntegerField(null=True)  # par's place in the match; None: no par ready
    rated_at = models.DateTimeField(auto_now_add=True)
