"""A player's daily reminder (docs/operations.md, "Reminders"): opt-in, at an hour of their
own time zone, at most one a day."""

from django.conf import settings
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import Q


class Reminder(models.Model):
    player = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reminder"
    )
    email = models.BooleanField(default=False)  # opted in to the email reminder
    push = models.BooleanField(default=False)  # opted in to Web Push, to each subscription
    hour = models.PositiveSmallIntegerField(default=18, validators=[MaxValueValidator(23)])
    time_zone = models.CharField(max_length=64, default="UTC")  # an IANA name (zoneinfo)
    # The player's local date of the latest reminder sent: claimed before sending, so that no
    # day has two (the beat task runs every few minutes, and two of it may overlap).
    last_sent_on = models.DateField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [
            # the beat task's question: who, in this time zone, wants one at this hour
            models.Index(
                fields=["time_zone", "hour"], condition=Q(email=True), name="due_reminders"
            ),
        ]
        constraints = [models.CheckConstraint(condition=Q(hour__lte=23), name="hour_of_a_day")]

    def __str__(self):
        return f"reminder of player {self.player_id} at {self.hour}:00 {self.time_zone}"


class PushSubscription(models.Model):
    """A browser's push subscription (its ``PushSubscription`` JSON): where a push reminder
    goes and the keys that encrypt it. Forgotten when its push service answers 404 or 410."""

    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)  # the browser's public key, base64url
    auth = models.CharField(max_length=100)  # the shared authentication secret, base64url
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"push subscription {self.pk} of player {self.player_id}"
