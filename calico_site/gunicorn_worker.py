"""gunicorn's threaded worker with the request read in its event loop (issue 47, point 1).

gunicorn's ``gthread`` worker hands a connection to a thread as soon as its first byte
arrives, and the thread then waits, without a deadline, for the rest of the request: twenty
connections that trickle their headers a byte at a time held all sixteen threads of
``make serve`` and timed out three of five ``/healthz/live`` probes. Here the worker's event
loop reads each request itself, without a thread, until its headers (and a body of a stated
``Content-Length`` up to ``BODY_BYTES``) are in, and only then gives it to a thread, which
finds the bytes already read: a slow client costs a socket and its buffer, never a thread.
A request not in within ``REQUEST_SECONDS`` is dropped (nginx's ``client_header_timeout``,
deploy/nginx.conf). Production keeps the buffering proxy in front (docs/operations.md, "Behind
a proxy"); this is the second line, and the embedded default's only one.

TLS and HTTP/2 connections (not used by the site: the proxy ends TLS) take gunicorn's own path.
"""

import errno
import re
import selectors
import time
from collections import deque
from functools import partial

from gunicorn.http2 import negotiation
from gunicorn.workers.gthread import ThreadWorker

REQUEST_SECONDS = 10.0  # a request's headers and body must be in within this, from its first wait
HEADER_BYTES = 64 * 1024  # more without the headers' end: the connection is closed (nginx: 32 KB)
BODY_BYTES = 1024 * 1024  # bodies up to this are read here too (the API's are a few KB)
CHUNK = 64 * 1024
HEADERS_END = b"\r\n\r\n"
EXPECT = re.compile(rb"^expect[ \t]*:", re.I | re.M)  # 100-continue: the body comes after an answer
CONTENT_LENGTH = re.compile(rb"^content-length[ \t]*:[ \t]*(\d{1,12})[ \t]*\r?$", re.I | re.M)


def wanted(data: bytes) -> int | None:
    """How many bytes make ``data``'s first request whole enough to hand to a thread, or None
    while its headers have not ended. A chunked body, one over ``BODY_BYTES`` or one that waits
    for ``Expect: 100-continue``'s answer is read by the thread."""
    end = data.find(HEADERS_END)
    if end < 0:
        return None
    headers = data[: end + len(HEADERS_END)]
    length = CONTENT_LENGTH.search(headers)
    body = int(length.group(1)) if length and not EXPECT.search(headers) else 0
    return len(headers) + (body if body <= BODY_BYTES else 0)


class BufferingThreadWorker(ThreadWorker):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.reading_conns = deque()  # (deadline, conn), oldest first

    def enqueue_req(self, conn):
        """Every way into a thread (a new connection, a kept-alive one readable again, bytes
        of a next request already read) comes here: read the request first."""
        if getattr(conn, "request_in", False) or self._gunicorns_own_path(conn):
            conn.request_in = False
            super().enqueue_req(conn)
            return
        if not conn.initialized:
            conn.init()  # plain HTTP/1: makes the parser, reads nothing
        conn.sock.setblocking(False)
        conn.read_ahead = conn.parser.unreader.take_buffered()
        conn.read_deadline = time.monotonic() + REQUEST_SECONDS
        self.reading_conns.append(conn)
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self._on_bytes, conn))
        self._advance(conn)

    def _gunicorns_own_path(self, conn) -> bool:
        return bool(self.cfg.is_ssl or conn.is_http2) or (
            not conn.initialized and negotiation.prior_knowledge_allowed(self.cfg, conn.client)
        )

    def _advance(self, conn):
        """Hand the connection to a thread once its request is in; drop it if its headers
        grow past ``HEADER_BYTES`` without ending."""
        need = wanted(conn.read_ahead)
        if need is None:
            if len(conn.read_ahead) > HEADER_BYTES:
                self._drop(conn)
            return
        if len(conn.read_ahead) < need:
            return
        self._stop_reading(conn)
        conn.parser.unreader.unread(conn.read_ahead)
        conn.read_ahead = b""
        conn.request_in = True
        conn.sock.setblocking(True)
        self.enqueue_req(conn)

    def _on_bytes(self, conn, client):
        try:
            data = conn.sock.recv(CHUNK)
        except (BlockingIOError, InterruptedError):
            return
        except OSError as error:
            if error.errno not in (errno.ECONNRESET, errno.ENOTCONN, errno.EPIPE):
                self.log.debug("reading a request: %s", error)
            data = b""
        if not data:  # the client went
            self._drop(conn)
            return
        conn.read_ahead += data
        self._advance(conn)

    def _stop_reading(self, conn):
        self.poller.unregister(conn.sock)
        self.reading_conns.remove(conn)

    def _drop(self, conn):
        self._stop_reading(conn)
        self.nr_conns -= 1
        conn.close()

    def murder_pending(self):
        """Also drop the requests not in by their deadline (every one, once stopping)."""
        super().murder_pending()
        now = time.monotonic()
        while self.reading_conns and (not self.alive or self.reading_conns[0].read_deadline <= now):
            self._drop(self.reading_conns[0])
