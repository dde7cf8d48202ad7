"""The OpenAPI document's renderings of the engine's input rules say what the engine does.

The fuzzing test (``tests/surface/test_schemathesis.py``) samples them; these
check them whole: every code point a user id may hold, every id form.
"""

from __future__ import annotations

import re
import uuid

from hypothesis import example, given
from hypothesis import strategies as st

from ledgermind import Owner
from ledgermind.domain.errors import InvalidInput, InvalidOwner
from ledgermind.service.params import ID, user_schema
from ledgermind.service.positions import MAX_POSITION, POSITION_PATTERN, parse_position


def _owner_accepts(text: str) -> bool:
    try:
        Owner("app", text)
    except InvalidOwner:
        return False
    return True


def test_the_user_pattern_is_the_owner_rule_on_every_code_point() -> None:
    pattern = re.compile(user_schema()["pattern"])
    wrong = [
        hex(o)
        for o in range(0x110000)
        if not 0xD800 <= o <= 0xDFFF and (pattern.fullmatch("a" + chr(o)) is not None) != _owner_accepts("a" + chr(o))
    ]
    assert wrong == []


def test_the_id_pattern_takes_both_forms_the_engine_reads() -> None:
    pattern = re.compile(ID["pattern"])
    made = uuid.uuid4()
    for form in (made.hex, str(made), made.hex.upper(), str(made).upper()):
        assert pattern.fullmatch(form), form
    for bad in ("", "0", made.hex[:-1], made.hex + "0", "g" * 32, f"{made.hex} "):
        assert not pattern.fullmatch(bad), bad


@given(st.one_of(st.integers(min_value=0, max_value=10**20).map(str), st.text(alphabet="0123456789 x", max_size=21)))
@example(str(MAX_POSITION))
@example(str(MAX_POSITION + 1))
@example("0" * 19)
@example("0" * 20)
def test_the_position_pattern_is_what_the_server_parses(text: str) -> None:
    try:
        parse_position(text, "Last-Event-ID")
        parsed = True
    except InvalidInput:
        parsed = False
    # headers reach the server with their outer whitespace already stripped
    assert (re.match(POSITION_PATTERN, text.strip()) is not None) == parsed
