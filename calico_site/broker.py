"""The embedded default's Celery broker: kombu's filesystem transport, made safe for several
processes at once (URL ``calico-files://``, registered in ``calico_site.settings``).

kombu's own filesystem transport creates a message file, then locks and writes it; a consumer
that lists the folder meanwhile moves and reads the file without taking the lock, gets an
empty or partial payload and dies with ``JSONDecodeError`` (issue 21; ``bench/broker_race.py``
reproduces it in seconds). The exchange tables of the control folder have the same race
(``open("wb")`` empties the file before its lock is taken).

Here every file is written whole under a name no reader looks at, then renamed into place:
``rename`` within one folder is atomic, so a reader sees no file or the whole file. A consumer
claims a message by renaming it into its own folder (one claimant wins; the others get
``FileNotFoundError`` and look at the next file). A file that still cannot be read (written by
kombu's transport, a full disk) is set aside in ``broken/`` with a warning, never fatal to the
worker.
"""

import contextlib
import fcntl
import logging
import os
import uuid
from queue import Empty
from time import monotonic

from kombu.transport import filesystem, virtual
from kombu.utils.encoding import bytes_to_str, str_to_bytes
from kombu.utils.json import dumps, loads

log = logging.getLogger(__name__)

TEMPORARY = ".writing-"  # the readers' match is on "<queue>.msg" after the first dot


def write_atomically(path: str, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all, as others see it."""
    folder, name = os.path.split(path)
    temporary = os.path.join(folder, f"{TEMPORARY}{uuid.uuid4().hex}-{name}")
    try:
        with open(temporary, "wb") as file:
            file.write(data)
        os.rename(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(temporary)
        raise


class Channel(filesystem.Channel):
    def _put(self, queue, payload, **kwargs):
        name = f"{round(monotonic() * 1000)}_{uuid.uuid4()}.{queue}.msg"
        try:
            write_atomically(os.path.join(self.data_folder_out, name), str_to_bytes(dumps(payload)))
        except OSError as exc:
            raise filesystem.ChannelError(f"Cannot add message {name!r} to the queue") from exc

    def _get(self, queue):
        wanted = f"{queue}.msg"
        claimed_folder = os.path.join(self.processed_folder, "claimed")
        os.makedirs(claimed_folder, exist_ok=True)
        for name in sorted(os.listdir(self.data_folder_in)):
            if name.partition(".")[2] != wanted:
                continue
            claimed = os.path.join(claimed_folder, f"{os.getpid()}-{name}")
            try:
                os.rename(os.path.join(self.data_folder_in, name), claimed)
            except FileNotFoundError:  # another consumer claimed it first
                continue
            try:
                with open(claimed, "rb") as file:
                    payload = loads(bytes_to_str(file.read()))
            except (OSError, ValueError) as exc:
                self._set_aside(claimed, name, exc)
                continue
            os.remove(claimed)
            return payload
        raise Empty()

    def _set_aside(self, claimed: str, name: str, exc: Exception) -> None:
        broken = os.path.join(self.processed_folder, "broken")
        os.makedirs(broken, exist_ok=True)
        log.warning("broker: message %s unreadable (%s), set aside in %s", name, exc, broken)
        with contextlib.suppress(OSError):
            os.rename(claimed, os.path.join(broken, name))

    # The exchange tables (which queues an exchange feeds: the workers' control queues, each
    # ping's reply queue) are read-modify-written under one lock per table, and replaced by
    # a rename, so that a reader never sees a half-written table.
    @contextlib.contextmanager
    def _table_lock(self, exchange):
        self.control_folder.mkdir(exist_ok=True)
        lock_path = self._exchange_file(exchange).with_suffix(".lock")
        with open(lock_path, "a") as lock:
            fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock.fileno(), fcntl.LOCK_UN)

    def _write_table(self, exchange, queues) -> None:
        write_atomically(str(self._exchange_file(exchange)), str_to_bytes(dumps(queues)))

    def _queue_bind(self, exchange, routing_key, pattern, queue):
        entry = filesystem.exchange_queue_t(routing_key or "", pattern or "", queue or "")
        with self._table_lock(exchange):
            queues = self.get_table(exchange)
            if entry not in queues:
                self._write_table(exchange, [entry, *queues])

    def _delete(self, queue, exchange, routing_key, pattern, *args, **kwargs):
        virtual.Channel._delete(self, queue, exchange, routing_key, pattern, *args, **kwargs)
        entry = filesystem.exchange_queue_t(routing_key or "", pattern or "", queue or "")
        with self._table_lock(exchange):
            queues = self.get_table(exchange)
            if entry in queues:
                self._write_table(exchange, [q for q in queues if q != entry])


class Transport(filesystem.Transport):
    Channel = Channel
    global_state = virtual.BrokerState()
    driver_type = driver_name = "calico-files"
