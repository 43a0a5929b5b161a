"""The share of deals won and its 95% range: the Wilson score interval, widened by the
deals left undecided (they may turn out either way).

>>> interval = wilson(998, 1500)
>>> round(interval[0], 4), round(interval[1], 4)
(0.6411, 0.6888)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""


def wilson(won: int, total: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``won`` successes in ``total`` trials."""
    if total <= 0:
        return 0.0, 1.0
    p = won / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class WinRate:
    """The verdicts of one option set over a range of deals."""

    options: tuple[str, ...]
    label: str
    deals: int
    won: int
    lost: int
    unknown: int
    first: int = 1
    """The first deal number of the range."""

    @property
    def rate(self) -> float:
        """The share of decided deals that can be won."""
        decided = self.won + self.lost
        return self.won / decided if decided else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% range of the share of all deals that can be won.

        With every deal decided, the Wilson interval of :attr:`rate`.  With some
        undecided, the range holds whatever they turn out to be: from the Wilson low of
        the deals proved winnable to the Wilson high of those plus the undecided.

        >>> WinRate((), "x", deals=100, won=60, lost=40, unknown=0).interval[0] > 0.5
        True
        >>> low, high = WinRate((), "x", deals=100, won=50, lost=30, unknown=20).interval
        >>> round(low, 3), round(high, 3)
        (0.404, 0.781)
        """
        if not self.unknown:
            return wilson(self.won, self.won + self.lost)
        total = self.won + self.lost + self.unknown
        return wilson(self.won, total)[0], wilson(self.won + self.unknown, total)[1]

    def share(self, count: int) -> float:
        """``count`` as a share of all the deals."""
        total = self.won + self.lost + self.unknown
        return count / total if total else 0.0

    def percent(self) -> str:
        """``"64.5% (62.3–66.6%)"``; with undecided deals, the proved shares and the range:
        ``"won 57.5%, lost 11.4%, undecided 31.2% (55.3–90.0%)"``."""
        low, high = self.interval
        span = f"({100 * low:.1f}–{100 * high:.1f}%)"
        if not self.unknown:
            return f"{100 * self.rate:.1f}% {span}"
        return (
            f"won {100 * self.share(self.won):.1f}%, lost {100 * self.share(self.lost):.1f}%, "
            f"undecided {100 * self.share(self.unknown):.1f}% {span}"
        )


__all__ = ["Z95", "WinRate", "wilson"]
