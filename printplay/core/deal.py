"""Deals: the portable numbered shuffle, explicit deals, validation and deal files.

A deal is a sequence of cards in *layout order*: the order in which each game reads them
into its layout (for TriPeaks the 28 tableau slots, then the waste card, then the stock,
next card first).  A numbered deal is the game's deck shuffled by the printplay shuffle;
an explicit deal is a list of card codes.

The shuffle (version 1, "pp1") is specified in ``docs/deals.md`` so that any language can
reproduce it.  In short: a stream of 32-bit words from SHA-256 in counter mode, rejection
sampling for uniform integers, and a Fisher–Yates shuffle of the canonical deck.

>>> [c.code for c in shuffle(standard_deck(), 1)[:5]]
['7h', '3s', '6c', 'Jc', 'As']
"""

from __future__ import annotations

import base64
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from printplay.core.cards import Card, parse_card, split_codes, standard_deck
from printplay.core.errors import CardError, DealError
from printplay.core.textfile import TEXT_FILE_LIMIT, read_lines

if TYPE_CHECKING:
    from hashlib import sha256
else:
    try:  # CPython's own SHA-256: hashlib's digests, without loading OpenSSL (4 ms a run)
        from _sha256 import sha256
    except ImportError:  # a Python without it (3.12 calls it _sha2)
        from hashlib import sha256

SHUFFLE_VERSION = 1
"""The version of the numbered shuffle; a new version would get a new name and prefix."""

SHUFFLE_NAME = "pp1"
"""The short name of the shuffle, written into JSON output."""

NUMBERING = "printplay"
"""The name of printplay's own numbering (the pp1 shuffle), the default of ``--numbering``."""

NUMBERING_NAMES = {"printplay": "deal {seed}", "pysolfc": "PySolFC game #{seed}"}
"""How a numbered deal is named under each numbering (``Deal.name``)."""

MIN_SEED = 1
MAX_SEED = 2**64 - 1
_PREFIX = b"printplay-shuffle-v1"


def check_seed(seed: int) -> int:
    """Return ``seed`` if it is a valid deal number, else raise :class:`DealError`."""
    if not MIN_SEED <= seed <= MAX_SEED:
        raise DealError(f"deal number must be between {MIN_SEED} and {MAX_SEED}, not {seed}")
    return seed


def word_stream(seed: int) -> Iterator[int]:
    """The shuffle's stream of unsigned 32-bit words for ``seed``.

    Block ``i`` is SHA-256 of the 20 ASCII bytes ``printplay-shuffle-v1``, the seed as 8
    bytes big-endian and ``i`` as 8 bytes big-endian; each block gives eight words, read
    big-endian in order.

    >>> words = word_stream(1)
    >>> [next(words) for _ in range(2)]
    [2403831451, 1185702085]
    """
    check_seed(seed)
    return hash_words(_PREFIX + seed.to_bytes(8, "big"))


def sha256_digest(data: bytes) -> bytes:
    """The SHA-256 digest of ``data`` (the deal codes' and the shuffles' hash).

    >>> sha256_digest(b"abc").hex()[:16]
    'ba7816bf8f01cfea'
    """
    return sha256(data).digest()


def hash_words(material: bytes) -> Iterator[int]:
    """An endless stream of unsigned 32-bit words: SHA-256 in counter mode over ``material``.

    Block ``i`` is SHA-256 of ``material`` followed by ``i`` as 8 bytes big-endian; each
    block gives eight words, read big-endian in order.  The pp1 shuffle's stream
    (:func:`word_stream`) and Pyramid's reshuffle both draw from it.
    """
    counter = 0
    while True:
        block = sha256(material + counter.to_bytes(8, "big")).digest()
        for offset in range(0, 32, 4):
            yield int.from_bytes(block[offset : offset + 4], "big")
        counter += 1


def uniform_below(bound: int, words: Iterator[int]) -> int:
    """A uniform integer in ``[0, bound)`` from the word stream, by rejection sampling.

    Words at or above the largest multiple of ``bound`` that fits in 2^32 are skipped.
    """
    limit = (1 << 32) - (1 << 32) % bound
    while True:
        word = next(words)
        if word < limit:
            return word % bound


def shuffle(cards: Sequence[Card], seed: int) -> list[Card]:
    """Shuffle ``cards`` with the pp1 shuffle: Fisher–Yates from the last position down.

    For ``i`` from ``n - 1`` down to 1, draw ``j = uniform_below(i + 1)`` and swap
    positions ``i`` and ``j``.
    """
    return fisher_yates(cards, word_stream(seed))


def fisher_yates(cards: Sequence[Card], words: Iterator[int]) -> list[Card]:
    """``cards`` shuffled by Fisher–Yates from the last position down, drawing from ``words``.

    For ``i`` from ``n - 1`` down to 1, draw ``j = uniform_below(i + 1)`` and swap
    positions ``i`` and ``j``.
    """
    deck = list(cards)
    for i in range(len(deck) - 1, 0, -1):
        j = uniform_below(i + 1, words)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def fingerprint(cards: Sequence[Card]) -> str:
    """A short code naming a card order, to check that two printouts show the same deal.

    >>> fingerprint(standard_deck())
    'DU4F-DKUR'
    """
    digest = sha256(" ".join(c.code for c in cards).encode("ascii")).digest()
    text = base64.b32encode(digest[:5]).decode("ascii")
    return f"{text[:4]}-{text[4:]}"


