"""The typed errors printplay raises for bad input.

Every error a user can cause is a :class:`PrintplayError`; the command line prints its
message on one line and exits non-zero.  Anything else escaping is a bug.
"""


class PrintplayError(Exception):
    """Base class of every error caused by bad input."""


class CardError(PrintplayError, ValueError):
    """A card code that cannot be read, such as ``"1x"``."""


class DealError(PrintplayError, ValueError):
    """A deal that is not valid: wrong card count, duplicates, unknown deal number."""


class OptionError(PrintplayError, ValueError):
    """An unknown game option or a bad option value."""


class GameError(PrintplayError, ValueError):
    """An unknown game, or a game that does not support what was asked."""


class MoveError(PrintplayError, ValueError):
    """A move that is not legal in the current state."""


class OutputError(PrintplayError, OSError):
    """An output file that cannot be written."""


class RulebookError(PrintplayError, ValueError):
    """A rulebook source that cannot be typeset: a bad marker, an unknown diagram or template."""


class DataError(PrintplayError, ValueError):
    """A computed data file (win rates, strategy table, house edge) that cannot be read:
    missing, not JSON, or not in the form this version writes."""
