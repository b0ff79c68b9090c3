"""Property tests of the move endpoint: any sequence of legal, stale, early and junk moves
leaves the game consistent: a move counts once when accepted and not at all when refused."""

import json

import pytest
from helpers.games import goals_for, next_move
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzles.game_state import replay
from puzzles.models import Game
from puzzles.services.games import do_start_game

FIELDS = ("turn", "hand_index", "cell", "market_index")
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=6),
    st.lists(st.integers(0, 9), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)
ACTIONS = st.lists(
    st.one_of(
        st.tuples(st.just("legal"), st.integers(0, 30)),  # which empty cell (mod their number)
        st.tuples(st.just("stale"), st.integers(1, 30)),  # how far behind
        st.tuples(st.just("early"), st.integers(1, 30)),  # how far ahead
        st.tuples(st.sampled_from(FIELDS), JUNK),  # one field replaced by junk
        st.tuples(st.just("drop"), st.sampled_from(FIELDS)),  # one field missing
    ),
    max_size=40,
)


def body_for(game: dict, action: tuple) -> tuple[dict, set[int]]:
    """The request body for an action on ``game``, and the statuses it may get."""
    kind, value = action
    move = next_move(game)
    if kind == "legal":
        cells = game["empty_cells"]
        return {**move, "cell": cells[value % len(cells)]}, {200}
    if kind == "stale":
        return {**move, "turn": game["turn"] - value}, {409}
    if kind == "early":
        return {**move, "turn": game["turn"] + value}, {409}
    if kind == "drop":
        return {k: v for k, v in move.items() if k != value}, {200, 400} - (
            {200} if value in ("turn", "hand_index", "cell") else set()
        )
    return {**move, kind: value}, {200, 400, 409}  # junk may happen to be a legal value


@pytest.fixture
def many_games(settings):
    """Every example starts a game for alice: more than a person starts in an hour."""
    settings.CALICO_LIMITS = {**settings.CALICO_LIMITS, "games-account": "1000/h"}


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(actions=ACTIONS)
@pytest.mark.django_db
def test_any_sequence_of_moves_keeps_the_game_consistent(
    many_games, alice, alice_api, yesterday, actions
):
    challenge = alice_api.get(f"/api/challenges/{yesterday.date}/").json()
    game_id = do_start_game(alice, date=yesterday.date, goals=goals_for(challenge)).pk
    url = f"/api/games/{game_id}/"
    game = alice_api.get(url).json()
    accepted = []
    for action in actions:
        if game["status"] == "finished":
            break
        body, allowed = body_for(game, action)
        # json.dumps, not the test client's strict renderer: a junk NaN or Infinity is sent
        # as a client could send it (the server refuses it), not refused by the test itself.
        response = alice_api.post(f"{url}moves/", json.dumps(body), content_type="application/json")
        assert response.status_code in allowed, (body, response.content)
        if response.status_code == 200:
            accepted.append(body)
            game = response.json()
        else:
            error = response.json()
            assert error["error"] in ("bad_request", "conflict") and error["detail"], error
        row = Game.objects.get(pk=game_id)
        assert row.turn == len(row.moves) + 1 == len(accepted) + 1 == game["turn"]
    row = Game.objects.get(pk=game_id)
    assert [(m["hand_index"], m["cell"]) for m in row.moves] == [
        (m["hand_index"], m["cell"]) for m in accepted
    ]
    state, _ = replay(row)
    assert alice_api.get(url).json()["score"]["total"] == row.score == state.quilt.total()
