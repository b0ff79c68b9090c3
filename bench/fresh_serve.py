"""A new site's first minutes: clone a checkout into a fresh folder, run `make serve` there (the
embedded default: SQLite and the folder broker), and time, from the command's start, when the
site says it is running, when today's par is ready and when every dawn hint (the turn-1 hint
of each goal arrangement) is in, and when each scenario's pass rate is.

    nice .venv/bin/python bench/fresh_serve.py [--port 8611] [--source .] [--ref REF]
        [--seconds 600]

The clone is made with `git clone -q SOURCE DIR` (committed work only; `--ref` checks out
another commit, to compare) in a temporary folder, removed afterwards (`--keep` keeps it).
`make serve` makes its own `.venv` there first (pip's cache makes that quick on a machine
that has installed the project once): the figures are given from the command's start and
from the moment the site answered.
"""

import argparse
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def health(port: int) -> dict | None:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as answer:
            return json.load(answer)
    except urllib.error.HTTPError as error:
        return json.load(error)
    except OSError:
        return None


def counts(database: Path) -> tuple[int, int]:
    """(dawn hints in, pass rates ready) as the site's SQLite database holds them now."""
    try:
        with sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=5) as db:
            hints = db.execute("SELECT COUNT(*) FROM puzzles_positionhint").fetchone()[0]
            rates = db.execute(
                "SELECT COUNT(*) FROM puzzles_scenariopassrate WHERE status = 'ready'"
            ).fetchone()[0]
    except sqlite3.Error:
        return 0, 0
    return hints, rates


def dawn_hints(folder: Path) -> int:
    """How many turn-1 positions today has (one per goal arrangement), by the clone's code."""
    script = (
        "from puzzles.game_state import today; from puzzles.models import Challenge; "
        "from puzzles.services.hints import _arrangements; "
        "print(len(_arrangements(Challenge.objects.get(date=today()))))"
    )
    found = subprocess.run(
        [".venv/bin/python", "manage.py", "shell", "-c", script],
        cwd=folder,
        capture_output=True,
        text=True,
        check=True,
    )
    return int(found.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=8611)
    parser.add_argument("--source", default=str(ROOT))
    parser.add_argument("--seconds", type=float, default=600, help="give up after this long")
    parser.add_argument("--ref", help="a commit to check out in the clone (default: its HEAD)")
    parser.add_argument("--keep", action="store_true", help="keep the clone")
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="calico-fresh-"))
    subprocess.run(["git", "clone", "-q", args.source, str(folder)], check=True)
    if args.ref:
        subprocess.run(["git", "checkout", "-q", args.ref], cwd=folder, check=True)
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.pop("CELERY_BROKER_URL", None)
    env.pop("CALICO_VAR_DIR", None)
    env["PORT"] = str(args.port)
    load_before = os.getloadavg()[0]
    started = time.monotonic()
    serve = subprocess.Popen(
        ["make", "serve"],
        cwd=folder,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    lines: list[tuple[float, str]] = []
    reader = threading.Thread(
        target=lambda: lines.extend((time.monotonic() - started, x) for x in serve.stdout),
        daemon=True,
    )
    reader.start()
    seen: dict[str, float] = {}
    expected_hints = None
    try:
        while time.monotonic() - started < args.seconds:
            now = time.monotonic() - started
            if "running" not in seen:
                said = [at for at, line in lines if "Calico Daily is running" in line]
                if said:
                    seen["running"] = said[0]
            report = health(args.port) if "running" in seen else None
            par = ((report or {}).get("today") or {}).get("par") or {}
            if par.get("status") == "ready" and "par" not in seen:
                seen["par"] = now
            if "running" in seen:
                expected_hints = expected_hints or dawn_hints(folder)
                hints, rates = counts(folder / "var" / "calico.sqlite3")
                if hints >= expected_hints and "dawn hints" not in seen:
                    seen["dawn hints"] = now
                for count in range(1, rates + 1):
                    seen.setdefault(f"pass rate {count}/10", now)
            if {"par", "dawn hints", "pass rate 10/10"} <= set(seen):
                break
            if serve.poll() is not None:
                break
            time.sleep(1)
    finally:
        os.killpg(serve.pid, signal.SIGTERM)
        serve.wait(timeout=60)
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    running = seen.get("running")
    load = f"load average {load_before:.1f} at the start, {os.getloadavg()[0]:.1f} at the end"
    source = f"{args.source} at {args.ref}" if args.ref else args.source
    print(f"fresh clone of {source}, make serve on port {args.port}:", end=" ")
    print(f"{expected_hints} dawn hints; {load}")
    print(f"{'event':<18} {'s after make serve':>19} {'s after it answered':>20}")
    for event, at in sorted(seen.items(), key=lambda item: item[1]):
        after = "" if running is None else f"{at - running:.0f}"
        print(f"{event:<18} {at:>19.0f} {after:>20}")
    missing = {"running", "par", "dawn hints"} - set(seen)
    if missing:
        print("not seen within the limit:", ", ".join(sorted(missing)))
        print("".join(line for _, line in lines[-30:]))


if __name__ == "__main__":
    main()
