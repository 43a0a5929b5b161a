"""Writing an output file safely: checked before the work starts, written whole or not at
all, keeping what the user set on a file it replaces.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> path = write_atomically(folder / "out.txt", lambda name: Path(name).write_text("hi"))
>>> path.read_text(), sorted(p.name for p in folder.iterdir())
('hi', ['out.txt'])
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import stat
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from printplay.core.errors import OutputError


def check_writable(path: Path) -> Path:
    """Fail early, with a clear message, if ``path`` cannot be written.

    A symbolic link is followed: the file it points to is the one written.  A symbolic link
    loop or a name longer than the file system allows is refused like any other bad path.
    """
    path = Path(path)
    try:
        return _check_writable(path)
    except OutputError:
        raise
    except RuntimeError:  # pathlib's report of a symbolic link loop
        raise OutputError(f"cannot write {_short(path)}: it is a symbolic link loop") from None
    except OSError as error:
        raise OutputError(f"cannot write {_short(path)}: {error.strerror or error}") from None


def same_file(first: Path, second: Path) -> bool:
    """Whether two paths name one file: the same file found through symbolic links (at any
    level) or hard links, or one path to a file that does not exist yet.

    >>> same_file(Path("a/../b.pdf"), Path("b.pdf"))
    True
    """
    try:
        one, two = os.stat(first), os.stat(second)
    except (OSError, ValueError):  # a file missing (or a name no system takes)
        try:
            return os.path.realpath(first) == os.path.realpath(second)
        except (OSError, ValueError):
            return False
    return (one.st_dev, one.st_ino) == (two.st_dev, two.st_ino)


def refuse_input_as_output(
    output: Path, inputs: Iterable[tuple[str, Path]], flag: str = "-o"
) -> None:
    """Refuse, in one line and before any work, an ``output`` that is one of the ``inputs``
    (each ``(what it is, path)``): writing it would destroy what the command reads."""
    for what, source in inputs:
        if same_file(output, source):
            raise OutputError(
                f"{flag} {_short(Path(output))} is {what}: writing it would destroy it; "
                "name another output file"
            )


def _short(path: Path, limit: int = 80) -> str:
    """A path for a message, its middle cut if it is very long."""
    text = str(path)
    return text if len(text) <= limit else f"{text[: limit // 2]}…{text[-limit // 2 :]}"


def _check_writable(path: Path) -> Path:
    if path.is_symlink():
        path = path.resolve(strict=False)
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise OutputError(f"cannot write {_short(path)}: it is a folder")
    if not folder.is_dir():
        raise OutputError(f"cannot write {_short(path)}: folder {_short(folder)} does not exist")
    if path.exists() and not path.is_file():
        raise OutputError(f"cannot write {_short(path)}: it is not a regular file")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise OutputError(f"cannot write {_short(path)}: permission denied")
    name_max = os.pathconf(folder, "PC_NAME_MAX") if hasattr(os, "pathconf") else 255
    if len(os.fsencode(path.name)) + 16 > name_max:  # room for the temporary file's affixes
        raise OutputError(f"cannot write {_short(path)}: the file name is too long")
    return path


def write_atomically(path: Path, produce: Callable[[str], None]) -> Path:
    """Call ``produce(tmp_name)`` to write a temporary file, then move it onto ``path``.

    Nothing is left behind if ``produce`` fails: no half-written file at ``path``.  A file
    being replaced keeps its permissions, and a file with other hard links is rewritten in
    place once the new content is complete (so every link sees it); a new file gets the
    usual permissions under the umask.
    """
    path = check_writable(Path(path))
    tmp_name: str | None = None
    try:
        # Made inside the try, with signals held until its name is known, so that a signal
        # arriving at any moment leaves nothing behind.
        with _signals_held():
            handle, tmp_name = tempfile.mkstemp(
                prefix=f".{path.name}.", suffix=".tmp", dir=path.parent
            )
        os.close(handle)
        produce(tmp_name)
        _put_in_place(tmp_name, path)
    except OSError as error:
        _remove(tmp_name)
        raise OutputError(f"cannot write {_short(path)}: {error.strerror or error}") from None
    except BaseException:
        _remove(tmp_name)
        raise
    return path


def bytes_writer(data: bytes) -> Callable[[str], None]:
    """What :func:`write_atomically` calls to write ``data``, made already, to its
    temporary file."""

    def produce(name: str) -> None:
        Path(name).write_bytes(data)

    return produce


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _put_in_place(tmp_name: str, path: Path) -> None:
    """Move the finished ``tmp_name`` onto ``path``, keeping what the user set on a file
    being replaced: its permissions, and its hard links."""
    try:
        old = os.stat(path)
    except FileNotFoundError:
        os.chmod(tmp_name, 0o666 & ~_umask())
        os.replace(tmp_name, path)
        return
    if stat.S_ISREG(old.st_mode) and old.st_nlink > 1:
        with open(tmp_name, "rb") as source, open(path, "r+b") as target:
            shutil.copyfileobj(source, target)
            target.truncate()
        os.remove(tmp_name)
        return
    os.chmod(tmp_name, stat.S_IMODE(old.st_mode))
    os.replace(tmp_name, path)


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Hold Ctrl-C, SIGTERM and SIGHUP (in the main thread) until the block is done."""
    held = {signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", signal.SIGTERM)}
    blocking = hasattr(signal, "pthread_sigmask") and threading.current_thread() is (
        threading.main_thread()
    )
    if blocking:
        signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        if blocking:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, held)


def _remove(name: str | None) -> None:
    """Remove a temporary file, if there is one."""
    if name is not None:
        with contextlib.suppress(OSError):
            os.unlink(name)


__all__ = [
    "bytes_writer",
    "check_writable",
    "refuse_input_as_output",
    "same_file",
    "write_atomically",
]
