"""The bundled templates' compiled code kept between runs (printplay.core.template_cache):
read back instead of compiled, checked against the source and what compiles it, never
from a folder others may write, never for house templates."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import jinja2
import pytest

from printplay.core import template_cache
from printplay.markup import jinja_source
from printplay.markup.jinja_source import TemplateWords


def _fresh() -> None:
    """Forget this process's cache and environment, as a new run would."""
    template_cache.compiled_templates.cache_clear()
    jinja_source._bundled_environment.cache_clear()


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty cache folder of this user, written to as if bytecode were."""
    folder = tmp_path / "cache"
    monkeypatch.setenv(template_cache.CACHE_ENV, str(folder))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    _fresh()
    yield folder / "templates-1"
    _fresh()


def _compiles(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the templates compiled from now on."""
    compiled: list[str] = []
    original = jinja2.Environment.compile

    def counting(self: jinja2.Environment, source: str, name: str | None = None, *a: object):  # type: ignore[no-untyped-def]
        compiled.append(str(name))
        return original(self, source, name, *a)  # type: ignore[arg-type]

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    return compiled


def test_a_later_run_reads_the_compiled_words_instead_of_compiling(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = TemplateWords("sheet.j2")("plural", count=2, one="card")
    assert [entry.suffix for entry in cache.iterdir()] == [".jinja"]
    assert cache.stat().st_mode & 0o777 == 0o700
    compiled = _compiles(monkeypatch)
    _fresh()
    assert TemplateWords("sheet.j2")("plural", count=2, one="card") == first == "2 cards"
    assert compiled == []


def test_what_is_kept_is_compiled_again_when_what_compiles_it_changes(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    TemplateWords("sheet.j2")
    compiled = _compiles(monkeypatch)
    monkeypatch.setattr(template_cache, "_fingerprint", lambda: "another sandbox")
    _fresh()
    TemplateWords("sheet.j2")
    assert compiled == ["sheet.j2"]


def test_a_torn_entry_is_compiled_again(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    TemplateWords("sheet.j2")
    (entry,) = cache.iterdir()
    entry.write_bytes(entry.read_bytes()[:100])
    compiled = _compiles(monkeypatch)
    _fresh()
    assert TemplateWords("sheet.j2")("plural", count=1, one="card") == "1 card"
    assert compiled == ["sheet.j2"]


@pytest.mark.usefixtures("unprivileged")
def test_an_unwritable_folder_is_no_error(cache: Path) -> None:
    cache.parent.mkdir()
    cache.mkdir(mode=0o500)
    assert TemplateWords("sheet.j2")("plural", count=2, one="card") == "2 cards"
    assert list(cache.iterdir()) == []


def test_a_folder_others_may_write_is_not_used(cache: Path) -> None:
    cache.mkdir(parents=True)
    cache.chmod(0o777)
    assert template_cache.compiled_templates() is None
    TemplateWords("sheet.j2")
    assert list(cache.iterdir()) == []


def test_nothing_is_written_when_bytecode_is_not(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    TemplateWords("sheet.j2")
    assert list(cache.iterdir()) == []


def test_house_templates_are_compiled_each_time_and_never_kept(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    house = tmp_path / "house"
    house.mkdir()
    (house / "sheet.j2").write_text("{% macro plural(count, one) %}{{ count }} x{% endmacro %}")
    compiled = _compiles(monkeypatch)
    assert TemplateWords("sheet.j2", [house])("plural", count=2, one="card") == "2 x"
    assert TemplateWords("sheet.j2", [house])("plural", count=2, one="card") == "2 x"
    assert compiled == ["sheet.j2", "sheet.j2"]
    assert not cache.exists() or list(cache.iterdir()) == []
