"""The embedded broker (calico_site/broker.py) under concurrent producers and consumers,
in real processes (bench/broker_race.py): every message delivered once, no consumer dies.
kombu's own filesystem transport fails this (a consumer dies with JSONDecodeError, a message
is lost)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = "calico_site.settings"


def race(transport: str) -> dict:
    answer = subprocess.run(
        [
            sys.executable,
            "bench/broker_race.py",
            "--transport",
            transport,
            "--messages",
            "2400",
            "--seconds",
            "90",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
        check=True,
    )
    return json.loads(answer.stdout.strip().splitlines()[-1])


@pytest.mark.ci  # 90 s of racing: CI only (make test-all)
def test_concurrent_producers_and_consumers_lose_nothing():
    result = race("calico-files://")
    assert result["sent"] == result["received"] == 2400, result
    assert result["twice"] == result["consumers_died"] == 0, result


@pytest.mark.slow  # starts a process
def test_the_embedded_default_is_this_transport(tmp_path):
    """Without a broker in the environment, settings choose this transport."""
    env = {k: v for k, v in os.environ.items() if k not in ("CELERY_BROKER_URL", "REDIS_URL")}
    program = (
        "from calico_site.celery import app; "
        "print(type(app.connection_for_write().transport).__module__)"
    )
    answer = subprocess.run(
        [sys.executable, "-c", program],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env={**env, "CALICO_VAR_DIR": str(tmp_path), "DJANGO_SETTINGS_MODULE": SETTINGS},
    )
    assert answer.stdout.strip() == "calico_site.broker"


TRANSPORT = "calico_site.broker:Transport"


def folder_options(folder: Path) -> dict:
    for name in ("queue", "processed", "control"):
        (folder / name).mkdir(parents=True, exist_ok=True)
    return {
        "data_folder_in": str(folder / "queue"),
        "data_folder_out": str(folder / "queue"),
        "processed_folder": str(folder / "processed"),
        "control_folder": str(folder / "control"),
        "polling_interval": 0.01,
    }


def folder_connection(folder: Path):
    from kombu import Connection

    return Connection(transport=TRANSPORT, transport_options=folder_options(folder))


def test_a_queue_is_first_in_first_out_across_senders(tmp_path):
    """Two senders take turns (as two web processes do): the consumer gets the messages in the
    order they were sent, not in an order of their random names."""
    with folder_connection(tmp_path) as one, folder_connection(tmp_path) as other:
        senders = [one.SimpleQueue("fifo"), other.SimpleQueue("fifo")]
        for number in range(60):
            senders[number % 2].put({"n": number})
        received = []
        for _ in range(60):
            message = senders[0].get(timeout=5)
            received.append(message.payload["n"])
            message.ack()
    assert received == list(range(60))


CONSUMER = """
import sys, time
from kombu import Connection
from test_broker import folder_options
from pathlib import Path

import pytest
with Connection(transport="calico_site.broker:Transport",
                transport_options=folder_options(Path(sys.argv[1]))) as conn:
    message = conn.SimpleQueue("jobs").get(timeout=30)
    print(message.payload["n"], flush=True)  # claimed, never acknowledged
    time.sleep(120)
"""


@pytest.mark.slow  # starts a process
def test_a_message_survives_its_consumer_killed_outright(tmp_path):
    """A consumer takes a message and is SIGKILLed before it acknowledges it (a worker killed
    mid-task): the next consumer gets it again, first, marked redelivered; a message that
    was acknowledged is not delivered again."""
    with folder_connection(tmp_path) as conn:
        queue = conn.SimpleQueue("jobs")
        for number in range(3):
            queue.put({"n": number})
        consumer = subprocess.Popen(
            [sys.executable, "-c", CONSUMER, str(tmp_path)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": f"{ROOT}:{ROOT / 'tests' / 'calico_site'}"},
        )
        try:
            assert consumer.stdout.readline().strip() == "0"  # it holds message 0
        finally:
            consumer.kill()
            consumer.wait()
        received = []
        for _ in range(3):
            message = queue.get(timeout=10)
            received.append((message.payload["n"], message.delivery_info.get("redelivered")))
            message.ack()
        assert received == [(0, True), (1, None), (2, None)]
        with pytest.raises(queue.Empty):
            queue.get(timeout=0.5)
