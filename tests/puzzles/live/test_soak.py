"""The embedded site under ordinary play for a few minutes (issue 21, point 1): bin/serve on
the embedded broker, two players at easy three-opponent versus tables in a loop and one solo
player asking a hint every turn, while a poller checks the site answers. Every request is
answered, no worker dies or is restarted, no message is lost (every table and every hint
finishes). On kombu's own filesystem transport (``CALICO_SOAK_BROKER=filesystem://``) a worker
dies with JSONDecodeError within a minute or two and this fails.

Bounded: ``CALICO_SOAK_SECONDS`` (default 130, at least 120) of play, then the tables and the
hint under way finish."""

import os
import threading
import time

import pytest
from helpers.games import GOAL_CELLS, goals_for
from served import Api, Served

pytestmark = [pytest.mark.integration, pytest.mark.soak, pytest.mark.ci]  # minutes: CI only

SECONDS = max(120.0, float(os.environ.get("CALICO_SOAK_SECONDS", "130")))
BROKER = os.environ.get("CALICO_SOAK_BROKER", "calico-files://")


class Soak:
    def __init__(self, served: Served):
        self.served = served
        self.until = time.monotonic() + SECONDS
        self.counts = {
            "tables": 0,
            "versus moves": 0,
            "solo moves": 0,
            "hints": 0,
            "slow answers": 0,
        }
        self.hint_seconds: list[float] = []
        self.errors: list[str] = []
        self.lock = threading.Lock()

    def count(self, what: str) -> None:
        with self.lock:
            self.counts[what] += 1

    def wait_for(self, read, done, what: str, seconds: float = 120):
        """Poll as the page does; a message lost would leave it waiting: an error."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            value = read()
            if done(value):
                return value
            time.sleep(0.1)
        raise AssertionError(f"{what}: still waiting after {seconds} s (a message lost?)")

    def run(self, name: str, play) -> None:
        try:
            api = Api(self.served.port, name)
            while time.monotonic() < self.until:
                play(api)
        except Exception as error:  # the soak's verdict: any error fails it
            self.errors.append(f"{name}: {type(error).__name__}: {error}")

    def versus(self, api: Api) -> None:
        status, game = api.call("POST", "/api/versus/", {"opponents": 3, "level": "easy"})
        assert status == 201, game
        goals = dict(zip(GOAL_CELLS, game["you"]["goal_options"], strict=False))
        status, game = api.call("POST", f"/api/versus/{game['id']}/goals/", {"goals": goals})
        assert status == 200, game
        while game["status"] == "playing":
            move = {
                "turn": game["turn"],
                "hand_index": 0,
                "cell": game["you"]["empty_cells"][0],
                "market_index": None if game["turn"] == 22 else 0,
            }
            status, game = api.call("POST", f"/api/versus/{game['id']}/moves/", move)
            assert status == 200, game
            self.count("versus moves")
            url = f"/api/versus/{game['id']}/"
            game = self.wait_for(
                lambda url=url: api.call("GET", url)[1],
                lambda g: g["to_move"] in ("you", None) or g.get("opponent_error"),
                "the opponents' turns",
            )
            assert not game.get("opponent_error"), game["opponent_error"]
        self.count("tables")

    def solo(self, api: Api) -> None:
        """A game of the day with a hint every turn from the second on; each game opens with
        another first move, so that its hints are new positions (a position's hint is
        computed once), computed by the hint worker."""
        _, daily = api.call("GET", "/api/daily/")
        status, game = api.call("POST", "/api/games/", {"goals": goals_for(daily)})
        assert status == 201, game
        opening = self.counts["solo moves"]
        move = {
            "turn": 1,
            "hand_index": opening % 2,
            "market_index": opening % 3,
            "cell": game["empty_cells"][opening % len(game["empty_cells"])],
        }
        status, game = api.call("POST", f"/api/games/{game['id']}/moves/", move)
        assert status == 200, game
        self.count("solo moves")
        while game["status"] == "playing" and time.monotonic() < self.until:
            asked = time.monotonic()
            status, hint = api.call("POST", f"/api/games/{game['id']}/hints/")
            assert status in (200, 202), hint
            url = f"/api/games/{game['id']}/hints/{hint['id']}/"
            hint = self.wait_for(
                lambda url=url: api.call("GET", url)[1],
                lambda h: h["status"] != "pending",
                "a hint",
            )
            assert hint["status"] == "ready", hint
            self.hint_seconds.append(time.monotonic() - asked)
            self.count("hints")
            move = {"turn": game["turn"], **hint["move"]}
            status, game = api.call("POST", f"/api/games/{game['id']}/moves/", move)
            assert status == 200, game
            self.count("solo moves")

    def poll(self) -> None:
        """The site answers throughout: a connection refused or reset, or no answer within 30
        s, is an error; an answer slower than 2 s (a shared machine's busy cores) is counted."""
        while time.monotonic() < self.until:
            asked = time.monotonic()
            try:
                status, _ = self.served.get("/healthz/live", timeout=30)
                assert status == 200, status
            except Exception as error:
                self.errors.append(f"poller: {type(error).__name__}: {error}")
            if time.monotonic() - asked > 2:
                self.count("slow answers")
            time.sleep(0.5)


def test_versus_tables_and_hints_on_the_embedded_broker(tmp_path):
    # the easy opponents on the versus queue, as before they moved in the request: the soak
    # is of the broker's messages (calico_site/settings.py, CALICO_VERSUS_INLINE_LEVELS)
    served = Served(tmp_path, CELERY_BROKER_URL=BROKER, CALICO_VERSUS_INLINE_LEVELS="-")
    soak = Soak(served)
    players = [("table-1", soak.versus), ("table-2", soak.versus), ("solo", soak.solo)]
    threads = [threading.Thread(target=soak.run, args=player) for player in players]
    threads.append(threading.Thread(target=soak.poll))
    started = time.monotonic()
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.monotonic() - started
        _, health = served.get("/healthz")
        log = served.log()
    finally:
        served.stop()
    hints = sorted(soak.hint_seconds)
    figures = {
        "broker": BROKER,
        "seconds": round(elapsed),
        **soak.counts,
        "hint p50 s": round(hints[len(hints) // 2], 2) if hints else None,
        "worker restarts": len(served.restarts()),
        "errors": len(soak.errors),
    }
    print(f"\nsoak: {figures}")
    assert soak.errors == [], soak.errors[:5]
    assert served.restarts() == [], served.restarts()
    for fatal in ("Unrecoverable error", "JSONDecodeError", "WorkerLostError"):
        assert fatal not in log, log[log.index(fatal) - 2000 : log.index(fatal) + 500]
    assert health["down"] == [], health
    assert soak.counts["tables"] >= 4 and soak.counts["hints"] >= 10, figures
