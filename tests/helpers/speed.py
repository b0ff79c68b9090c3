"""Tests fast by construction (loaded by tests/conftest.py).

A test that starts a process (a worker, a server, a command line, ``git``) is ``slow``: the
``slow`` marker is set by tests/conftest.py from the markers and fixtures that start one, and
a test without it that starts a process anyway fails, naming the process. An audit hook sees
every way Python starts one (``subprocess``, ``os.system``, ``fork``, ``posix_spawn``, ``exec``).

A test that is not ``slow`` has a budget: 3 s of this process's CPU (``CALICO_TEST_BUDGET``
seconds; ``0`` turns it off; it fails past 1.5 times that, the summary names every test over
it) for its setup (fixtures of a wider scope aside: the test
database's creation is nobody's) and its call. CPU time, not wall time: on a loaded machine a
test waits for a core, which wall time would count against it; CPU time does not grow with
the load. And scaled by this machine's speed, measured once (when a test first goes over 3 s)
on a fixed piece of work against its time on the machine the budget was set on, never below
1: a machine half as fast gives 6 s. So the budget fails a test that does too much work, never
one on a slow or busy machine. Work done in PostgreSQL or Redis is theirs, not the test
process's: a test that waits on them is not caught here (``make test-fast``'s total is,
docs/benchmarks.md). Nor is Numba's compilation of the solver's core: a clean clone compiles
each function at its first call, in whichever test comes first, so it is no test's work.
"""

import os
import sys
import time

import pytest

BUDGET_SECONDS = float(os.environ.get("CALICO_TEST_BUDGET", "3"))
# The fixed piece of work's CPU seconds on the machine the budget was set on (the project's
# 2-core x86-64 VM, Python 3.11): 0.050-0.055 s, at load 17 as at rest (CPU time).
REFERENCE_WORK_SECONDS = 0.05
# A test's CPU time moves by up to a fifth between runs on a busy machine (caches, the other
# hyperthread): a test fails only past half as much again as its budget, and the summary names
# every test over the budget itself, to be made lighter or slow.
MARGIN = 1.5
# Each way Python starts a process, by its audit event.
PROCESS_EVENTS = {
    "subprocess.Popen",
    "os.system",
    "os.fork",
    "os.forkpty",
    "os.posix_spawn",
    "os.spawn",
    "os.exec",
    "pty.spawn",
}


def fixed_work() -> float:
    """CPU seconds of a fixed piece of pure-Python work: the machine's speed."""
    started = time.process_time()
    total = 0
    for number in range(1_500_000):
        total += number % 7
    return time.process_time() - started


class Guard:
    """Watches the test that runs: the processes it starts, the CPU it uses."""

    def __init__(self):
        self.watching = False  # True while a test that is not slow sets up or runs
        self.started: list[str] = []
        self.cpu = 0.0
        self.wider_fixtures = 0.0  # CPU of fixtures of a wider scope set up meanwhile
        self.fixture_depth = 0
        self.compiling = (
            0.0  # CPU of Numba's compilations meanwhile (a first call's, not the test's)
        )
        self._compile_depth = 0
        self._compile_started = 0.0
        self._speed = None

    def compile_started(self) -> None:
        self._compile_depth += 1
        if self._compile_depth == 1:
            self._compile_started = time.process_time()

    def compile_ended(self) -> None:
        self._compile_depth -= 1
        if self._compile_depth == 0 and not self.fixture_depth:
            self.compiling += time.process_time() - self._compile_started

    @property
    def speed(self) -> float:
        """How much slower than the reference this machine is (at least 1), measured once."""
        if self._speed is None:
            self._speed = max(1.0, min(fixed_work() for _ in range(3)) / REFERENCE_WORK_SECONDS)
        return self._speed

    def audit(self, event: str, args: tuple) -> None:
        if event in PROCESS_EVENTS and self.watching:
            what = " ".join(map(str, args[1])) if event == "subprocess.Popen" else event
            what = what[:200].encode("utf-8", "replace").decode()  # xdist sends it as UTF-8
            self.started.append(what)
            raise RuntimeError(f"a test not marked slow starts a process: {what}")


