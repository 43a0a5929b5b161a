"""Writing a whole folder of output safely: built aside, then put in place, our files only.

A folder printplay writes (the website) gets a list of the files it wrote,
:data:`MANIFEST`.  Before writing, :func:`check_folder` refuses a folder holding files
that list does not name (someone else's), unless forced; even then, those files are
never deleted.  The output is built in a new folder beside the target
(:func:`staging_folder`) and :func:`publish` moves it in file by file: a build that fails
half-way leaves the target as it was, and so does a file that could not be put in place
(checked before the first moves); files printplay wrote before and no longer writes are
removed.

Nothing is written or deleted through a symbolic link inside the folder: a folder holding
one (a subfolder, a file, the list itself) is refused, forced or not, before the build and
again before the first move, and the moves themselves open each folder on the way without
following links, so a link that appears meanwhile stops them instead of leading elsewhere.
The folder named may itself be a link: it is followed, once, and the output built beside
the folder it leads to.

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
import errno
import os
import shutil
import stat
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

from printplay.core.errors import OutputError

MANIFEST = ".printplay-site"
"""The list of the files printplay wrote into a folder, one path a line, sorted."""

MANIFEST_LIMIT = 1 << 20
"""The largest list of files read back (bytes): a site's is a few kilobytes."""

_HEADER = "# The files printplay wrote into this folder; it replaces or deletes only these.\n"
_SHOWN = 3
"""How many foreign files a refusal names."""
_FOLDER_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW


def _short(path: Path | str, limit: int = 80) -> str:
    text = str(path)
    return text if len(text) <= limit else f"{text[: limit // 2]}…{text[-limit // 2 :]}"


def _real(folder: Path) -> Path:
    """``folder`` with its links followed: the folder named may itself be a link."""
    return Path(os.path.realpath(folder))


def _entries(folder: Path) -> tuple[list[str], list[str]]:
    """The files under ``folder`` and the symbolic links (to files or folders), as sorted
    relative paths with ``/``; a link is never followed."""
    files: list[str] = []
    links: list[str] = []
    for root, dirs, names in os.walk(folder):
        base = Path(root)
        linked = {name for name in [*dirs, *names] if (base / name).is_symlink()}
        links += [(base / name).relative_to(folder).as_posix() for name in linked]
        files += [
            (base / name).relative_to(folder).as_posix() for name in names if name not in linked
        ]
        dirs[:] = sorted(name for name in dirs if name not in linked)
    return sorted(files), sorted(links)


def _refuse_links(folder: Path, links: Sequence[str]) -> None:
    """Refuse a folder holding symbolic links, naming the first."""
    if links:
        more = f" (and {len(links) - 1} more)" if len(links) > 1 else ""
        raise OutputError(
            f"{links[0]} in {_short(folder)} is a symbolic link{more}: printplay never writes "
            "or deletes through one, forced or not; remove it, or choose another folder"
        )


