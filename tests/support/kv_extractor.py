"""A deterministic extractor for lineage and retraction tests.

"set KEY VALUE" proposes the keyed fact KEY = VALUE (subject "user"), so
reconcile reinforces a repeat and supersedes a change; "drop KEY" proposes
deleting it. Anything else proposes nothing. Why not the rule extractor:
these tests are about what the log says caused what, and must not move when
the English and Chinese rules are tuned.
"""

from __future__ import annotations

from ledgermind.distill.delta import ExtractionContext
from ledgermind.distill.proposals import Extraction, Proposal

__all__ = ["KeyValueExtractor"]


class KeyValueExtractor:
    name = "kv"
    version = "1"

    def extract(self, ctx: ExtractionContext) -> Extraction:
        proposals = []
        for item in ctx.items:
            words = (item.content or "").split()
            if item.role != "user" or len(words) < 2:
                continue
            source = item.source()
            common = dict(
                kind="fact",
                valid_from=item.occurred_at,
                source=source,
                source_key=f"{item.session_id}:{item.seq}:kv",
                confidence=0.7,
                subject="user",
                attribute=words[1],
                sources=(source,),
            )
            if words[0] == "set" and len(words) == 3:
                proposals.append(Proposal(op="add", statement=f"{words[1]} is {words[2]}", value=words[2], **common))  # type: ignore[arg-type]
            elif words[0] == "drop":
                proposals.append(Proposal(op="delete", statement=words[1], **common))  # type: ignore[arg-type]
        return Extraction(tuple(proposals), method="rule", extractor=self.name, extractor_version=self.version)