guard = Guard()
sys.addaudithook(guard.audit)


def _watch_compilations() -> None:
    """Numba tells when it compiles (its ``numba:compile`` events, nested for the callees):
    the outermost compilation's CPU goes to ``guard.compiling``."""
    try:
        from numba.core import event
    except ImportError:  # no Numba, nothing compiled
        return

    class CompileListener(event.Listener):
        def on_start(self, _event):
            guard.compile_started()

        def on_end(self, _event):
            guard.compile_ended()

    event.register("numba:compile", CompileListener())


_watch_compilations()


def _slow(item) -> bool:
    return item.get_closest_marker("slow") is not None


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item):
    guard.watching, guard.started = not _slow(item), []
    guard.cpu, guard.wider_fixtures, guard.compiling = 0.0, 0.0, 0.0
    started = time.process_time()
    try:
        return (yield)
    finally:
        guard.cpu += time.process_time() - started - guard.wider_fixtures - guard.compiling
        guard.compiling = 0.0


@pytest.hookimpl(wrapper=True)
def pytest_fixture_setup(fixturedef, request):
    if fixturedef.scope == "function" or guard.fixture_depth:
        return (yield)
    guard.fixture_depth += 1
    started = time.process_time()
    try:
        return (yield)
    finally:
        guard.fixture_depth -= 1
        guard.wider_fixtures += time.process_time() - started


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    started = time.process_time()
    try:
        return (yield)
    finally:
        guard.cpu += time.process_time() - started - guard.compiling
        guard.compiling = 0.0


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    try:
        return (yield)
    finally:
        guard.watching = False


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if call.when != "call" or _slow(item):
        return report
    report.user_properties.append(("cpu_seconds", round(guard.cpu, 3)))
    problems = []
    if guard.started:
        problems.append(
            f"it starts a process ({guard.started[0]}): a test that does is slow; mark it "
            "@pytest.mark.slow (or use a fixture that tests/conftest.py names slow)"
        )
    if (
        BUDGET_SECONDS
        and guard.cpu > BUDGET_SECONDS * MARGIN
        and guard.cpu > (budget := BUDGET_SECONDS * guard.speed * MARGIN)
    ):
        problems.append(
            f"it used {guard.cpu:.1f} s of CPU, past {budget:.1f} s ({BUDGET_SECONDS:g} s at "
            f"this machine's speed x{guard.speed:.2f}, with a margin of x{MARGIN:g}; "
            "tests/helpers/speed.py): make it do less, or make it slow"
        )
    if problems and report.passed:
        report.outcome = "failed"
        report.longrepr = "A test that is not slow must be fast: " + "; ".join(problems)
    return report


_cpu_seconds: dict[str, float] = {}


def pytest_runtest_logreport(report):
    """Each fast test's CPU, as its report brings it (from an xdist worker too)."""
    for name, value in report.user_properties:
        if name == "cpu_seconds":
            _cpu_seconds[report.nodeid] = value


def pytest_terminal_summary(terminalreporter):
    if not _cpu_seconds:
        return
    heaviest = sorted(_cpu_seconds.items(), key=lambda item: -item[1])
    heaviest = [item for item in heaviest if item[1] > BUDGET_SECONDS] or heaviest[:5]
    terminalreporter.section("CPU of the tests that are not slow (tests/helpers/speed.py)")
    terminalreporter.line(
        f"{len(_cpu_seconds)} tests, {sum(_cpu_seconds.values()):.0f} s of CPU in all; "
        f"budget {BUDGET_SECONDS:g} s each (a test fails past x{MARGIN:g}); the heaviest:"
    )
    for nodeid, seconds in heaviest:
        terminalreporter.line(f"  {seconds:6.2f} s  {nodeid}")
