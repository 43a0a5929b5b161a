"""Writing a whole folder of output safely: built aside, then put in place, our files only.

A folder printplay writes (the website) gets a list of the files it wrote,
:data:`MANIFEST`.  Before writing, :func:`check_folder` refuses a folder holding files
that list does not name (someone else's), unless forced; even then, those files are
never deleted.  The output is built in a new folder beside the target
(:func:`staging_folder`) and :func:`publish` moves it in file by file: a build that fails
half-way leaves the target as it was, and so does a file that could not be put in place
(checked before the first moves); files printplay wrote before and no longer writes are
removed.

>>> import tempfile
>>> target = Path(tempfile.mkdtemp()) / "site"
>>> ours = check_folder(target, force=False)
>>> with staging_folder(target) as staging:
...     _ = (staging / "index.html").write_text("hi")
...     publish(staging, target, ["index.html"], ours)
>>> sorted(p.name for p in target.iterdir())
['.printplay-site', 'index.html']
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

from printplay.errors import OutputError

MANIFEST = ".printplay-site"
"""The list of the files printplay wrote into a folder, one path a line, sorted."""

_HEADER = "# The files printplay wrote into this folder; it replaces or deletes only these.\n"
_SHOWN = 3
"""How many foreign files a refusal names."""


def _short(path: Path, limit: int = 80) -> str:
    text = str(path)
    return text if len(text) <= limit else f"{text[: limit // 2]}…{text[-limit // 2 :]}"


def _files(folder: Path) -> list[str]:
    """Every file under ``folder``, as sorted relative paths with ``/``."""
    found = []
    for root, dirs, names in os.walk(folder):
        dirs.sort()
        for name in names:
            found.append((Path(root) / name).relative_to(folder).as_posix())
    return sorted(found)


def read_manifest(folder: Path) -> list[str]:
    """The files printplay wrote into ``folder`` last time (none if it never did)."""
    path = folder / MANIFEST
    if not path.is_file():
        return []
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    return [line for line in lines if line and not line.startswith("#") and _safe(line)]


def _safe(name: str) -> bool:
    """Whether a manifest line names a file inside the folder (no ``..``, not absolute)."""
    parts = name.split("/")
    return not name.startswith("/") and all(part not in ("", ".", "..") for part in parts)


def check_folder(folder: Path, *, force: bool) -> list[str]:
    """Check that output may be written into ``folder``, before any work is done; return
    the files printplay wrote there before.

    The folder may be missing (its parent must then be a writable folder), empty, or hold
    only files printplay wrote; anything else is an :class:`OutputError` naming a few of
    the foreign files, unless ``force`` (they are then left alone).
    """
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise OutputError(f"cannot write the site into {_short(folder)}: it is not a folder")
    parent = folder.parent
    if not folder.exists():
        if not parent.is_dir():
            why = "is a file, not a folder" if parent.exists() else "does not exist"
            raise OutputError(f"cannot write {_short(folder)}: {_short(parent)} {why}")
        place = parent
    else:
        place = folder
    if not os.access(place, os.W_OK | os.X_OK) or not os.access(parent, os.W_OK | os.X_OK):
        raise OutputError(f"cannot write {_short(folder)}: permission denied")
    if not folder.exists():
        return []
    ours = read_manifest(folder)
    foreign = [name for name in _files(folder) if name != MANIFEST and name not in set(ours)]
    if foreign and not force:
        shown = ", ".join(foreign[:_SHOWN]) + (" …" if len(foreign) > _SHOWN else "")
        raise OutputError(
            f"{_short(folder)} holds {len(foreign)} file{'s' if len(foreign) > 1 else ''} "
            f"printplay did not write ({shown}): choose another folder, or give --force to "
            "write beside them (they are never deleted)"
        )
    return ours


@contextlib.contextmanager
def staging_folder(folder: Path) -> Iterator[Path]:
    """A new, empty folder beside ``folder`` to build the output in; removed afterwards
    with whatever is left in it."""
    folder = Path(folder)
    try:
        name = tempfile.mkdtemp(prefix=f".{folder.name}.", suffix=".tmp", dir=folder.parent)
    except OSError as error:
        raise OutputError(f"cannot write {_short(folder)}: {error.strerror or error}") from None
    try:
        yield Path(name)
    finally:
        shutil.rmtree(name, ignore_errors=True)


def publish(staging: Path, folder: Path, files: Sequence[str], previous: Sequence[str]) -> None:
    """Move ``files`` (paths relative to ``staging``) into ``folder``, remove the files of
    ``previous`` it no longer holds, and write the new :data:`MANIFEST`."""
    folder = Path(folder)
    _check_places(folder, files)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for name in files:
            target = folder / name
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(staging / name, target)
        kept = set(files)
        for name in previous:
            if name not in kept:
                with contextlib.suppress(FileNotFoundError, IsADirectoryError):
                    (folder / name).unlink()
                _remove_empty_parents(folder, name)
        listing = _HEADER + "".join(f"{name}\n" for name in sorted(kept))
        (folder / MANIFEST).write_text(listing, encoding="utf-8")
    except OSError as error:
        raise OutputError(f"cannot write {_short(folder)}: {error.strerror or error}") from None


def _check_places(folder: Path, files: Sequence[str]) -> None:
    """Refuse, before anything moves, a file of ``files`` that could not be put in place:
    a folder on its way that is a file, a file where a folder of that name stands, or a
    folder this user may not write in.  So a refusal leaves ``folder`` as it was, not half
    old and half new."""
    checked: set[Path] = set()
    for name in files:
        target = folder / name
        if target.is_dir():
            raise OutputError(f"cannot write {_short(target)}: a folder of that name is there")
        place = target.parent
        while place not in checked and not place.exists():
            place = place.parent
        if place in checked:
            continue
        checked.add(place)
        if not place.is_dir():
            raise OutputError(f"cannot write {_short(target)}: {_short(place)} is not a folder")
        if not os.access(place, os.W_OK | os.X_OK):
            where = _short(place)
            raise OutputError(f"cannot write {_short(target)}: permission denied in {where}")


def _remove_empty_parents(folder: Path, name: str) -> None:
    """Remove the folders of ``name`` under ``folder`` that are left empty."""
    parent = (folder / name).parent
    while parent != folder and folder in parent.parents:
        try:
            parent.rmdir()
        except OSError:
            return
        parent = parent.parent


__all__ = ["MANIFEST", "check_folder", "publish", "read_manifest", "staging_folder"]
