"""gunicorn's settings for ``make serve`` and production (``--config python:calico_site.gunicorn``).

Threaded workers that read each request in their event loop before a thread takes it
(``calico_site/gunicorn_worker.py``): a connection that sends its request slowly holds no
thread, so slow sockets no longer stop the site (issues 41 and 47), however many. They are a
second line only: in production a buffering proxy (nginx, ``deploy/nginx.conf``) reads each
request whole before gunicorn sees it (docs/operations.md, "Behind a proxy")."""

import os

worker_class = "calico_site.gunicorn_worker.BufferingThreadWorker"
threads = int(os.environ.get("GUNICORN_THREADS", "8"))


def child_exit(server, worker):
    """A gunicorn worker that exits leaves its counters to the ``/metrics`` total (counters,
    histograms) and drops its gauges (prometheus-client's multiprocess mode)."""
    import os

    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)
