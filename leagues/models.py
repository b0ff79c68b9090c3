"""A week's leagues: each Monday the players of the last 14 days are placed (``PlacedWeek``, one
row a week, made in the placement's transaction) in leagues of at most 30 (``League``), a tier
each; after Sunday's close each league is settled: its members' final standing and whether they
go up or down a tier (``LeagueMember.outcome``), which the next placement reads."""

from django.db import models

from puzzles.models import Player

TIERS = 6  # 1 (where a new player starts) to 6


class PlacedWeek(models.Model):
    """A week placed: made with its leagues, so a week is placed once however often the job runs."""

    monday = models.DateField(primary_key=True)
    players = models.PositiveIntegerField()
    placed_at = models.DateTimeField(auto_now_add=True)


class League(models.Model):
    monday = models.DateField()
    tier = models.PositiveSmallIntegerField()  # 1..TIERS
    number = models.PositiveIntegerField()  # within the week's tier, 1 the best rated
    settled_at = models.DateTimeField(null=True, blank=True)  # after Sunday's close

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["monday", "tier", "number"], name="one_league_number"),
        ]

    def __str__(self):
        return f"{self.monday} tier {self.tier} #{self.number}"


class LeagueMember(models.Model):
    class Outcome(models.TextChoices):
        PROMOTED = "promoted"
        STAYED = "stayed"
        RELEGATED = "relegated"

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="members")
    # no index of its own: the unique (player, monday) one serves every read by player
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="league_members", db_index=False
    )
    monday = models.DateField()  # the league's, here too: one league a player a week
    # The final standing, written when the league is settled (null until then)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    points = models.FloatField(null=True, blank=True)
    days = models.PositiveSmallIntegerField(null=True, blank=True)
    par_diff = models.FloatField(null=True, blank=True)
    daily = models.JSONField(default=list, blank=True)  # [{date, points, par_diff}] per day played
    outcome = models.CharField(max_length=9, choices=Outcome.choices, blank=True)

    class Meta:
        # also a player's latest league first (its index read backwards: ``tiers_of``)
        constraints = [
            models.UniqueConstraint(fields=["player", "monday"], name="one_league_a_week"),
        ]

    def __str__(self):
        return f"{self.player_id} in {self.league_id}"
