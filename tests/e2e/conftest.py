"""Browser tests: Playwright drives Debian's Chromium against the live Django server, with a
real Celery worker (``celery_worker_process``, from tests/conftest.py) computing par and hints.

They need PostgreSQL and Redis (they skip without them, and fail under CI=true). Screenshots
of every page land in ``test-artifacts/e2e/`` (git-ignored): look at them.

``E2E_BASE_URL=http://127.0.0.1:8000 pytest tests/e2e/test_daily_game.py`` plays the whole
daily against an already running site instead (``make serve`` from a fresh clone).

Each browser test module's clock (this process, so the live server, and the worker) reads noon
UTC of the day the module started, and ticks: a module that crosses 00:00 UTC stays on one day
(the daily's ranked moves after its close are refused ``day_closed``). The hold ends with the
module, so the tests that run after the browser tests in the same session (the integration
tests, whose workers keep the machine's clock) see the machine's clock again. Tests that move
the clock further nest their own ``time_machine.travel``.
"""

import importlib.util
import os
from pathlib import Path

import pytest
from axe_audit import AXE
from browser_helpers import ARTIFACTS, one_day_clock

# pytest-django's live server runs in a thread of this process; Playwright's sync API runs an
# event loop in it too, which makes Django refuse synchronous database access without this.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


FAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"


@pytest.fixture(scope="module", autouse=True)
def run_clock():
    with one_day_clock() as offset:
        yield offset


@pytest.fixture
def worker_clock_env(run_clock) -> dict:
    """The worker's clock moved as this process's is (libfaketime, an offset: it ticks too)."""
    if not Path(FAKETIME).exists():
        reason = f"needs libfaketime at {FAKETIME} (apt-get install faketime)"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"{reason} (CI=true: this test must run)")
        pytest.skip(reason)
    return {
        "LD_PRELOAD": FAKETIME,
        "FAKETIME": f"{run_clock:+d}",
        "FAKETIME_DONT_FAKE_MONOTONIC": "1",
    }


@pytest.fixture(scope="session")
def axe_source() -> str:
    """axe-core's script (``npm ci``, which the Makefile's install runs)."""
    if not AXE.exists():
        reason = f"needs {AXE.relative_to(ROOT)} (npm ci, which the Makefile's install runs)"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"{reason} (CI=true: this test must run)")
        pytest.skip(reason)
    return AXE.read_text()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not Path(CHROMIUM).exists():
        reason = f"needs Debian's Chromium at {CHROMIUM} (apt-get install chromium)"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"{reason} (CI=true: this test must run)")
        pytest.skip(reason)
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_FLAGS}


# The first-visit walkthrough (static/puzzles/js/tutorial.js) as a returning visitor has it:
# closed. Every context a test opens starts so, except ``browser.first_visit_context(...)``,
# the browser of someone who has never been here (tests/e2e/test_teach_the_game.py).
SEEN_TUTORIAL = "try { localStorage.setItem('calico-tutorial-seen', '1'); } catch (e) {}"


@pytest.fixture(scope="session")
def browser(browser):
    first_visit = browser.new_context

    def new_context(**options):
        context = first_visit(**options)
        context.add_init_script(SEEN_TUTORIAL)
        return context

    browser.first_visit_context = first_visit
    browser.new_context = new_context
    return browser


@pytest.fixture
def site(live_server):
    """The live site's base URL (tasks wait in this run's queue: no worker)."""
    return live_server.url


@pytest.fixture
def site_with_worker(request):
    """The live site's base URL, with a real worker computing par and hints beside it.

    With ``E2E_BASE_URL`` set (e.g. to a running ``make serve``), that site instead.
    """
    external = os.environ.get("E2E_BASE_URL")
    if external:
        return external.rstrip("/")
    request.getfixturevalue("celery_worker_process")
    return request.getfixturevalue("live_server").url


@pytest.fixture
def shot():
    """``shot(page, "name")`` saves a full-page screenshot as a test artifact."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    def take(page, name: str) -> Path:
        path = ARTIFACTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take


@pytest.fixture(scope="session")
def reference_scorer():
    """The independent scorer of tests/solver/reference.py (shares no code with the engine)."""
    spec = importlib.util.spec_from_file_location(
        "reference_scorer", ROOT / "tests" / "solver" / "reference.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