def read_manifest(folder: Path) -> list[str]:
    """The files printplay wrote into ``folder`` last time (none if it never did).

    The list must be a regular file (not a link) of at most :data:`MANIFEST_LIMIT` bytes.
    """
    path = _real(folder) / MANIFEST
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except FileNotFoundError:
        return []
    except OSError as error:
        why = "a symbolic link" if error.errno == errno.ELOOP else error.strerror or str(error)
        raise OutputError(f"cannot read {_short(path)}: {why}") from None
    with os.fdopen(handle, "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            raise OutputError(f"{_short(path)} is not a file: remove it, or choose another folder")
        data = file.read(MANIFEST_LIMIT + 1)
    if len(data) > MANIFEST_LIMIT:
        raise OutputError(f"{_short(path)} is over {MANIFEST_LIMIT} bytes: not printplay's list")
    lines = data.decode("utf-8", errors="replace").splitlines()
    return [line for line in lines if line and not line.startswith("#") and _safe(line)]


def _safe(name: str) -> bool:
    """Whether a manifest line names a file inside the folder (no ``..``, not absolute)."""
    parts = name.split("/")
    return not name.startswith("/") and all(part not in ("", ".", "..") for part in parts)


def check_folder(folder: Path, *, force: bool, what: str = "the site") -> list[str]:
    """Check that output may be written into ``folder``, before any work is done; return
    the files printplay wrote there before.

    The folder may be missing (its parent must then be a writable folder), empty, or hold
    only files printplay wrote; anything else is an :class:`OutputError` naming a few of
    the foreign files, unless ``force`` (they are then left alone).  A symbolic link
    inside it is refused even when forced.  The messages call the output ``what``.
    """
    shown = Path(folder)
    folder = _real(shown)
    if folder.exists() and not folder.is_dir():
        raise OutputError(f"cannot write {what} into {_short(shown)}: it is not a folder")
    parent = folder.parent
    if not folder.exists():
        if not parent.is_dir():
            why = "is a file, not a folder" if parent.exists() else "does not exist"
            raise OutputError(f"cannot write {_short(shown)}: {_short(parent)} {why}")
        place = parent
    else:
        place = folder
    if not os.access(place, os.W_OK | os.X_OK) or not os.access(parent, os.W_OK | os.X_OK):
        raise OutputError(f"cannot write {_short(shown)}: permission denied")
    if not folder.exists():
        return []
    files, links = _entries(folder)
    _refuse_links(shown, links)
    ours = read_manifest(folder)
    foreign = [name for name in files if name != MANIFEST and name not in set(ours)]
    if foreign and not force:
        listed = ", ".join(foreign[:_SHOWN]) + (" …" if len(foreign) > _SHOWN else "")
        raise OutputError(
            f"{_short(shown)} holds {len(foreign)} file{'s' if len(foreign) > 1 else ''} "
            f"printplay did not write ({listed}): choose another folder, or give --force to "
            "write beside them (they are never deleted)"
        )
    return ours


@contextlib.contextmanager
def staging_folder(folder: Path) -> Iterator[Path]:
    """A new, empty folder beside ``folder`` (beside the folder it leads to, if a link) to
    build the output in; removed afterwards with whatever is left in it."""
    shown = Path(folder)
    folder = _real(shown)
    try:
        name = tempfile.mkdtemp(prefix=f".{folder.name}.", suffix=".tmp", dir=folder.parent)
    except OSError as error:
        raise OutputError(f"cannot write {_short(shown)}: {error.strerror or error}") from None
    try:
        yield Path(name)
    finally:
        shutil.rmtree(name, ignore_errors=True)


def publish(staging: Path, folder: Path, files: Sequence[str], previous: Sequence[str]) -> None:
    """Move ``files`` (paths relative to ``staging``) into ``folder``, remove the files of
    ``previous`` it no longer holds, and write the new :data:`MANIFEST`; never through a
    symbolic link inside ``folder``."""
    shown = Path(folder)
    folder = _real(shown)
    if folder.is_dir():
        _refuse_links(shown, _entries(folder)[1])  # one made while the output was built
    _check_places(folder, files)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        root = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            _move_in(root, staging, files)
            kept = set(files)
            for name in previous:
                if name not in kept:
                    _remove(root, name)
            _write_manifest(root, staging, sorted(kept))
        finally:
            os.close(root)
    except OutputError:
        raise
    except OSError as error:
        raise OutputError(f"cannot write {_short(shown)}: {error.strerror or error}") from None


def _folders(root: int, name: str, *, create: bool) -> list[int]:
    """Open the folders on the way to ``name`` (a path under the folder open as ``root``),
    each inside the one before without following a link, making the missing ones if
    ``create``: the open folders, ``root``'s copy first (the caller closes them all)."""
    opened = [os.dup(root)]
    try:
        for part in name.split("/")[:-1]:
            if create:
                with contextlib.suppress(FileExistsError):
                    os.mkdir(part, dir_fd=opened[-1])
            try:
                opened.append(os.open(part, _FOLDER_FLAGS, dir_fd=opened[-1]))
            except OSError as error:
                if error.errno == errno.ELOOP:
                    raise OutputError(
                        f"cannot write {name}: {part} is a symbolic link, never followed"
                    ) from None
                raise
    except BaseException:
        _close(opened)
        raise
    return opened


def _close(opened: Sequence[int]) -> None:
    for handle in reversed(opened):
        os.close(handle)


def _move_in(root: int, staging: Path, files: Sequence[str]) -> None:
    """Move each of ``files`` from ``staging`` into the folder open as ``root`` (a link
    where a file goes is replaced itself, its target never touched)."""
    for name in files:
        opened = _folders(root, name, create=True)
        try:
            os.replace(staging / name, name.rsplit("/", 1)[-1], dst_dir_fd=opened[-1])
        finally:
            _close(opened)


def _remove(root: int, name: str) -> None:
    """Delete ``name`` (a file printplay wrote before) and the folders it leaves empty."""
    try:
        opened = _folders(root, name, create=False)
    except (FileNotFoundError, NotADirectoryError):
        return
    try:
        with contextlib.suppress(FileNotFoundError, IsADirectoryError):
            os.unlink(name.rsplit("/", 1)[-1], dir_fd=opened[-1])
        parts = name.split("/")[:-1]
        for depth in range(len(parts), 0, -1):
            try:
                os.rmdir(parts[depth - 1], dir_fd=opened[depth - 1])
            except OSError:
                break
    finally:
        _close(opened)


def _write_manifest(root: int, staging: Path, files: Sequence[str]) -> None:
    """Write :data:`MANIFEST` in ``staging`` and move it into the folder open as ``root``
    (a link there would be replaced itself, never written through)."""
    listing = _HEADER + "".join(f"{name}\n" for name in files)
    (staging / MANIFEST).write_text(listing, encoding="utf-8")
    os.replace(staging / MANIFEST, MANIFEST, dst_dir_fd=root)


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


__all__ = [
    "MANIFEST",
    "MANIFEST_LIMIT",
    "check_folder",
    "publish",
    "read_manifest",
    "staging_folder",
]
