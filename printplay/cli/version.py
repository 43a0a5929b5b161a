"""``printplay --version``: the version, and whether the Pyramid core runs compiled.

Apart from :mod:`printplay.cli.app`, so that the console script answers it without
importing the command line and its libraries (:mod:`printplay.cli.launch`).
"""

from __future__ import annotations

from printplay import __version__
from printplay.solve import compiled, pyramid_search


def version_lines() -> list[str]:
    """What ``printplay --version`` prints, a line each."""
    return [f"printplay {__version__}", f"Pyramid core: {compiled.describe(pyramid_search)}"]
