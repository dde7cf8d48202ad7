"""A TCP proxy on 127.0.0.1 that loses the server's answers: the request arrives, the answer does not.

Why: a client's retry is only safe if the server wrote the first attempt
and the retry writes nothing. The proxy forwards each request to the real
server, and for the first ``lose`` connections it closes both sockets as
soon as the server starts answering, so the client sees a dropped
connection after the server acted on the request. Daemon threads; ``close``
(or leaving the ``with`` block) stops it.
"""

from __future__ import annotations

import socket
import threading

__all__ = ["LossyProxy"]


class LossyProxy:
    def __init__(self, upstream: tuple[str, int], lose: int) -> None:
        self.upstream = upstream
        self.lose = lose
        self.lost = 0
        self.lock = threading.Lock()
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.sockets: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> LossyProxy:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        for s in [self.listener, *self.sockets]:
            _close(s)

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(self.upstream)
            self.sockets += [client, server]
            threading.Thread(target=self._pump, args=(client, server, False), daemon=True).start()
            threading.Thread(target=self._pump, args=(server, client, True), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket, answers: bool) -> None:
        first = True
        try:
            while data := source.recv(65536):
                if answers and first and self._lose_this_one():
                    break  # the server answered; the client never hears it
                first = False
                sink.sendall(data)
        except OSError:
            pass
        _close(source)
        _close(sink)

    def _lose_this_one(self) -> bool:
        with self.lock:
            if self.lost < self.lose:
                self.lost += 1
                return True
            return False


def _close(s: socket.socket) -> None:
    try:
        s.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    s.close()
