"""How the stock and waste cards can go, by their order: the Pyramid search core's cycle tests.

Two stock or waste cards pair only as the stock top and the waste top, neighbours in the
cycle order of the cards left (:mod:`printplay.solve.pyramid_encoding`), and that order
never changes (under ``reshuffle``: from the last redeal on).  So in a game where every
card must go, the cycle cards that pair with each other form a non-crossing matching, each
pair's cards neighbours once the cards between them are gone, and every other cycle card
but a king goes with a partner from elsewhere (a pyramid or reserve card).  The functions
here count the fewest cards that must go so (:func:`deletions`, :func:`fewest_in_cycle`)
or say whether the cycle can go at all (:func:`clearable_cycle`); the dead-position tests
of :mod:`printplay.solve.pyramid_dead` compare that with the partners left.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from printplay.solve.pyramid_encoding import KING, UNREACHABLE


def deletions(ranks: Sequence[int], cyc: int, ptr: int, partner: int, spare: int) -> int:
    """The fewest cards of the cycle ``cyc`` (bits of positions in ``ranks``) that must go
    with a partner from elsewhere so that the rest pair off as neighbours (each pair's
    cards adjacent once the cards between them are gone; kings go alone); only ranks in
    the bitmask ``partner`` can go so.  Cards below ``ptr`` (the waste on the last pass)
    never pair with each other.  ``UNREACHABLE`` if there is no way; 0 (for "no more
    than ``spare``") when a way exists and at most ``spare`` cards are left to pair.

    Pairing two neighbours at once never loses (a later card pairing with either one has
    the rank of the other), so the neighbours are paired off first (:func:`reduced_word`),
    except two cards at or above ``ptr`` while cards below it are left: the two cards
    pairing with them instead may both lie below ``ptr`` (``5 8 3 | 5 8`` with a partner
    for the 3 needs one card from elsewhere; pairing the 5 and 8 above first leaves none);
    a search over intervals then settles the rest: first whether there is a way at all
    (:func:`_clearable_word`), then, if the word is longer than ``spare``, the fewest
    (:func:`_fewest_left`)."""
    return word_deletions(reduced_word(ranks, cyc, ptr), partner, spare)


Word = tuple[list[int], list[int]]
"""The ranks of the cards of a cycle left once neighbours pair off (kings left out), and
per card, as bits, the later cards it may pair with."""


def reduced_word(ranks: Sequence[int], cyc: int, ptr: int) -> Word:
    """The :data:`Word` of the cycle ``cyc`` (see :func:`deletions`)."""
    word: list[int] = []
    low_flags: list[bool] = []
    lows_left = bool(cyc & ((1 << ptr) - 1))
    bits = cyc
    while bits:
        low = bits & -bits
        bits ^= low
        p = low.bit_length() - 1
        r = ranks[p]
        if r == KING:
            continue
        below = p < ptr
        # safe when exactly one of the two lies below ``ptr``, or none is left below it
        if word and word[-1] + r == 13 and (below != low_flags[-1] or not lows_left):
            word.pop()
            low_flags.pop()
        else:
            word.append(r)
            low_flags.append(below)
    at = [0] * 14
    lows = 0
    for i, r in enumerate(word):
        at[r] |= 1 << i
        if low_flags[i]:
            lows |= 1 << i
    mates = [
        at[13 - r] >> (i + 1) << (i + 1) & (~lows if lows >> i & 1 else -1)
        for i, r in enumerate(word)
    ]
    return word, mates


def word_deletions(word: Word, partner: int, spare: int) -> int:
    """:func:`deletions` of a :data:`Word`."""
    cards, mates = word
    if not cards:
        return 0
    if not _clearable_word(cards, mates, partner):
        return UNREACHABLE
    if len(cards) <= spare:
        return 0
    return _fewest_left(cards, mates, partner)


def clearable_cycle(
    ranks: Sequence[int], mates: Sequence[int], cyc: int, ptr: int, partner: int
) -> bool:
    """Whether the cards ``cyc`` (bits of positions, kings left out) can all go, some with a
    partner from elsewhere (ranks in the bitmask ``partner``), the rest pairing off as
    neighbours; below ``ptr`` no two pair.  Per position ``p`` the ends ``j`` of the
    clearable stretches ``[p, j)``, as bits, an absent card lying in no one's way."""
    n = cyc.bit_length()
    ends = 1 << n
    table = [0] * (n + 1)
    table[n] = ends
    lows = (1 << ptr) - 1
    for p in range(n - 1, -1, -1):
        after = ends
        if cyc >> p & 1:
            found = after if partner >> ranks[p] & 1 else 0
            bits = mates[p] & cyc & after
            if p < ptr:
                bits &= ~lows
            while bits:
                low = bits & -bits
                bits ^= low
                found |= table[low.bit_length()]
            ends = found | 1 << p
        else:
            ends = after | 1 << p
        table[p] = ends
    return bool(ends >> n & 1)


def _clearable_word(word: list[int], mates: list[int], partner: int) -> bool:
    """Whether ``word`` can go at all (any number of cards with a partner from elsewhere):
    :func:`clearable_cycle` of the whole word, nothing below a pointer."""
    return clearable_cycle(word, mates, (1 << len(word)) - 1, 0, partner)


FIELDS: Final = 7
"""Byte-wide fields to a word of a row of :func:`fewest_in_cycle`: 56 bits, so that a word
stays a machine integer in compiled code (mypyc's are those below 2**62)."""
ONES: Final = 0x01010101010101
"""A one in each field of a word."""
GUARD: Final = ONES << 7
NONE: Final = 63 * ONES
"""A word of "no way" (63) in every field."""


def _fewest_left(word: list[int], mates: list[int], partner: int) -> int:
    """:func:`deletions` of a word with no neighbours that pair: fewest cards going with a
    partner from elsewhere, the rest in a non-crossing matching of pairs
    (:func:`fewest_in_cycle` of the whole word, nothing below a pointer)."""
    return fewest_in_cycle(word, mates, (1 << len(word)) - 1, 0, partner)


def fewest_in_cycle(
    ranks: Sequence[int],
    mates: Sequence[int],
    cyc: int,
    ptr: int,
    partner: int,
    costly: int = -1,
) -> int:
    """:func:`deletions` of the cards ``cyc`` (bits of positions, kings left out): fewest
    cards going with a partner from elsewhere, the rest in a non-crossing matching of
    pairs (Nussinov's interval recursion), on the positions themselves (an absent card
    lying in no one's way); per position ``p``, ``mates[p]``: the later positions holding a
    card of the matching rank.  With ``costly``, a bitmask of ranks, only the cards of
    those ranks going so are counted (the others in ``partner`` go for nothing): the fewest
    cards of the ranks ``costly`` that must go with a partner from elsewhere.

    A row of the recursion, ``best[i][j]`` for every end ``j``, is a list of integers of
    :data:`FIELDS` byte-wide fields each (field ``j % FIELDS`` of word ``j // FIELDS``), each
    field at most 63 (63: no way), so that a minimum of two rows takes a few integer
    operations a word: per field, ``(a | 128) - b`` keeps its top bit exactly when ``a >=
    b``.  A cycle is at most 52 cards, so 63 is never a count."""
    n = cyc.bit_length()
    words = n // FIELDS + 1
    lows = (1 << ptr) - 1
    below = [0] * words
    rows = [below] * (n + 1)
    for p in range(n - 1, -1, -1):
        at = p // FIELDS
        here = ~(0xFF << 8 * (p % FIELDS))
        if not cyc >> p & 1:
            below = below[:]
            below[at] &= here
            rows[p] = below
            continue
        r = ranks[p]
        if not partner >> r & 1:
            row = [NONE] * words
        elif costly >> r & 1:
            row = [word + ONES for word in below]
        else:
            row = below[:]  # a card going for nothing
        row[at] &= here
        bits = mates[p] & cyc
        if p < ptr:
            bits &= ~lows
        while bits:
            low = bits & -bits
            bits ^= low
            k = low.bit_length() - 1
            c = below[k // FIELDS] >> 8 * (k % FIELDS) & 0xFF
            if c < 63:
                # the ends after k: best[k + 1][j] + c (the others left as they are)
                cut = k + 1
                first = cut // FIELDS
                kept = (1 << 8 * (cut % FIELDS)) - 1
                after = rows[cut]
                for w in range(first, words):
                    other = after[w] + c * ONES
                    if w == first:
                        other = other & ~kept | NONE & kept
                    smaller = ((((row[w] | GUARD) - other) & GUARD) >> 7) * 0xFF
                    row[w] = other & smaller | row[w] & ~smaller
        for w in range(words):
            over = ((((row[w] | GUARD) - NONE) & GUARD) >> 7) * 0xFF
            row[w] = NONE & over | row[w] & ~over
        rows[p] = below = row
    found = below[n // FIELDS] >> 8 * (n % FIELDS) & 0xFF
    return found if found < 63 else UNREACHABLE
