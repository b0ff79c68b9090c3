"""The site's processes as Python starts them (the benchmarks, the tests' real servers), beside
bin/serve, which starts them for ``make serve``: a Celery worker's and gunicorn's command
lines, and whether a started site answers yet. Plain Python: nothing here sets Django up."""

import http.client
import sys


def celery_worker(
    queues: str,
    *,
    node: str,
    processes: int = 1,
    nice: int = 0,
    pool: str = "prefork",
    options: tuple[str, ...] = (),
) -> list[str]:
    """A Celery worker consuming ``queues`` (comma-separated), named ``node``, ``processes``
    in its ``pool`` (prefork: time limits apply only in one), ``nice`` below its starter.
    Without gossip and mingle: a worker alone on its queues starts sooner without them."""
    command = [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "calico_site",
        "worker",
        f"--pool={pool}",
        "-c",
        str(processes),
        "-Q",
        queues,
        "-n",
        node,
        "--without-gossip",
        "--without-mingle",
        *options,
    ]
    return ["nice", "-n", str(nice), *command] if nice else command


def gunicorn(port: int, *, workers: int = 2, options: tuple[str, ...] = ()) -> list[str]:
    """gunicorn serving the site on 127.0.0.1:``port`` with ``workers`` processes."""
    return [
        sys.executable,
        "-m",
        "gunicorn",
        "calico_site.wsgi",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        "--no-control-socket",
        *options,
    ]


def answers(port: int, path: str = "/api/") -> bool:
    """Whether the site on ``port`` answers an HTTP request for ``path`` (by default a JSON
    404 from the site's own stack), not only listens: its master listens before a worker has
    booted, and a connection made then can be reset."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.request("GET", path)
        connection.getresponse().read()
        return True
    except (OSError, http.client.HTTPException):
        return False
    finally:
        connection.close()
