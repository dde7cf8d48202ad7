"""A real TCP proxy in front of PostgreSQL that loses a transaction's acknowledgement.

Why a proxy and not a patched driver: the fault under test is the network's.
The server commits, the acknowledgement never reaches the client, and the
client's driver, pool and retry logic (eventsourcing retries a statement that
met a dead connection) all run for real. Only a socket in between can do that
without touching the code under test.

The proxy reads the PostgreSQL wire protocol just enough to find transaction
ends: after the startup phase every message is a type byte, a 4-byte
big-endian length (counting itself) and a body. Two faults, each on every
``every``-th transaction end the proxy sees (counted over all connections):

* ``"after_commit"``: the server's CommandComplete ``C`` with tag
  ``COMMIT\\0`` is forwarded, then both sockets are closed before the
  ReadyForQuery that follows, so the transaction is durable but the client's
  driver reports a broken connection;
* ``"before_commit"``: the client's ``COMMIT`` (a simple ``Q`` query, one
  statement of a multi-statement ``Q`` such as ``INSERT ...; COMMIT; NOTIFY``,
  or a ``P`` parse of one) is not forwarded and both sockets are closed, so
  the server rolls the transaction back.

Upstream may be a TCP ``(host, port)`` or a Unix socket path (pgserver's
default). The proxy runs in daemon threads and ``close()`` (or leaving the
``with`` block) stops it and closes every socket it opened.
"""

from __future__ import annotations

import socket
import struct
import threading
from collections.abc import Callable
from typing import Literal
from urllib.parse import parse_qs, urlencode, urlsplit, urlunsplit

__all__ = ["Fault", "PgProxy", "through_proxy", "upstream_of"]

Fault = Literal["after_commit", "before_commit"]

_SSL_REQUEST = 80877103
_GSSENC_REQUEST = 80877104
_COMMIT_TAG = b"COMMIT\x00"


def upstream_of(url: str) -> str | tuple[str, int]:
    """Where a ``postgresql://`` URL points: a Unix socket path or (host, port)."""
    parts = urlsplit(url)
    query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
    host = query.get("host") or parts.hostname or "localhost"
    port = int(parts.port or query.get("port") or 5432)
    if host.startswith("/"):
        return f"{host}/.s.PGSQL.{port}"
    return (host, port)


def through_proxy(url: str, port: int) -> str:
    """``url`` with its host and port replaced by the proxy's 127.0.0.1:``port``."""
    parts = urlsplit(url)
    query = {k: v[-1] for k, v in parse_qs(parts.query).items() if k not in ("host", "port")}
    auth = parts.netloc.rpartition("@")[0]
    netloc = (auth + "@" if auth else "") + f"127.0.0.1:{port}"
    return urlunsplit(parts._replace(netloc=netloc, query=urlencode(query)))


class PgProxy:
    """Forwards 127.0.0.1:``port`` to ``upstream`` and drops every ``every``-th
    transaction end the way ``fault`` says (``every=0``: never)."""

    def __init__(self, upstream: str | tuple[str, int], fault: Fault, every: int) -> None:
        self.upstream = upstream
        self.fault = fault
        self.every = every
        self.commits = 0  # transaction ends seen (the fault's counter)
        self.dropped = 0  # connections this proxy cut
        # Asked where the fault would act: whether it does. It may first act on
        # the database itself (another writer committing between a lost
        # acknowledgement and the client's retry). None: always.
        self.gate: Callable[[], bool] | None = None
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self._sockets: set[socket.socket] = set()
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port: int = self._listener.getsockname()[1]
        self._thread = threading.Thread(target=self._accept, name="pg-proxy", daemon=True)
        self._thread.start()

    def __enter__(self) -> PgProxy:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._closed.set()
        try:
            self._listener.close()
        finally:
            with self._lock:
                sockets = list(self._sockets)
                self._sockets.clear()
            for s in sockets:
                _close(s)
            self._thread.join(timeout=5)

    # --- plumbing ------------------------------------------------------------

    def _accept(self) -> None:
        while not self._closed.is_set():
            try:
                client, _ = self._listener.accept()
            except OSError:
                return  # the listener was closed
            try:
                server = self._connect()
            except OSError:
                _close(client)
                continue
            with self._lock:
                if self._closed.is_set():
                    _close(client)
                    _close(server)
                    return
                self._sockets.update((client, server))
            link = _Link(self, client, server)
            for target in (link.client_to_server, link.server_to_client):
                threading.Thread(target=target, name="pg-proxy-pump", daemon=True).start()

    def _connect(self) -> socket.socket:
        if isinstance(self.upstream, str):
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(self.upstream)
            return s
        return socket.create_connection(self.upstream)

    def _tick(self, fault: Fault) -> bool:
        """Counts one transaction end seen where ``fault`` acts; True: drop now."""
        if fault != self.fault or self.every <= 0:
            return False
        with self._lock:
            self.commits += 1
            drop = self.commits % self.every == 0
        if drop and self.gate is not None:
            drop = self.gate()
        if drop:
            with self._lock:
                self.dropped += 1
        return drop

    def _forget(self, *sockets: socket.socket) -> None:
        with self._lock:
            for s in sockets:
                self._sockets.discard(s)
        for s in sockets:
            _close(s)


