"""printplay: deal, solve and print card games for the table.

The package is organised as a core (``cards``, ``deal``), one engine per game under
``games``, search machinery under ``solve``, drawing under ``render`` and a thin ``cli``.
"""

__version__ = "0.1.0"
