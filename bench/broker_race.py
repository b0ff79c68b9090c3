"""The embedded broker under concurrent producers and consumers: kombu's ``filesystem://``
against ours (``calico-files://``, calico_site/broker.py), on a fresh folder each.

    PYTHONPATH=. nice .venv/bin/python bench/broker_race.py [--messages 3000] [--producers 3]
        [--consumers 3] [--transport URL]

Prints, per transport, the messages sent, received, lost and received twice, and the
consumers that died (with the error). kombu's transport loses messages and kills consumers
with ``JSONDecodeError`` (a file read before it is fully written); ours must show 0 of each.
"""

import argparse
import json
import multiprocessing
import os
import tempfile
import time

# A payload the size of a Celery message with headers (about 1.5 kB), so that a write takes
# long enough to be seen half done.
FILLER = "x" * 1500


def options(folder: str) -> dict:
    for name in ("queue", "processed", "control"):
        os.makedirs(os.path.join(folder, name), exist_ok=True)
    return {
        "data_folder_in": os.path.join(folder, "queue"),
        "data_folder_out": os.path.join(folder, "queue"),
        "processed_folder": os.path.join(folder, "processed"),
        "control_folder": os.path.join(folder, "control"),
        "polling_interval": 0.001,
    }


def connection(url: str, folder: str):
    from kombu import Connection

    import calico_site.settings  # noqa: F401  registers calico-files://

    return Connection(url, transport_options=options(folder))


def produce(url: str, folder: str, first: int, count: int) -> None:
    with connection(url, folder) as conn:
        queue = conn.SimpleQueue("race")
        for number in range(first, first + count):
            queue.put({"n": number, "filler": FILLER})


def consume(url: str, folder: str, results, errors, total, sent: int, until: float) -> None:
    """Read until every message sent has been read (by any consumer), or ``until``."""
    received = []
    try:
        with connection(url, folder) as conn:
            queue = conn.SimpleQueue("race")
            while time.monotonic() < until and total.value < sent:
                try:
                    message = queue.get(timeout=0.2)
                except queue.Empty:
                    continue
                received.append(message.payload["n"])
                message.ack()
                with total.get_lock():
                    total.value += 1
    except Exception as exc:  # what kills a worker
        errors.put(f"{type(exc).__name__}: {exc}"[:120])
    results.put(received)


def race(url: str, messages: int, producers: int, consumers: int, seconds: float) -> dict:
    folder = tempfile.mkdtemp(prefix="calico-broker-race-")
    context = multiprocessing.get_context("spawn")
    results, errors, total = context.Queue(), context.Queue(), context.Value("i", 0)
    until = time.monotonic() + seconds
    share = messages // producers
    readers = [
        context.Process(
            target=consume, args=(url, folder, results, errors, total, share * producers, until)
        )
        for _ in range(consumers)
    ]
    writers = [
        context.Process(target=produce, args=(url, folder, i * share, share))
        for i in range(producers)
    ]
    for process in readers + writers:
        process.start()
    received = [n for _ in readers for n in results.get()]
    for process in readers + writers:
        process.join()
    died = []
    while not errors.empty():
        died.append(errors.get())
    sent = share * producers
    return {
        "transport": url,
        "sent": sent,
        "received": len(set(received)),
        "lost": sent - len(set(received)),
        "twice": len(received) - len(set(received)),
        "consumers_died": len(died),
        "errors": sorted(set(died))[:3],
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--messages", type=int, default=3000)
    parser.add_argument("--producers", type=int, default=3)
    parser.add_argument("--consumers", type=int, default=3)
    parser.add_argument(
        "--seconds", type=float, default=60, help="the most consumers wait for the last message"
    )
    parser.add_argument("--transport", action="append", help="a URL (default: both)")
    args = parser.parse_args()
    for url in args.transport or ("filesystem://", "calico-files://"):
        result = race(url, args.messages, args.producers, args.consumers, args.seconds)
        print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
