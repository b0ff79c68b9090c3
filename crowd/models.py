from django.db import models

from puzzles.models import Challenge


class DayStory(models.Model):
    """A closed day's story (``story.tell``), computed once by a worker after the close."""

    challenge = models.OneToOneField(Challenge, on_delete=models.CASCADE, related_name="story")
    story = models.JSONField()
    computed_at = models.DateTimeField(auto_now=True)
