"""How long ``/healthz``, ``/healthz/live`` and ``/metrics`` take, polled, on a running site:
``python bench/ops_endpoints.py http://127.0.0.1:PORT [--polls 50] [--every 0.2]``
(start the site with ``PORT=... bin/serve``, after make serve's set-up steps).

Prints, per endpoint, the median, p95 and largest time to a whole answer, one client polling
every ``--every`` seconds."""

import argparse
import statistics
import time
import urllib.error
import urllib.request


def timed(url: str) -> float:
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            answer.read()
    except urllib.error.HTTPError as error:  # a 503 from /healthz is an answer too
        error.read()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site")
    parser.add_argument("--polls", type=int, default=50)
    parser.add_argument("--every", type=float, default=0.2)
    args = parser.parse_args()
    print("| endpoint | median | p95 | max |")
    for path in ("/healthz", "/healthz/live", "/metrics"):
        seconds = []
        for _ in range(args.polls):
            seconds.append(timed(args.site.rstrip("/") + path))
            time.sleep(args.every)
        p95 = statistics.quantiles(seconds, n=20)[-1]
        print(
            f"| {path} | {statistics.median(seconds) * 1000:.0f} ms | {p95 * 1000:.0f} ms "
            f"| {max(seconds) * 1000:.0f} ms |",
            flush=True,
        )


if __name__ == "__main__":
    main()
