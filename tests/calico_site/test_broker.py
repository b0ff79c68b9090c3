"""The embedded broker (calico_site/broker.py) under concurrent producers and consumers,
in real processes (bench/broker_race.py): every message delivered once, no consumer dies.
kombu's own filesystem transport fails this (a consumer dies with JSONDecodeError, a message
is lost)."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = "calico_site.settings"


def race(transport: str) -> dict:
    answer = subprocess.run(
        [sys.executable, "bench/broker_race.py", "--transport", transport, "--messages", "2400",
         "--seconds", "90"],
        cwd=ROOT, capture_output=True, text=True, timeout=180, check=True,
    )  # fmt: skip
    return json.loads(answer.stdout.strip().splitlines()[-1])


def test_concurrent_producers_and_consumers_lose_nothing():
    result = race("calico-files://")
    assert result["sent"] == result["received"] == 2400, result
    assert result["twice"] == result["consumers_died"] == 0, result


def test_the_embedded_default_is_this_transport(tmp_path):
    """Without a broker in the environment, settings choose this transport."""
    env = {k: v for k, v in os.environ.items() if k not in ("CELERY_BROKER_URL", "REDIS_URL")}
    program = (
        "from calico_site.celery import app; "
        "print(type(app.connection_for_write().transport).__module__)"
    )
    answer = subprocess.run(
        [sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, check=True,
        env={**env, "CALICO_VAR_DIR": str(tmp_path), "DJANGO_SETTINGS_MODULE": SETTINGS},
    )  # fmt: skip
    assert answer.stdout.strip() == "calico_site.broker"
