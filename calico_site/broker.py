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

**Order**: a message's name starts with the wall-clock time it was sent, in nanoseconds,
zero-padded, and consumers take the oldest name first, so a queue is first in, first out
across processes (to the clock's resolution; a clock set back sends later messages first).
**Loss**: a consumer that acknowledges (a Celery worker, ``acks_late``) keeps the file it
claimed, under ``processed/claimed/<owner>/``, until it acknowledges the message; a message
put back (a task whose pool process died) or left unacknowledged at a clean stop goes back
under its own name, so at the head of its queue, marked redelivered. Each owner folder is
held by an exclusive ``flock`` for its process's life; any consumer that finds an owner's lock
free (the process died: SIGKILL, out of memory, power) moves its messages back the same way.
So a message survives a worker killed outright. A consumer without acknowledgements (a
worker's control and reply queues) deletes what it reads at once.
"""

import contextlib
import fcntl
import itertools
import logging
import os
import time
import uuid
from queue import Empty

from kombu.transport import filesystem, virtual
from kombu.utils.encoding import bytes_to_str, str_to_bytes
from kombu.utils.json import dumps, loads

log = logging.getLogger(__name__)

TEMPORARY = ".writing-"  # the readers' match is on "<queue>.msg" after the first dot
LOCK = ".owner.lock"  # in an owner's claim folder: held (flock) while its process lives
ORPHANS_EVERY = 2.0  # seconds between a consumer's looks for the claims of dead processes
_sent = itertools.count()  # breaks a tie of two sends by one process in one nanosecond
_owner_locks: list[int] = []  # this process's owner locks (a forked child lets go of them)


def _forget_owner_locks() -> None:
    """In a forked child (a worker's pool process): close the inherited owner locks, so that
    they are released when the process that took them dies, whatever its children do."""
    while _owner_locks:
        with contextlib.suppress(OSError):
            os.close(_owner_locks.pop())


os.register_at_fork(after_in_child=_forget_owner_locks)


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
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._claims: dict[str, str] = {}  # delivery tag: the claimed file
        self._no_ack_queues: set[str] = set()
        self._owner: str | None = None  # this channel's claim folder, made at its first claim
        self._orphans_checked = float("-inf")

    def _put(self, queue, payload, **kwargs):
        name = f"{time.time_ns():020d}{next(_sent) % 1000:03d}_{uuid.uuid4()}.{queue}.msg"
        try:
            write_atomically(os.path.join(self.data_folder_out, name), str_to_bytes(dumps(payload)))
        except OSError as exc:
            raise filesystem.ChannelError(f"Cannot add message {name!r} to the queue") from exc

    def basic_consume(self, queue, no_ack, *args, **kwargs):
        if no_ack:
            self._no_ack_queues.add(queue)
        return super().basic_consume(queue, no_ack, *args, **kwargs)

    def _get(self, queue):
        wanted = f"{queue}.msg"
        keep = queue not in self._no_ack_queues  # until acknowledged
        if keep and time.monotonic() - self._orphans_checked > ORPHANS_EVERY:
            self._orphans_checked = time.monotonic()
            restore_orphans(self.processed_folder, self.data_folder_in)
        for name in sorted(os.listdir(self.data_folder_in)):
            if name.partition(".")[2] != wanted:
                continue
            folder = self._owner_folder() if keep else self._claims_folder()
            claimed = os.path.join(folder, name if keep else f"{os.getpid()}-{name}")
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
            tag = payload.get("properties", {}).get("delivery_tag") if keep else None
            if tag is None:
                os.remove(claimed)
            else:
                self._claims[tag] = claimed
            return payload
        raise Empty()

    def _claims_folder(self) -> str:
        folder = os.path.join(self.processed_folder, "claimed")
        os.makedirs(folder, exist_ok=True)
        return folder

    def _owner_folder(self) -> str:
        """This channel's claim folder, locked for its process's life (made at first use)."""
        if self._owner is None:
            # locked under a name of its own, then renamed into place: no one ever sees it
            # unlocked (and takes it for a dead process's)
            name = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"
            making = os.path.join(self._claims_folder(), f"{TEMPORARY}{name}")
            os.makedirs(making)
            lock = os.open(os.path.join(making, LOCK), os.O_CREAT | os.O_RDWR, 0o600)
            fcntl.flock(lock, fcntl.LOCK_EX)
            _owner_locks.append(lock)
            self._owner = os.path.join(self._claims_folder(), name)
            os.rename(making, self._owner)
        return self._owner

    def basic_ack(self, delivery_tag, multiple=False):
        super().basic_ack(delivery_tag, multiple)
        self._drop_claim(delivery_tag)

    def basic_reject(self, delivery_tag, requeue=False):
        super().basic_reject(delivery_tag, requeue)  # put back by _restore, if it is
        self._drop_claim(delivery_tag)

    def _drop_claim(self, delivery_tag) -> None:
        claimed = self._claims.pop(delivery_tag, None)
        if claimed is not None:
            with contextlib.suppress(FileNotFoundError):
                os.remove(claimed)

    def _restore(self, message):
        """Put a message back (rejected to be requeued, or unacknowledged at a clean stop):
        under its own name, so at the head of its queue, marked redelivered."""
        claimed = self._claims.pop(message.delivery_tag, None)
        if claimed is None or not os.path.exists(claimed):
            return super()._restore(message)
        put_back(claimed, self.data_folder_in)
        return None

    def close(self):
        super().close()  # puts back what is unacknowledged
        if self._owner is not None and not self._claims:
            with contextlib.suppress(OSError):
                os.remove(os.path.join(self._owner, LOCK))
                os.rmdir(self._owner)

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


def put_back(claimed: str, queue_folder: str) -> None:
    """Move a claimed message back into the queue under its own name, marked redelivered (a
    file that cannot be read goes back as it is)."""
    name = os.path.basename(claimed)
    try:
        with open(claimed, "rb") as file:
            payload = loads(bytes_to_str(file.read()))
        payload["properties"].setdefault("delivery_info", {})["redelivered"] = True
        payload.setdefault("headers", {})["redelivered"] = True
        write_atomically(os.path.join(queue_folder, name), str_to_bytes(dumps(payload)))
        os.remove(claimed)
    except FileNotFoundError:
        return
    except (OSError, ValueError, KeyError, TypeError):
        os.rename(claimed, os.path.join(queue_folder, name))
    log.warning("broker: message %s put back in its queue", name)


def restore_orphans(processed_folder: str, queue_folder: str) -> int:
    """Put back every message claimed by a process that has died (its owner lock is free);
    returns how many."""
    folder = os.path.join(processed_folder, "claimed")
    restored = 0
    with contextlib.suppress(FileNotFoundError):
        for owner in os.listdir(folder):
            path = os.path.join(folder, owner)
            lock_path = os.path.join(path, LOCK)
            try:
                lock = os.open(lock_path, os.O_RDWR)
            except (FileNotFoundError, NotADirectoryError):
                continue  # not an owner folder, or one just made or just removed
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(lock)
                continue  # its process lives
            try:
                for name in os.listdir(path):
                    if name != LOCK:
                        put_back(os.path.join(path, name), queue_folder)
                        restored += 1
                os.remove(lock_path)
                os.rmdir(path)
            except OSError:
                pass
            finally:
                os.close(lock)
    return restored


class Transport(filesystem.Transport):
    Channel = Channel
    global_state = virtual.BrokerState()
    driver_type = driver_name = "calico-files"
