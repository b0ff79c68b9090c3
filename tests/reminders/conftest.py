"""The Web Push tests' resolver and push service (tests/helpers/push.py)."""

from helpers.push import names, push_service  # noqa: F401  (fixtures)
