"""What the tests of every app share: fixtures (``fixtures``, loaded by tests/conftest.py),
whole games (``games``) and the live processes a test starts (``processes``)."""
