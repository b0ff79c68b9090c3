"""Writes (HackSoft style): every change to the database goes through a ``do_*`` function
here, inside a transaction, with row locks where order matters and side effects (enqueuing
Celery tasks) after commit."""
