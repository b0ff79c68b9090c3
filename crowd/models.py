from django.db import models

from core.models import WorkerJob
from puzzles.models import Challenge


class DayStory(models.Model):
    """A closed day's story (``story.tell``), computed once by a worker after the close."""

    challenge = models.OneToOneField(Challenge, on_delete=models.CASCADE, related_name="story")
    story = models.JSONField()
    computed_at = models.DateTimeField(auto_now=True)


class DayTelling(WorkerJob):
    """The job of telling a closed day (``services.TELL``): one row a day, so that of every
    visitor asking for a story not yet told, one telling is computed at a time, on the
    background queue (a day of 100,000 games takes 20-23 CPU s)."""

    challenge = models.OneToOneField(Challenge, on_delete=models.CASCADE, related_name="telling")

    def __str__(self):
        return f"telling of {self.challenge.date}: {self.status}"
