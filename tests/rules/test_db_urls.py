"""Database URLs in every form libpq accepts reach both drivers whole.

Why: a primary with standbys is addressed by one multi-host URL
(``postgresql://u@h1:p1,h2:p2/db?target_session_attrs=read-write``); the
engine used to reject it with a raw ``ValueError`` (port parsing), build a
broken URL from the ``?host=a,b&port=p1,p2`` form, and drop every query
parameter but host, port, user and password, so the drivers never learnt to
look for the primary.
"""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy.dialects.postgresql.psycopg import dialect as psycopg_dialect

from ledgermind.domain.errors import InvalidInput, UnsupportedBackend
from ledgermind.storage.backend import Backend, parse_db_url


def _drivers(backend: Backend) -> tuple[dict[str, str], dict[str, str]]:
    """What the event store's pool and SQLAlchemy's engines would hand psycopg."""
    pool = {
        "host": backend.es_env["POSTGRES_HOST"], "port": backend.es_env["POSTGRES_PORT"],
        "dbname": backend.es_env["POSTGRES_DBNAME"], "user": backend.es_env["POSTGRES_USER"],
        **backend.pg_connect_kwargs(),
    }  # fmt: skip
    _, kwargs = psycopg_dialect().create_connect_args(sa.make_url(backend.sqlalchemy_url))
    return pool, {k: str(v) for k, v in kwargs.items() if k != "password"}


def test_multi_host_authority_keeps_every_host_port_and_parameter() -> None:
    b = parse_db_url("postgresql://app@10.0.0.1:5433,10.0.0.2:5434,db3/mem?target_session_attrs=read-write")
    pool, engine = _drivers(b)
    assert pool == engine
    assert pool["host"] == "10.0.0.1,10.0.0.2,db3" and pool["port"] == "5433,5434,5432"
    assert pool["target_session_attrs"] == "read-write" and pool["dbname"] == "mem"
    assert b.display == "postgresql://app@10.0.0.1:5433,10.0.0.2:5434,db3:5432/mem"


def test_a_socket_directory_is_shown_as_a_url_libpq_reads() -> None:
    """``ledgermind pg url`` gives a socket URL; ``serve`` logs what it opened
    (it showed ``postgres@/tmp/pg:5432/ledgermind``, no URL at all)."""
    b = parse_db_url("postgresql://postgres:pw@/ledgermind?host=/tmp/pg")
    assert b.display == "postgresql://postgres@/ledgermind?host=/tmp/pg&port=5432"
    assert parse_db_url(b.display).es_env["POSTGRES_HOST"] == "/tmp/pg"


def test_query_form_with_one_port_for_all_hosts() -> None:
    b = parse_db_url("postgresql://app:s3cret@/mem?host=a,b,c&port=6432&sslmode=disable&application_name=w1")
    pool, engine = _drivers(b)
    assert pool == engine
    assert pool["host"] == "a,b,c" and pool["port"] == "6432,6432,6432"
    assert pool["sslmode"] == "disable" and pool["application_name"] == "w1"
    assert b.es_env["POSTGRES_PASSWORD"] == "s3cret" and "s3cret" not in b.display


def test_sqlalchemy_repeated_host_form_and_ipv6() -> None:
    pool, engine = _drivers(parse_db_url("postgresql://u@/d?host=h1:1&host=[::1]:2"))
    assert pool == engine and pool["host"] == "h1,::1" and pool["port"] == "1,2"


def test_the_urls_own_options_follow_the_timeouts() -> None:
    pool, engine = _drivers(parse_db_url("postgresql://u@h/d?options=-c%20work_mem%3D64MB"))
    assert pool == engine and pool["options"].startswith("-c statement_timeout=")
    assert pool["options"].endswith("-c work_mem=64MB")


def test_socket_directory_single_host_unchanged() -> None:
    pool, engine = _drivers(parse_db_url("postgresql://postgres@/db?host=/tmp/pg&port=5999"))
    assert pool == engine and pool["host"] == "/tmp/pg" and pool["port"] == "5999"


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://u@h:abc/db",
        "postgresql://u@h:0/db",
        "postgresql://u@h:70000/db",
        "postgresql://u@h1,h2/db?port=1,2,3",
        "postgresql://u@h1,,h2/db",
        "postgresql://u@:5432/db",
        "postgresql://u@[::1/db",
        "postgresql://u@h1:1/db?host=h2",
        "postgresql://u@h1:1,h2/db?port=5",
        "postgresql://u@h/db?connect_timeout=soon",
        "postgresql://u@h/db?connect_timeout=-1",
        "postgresql://u@h/db?sslmode=disable&sslmode=require",
    ],
)
def test_malformed_urls_are_invalid_input_not_a_raw_value_error(url: str) -> None:
    with pytest.raises(InvalidInput):
        parse_db_url(url)


def test_unknown_scheme_is_still_unsupported() -> None:
    with pytest.raises(UnsupportedBackend):
        parse_db_url("mysql://u@h/db")


_names = st.from_regex(r"[a-z][a-z0-9-]{0,10}", fullmatch=True)
_ports = st.integers(1, 65535)


@given(st.lists(st.tuples(_names, _ports), min_size=1, max_size=4), st.sampled_from(["any", "read-write", "standby"]))
def test_both_multi_host_forms_reach_the_drivers_alike(nodes: list[tuple[str, int]], attrs: str) -> None:
    authority = ",".join(f"{h}:{p}" for h, p in nodes)
    hosts, ports = ",".join(h for h, _ in nodes), ",".join(str(p) for _, p in nodes)
    first = _drivers(parse_db_url(f"postgresql://u@{authority}/db?target_session_attrs={attrs}"))
    second = _drivers(parse_db_url(f"postgresql://u@/db?host={hosts}&port={ports}&target_session_attrs={attrs}"))
    assert first[0] == first[1] == second[0] == second[1]
    assert first[0]["host"] == hosts and first[0]["port"] == ports and first[0]["target_session_attrs"] == attrs
