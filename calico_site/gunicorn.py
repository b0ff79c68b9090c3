"""gunicorn's settings for ``make serve`` (``--config python:calico_site.gunicorn``)."""


def child_exit(server, worker):
    """A gunicorn worker that exits leaves its counters to the ``/metrics`` total (counters,
    histograms) and drops its gauges (prometheus-client's multiprocess mode)."""
    import os

    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)
