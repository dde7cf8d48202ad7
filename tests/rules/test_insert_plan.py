"""``projections.base.insert_rows`` caches one compiled INSERT per table.

Why a test: the cache was keyed by ``id(table)``; once a projection instance
was collected, a new table of another shape could get the same id and the
old plan (a one-off ``KeyError: 'session_id'`` in test_projections_models).
"""

from __future__ import annotations

import gc

from sqlalchemy import Column, Integer, MetaData, Table, Text, create_engine, select

from ledgermind.projections import base


def _table(i: int) -> Table:
    """Same name every time, a different set of columns each time."""
    extra = [Column(f"c{i}_{j}", Text) for j in range(i % 3)]
    return Table("t_plan", MetaData(), Column("id", Integer, primary_key=True), *extra)


def test_a_new_table_never_gets_a_collected_tables_plan() -> None:
    # Everything alive now (the whole suite's imports) goes to the permanent
    # generation: each full collection below then walks only this test's
    # objects (300 walks of the suite's heap took 95 s).
    gc.collect()  # garbage first: frozen, it would outlive this test
    gc.freeze()
    try:
        for i in range(300):
            table = _table(i)
            _sql, keys, _conv = base._insert_plan(table, "sqlite")
            assert keys == [c.key for c in table.columns], i
            del table
            gc.collect()  # frees the Table so its address (its old id) can be reused
    finally:
        gc.unfreeze()


def test_plans_do_not_keep_tables_alive() -> None:
    gc.collect()  # tables other tests left in reference cycles go first: only ours may leave below
    table = _table(1)
    base._insert_plan(table, "sqlite")
    assert table in base._PLANS
    before = len(base._PLANS)
    del table
    gc.collect()
    assert len(base._PLANS) == before - 1


def test_insert_rows_uses_the_tables_own_columns(tmp_path) -> None:  # type: ignore[no-untyped-def]
    db = create_engine(f"sqlite:///{tmp_path / 'plan.db'}")
    for i in range(3):
        table = _table(i)
        with db.begin() as conn:
            table.drop(conn, checkfirst=True)
            table.create(conn)
            row = {c.key: (i if c.key == "id" else f"v{c.key}") for c in table.columns}
            base.insert_rows(conn, table, [row])
            assert dict(conn.execute(select(table)).one()._mapping) == row
