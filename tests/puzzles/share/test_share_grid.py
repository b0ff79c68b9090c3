"""A share worth sending (issue 35, point 7): the text has a grid of what was earned (each
goal by colour, pattern or both, a cat per cat token, a button per button, the rainbow) and
the hints used, and the picture before the close says each goal's result and the hints."""

import datetime
from pathlib import Path

import pytest
from test_share import _image

from puzzles.game_state import replay, today
from puzzles.models import Game
from puzzles.selectors import share

ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts"
MARKS = {(True, True): "🌟", (True, False): "🎨", (False, True): "🧵", (False, False): "⬜"}


@pytest.fixture
def finished(alice_api, start_game, play_through, settings):
    settings.CALICO_FIRST_DAILY = today() - datetime.timedelta(days=6)
    return play_through(alice_api, start_game(alice_api))[-1]


def test_the_text_has_the_results_grid_and_the_hints(alice_api, finished):
    score = finished["score"]
    head, grid, words, url = finished["share"]["text"].split("\n")
    assert head.startswith("Calico Daily #6 (")
    goals = "".join(MARKS[(bool(g["colors"]), bool(g["patterns"]))] for g in score["goals"])
    assert grid.startswith(goals) and len(goals) == 3
    assert grid.count("🐈") == score["cat_tokens"]
    assert grid.count("🔘") == score["button_tokens"] - score["rainbow"]
    assert grid.count("🌈") == int(bool(score["rainbow"]))
    assert words.endswith(" · no hints") and url == finished["share"]["url"]

    Game.objects.filter(pk=finished["id"]).update(hints_used=2)
    text = alice_api.get(f"/api/games/{finished['id']}/").json()["share"]["text"]
    assert text.split("\n")[2].endswith(" · 2 hints")
    spanish = alice_api.get(f"/api/games/{finished['id']}/", HTTP_ACCEPT_LANGUAGE="es").json()
    assert spanish["share"]["text"].split("\n")[2].endswith(" · 2 pistas")
    assert spanish["share"]["text"].split("\n")[1] == grid  # symbols, in every language


def test_the_picture_before_the_close_says_each_goals_result_and_the_hints(client, finished):
    game = Game.objects.with_par().select_related("challenge").get(pk=finished["id"])
    Game.objects.filter(pk=game.pk).update(hints_used=1)
    game.hints_used = 1
    card = share._card(game, replay(game)[0])
    words = {
        (True, True): "both",
        (True, False): "colour",
        (False, True): "pattern",
        (False, False): "not met",
    }
    expected = tuple(
        words[(bool(g["colors"]), bool(g["patterns"]))] for g in finished["score"]["goals"]
    )
    assert card.goal_marks == expected
    assert card.rows[-1] == ("Hints", "1 hint")
    before = _image(client.get(f"/share/{game.pk}/image.png"))
    assert before.size == (1200, 630)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    before.save(ARTIFACTS / "share-before-close.png")  # look at it
