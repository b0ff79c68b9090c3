"""Calls made at once from threads, each on its own database connection, as gunicorn's or
Celery's workers would make them (PostgreSQL: the row locks are real)."""

import threading

from django.db import connection


def at_once(call, count: int) -> list:
    """Run ``call()`` in ``count`` threads released together; their results, in any order."""
    barrier = threading.Barrier(count)
    results = []

    def run():
        try:
            barrier.wait()
            results.append(call())
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == count
    return results