class _Link:
    """One client connection and its server connection, pumped both ways."""

    def __init__(self, proxy: PgProxy, client: socket.socket, server: socket.socket) -> None:
        self.proxy = proxy
        self.client = client
        self.server = server
        self.single_byte_replies = 0  # SSL / GSSENC requests answered by one byte ('S'/'N'/'G')
        self.started = threading.Event()  # the client's startup message went through
        self._lock = threading.Lock()

    def cut(self) -> None:
        self.proxy._forget(self.client, self.server)

    def client_to_server(self) -> None:
        buffer = bytearray()
        try:
            while True:
                data = self.client.recv(65536)
                if not data:
                    break
                buffer += data
                while True:
                    message = self._next_client_message(buffer)
                    if message is None:
                        break
                    if self._is_commit_query(message) and self.proxy._tick("before_commit"):
                        self.cut()
                        return
                    self.server.sendall(message)
        except OSError:
            pass
        self.cut()

    def server_to_client(self) -> None:
        buffer = bytearray()
        try:
            while True:
                data = self.server.recv(65536)
                if not data:
                    break
                buffer += data
                while True:
                    message = self._next_server_message(buffer)
                    if message is None:
                        break
                    self.client.sendall(message)
                    if message[:1] == b"C" and message[5:] == _COMMIT_TAG and self.proxy._tick("after_commit"):
                        self.cut()
                        return
        except OSError:
            pass
        self.cut()

    def _next_client_message(self, buffer: bytearray) -> bytes | None:
        """Pops one whole client message (untyped until the startup message)."""
        if not self.started.is_set():
            if len(buffer) < 8:
                return None
            length = struct.unpack("!I", buffer[:4])[0]
            if len(buffer) < length:
                return None
            code = struct.unpack("!I", buffer[4:8])[0]
            if code in (_SSL_REQUEST, _GSSENC_REQUEST):
                with self._lock:
                    self.single_byte_replies += 1
            else:
                self.started.set()
            return _pop(buffer, length)
        return _pop_typed(buffer)

    def _next_server_message(self, buffer: bytearray) -> bytes | None:
        with self._lock:
            if self.single_byte_replies and buffer:
                self.single_byte_replies -= 1
                return _pop(buffer, 1)
        return _pop_typed(buffer)

    @staticmethod
    def _is_commit_query(message: bytes) -> bool:
        kind = message[:1]
        if kind == b"Q":
            text = message[5:].rstrip(b"\x00")
        elif kind == b"P":  # Parse: statement name \0, query \0, parameter types
            text = message[5:].split(b"\x00", 2)[1] if message.count(b"\x00") >= 2 else b""
        else:
            return False
        return any(part.strip().upper() in (b"COMMIT", b"END", b"COMMIT TRANSACTION") for part in text.split(b";"))


def _pop(buffer: bytearray, n: int) -> bytes:
    message = bytes(buffer[:n])
    del buffer[:n]
    return message


def _pop_typed(buffer: bytearray) -> bytes | None:
    if len(buffer) < 5:
        return None
    length = struct.unpack("!I", buffer[1:5])[0]
    if len(buffer) < 1 + length:
        return None
    return _pop(buffer, 1 + length)


def _close(s: socket.socket) -> None:
    try:
        s.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    s.close()