@dataclass(frozen=True)
class Deal:
    """A deal for one game: the cards in layout order and where they came from.

    ``seed`` is the deal number, or ``None`` for an explicit deal; ``numbering`` says whose
    numbers it counts in: printplay's own (``"printplay"``) or PySolFC's (``"pysolfc"``).
    """

    cards: tuple[Card, ...]
    seed: int | None = None
    numbering: str = NUMBERING

    @property
    def code(self) -> str:
        """The deal's fingerprint (see :func:`fingerprint`)."""
        return fingerprint(self.cards)

    @property
    def codes(self) -> list[str]:
        """The cards as JSON codes."""
        return [card.code for card in self.cards]

    @property
    def name(self) -> str:
        """``"deal 7"`` for a numbered deal (``"PySolFC game #617"`` in PySolFC's
        numbering), ``"deal ABCD-EFGH"`` for an explicit one."""
        if self.seed is None:
            return f"deal {self.code}"
        return NUMBERING_NAMES[self.numbering].format(seed=self.seed)


def numbered_deal(deck: Sequence[Card], seed: int) -> Deal:
    """The numbered deal ``seed`` of ``deck`` (a game's deck in canonical order)."""
    return Deal(tuple(shuffle(deck, check_seed(seed))), seed)


def explicit_deal(text: str | Sequence[str | Card], deck: Sequence[Card]) -> Deal:
    """Read and validate an explicit deal: every card of ``deck`` exactly once.

    >>> explicit_deal("As 2s", standard_deck())
    Traceback (most recent call last):
    ...
    printplay.core.errors.DealError: a deal needs 52 cards, got 2 (50 missing, among them Ac 2c 3c)
    """
    tokens = split_codes(text) if isinstance(text, str) else list(text)
    cards: list[Card] = []
    for position, token in enumerate(tokens, start=1):
        if isinstance(token, Card):
            cards.append(token)
            continue
        try:
            cards.append(parse_card(token))
        except CardError as error:
            raise DealError(f"card {position}: {error}") from None
    return Deal(tuple(validate_cards(cards, deck)))


QUOTED_PLACES = 5
"""An error message names at most this many places of a repeated card, then counts the rest."""


def validate_cards(cards: Sequence[Card], deck: Sequence[Card]) -> list[Card]:
    """Check that ``cards`` holds every card of ``deck`` exactly once; name any problem."""
    allowed = set(deck)
    for position, card in enumerate(cards, start=1):
        if card not in allowed:
            if card.is_joker:
                raise DealError(
                    f"card {position}: {card.code} is a joker, and this deck has "
                    f"{sum(c.is_joker for c in deck)} (see the jokers option)"
                )
            raise DealError(f"card {position}: {card.code} is not in this deck")
    counts = Counter(cards)
    repeated = [card for card in deck if counts[card] > 1]
    if repeated:
        card = repeated[0]
        places = [str(i) for i, c in enumerate(cards, start=1) if c == card]
        shown = ", ".join(places[:QUOTED_PLACES])
        if len(places) > QUOTED_PLACES:
            shown += f" and {len(places) - QUOTED_PLACES:,} more"
        raise DealError(f"{card.code} appears {len(places):,} times (cards {shown})")
    if len(cards) != len(deck):
        missing = [card.code for card in deck if card not in counts]
        hint = f" ({len(missing)} missing, among them {' '.join(missing[:3])})" if missing else ""
        raise DealError(f"a deal needs {len(deck)} cards, got {len(cards):,}{hint}")
    return list(cards)


DEAL_LINE_LIMIT = 64 * 1024
"""The longest line of a deal file in bytes (a deal of 54 codes is under 300; comments may
run long)."""

DEAL_FILE_LIMIT = TEXT_FILE_LIMIT
"""The largest deal file read (64 MB, about 400,000 deals); a larger one, or an endless
stream such as ``/dev/zero``, is refused rather than read into memory."""


def read_deal_file(
    path: Path, deck: Sequence[Card], check: Callable[[Deal], object] | None = None
) -> list[Deal]:
    """Read a file of explicit deals, one per line; blank lines and ``#`` comments are skipped.

    The file is UTF-8 text (a byte-order mark is allowed), at most :data:`DEAL_FILE_LIMIT`
    bytes, read line by line: the first bad line stops the reading, and the error names
    the file and line.  ``check`` (a game's ``initial_state``) may refuse a deal its
    options do not allow, with :class:`DealError`, as a bad line.
    """
    deals = []
    for number, line in read_lines(path, "deal file", error=DealError, line_limit=DEAL_LINE_LIMIT):
        content = line.split("#", 1)[0].strip()
        if not content:
            continue
        try:
            deals.append(explicit_deal(content, deck))
            if check is not None:
                check(deals[-1])
        except DealError as error:
            raise DealError(f"{path} line {number}: {error}") from None
    if not deals:
        raise DealError(f"deal file {path} holds no deals")
    return deals


__all__ = [
    "MAX_SEED",
    "MIN_SEED",
    "NUMBERING",
    "NUMBERING_NAMES",
    "SHUFFLE_NAME",
    "SHUFFLE_VERSION",
    "Deal",
    "check_seed",
    "choose_deal",
    "explicit_deal",
    "fingerprint",
    "fisher_yates",
    "hash_words",
    "numbered_deal",
    "read_deal_file",
    "sha256_digest",
    "shuffle",
    "standard_deck",
    "uniform_below",
    "validate_cards",
    "word_stream",
]


def choose_deal(deck: Sequence[Card], *, seed: int | None, codes: str | None) -> Deal:
    """The deal named by exactly one of a deal number and a list of card codes."""
    if seed is not None and codes is not None:
        raise DealError("give either a deal number (--seed) or the cards (--deal), not both")
    if codes is not None:
        return explicit_deal(codes, deck)
    if seed is None:
        raise DealError("give a deal: --seed N (a deal number) or --deal 'CARDS'")
    return numbered_deal(deck, seed)
