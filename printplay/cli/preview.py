"""Serving a built website on this machine, for a preview: ``printplay site --serve``.

Only 127.0.0.1 listens, and only the folder's regular files are served: a request's path
is read strictly (percent escapes that are not UTF-8, control characters such as ``%00``,
``.`` or ``..`` segments and paths over :data:`MAX_PATH` are a 4xx), a link inside the
folder is followed only if it stays inside it, and a folder without an ``index.html`` is
not listed.  Nothing is logged per request, and a request that fails in an unforeseen way
is one line on the terminal, never a traceback.  It runs until stopped (Ctrl-C).
"""

from __future__ import annotations

import errno
import functools
import os
import stat
import sys
import urllib.parse
from collections.abc import Callable
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from io import BufferedReader
from pathlib import Path
from typing import BinaryIO

from printplay.core.errors import OutputError

HOST = "127.0.0.1"
"""The one address the preview listens on."""

MAX_PATH = 2048
"""The longest request path served (characters, as sent); a longer one is a 414."""


class _Refused(Exception):
    """A request that gets an error status, not a file."""

    def __init__(self, status: HTTPStatus) -> None:
        super().__init__(status.phrase)
        self.status = status


def _segments(raw: str) -> tuple[str, ...]:
    """The path segments a request's path names, read strictly; a :class:`_Refused` with
    the status to send if it is malformed.

    >>> _segments("/tripeaks/index.html?x=1#top")
    ('tripeaks', 'index.html')
    >>> _segments("/a%20b//c/")
    ('a b', 'c')
    >>> for bad in ("/%00", "/index.html%00.png", "/..%2fetc/passwd", "/%ff", "x" * 3000):
    ...     try:
    ...         _segments(bad)
    ...     except _Refused as refused:
    ...         print(refused.status.value, end=" ")
    400 400 400 400 414
    """
    if len(raw) > MAX_PATH:
        raise _Refused(HTTPStatus.REQUEST_URI_TOO_LONG)
    path = raw.split("?", 1)[0].split("#", 1)[0]
    try:
        text = urllib.parse.unquote_to_bytes(path).decode("utf-8")
    except UnicodeDecodeError:
        raise _Refused(HTTPStatus.BAD_REQUEST) from None
    if not text.startswith("/") or any(ord(char) < 32 or ord(char) == 127 for char in text):
        raise _Refused(HTTPStatus.BAD_REQUEST)
    segments = tuple(segment for segment in text.split("/") if segment)
    if any(segment in (".", "..") for segment in segments):
        raise _Refused(HTTPStatus.BAD_REQUEST)
    return segments


def _inside(root: str, path: str) -> bool:
    return path == root or path.startswith(root + os.sep)


class _QuietHandler(SimpleHTTPRequestHandler):
    """A static file handler of one folder's regular files, silent (a preview's terminal
    shows no request lines)."""

    def log_message(self, format: str, *args: object) -> None:
        """Log nothing."""

    def send_head(self) -> BinaryIO | None:
        """Send the status and headers of a GET or HEAD; the file to send, if any."""
        try:
            return self._send_file()
        except _Refused as refused:
            self.send_error(refused.status)
            return None

    def _send_file(self) -> BinaryIO | None:
        root = os.path.realpath(self.directory)
        segments = _segments(self.path)
        path = os.path.realpath(os.path.join(root, *segments))
        if not _inside(root, path):  # a link inside that leads outside
            raise _Refused(HTTPStatus.NOT_FOUND)
        if os.path.isdir(path):
            if not self.path.split("?", 1)[0].endswith("/"):
                self.send_response(HTTPStatus.MOVED_PERMANENTLY)
                self.send_header("Location", urllib.parse.quote("/" + "/".join(segments) + "/"))
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            path = os.path.realpath(os.path.join(path, "index.html"))
            if not _inside(root, path):
                raise _Refused(HTTPStatus.NOT_FOUND)
        file = _open_regular(path)
        try:
            status = os.fstat(file.fileno())
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-type", self.guess_type(path))
            self.send_header("Content-Length", str(status.st_size))
            self.send_header("Last-Modified", self.date_time_string(int(status.st_mtime)))
            self.end_headers()
        except BaseException:
            file.close()
            raise
        return file


def _open_regular(path: str) -> BufferedReader:
    """``path`` open for reading if it is a regular file; a 404 otherwise."""
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except (OSError, ValueError):
        raise _Refused(HTTPStatus.NOT_FOUND) from None
    if not stat.S_ISREG(os.fstat(handle).st_mode):
        os.close(handle)
        raise _Refused(HTTPStatus.NOT_FOUND)
    return os.fdopen(handle, "rb")


class _PreviewServer(ThreadingHTTPServer):
    """The threading server, quiet when a browser drops a connection mid-file."""

    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        """Ignore a reader that hung up early; anything else is one line on stderr."""
        error = sys.exc_info()[1]
        if isinstance(error, ConnectionError):
            return
        print(f"printplay: a request failed: {type(error).__name__}: {error}", file=sys.stderr)


def open_server(folder: Path, port: int) -> ThreadingHTTPServer:
    """A server of ``folder`` on :data:`HOST` at ``port`` (0: any free port), listening.

    A folder without an ``index.html``, or a port in use, is an :class:`OutputError` in
    one line.
    """
    folder = Path(folder)
    if not (folder / "index.html").is_file():
        raise OutputError(
            f"{folder} holds no site (no index.html): build it first with "
            f"`printplay site -o {folder}`"
        )
    handler = functools.partial(_QuietHandler, directory=str(folder))
    try:
        return _PreviewServer((HOST, port), handler)
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            raise OutputError(
                f"port {port} on {HOST} is in use: choose another with --port"
            ) from None
        raise OutputError(f"cannot serve on {HOST}:{port}: {error.strerror or error}") from None


def serve(folder: Path, port: int, *, ready: Callable[[str], None]) -> None:
    """Serve ``folder`` until stopped; ``ready`` is told the address once it listens."""
    with open_server(folder, port) as server:
        ready(f"http://{HOST}:{server.server_address[1]}/")
        server.serve_forever(poll_interval=0.2)


__all__ = ["HOST", "MAX_PATH", "open_server", "serve"]
