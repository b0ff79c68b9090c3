from rest_framework.test import APIClient

from puzzles.models import Game, Player


def test_register_answers_with_a_token_that_authenticates(db):
    client = APIClient()
    response = client.post(
        "/api/auth/register/", {"username": "carol", "password": "a long password 1"}
    )
    assert response.status_code == 201
    assert response.json()["username"] == "carol"
    client.credentials(HTTP_AUTHORIZATION=f"Token {response.json()['token']}")
    refused = client.post("/api/games/", {}, format="json")
    assert refused.status_code == 400 and "goals" in refused.json()["detail"]


def test_token_for_username_and_password(make_player):
    make_player("dave")
    client = APIClient()
    response = client.post(
        "/api/auth/token/", {"username": "dave", "password": "a long password 1"}
    )
    assert response.status_code == 200 and len(response.json()["token"]) == 40
    bad = client.post("/api/auth/token/", {"username": "dave", "password": "wrong"})
    assert bad.status_code == 400 and set(bad.json()) == {"error", "detail"}


def test_register_errors_name_the_field(make_player):
    make_player("erin")
    client = APIClient()
    cases = [
        ({"password": "a long password 1"}, "username"),
        ({"username": "erin", "password": "a long password 1"}, "taken"),
        ({"username": "Erin", "password": "a long password 1"}, "taken"),
        ({"username": "frank"}, "password"),
        ({"username": "frank", "password": "short"}, "password"),
        ({"username": "bad name!", "password": "a long password 1"}, "username"),
        ({"username": "guest-x", "password": "a long password 1"}, "username"),
    ]
    for body, word in cases:
        response = client.post("/api/auth/register/", body, format="json")
        assert response.status_code == 400, body
        assert response.json()["error"] == "bad_request"
        assert word in response.json()["detail"], (body, response.json())
    assert Player.objects.count() == 1


def test_a_guest_claims_a_username_and_keeps_its_games(daily, start_game):
    api = APIClient()
    api.get("/")  # the page: its CSRF cookie, nobody made
    game = start_game(api)  # the page's first write makes the guest
    guest = Player.objects.get(is_guest=True)
    response = api.post(
        "/api/auth/register/", {"username": "gina", "password": "a long password 1"}
    )
    assert response.status_code == 201
    claimed = Player.objects.get(username="gina")
    assert claimed.pk == guest.pk and not claimed.is_guest
    assert Game.objects.get(pk=game["id"]).player_id == claimed.pk
    # The session survives the password change: still the same player.
    assert api.get(f"/api/games/{game['id']}/").status_code == 200


def test_api_calls_never_create_guests(db):
    client = APIClient()
    assert client.get("/api/daily/").status_code == 200
    assert client.post("/api/games/", {}, format="json").status_code in (401, 403)
    assert not Player.objects.exists()


def test_login_starts_a_session(make_player):
    make_player("hank")
    client = APIClient()
    response = client.post(
        "/api/auth/login/", {"username": "hank", "password": "a long password 1"}
    )
    assert response.status_code == 200
    assert client.get("/api/daily/").json()["ranked_game"] is None
    assert client.post("/api/games/", {}, format="json").status_code == 400  # not 401
