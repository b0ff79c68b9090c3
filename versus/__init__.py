"""Versus: the player against one to three solver opponents at a table of their own, with hints,
a replay and a review. Built on the daily (``puzzles``: players, the job lifecycle, the
hints' words), which never imports it (tests/test_import_direction.py)."""
