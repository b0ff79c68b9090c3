"""Waiting on a real worker or server: poll until done, with a limit that only stops a stuck
test (never a slow machine's)."""

import time

import pytest


def wait_for(read, done, seconds=300):
    """Poll ``read()`` until ``done(value)``; return that value."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = read()
        if done(value):
            return value
        time.sleep(0.2)
    pytest.fail(f"still not done after {seconds} s: {value!r}")
