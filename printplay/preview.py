"""Serving a built website on this machine, for a preview: ``printplay site --serve``.

Only 127.0.0.1 listens, the folder's files are served as they are (Python's own static file
handler: nothing outside the folder), and nothing is logged per request.  It runs until
stopped (Ctrl-C).
"""

from __future__ import annotations

import errno
import functools
import sys
from collections.abc import Callable
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from printplay.errors import OutputError

HOST = "127.0.0.1"
"""The one address the preview listens on."""


class _QuietHandler(SimpleHTTPRequestHandler):
    """The static file handler, silent (a preview's terminal shows no request lines)."""

    def log_message(self, format: str, *args: Any) -> None:
        """Log nothing."""


class _PreviewServer(ThreadingHTTPServer):
    """The threading server, quiet when a browser drops a connection mid-file."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Ignore a reader that hung up early; report anything else as the base class does."""
        error = sys.exc_info()[1]
        if isinstance(error, ConnectionError):
            return
        super().handle_error(request, client_address)


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


__all__ = ["HOST", "open_server", "serve"]
