"""A stub OpenAI-compatible chat endpoint on 127.0.0.1 for the LLM paths' tests.

A real HTTP server (``http.server`` on a thread): the engine's client speaks
to it exactly as to OpenAI, Ollama or vLLM. ``answer(system, user)`` chooses
the reply per request (the extraction prompt and the grey-zone prompt start
differently); every request is kept in ``requests`` so a test counts the
calls the engine made. ``delay_s`` holds each reply back (a timeout).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

__all__ = ["StubLLM", "stub_llm"]

Answer = Callable[[str, str], str]


class StubLLM:
    def __init__(self, answer: Answer) -> None:
        self.answer = answer
        self.requests: list[dict[str, Any]] = []
        self.delay_s = 0.0
        self.url = ""

    def calls(self, starting: str) -> list[dict[str, Any]]:
        """The requests whose system prompt starts with ``starting``."""
        return [r for r in self.requests if r["body"]["messages"][0]["content"].startswith(starting)]


@contextmanager
def stub_llm(answer: Answer) -> Iterator[StubLLM]:
    stub = StubLLM(answer)

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            stub.requests.append({"path": self.path, "body": body, "auth": self.headers.get("Authorization")})
            if stub.delay_s:
                time.sleep(stub.delay_s)
            messages = body["messages"]
            content = stub.answer(messages[0]["content"], messages[1]["content"])
            payload = json.dumps({"choices": [{"message": {"role": "assistant", "content": content}}]})
            try:
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(payload.encode())
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (a timeout test)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    stub.url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    try:
        yield stub
    finally:
        server.shutdown()
        server.server_close()
