"""Writes (HackSoft style): the views, tasks and commands change rows through functions here,
inside a transaction, with row locks where order matters and side effects (enqueuing Celery tasks)
after commit. Selectors (``puzzles.selectors``) read and never import this package; the pure
parts both need (the day, deals, replays) are in ``puzzles.game_state``.

The rule for names and arguments: every public function here that writes (rows, a session, a task
sent) is a ``do_*`` named for what it does: ``do_play_move``, ``do_ensure_challenge`` (an
idempotent maker), ``do_compute_hint`` (the work of a Celery task). Its first argument, if it
has any, is positional: what it acts on (a row or its id), or whom a new row is for; the rest
are keyword-only: ``do_play_move(game_id, *, player, data)``. A write that acts on no one row
takes its options by keyword only: ``do_resend_lost_runs(*, failed_too)``. None takes the
HTTP request: the views pass what a write needs (the player, the client address, the session).

The other public names only read or check: ``lock_*`` (inside a ``do_*``'s transaction, the
row about to change, locked), ``refuse_if_expired``, ``record_result`` (sets a field that the
caller saves), ``scenario_numbered``, ``workers_available`` and pure helpers (``daily_seed``,
``seat_seed``, ``message_for``). ``tests/puzzles/test_service_names.py`` checks the signatures.
"""
