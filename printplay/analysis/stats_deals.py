"""The deals a statistics run covers (``--deals A..B``) and which of them are done.

>>> parse_deals("1..2000")
DealRange(first=1, last=2000)
>>> done = DoneDeals(DealRange(1, 10))
>>> [done.add(deal) for deal in (3, 4, 3, 12)]
[True, True, False, True]
>>> list(done.pending_runs(4))
[((1, 3), (5, 7)), ((7, 11),)]
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from printplay.core.deal import MAX_SEED, MIN_SEED
from printplay.core.errors import OptionError

MAX_DEALS = 100_000_000
"""The most deals one run covers: a larger survey is run in ranges (each range's summary
stands alone; one results file may hold them all)."""

MALFORMED = "--deals {!r}: write deals as A..B with whole numbers, as 1..2000"
"""What a range that cannot be read is told."""

RANGES = ": run the survey in ranges"
"""What a range of too many deals is told to do (they can share one results file)."""

Run = tuple[int, int]
"""Deals ``start`` … ``stop - 1``."""

Chunk = tuple[Run, ...]
"""The deals one task solves, as runs of consecutive deal numbers."""


@dataclass(frozen=True)
class DealRange:
    """Deals ``first`` … ``last``, both included."""

    first: int
    last: int

    @property
    def count(self) -> int:
        """How many deals the range holds."""
        return self.last - self.first + 1

    def __contains__(self, deal: object) -> bool:
        return isinstance(deal, int) and self.first <= deal <= self.last

    def __str__(self) -> str:
        return f"{self.first}..{self.last}"


def _deal_number(text: str, whole: str) -> int:
    digits = text.strip()
    if digits.startswith("-") and digits[1:].isdigit():
        raise OptionError(f"--deals {whole}: deal numbers start at {MIN_SEED}")
    if not (digits.isascii() and digits.isdigit()):
        raise OptionError(MALFORMED.format(whole))
    if len(digits) > 20 or int(digits) > MAX_SEED:
        raise OptionError(f"--deals {whole}: deal numbers go up to {MAX_SEED:,}")
    number = int(digits)
    if number < MIN_SEED:
        raise OptionError(f"--deals {whole}: deal numbers start at {MIN_SEED}")
    return number


def parse_deals(text: str) -> DealRange:
    """Read ``A..B`` (deals A to B, both included); a reversed, empty, negative or absurd
    range is one line saying what is wrong."""
    whole = text if len(text) <= 60 else text[:59] + "…"
    low, dots, high = text.partition("..")
    if not dots or not low.strip() or not high.strip():
        raise OptionError(MALFORMED.format(whole))
    first, last = _deal_number(low, whole), _deal_number(high, whole)
    if first > last:
        raise OptionError(f"--deals {whole} is reversed: write {last}..{first}")
    return checked_range(first, last, f"--deals {whole}")


def checked_range(first: int, last: int, shown: str, advice: str = RANGES) -> DealRange:
    """Deals ``first`` … ``last`` if one run can cover them (at most :data:`MAX_DEALS`,
    numbered from :data:`~printplay.core.deal.MIN_SEED` to :data:`~printplay.core.deal.MAX_SEED`);
    else one line, starting with ``shown`` (the option as typed), saying what is wrong
    (and, for too many deals, ``advice``)."""
    if first < MIN_SEED:
        raise OptionError(f"{shown}: deal numbers start at {MIN_SEED}")
    if first > last:
        raise OptionError(f"{shown}: no deals (the last comes before the first)")
    count = last - first + 1
    if count > MAX_DEALS:
        raise OptionError(
            f"{shown} holds {count:,} deals; one run takes at most {MAX_DEALS:,}{advice}"
        )
    if last > MAX_SEED:
        raise OptionError(f"{shown}: deal numbers go up to {MAX_SEED:,}")
    return DealRange(first, last)


class DoneDeals:
    """Which deals are done: a bit a deal of the range, a set for deals outside it (a
    results file may hold other ranges)."""

    def __init__(self, deals: DealRange) -> None:
        self.deals = deals
        self.bits = bytearray((deals.count + 7) // 8)
        self.outside: set[int] = set()
        self.count = 0
        """How many deals of the range are done."""

    def add(self, deal: int) -> bool:
        """Mark ``deal`` done; ``False`` if it already was."""
        if deal not in self.deals:
            if deal in self.outside:
                return False
            self.outside.add(deal)
            return True
        index = deal - self.deals.first
        mask = 1 << (index & 7)
        if self.bits[index >> 3] & mask:
            return False
        self.bits[index >> 3] |= mask
        self.count += 1
        return True

    def __contains__(self, deal: int) -> bool:
        if deal not in self.deals:
            return deal in self.outside
        index = deal - self.deals.first
        return bool(self.bits[index >> 3] & (1 << (index & 7)))

    @property
    def missing(self) -> int:
        """How many deals of the range are not done."""
        return self.deals.count - self.count

    def pending(self) -> Iterator[Run]:
        """The deals of the range not done, as runs of consecutive numbers, in order."""
        first, count, bits = self.deals.first, self.deals.count, self.bits
        index = 0
        while index < count:
            if index & 7 == 0 and bits[index >> 3] == 0xFF and index + 8 <= count:
                index += 8  # a whole byte done
                continue
            if bits[index >> 3] & (1 << (index & 7)):
                index += 1
                continue
            start = index
            while index < count and not bits[index >> 3] & (1 << (index & 7)):
                if index & 7 == 0 and bits[index >> 3] == 0 and index + 8 <= count:
                    index += 8  # a whole byte to do
                else:
                    index += 1
            yield first + start, first + index

    def pending_runs(self, size: int) -> Iterator[Chunk]:
        """The deals not done, in chunks of ``size`` deals (the last may be smaller)."""
        chunk: list[Run] = []
        room = size
        for start, stop in self.pending():
            while start < stop:
                end = min(stop, start + room)
                chunk.append((start, end))
                room -= end - start
                start = end
                if room == 0:
                    yield tuple(chunk)
                    chunk, room = [], size
        if chunk:
            yield tuple(chunk)


def chunk_deals(chunk: Chunk) -> Iterator[int]:
    """The deal numbers of a chunk, in order."""
    for start, stop in chunk:
        yield from range(start, stop)


__all__ = [
    "MAX_DEALS",
    "Chunk",
    "DealRange",
    "DoneDeals",
    "Run",
    "checked_range",
    "chunk_deals",
    "parse_deals",
]
