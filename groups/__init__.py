"""Groups of friends who compare scores: a board of the day and standings narrowed to the
members. Built on the daily (``puzzles``: players, games, the leaderboard), which never
imports it (tests/test_import_direction.py)."""
