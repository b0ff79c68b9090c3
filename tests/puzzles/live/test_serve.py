"""``make serve`` (bin/serve) as a person and a supervisor use it: it says where things are
once /healthz answers, and SIGTERM to its process group stops every process it started, even
with the worker busy on a full-strength par run; a worker or gunicorn that dies is started
again, with a log line, and the site keeps answering."""

import os
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest
from helpers.games import goals_for
from helpers.processes import free_port, wait_until
from served import Api, Served

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[3]


def group_members(group: int) -> list[str]:
    """Command lines of the live processes in a process group."""
    members = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        if int(fields[2]) == group and fields[0] != "Z":
            members.append((stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode())
    return members


def test_serve_announces_itself_and_sigterm_stops_everything(tmp_path):
    embedded = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    embedded.pop("CELERY_BROKER_URL", None)
    port = free_port()
    env = {**embedded, "PORT": str(port), "CALICO_VAR_DIR": str(tmp_path)}
    serve = subprocess.Popen(
        ["make", "serve"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(serve.stdout), daemon=True)
    reader.start()
    try:
        running = wait_until(
            lambda: next((line for line in lines if "Calico Daily is running" in line), None),
            "make serve says it is running",
            seconds=240,
        )
        assert "healthy" in running, "".join(lines[-40:])
        for where in ("/admin/", "/api/docs/", "/healthz"):
            assert any(f"http://127.0.0.1:{port}{where}" in line for line in lines)
        assert group_members(serve.pid), "make serve's processes are running"
    finally:
        os.killpg(serve.pid, signal.SIGTERM)
    # A worker's warm shutdown lets its running task end: a fresh site's scenario pass rate
    # takes 30-50 s at nice 19 on a quiet machine, several times that on a loaded one.
    deadline = time.monotonic() + 180
    while group_members(serve.pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert group_members(serve.pid) == [], "".join(lines[-40:])


def test_a_killed_worker_or_gunicorn_is_started_again(tmp_path):
    served = Served(tmp_path)
    try:
        assert "is running (Ctrl-C stops it): healthy" in served.log(), served.log()[-3000:]
        assert served.restarts() == [], served.log()[-3000:]
        for marker, name in (("-n hints@%h", "worker hints@"), ("-n versus@%h", "worker versus@")):
            os.kill(served.pid_of(marker), signal.SIGKILL)
            wait_until(
                lambda name=name: any(
                    f"serve: {name} exited" in line for line in served.restarts()
                ),
                f"bin/serve says {name} exited and starts it again",
            )
            assert served.get("/healthz/live")[0] == 200  # the site never stopped
        wait_until(
            lambda: served.get("/healthz")[1]["down"] == [], "every queue has its worker again"
        )

        # the restarted hint worker computes a hint
        player = Api(served.port, "kept")
        _, daily = player.call("GET", "/api/daily/")
        status, game = player.call("POST", "/api/games/", {"goals": goals_for(daily)})
        assert status == 201, game
        status, hint = player.call("POST", f"/api/games/{game['id']}/hints/")
        assert status == 202, hint
        url = f"/api/games/{game['id']}/hints/{hint['id']}/"
        hint = wait_until(
            lambda: (lambda h: h if h["status"] != "pending" else None)(player.call("GET", url)[1]),
            "the hint is computed",
        )
        assert hint["status"] == "ready", hint

        os.kill(served.pid_of("gunicorn calico_site.wsgi"), signal.SIGKILL)
        wait_until(lambda: any("serve: gunicorn exited" in x for x in served.restarts()), "restart")

        def answers() -> bool:
            try:
                return served.get("/healthz/live")[0] == 200
            except OSError:
                return False

        wait_until(answers, "gunicorn answers again", seconds=60)
        assert len(served.restarts()) == 3, served.restarts()
        assert "giving up" not in served.log()
    finally:
        served.stop()
