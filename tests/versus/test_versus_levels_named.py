"""The versus page names each level's player as the site plays it: the solo players by
default, the table player for the levels setting ``CALICO_VERSUS_TABLE_LEVELS`` names, in
English and in Spanish; and a table-hard opponent plays its move (docs/versus.md)."""

import pytest
from django.test import Client
from django.utils.html import escape
from helpers.versus import sit_down, versus_move

from solver.search.table import TablePlayer
from versus import services as versus_service
from versus.models import VersusGame

pytestmark = pytest.mark.django_db

SPANISH = {"HTTP_ACCEPT_LANGUAGE": "es-ES,es;q=0.9"}
FAIR, TABLE = "plans the whole game", "plans the whole game and watches yours"
BEAM = "looks a few turns ahead"


@pytest.mark.parametrize(
    ("table", "medium", "hard"),
    [([], BEAM, FAIR), (["hard"], BEAM, TABLE), (["medium", "hard"], TABLE, TABLE)],
)
def test_the_page_names_the_player_of_each_level(settings, table, medium, hard):
    settings.CALICO_VERSUS_TABLE_LEVELS = table
    response = Client().get("/versus/")
    names = response.context["level_names"]
    assert names["easy"] == {"name": "easy", "player": "takes the most points each turn"}
    assert names["medium"]["player"] == medium and names["hard"] == {"name": "hard", "player": hard}
    body = response.content.decode()
    shown = escape(hard)  # the template escapes the apostrophe
    assert f'Hard <span class="muted">({shown})</span>' in body
    assert 'id="versus-levels"' in body  # the same names for the script's opponent cards


def test_a_spanish_reader_reads_the_table_players_name(settings):
    settings.CALICO_VERSUS_TABLE_LEVELS = ["hard"]
    response = Client(**SPANISH).get("/versus/")
    assert response.context["level_names"]["hard"] == {
        "name": "difícil",
        "player": "planea toda la partida y vigila la tuya",
    }
    assert 'Difícil <span class="muted">(planea toda la partida y vigila la tuya)' in (
        response.content.decode()
    )


def test_a_table_hard_opponent_plays_its_move(settings, alice_api):
    settings.CALICO_VERSUS_TABLE_LEVELS = ["hard"]
    game = sit_down(alice_api, opponents=1, level="hard")
    moved = alice_api.post(f"/api/versus/{game['id']}/moves/", versus_move(game), "json")
    assert moved.status_code == 200, moved.content
    versus_service.do_play_opponents(game["id"])  # what the worker runs
    row = VersusGame.objects.get(pk=game["id"])
    seat = versus_service._opponent("hard", versus_service.seat_seed(row, 1))
    assert isinstance(seat, TablePlayer)
    game = alice_api.get(f"/api/versus/{game['id']}/").json()
    assert game["to_move"] == "you" and game["turn"] == 2 and not game["opponent_error"]
    assert len(game["opponents"][0]["quilt"]["placements"]) == 1
    settings.CALICO_VERSUS_TABLE_LEVELS = []  # the setting is the cache's key too
    assert not isinstance(
        versus_service._opponent("hard", versus_service.seat_seed(row, 1)), TablePlayer
    )
