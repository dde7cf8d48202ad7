"""What every embedder is: texts in, unit rows out, with a name and a noise floor.

The embedder's ``name`` and ``dimension`` are parameters of the search
index's projection version: switching embedders is a rebuild, never a
migration. ``similarity_floor`` is the cosine below which a dense neighbour
is noise for that model (search drops candidates under it); ``floor_for``
raises it for a query in a script the model places in its noise (CJK text
for an English model).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from ledgermind.analysis.text import has_cjk

__all__ = ["UNRELATED", "UNRELATED_CJK", "Embedder", "MeasuredFloor", "floor_for", "noise_floor", "normalise"]


@runtime_checkable
class Embedder(Protocol):
    """Texts in, one L2-normalised float32 row per text out.

    ``similarity_floor``: the cosine below which a neighbour is noise for this
    embedder (search drops dense candidates under it)."""

    @property
    def name(self) -> str: ...

    @property
    def dimension(self) -> int: ...

    @property
    def similarity_floor(self) -> float: ...

    def embed(self, texts: Sequence[str]) -> np.ndarray: ...


class _Embeds(Protocol):
    _floor: float | None

    def embed(self, texts: Sequence[str]) -> np.ndarray: ...


class MeasuredFloor:
    """``similarity_floor`` for an adapter of a model it does not know in
    advance: the floor it was given (``self._floor``), else ``noise_floor`` of
    its own ``embed``, measured when first asked, not when built, so that
    choosing an embedder does not load its model."""

    _floor: float | None = None

    @property
    def similarity_floor(self: _Embeds) -> float:
        if self._floor is None:
            self._floor = noise_floor(self.embed)
        return self._floor


def normalise(matrix: np.ndarray) -> np.ndarray:
    """Rows scaled to unit length (zero rows stay zero) as float32."""
    m = np.asarray(matrix, dtype=np.float32)
    norms: npt.NDArray[np.floating[Any]] = np.linalg.norm(m, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    unit: npt.NDArray[np.float32] = (m / norms).astype(np.float32, copy=False)
    return unit


# Sentences on unrelated subjects, one each (written once, never tuned on a
# benchmark): how similar a model finds texts that share nothing tells where
# its noise ends. Mixed lengths, a question among them, two Chinese lines.
UNRELATED = (
    "The ferry to the island leaves at seven every morning.",
    "She repaired the bicycle chain with a borrowed tool.",
    "Interest rates rose for the third quarter in a row.",
    "How many legs does a spider have?",
    "The violin solo in the second movement was too quiet.",
    "Our team migrated the billing service to Kubernetes.",
    "Grandma's recipe needs two cups of flour and a pinch of salt.",
    "The volcano last erupted in 1913.",
    "He trains for the marathon by running before dawn.",
    "The contract expires at the end of March.",
    "Penguins huddle together to survive the Antarctic winter.",
    "I can't find the charger for my laptop.",
    "The museum reopened after the roof was replaced.",
    "Which vaccine does a puppy need at eight weeks?",
    "The poem rhymes only in its last stanza.",
    "Tomatoes grow best with six hours of direct sun.",
    "The referee stopped the match because of lightning.",
    "Her thesis is about medieval trade routes.",
    "The printer on the third floor jams every morning.",
    "We adopted a grey cat from the shelter last spring.",
    "明天上午九点开会讨论预算。",
    "这家面馆的牛肉面很好吃。",
)


# The same sentences in Chinese (translated, plus the two Chinese lines
# above; written before any floor was measured, and not the benchmarks'
# unrelated questions): the noise of a model for CJK text.
UNRELATED_CJK = (
    "渡轮每天早上七点开往小岛。",
    "她用借来的工具修好了自行车链条。",
    "利率已经连续三个季度上涨。",
    "蜘蛛有几条腿？",
    "第二乐章的小提琴独奏声音太小了。",
    "我们把计费服务迁移到了新的服务器上。",
    "奶奶的配方需要两杯面粉和一小撮盐。",
    "这座火山上一次喷发是在1913年。",
    "他每天天亮前跑步，为马拉松做准备。",
    "合同在三月底到期。",
    "企鹅挤在一起度过南极的冬天。",
    "我找不到笔记本电脑的充电器了。",
    "博物馆换了屋顶以后重新开放了。",
    "小狗八周大的时候需要打什么疫苗？",
    "这首诗只有最后一节押韵。",
    "西红柿每天需要六个小时的直射阳光。",
    "因为打雷，裁判中止了比赛。",
    "她的论文研究中世纪的贸易路线。",
    "三楼的打印机每天早上都卡纸。",
    "去年春天我们从收容所领养了一只灰猫。",
    "明天上午九点开会讨论预算。",
    "这家面馆的牛肉面很好吃。",
)

_CJK_FLOORS: dict[tuple[str, int], float] = {}
_CJK_LOCK = threading.Lock()


def floor_for(embedder: Embedder, text: str) -> float:
    """The similarity floor for a query reading ``text``: the embedder's own,
    or, when the text holds CJK characters, the model's noise floor on
    ``UNRELATED_CJK`` where that is higher (measured once per process).

    Why by script: an English model (MiniLM, wordllama) has no Chinese in
    its training, and its WordPiece vocabulary cuts Chinese into single
    characters it never learned to tell apart: any two Chinese sentences
    land close together (MiniLM: a mean cosine of 0.61 between unrelated
    ones, 0.06 for the same sentences in English), so every Chinese memory
    cleared the English floor of 0.3 and an unrelated Chinese question was
    served. Above the CJK floor (0.90 for MiniLM, 0.80 for wordllama) a
    cosine means what it means in English; a model trained on Chinese (or
    the hashing embedder, whose CJK noise is its English one) keeps its
    floor."""
    own = float(embedder.similarity_floor)
    if not has_cjk(text):
        return own
    key = (str(embedder.name), int(embedder.dimension))
    with _CJK_LOCK:
        found = _CJK_FLOORS.get(key)
    if found is None:  # measured outside the lock: embedding may load a model
        found = noise_floor(embedder.embed, UNRELATED_CJK)
        with _CJK_LOCK:
            _CJK_FLOORS[key] = found
    return max(own, found)


def noise_floor(embed: Callable[[Sequence[str]], np.ndarray], sentences: Sequence[str] = UNRELATED) -> float:
    """Where a model's noise ends: the mean cosine between two of the
    unrelated ``sentences`` plus three standard deviations (231 pairs),
    rounded up to 0.05. Why measured, not declared: cosine scales differ by
    model (some put unrelated texts near 0.0, others near 0.7), so a general
    adapter cannot know its model's floor in advance. For the shipped
    embedders this gives 0.20 (hashing), 0.30 (MiniLM) and 0.30 (wordllama):
    about the 99th percentile of the cosine between a LoCoMo question and a
    random turn (0.20, 0.37, 0.39)."""
    vectors = normalise(embed(list(sentences)))
    sims = (vectors @ vectors.T)[np.triu_indices(len(sentences), k=1)]
    outlier = float(sims.mean() + 3 * sims.std())
    return float(np.ceil(max(outlier, 0.0) * 20 - 1e-9) / 20)
