"""The messages one saver call refers to, and those it appends to the session.

Why one object per call: a ``put`` or ``put_writes`` may meet the same
message in several places (a channel, the input value, a pending write) and
must append it once, then refer to it everywhere by its seq; a message it
appends gets a placeholder ``-(k + 1)`` that the command swaps for its seq
(``resolve``) once the session assigned it, in the same transaction.

Which session message a message is (``known``): the one with its id, if
equal; else one of ``loose``, the id-less messages this step's inputs put
in the session (``index.referenced``), equal once given the id add_messages
gave it later (LangGraph assigns an id to an id-less message when it adds it
to a channel). A channel keeps that id in its delta (``claims``).
"""

from __future__ import annotations

from typing import Any

from langchain_core.messages import BaseMessage
from langgraph.checkpoint.serde.base import SerializerProtocol

from ledgermind.domain.config import Limits
from ledgermind.integrations.langgraph import refs
from ledgermind.integrations.langgraph.index import StreamReader, ThreadIndex
from ledgermind.integrations.langgraph.messages import storable, to_fields

__all__ = ["Stager", "resolve_value"]


class Stager:
    def __init__(
        self,
        index: ThreadIndex,
        port: StreamReader,
        serde: SerializerProtocol,
        limits: Limits,
        loose: list[int],
    ) -> None:
        self.index = index
        self.port = port
        self.serde = serde
        self.limits = limits
        self.loose = list(dict.fromkeys(loose))
        self.messages: list[BaseMessage] = []  # to append, in order
        self.fields: list[dict[str, Any]] = []  # their message.added fields
        self.claims: dict[int, str] = {}  # seq -> the id a channel gives an id-less session message

    def storable(self, message: BaseMessage) -> bool:
        return storable(message, self.limits, self.serde)

    def _same(self, seq: int, message: BaseMessage, any_id: bool = False) -> bool:
        """Whether the session message at ``seq`` is ``message``, given the
        id add_messages gave it (or, ``any_id``, whatever its id)."""
        prior = self.index.raw(seq, self.port, self.serde)
        if prior.id is None or any_id:
            prior.id = message.id
        return prior == message

    def known(self, message: BaseMessage, any_id: bool = False) -> int | None:
        """The seq (or placeholder) of a message this call can refer to, or
        None. ``any_id``: a pending write's message, whose id the stored
        entry keeps, may be a loose message with any id."""
        if message.id:
            seq = self.index.seqs_by_id.get(message.id)
            if seq is not None and self._same(seq, message):
                return seq
        for seq in self.loose:
            # A channel's message may take a loose one's place only once (it gives it an id).
            if (any_id or (seq not in self.claims and seq not in self.index.ids)) and self._same(seq, message, any_id):
                return seq
        for k, staged in enumerate(self.messages):
            if staged is message or staged == message:
                return -(k + 1)
        return None

    def stage(self, message: BaseMessage) -> int:
        """A placeholder for a message the session does not hold yet."""
        fields = to_fields(message, self.limits, self.serde)
        edited = self.index.seqs_by_id.get(message.id or "")
        if edited is not None:  # a new version of a message the session holds
            fields["metadata"] = {"langgraph": {**(fields["metadata"] or {}).get("langgraph", {}), "edit_of": edited}}
        self.messages.append(message)
        self.fields.append(fields)
        return -len(self.messages)

    def ref(self, message: BaseMessage) -> int:
        seq = self.known(message, any_id=True)
        return self.stage(message) if seq is None else seq

    def claiming(self, message: BaseMessage) -> int | None:
        """``known`` for a channel's message: an id-less session message it
        matches is claimed with the message's id (``claims``)."""
        seq = self.known(message)
        if seq is not None and seq > 0 and message.id and self.index.raw(seq, self.port, self.serde).id is None:
            self.claims[seq] = message.id
        return seq

    def store(self, value: Any) -> list[Any] | None:
        """``[refs.KIND, data]`` for a value that carries messages, else None.
        An entry names the id a message has here (or null) when its session
        message has another."""
        split = refs.find(value, self.storable)
        if split is None:
            return None
        template, found = split
        entries: list[list[Any]] = []
        for path, message, as_dict in zip(found.paths, found.messages, found.dicts):
            seq = self.ref(message)
            entry: list[Any] = [path, seq]
            if not as_dict and seq > 0 and self.index.raw(seq, self.port, self.serde).id != message.id:
                entry.append(message.id)
            entries.append(entry)
        return [refs.KIND, {"v": template, "m": entries}]


def resolve_value(data: dict[str, Any], seqs: list[int]) -> dict[str, Any]:
    """A stored value with each placeholder replaced by its seq."""
    return {"v": data["v"], "m": [[e[0], seqs[-e[1] - 1] if e[1] < 0 else e[1], *e[2:]] for e in data["m"]]}
