"""A duel: two players on one deal (docs/design.md, Phase 5, "Challenge links and duels").
A duel stores which deal and who sits where; the games are the daily's own ``Game`` rows, so
every rule of play, score and privacy stays puzzles'."""

from django.db import models


class Duel(models.Model):
    """One deal, two seats. ``kind`` names the deal: a daily's (``challenge``; ``ranked`` when
    it was made on today's date, and both play their ranked game), a scenario's or a weekly
    special's (``scenario`` on ``seed``; ``week`` for a special's)."""

    class Kind(models.TextChoices):
        DAILY = "daily"
        SCENARIO = "scenario"
        WEEKLY = "weekly"

    code = models.CharField(max_length=16, unique=True)  # the link's secret part
    kind = models.CharField(max_length=8, choices=Kind.choices)
    challenge = models.ForeignKey(
        "puzzles.Challenge", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    ranked = models.BooleanField(default=False)
    scenario = models.PositiveSmallIntegerField(null=True, blank=True)
    seed = models.CharField(max_length=64, blank=True)
    week = models.CharField(max_length=8, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # When the player who finished first was told that the other finished ("see who won"):
    # claimed before sending, so that a duel sends at most one (``services.do_tell_finished``).
    told_at = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return f"duel {self.code} ({self.kind})"


class DuelEntry(models.Model):
    """A player's seat at a duel and their game of its deal. ``game`` is null until known: a
    ranked duel's game is the player's ranked game of the day, and a closed day's practice
    the first game of that day they start after accepting (on the game page, with goals of
    their choosing); ``selectors.entry_game`` finds it."""

    class Seat(models.TextChoices):
        CHALLENGER = "challenger"
        OPPONENT = "opponent"

    duel = models.ForeignKey(Duel, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(
        "puzzles.Player", on_delete=models.CASCADE, related_name="duel_entries"
    )
    seat = models.CharField(max_length=10, choices=Seat.choices)
    game = models.ForeignKey(
        "puzzles.Game", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["duel", "seat"], name="one_player_a_seat"),
            models.UniqueConstraint(fields=["duel", "player"], name="one_seat_a_player"),
        ]

    def __str__(self):
        return f"{self.seat} of {self.duel.code}"
