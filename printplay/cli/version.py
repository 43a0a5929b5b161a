"""``printplay --version``: the version, and whether the search core runs compiled.

The search core is what the install compiles with mypyc, as one group: the Pyramid search
core, the Golf solver and TriPeaks' best-score search (``setup.py``); the group is fresh or
stale as a whole (:mod:`printplay.solve.compiled`), so one line says how all of it runs.

Apart from :mod:`printplay.cli.app`, so that the console script answers it without
importing the command line and its libraries (:mod:`printplay.cli.launch`).
"""

from __future__ import annotations

from printplay import __version__
from printplay.solve import compiled, pyramid_search


def version_lines() -> list[str]:
    """What ``printplay --version`` prints, a line each."""
    return [f"printplay {__version__}", f"Search core: {compiled.describe(pyramid_search)}"]
