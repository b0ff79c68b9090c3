"""Writes (HackSoft style): the views, tasks and commands change rows through functions here,
inside a transaction, with row locks where order matters and side effects (enqueuing Celery tasks)
after commit. Selectors (``puzzles.selectors``) read and never import this package; the pure
parts both need (the day, deals, replays) are in ``puzzles.play``.

Names, as they stand:
- ``do_*``: a write a request (or a command) asks for, e.g. ``do_play_move``. The first
  argument is what it acts on or who acts; newer ones (groups, guests, moderation, scenarios,
  ``do_start_versus``) take the rest keyword-only, the first ones (games, hints, analysis,
  versus goals, moves and resume) positionally.
- ``compute_*`` / ``play_opponents``: the work of a Celery task, on the row it names.
- ``ensure_*``: idempotent makers (a day's challenge, its best-known run, a guest, pass rates).
- the rest say what they write (``register``, ``count_game``, ``rebuild_tallies``).
"""
