"""One chat completion against an OpenAI-compatible endpoint, and the record of each call.

Used by both model paths of the distiller: the LLM extractor
(``llm_extractor``) and the grey-zone decision (``grey_zone_model``). Plain
``urllib``: the request is one POST of JSON, and an SDK would tie the engine to
one vendor's client where any OpenAI-compatible server (OpenAI, Ollama, vLLM)
answers the same body.

``ModelCalls`` writes every call as a ``model.called`` event
(``ledgermind.domain.model_call``) in its own transaction, before its answer
is used, and finds it again by what it was asked about: a window distilled
twice (a retry after a failed commit, a replayed dead letter) reads the
first answer back instead of asking the model again.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ledgermind.domain.errors import ExtractionFailed
from ledgermind.domain.model_call import ModelCall, ModelCallRecord, model_call_stream_id
from ledgermind.domain.owner import Owner

if TYPE_CHECKING:
    from ledgermind.write.port import WritePort
    from ledgermind.write.writer import UnitOfWork

__all__ = ["Chat", "LLMConfig", "ModelCalls", "chat"]


@dataclass(frozen=True, slots=True)
class LLMConfig:
    base_url: str  # e.g. http://127.0.0.1:8000/v1
    model: str
    api_key: str | None = None
    timeout_s: float = 30.0
    max_operations: int = 50


@dataclass(frozen=True, slots=True)
class Chat:
    """What was sent and what came back (``answer`` None when nothing did)."""

    messages: tuple[dict[str, str], ...]
    answer: str | None
    error: str | None
    latency_ms: int


def chat(config: LLMConfig, system: str, user: str, *, json_object: bool = True) -> Chat:
    """One completion at temperature 0; never raises for the endpoint's
    failures (they come back as ``error``: a timeout, a refused connection,
    a body that is not a chat completion)."""
    messages = ({"role": "system", "content": system}, {"role": "user", "content": user})
    body: dict[str, object] = {"model": config.model, "temperature": 0, "messages": list(messages)}
    if json_object:
        body["response_format"] = {"type": "json_object"}
    headers = {"Content-Type": "application/json"}
    if config.api_key:
        headers["Authorization"] = f"Bearer {config.api_key}"
    url = config.base_url.rstrip("/") + "/chat/completions"
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers, method="POST")
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=config.timeout_s) as response:
            answer = json.loads(response.read().decode("utf-8"))
        content = answer["choices"][0]["message"]["content"]
    except (urllib.error.URLError, TimeoutError, OSError, ValueError, KeyError, IndexError, TypeError) as e:
        return Chat(messages, None, f"{url}: {type(e).__name__}: {e}", _ms(started))
    if not isinstance(content, str):
        return Chat(messages, None, "the model's answer has no text content", _ms(started))
    return Chat(messages, content, None, _ms(started))


def complete(config: LLMConfig, system: str, user: str) -> Chat:
    """``chat``, raising ``ExtractionFailed`` when no answer came."""
    done = chat(config, system, user)
    if done.answer is None:
        raise ExtractionFailed(done.error or "no answer")
    return done


def _ms(started: float) -> int:
    return int((time.monotonic() - started) * 1000)


class ModelCalls:
    """The owner's recorded model calls, by (purpose, key)."""

    def __init__(self, eng: WritePort) -> None:
        self.eng = eng

    def recorded(self, owner: Owner, purpose: str, key: str) -> ModelCallRecord | None:
        found = self.eng.load(model_call_stream_id(owner, purpose, key), ModelCall, owner)
        return None if found is None else found.record()

    def record(
        self,
        owner: Owner,
        *,
        purpose: str,
        key: str,
        model: str,
        prompt_version: str,
        call: Chat,
        decision: str,
        fallback: str | None = None,
    ) -> ModelCallRecord:
        """Writes the call (one transaction of its own); when another
        distiller recorded the same call first, its record is the answer."""
        stream = model_call_stream_id(owner, purpose, key)

        def command(unit: UnitOfWork) -> ModelCallRecord:
            held = unit.get(ModelCall, stream)
            if held is None:
                held = ModelCall(
                    app=owner.app,
                    user_id=owner.user_id,
                    purpose=purpose,
                    key=key,
                    model=model,
                    prompt_version=prompt_version,
                    prompt=[dict(m) for m in call.messages],
                    answer=call.answer,
                    decision=decision,
                    fallback=fallback,
                    latency_ms=call.latency_ms,
                )
                unit.add(held)
            return held.record()

        record: ModelCallRecord = self.eng.submit(command)
        return record
