"""The Web Push fixtures (tests/helpers/push.py), for a duel's notice."""

from helpers.push import names, push_service  # noqa: F401  (fixtures)
