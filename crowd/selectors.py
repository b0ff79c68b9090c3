"""A day's story for the API and the page: only after the close, by any route."""

from core.errors import NotFound
from puzzles.game_state import deal_of
from puzzles.models import Challenge, Game
from puzzles.selectors.challenges import is_closed
from solver.game import SoloGame, patch_to_json

from .models import DayStory


class DayOpen(NotFound):
    """Before the close nothing of the day's story exists, for anyone (404, ``day_open``)."""

    code = "day_open"

    def __init__(self, challenge: Challenge):
        super().__init__(
            f"the day of {challenge.date} is still open: its story is told after the close"
        )
        self.challenge = challenge


def closed_challenge(date) -> Challenge:
    """The day's challenge once closed; NotFound (no such day) or DayOpen otherwise."""
    challenge = Challenge.objects.filter(date=date).first()
    if challenge is None:
        raise NotFound(f"date: there is no challenge for {date}")
    if not is_closed(challenge):
        raise DayOpen(challenge)
    return challenge


def story_of(challenge: Challenge) -> dict | None:
    row = DayStory.objects.filter(challenge=challenge).first()
    return None if row is None else {"date": challenge.date, "status": "ready", **row.story}


def _first_move_key(game: Game) -> tuple | None:
    """The game's turn-1 move as the story counts it: (hand patch, cell, market patch)."""
    if not game.moves:
        return None
    opening = SoloGame.start(deal_of(game.challenge), game.goals).observation()
    first = game.moves[0]
    market = first.get("market_index")
    hand = patch_to_json(opening.hand[first["hand_index"]])
    return hand, first["cell"], None if market is None else patch_to_json(opening.market[market])


def beside_the_crowd(game: Game, story: dict) -> dict:
    """The game's goals and first move beside the crowd's (how many chose the same and how
    they fared), and each turn's most common space: the review's crowd lines."""
    goals = next((c for c in story["goal_choices"] if c["goals"] == game.goals), None)
    key = _first_move_key(game)
    first = next(
        (m for m in story["first_moves"] if (m["hand"], m["cell"], m["market"]) == key), None
    )
    return {
        "game_id": game.pk,
        "date": game.challenge.date,
        "players": story["players"],
        "goals": goals and {k: goals[k] for k in ("players", "mean", "best")},
        "first_move": first and {k: first[k] for k in ("players", "mean")},
        "turn_cells": story.get("turn_cells", []),  # a story told before they were counted
    }
