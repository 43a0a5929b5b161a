"""What a local Dask worker runs as it starts (its ``preload``): Ctrl-C and hang-ups are
left to the command that started the cluster, which closes it.

A worker started by ``--scheduler local:N`` inherits the ignoring from the command; this
preload keeps it for a worker the cluster restarts later (after one was killed).
"""

from __future__ import annotations

import contextlib
import signal


def dask_setup(worker: object) -> None:
    """Ignore SIGINT and SIGHUP in this worker process (Dask calls it at start-up)."""
    for name in ("SIGINT", "SIGHUP"):
        if hasattr(signal, name):
            with contextlib.suppress(ValueError):  # not the main thread: nothing to do
                signal.signal(getattr(signal, name), signal.SIG_IGN)


__all__ = ["dask_setup"]
