"""The developer's loop (``-m "not slow"``): every test it leaves out by name
(:data:`developer_loop.LEFT_OUT`) is still there, and so is every case it keeps."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import loop_key
from developer_loop import LEFT_OUT, Kept, every, keep

TESTS = Path(__file__).resolve().parent


def test_every_test_left_out_by_name_is_still_there() -> None:
    """A test renamed or removed leaves its entry naming nothing: the loop would quietly
    take the test back, or its new name would run in it."""
    missing = []
    for key in LEFT_OUT:
        file, name = key.split("::")
        path = TESTS / file
        if not path.is_file() or not re.search(
            rf"^def {re.escape(name)}\(", path.read_text("utf-8"), re.M
        ):
            missing.append(key)
    assert missing == []


def test_every_case_the_loop_keeps_is_collected(request: pytest.FixtureRequest) -> None:
    """The ids :func:`developer_loop.keep` names are cases of their test (checked for the
    files collected in this run), and each test left out in part keeps one at least."""
    cases: dict[str, set[str]] = {}
    for item in request.session.items:
        callspec = getattr(item, "callspec", None)
        cases.setdefault(loop_key(item), set()).add(callspec.id if callspec else "")
    unknown = {
        key: sorted(kept.ids - cases[key])
        for key, kept in LEFT_OUT.items()
        if key in cases and kept.ids - cases[key]
    }
    assert unknown == {}


def test_a_case_is_kept_by_its_id_or_its_place() -> None:
    assert keep("a", "b").keeps("a", 5) and not keep("a").keeps("c", 0)
    assert not keep("a").keeps(None, 0)
    assert [every(3).keeps(None, index) for index in range(7)] == [
        True, False, False, True, False, False, True,
    ]  # fmt: skip
    assert not any(Kept().keeps(case, index) for index, case in enumerate(["a", None]))


def test_property_tests_draw_the_same_examples_every_run() -> None:
    """The agreement tests' sample sizes were chosen by the planted bugs they catch at a
    given example (docs/benchmarks.md, "The test suite"): that holds only if every run
    draws those examples, not new ones from a random seed or a saved database."""
    from hypothesis import settings

    assert settings.default.derandomize is True
    assert settings.default.database is None


def test_a_test_process_walks_what_collection_built_no_more() -> None:
    """Once collection is done, what it built is frozen and the young generation is
    collected less often (conftest.pytest_collection_finish): with Python's defaults the
    collector walked each worker's heap for about a tenth of the loop's processor time."""
    from conftest import AFTER_COLLECTION, COLLECTOR_THRESHOLD

    assert AFTER_COLLECTION["frozen"] > 10_000
    assert AFTER_COLLECTION["threshold"] == COLLECTOR_THRESHOLD > 700
