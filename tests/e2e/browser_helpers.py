"""Driving the game page the way a player does: clicks (or taps) on stable test hooks."""

import contextlib
import datetime
import json
from pathlib import Path

import time_machine

# Test artefacts (screenshots) in the repository's own git-ignored folder.
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "e2e"


TURNS = 22
# A hint waits for the worker, which may still be busy with the day's par run.
WORKER_WAIT_MS = 240_000


def start_daily(page, site: str, path: str = "/"):
    """Open a game page, keep the preselected goals, press Start; returns the game id."""
    page.goto(site + path)
    page.click('[data-action="start"]:not([disabled])')
    page.wait_for_selector("[data-game-id] [data-cell]")
    return page.get_attribute("[data-game-id]", "data-game-id")


def log_in(page, site: str, username: str, password: str) -> None:
    """Log in by the form, as a player does, and wait for the header to name the player."""
    page.goto(site + "/login/")
    page.fill('input[name="username"]', username)
    page.fill('input[name="password"]', password)
    page.click('.auth button[type="submit"]')
    page.wait_for_selector(f'.who[data-player="{username}"]', state="attached")


def csrf_token(page) -> str:
    """The CSRF token as the page's script sends it: the cookie's (the page's first write logs
    its new guest in, which rotates the token the page was rendered with)."""
    return {c["name"]: c["value"] for c in page.context.cookies()}["csrftoken"]


def api_get(page, site: str, path: str) -> dict:
    """A GET with the page's own session (the guest its first write made)."""
    response = page.request.get(site + path)
    assert response.ok, f"{path}: {response.status} {response.text()}"
    return json.loads(response.text())


def post_json(page, site: str, path: str, body: dict | None = None) -> dict:
    """A POST with the page's own session and CSRF token, as the page's script sends it."""
    response = page.request.post(
        site + path, data=body or {}, headers={"X-CSRFToken": csrf_token(page)}
    )
    assert response.ok, f"{path}: {response.status} {response.text()}"
    return response.json()


def finish_by_api(page, site: str, game_id) -> dict:
    """The rest of a game played carelessly through the API (first empty space, first market
    slot), in the page's session; returns the finished game."""
    game = api_get(page, site, f"/api/games/{game_id}/")
    while game["status"] == "playing":
        move = {
            "turn": game["turn"],
            "hand_index": 0,
            "cell": game["empty_cells"][0],
            "market_index": None if game["turn"] == TURNS else 0,
        }
        game = post_json(page, site, f"/api/games/{game_id}/moves/", move)
    return game


def current_turn(page) -> int:
    return int(page.get_attribute("[data-stat-turn]", "data-stat-turn").split("/")[0])


def empty_cells(page) -> list[str]:
    return [
        node.get_attribute("data-cell")
        for node in page.query_selector_all('[data-cell][data-empty="true"]')
    ]


def play_turn(page, hand: int, cell: str, market: int | None, tap: bool = False):
    """One whole turn by clicks (the last one confirmed: it has no market step); waits until
    the server's answer is on the board."""
    act = page.tap if tap else page.click
    turn = current_turn(page)
    act(f'[data-hand-index="{hand}"]')
    act(f'[data-cell="{cell}"]')
    if turn < TURNS:
        act(f'[data-market-index="{market}"]')
    else:
        act('[data-action="confirm"]')
    page.wait_for_selector(f'[data-cell="{cell}"][data-empty="false"]')
    if turn < TURNS:
        page.wait_for_selector(f'[data-stat-turn="{turn + 1}/{TURNS}"]')


# An opponent's turn waits for the worker; an easy opponent takes milliseconds.
OPPONENT_WAIT_MS = 120_000


def sit_down(page, site: str, opponents: int, level: str) -> str:
    """Open the versus page and sit down at a new table; returns the versus game's id."""
    page.goto(site + "/versus/")
    page.check(f'input[name="opponents"][value="{opponents}"]')
    page.check(f'input[name="level"][value="{level}"]')
    page.click('[data-action="sit-down"]')
    page.wait_for_selector('[data-action="start"]:not([disabled])')
    return page.get_attribute("[data-my-board]", "data-game-id")


def my_empty_cells(page) -> list[str]:
    """The empty spaces of my own board on the versus page."""
    cells = page.query_selector_all('[data-my-board] [data-cell][data-empty="true"]')
    return [node.get_attribute("data-cell") for node in cells]


def play_versus_turn(page, turn: int) -> str:
    """Wait for my versus turn ``turn``, then hand patch 1, my first empty space, market slot
    0 by clicks (the last turn confirmed); waits until it is on my board; returns the space."""
    page.wait_for_selector('[data-stat-to-move="you"]', timeout=OPPONENT_WAIT_MS)
    page.wait_for_selector(f'[data-stat-turn="{turn}/{TURNS}"]')
    cell = my_empty_cells(page)[0]
    page.click('[data-hand-index="1"]')
    page.click(f'[data-my-board] [data-cell="{cell}"]')
    if turn < TURNS:
        page.click('[data-market-index="0"]:not([disabled])')
    else:  # the last turn has no market step: its placement is confirmed
        page.click('[data-action="confirm"]')
    page.wait_for_selector(f'[data-my-board] [data-cell="{cell}"][data-empty="false"]')
    return cell


@contextlib.contextmanager
def one_day_clock():
    """This process's clock at noon UTC of today, ticking from there; yields its offset from
    the machine's clock (seconds), for the processes it starts."""
    now = datetime.datetime.now(datetime.UTC)
    noon = datetime.datetime.combine(now.date(), datetime.time(12), datetime.UTC)
    with time_machine.travel(noon, tick=True):
        yield round((noon - now).total_seconds())
