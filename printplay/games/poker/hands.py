"""Ricochet Poker hands: compare, classify and describe hands of 1 to 5 (6, 7) cards.

The rules are in rules/ricochet-poker.md.  Categories, low to high: high card, pair, two
pair, three of a kind, straight,
flush, full house, four of a kind, straight flush, royal flush (the top straight flush).
Straights and flushes need five cards; the Ace plays high or low in a straight (A2345, the
wheel, is the lowest straight).  Within a category the defining ranks are compared, then the
kickers from high to low; if every compared rank is equal the hand with more cards is higher.

>>> compare(["Kd"], ["Kd", "3c"]) < 0          # K+3 beats K
True
>>> compare("9s 7h 2c", "8h") > 0              # nine-seven-two beats an eight
True
>>> compare("Kd", "Kc") > 0, compare("Kd", "Kc", suits=False)
(True, 0)
>>> category("Ah 2c 3d 4s 5h"), describe("8h 8s Kc")
('straight', 'pair of eights, king kicker')

How values are built (all rulings are in the module's *Rulings* below):

* A hand of at most five cards has a *five-card value*: the category, then up to five ranks
  (one per group of equal ranks, largest groups first, then higher ranks; the five ranks of a
  straight from the top, the Ace of a wheel counting as 1).  Missing ranks count as nothing,
  below every rank, so that with equal ranks the hand with more cards is higher.
* **Suits** (``suits=True``, during play) break the remaining ties: each hand's cards are put
  in order of significance (larger groups first, then higher ranks, within a group the higher
  suit first, a straight from its top so A2345 reads 5-4-3-2-A) and the suits are compared
  card by card in that order, clubs < diamonds < hearts < spades.  With ``suits=False`` hands
  of identical ranks are equal (they split).

Rulings:

* **Hand limits 6 and 7** (``limit=6`` or ``limit=7``).  A hand of more than five cards is
  valued by its best five cards; then the remaining cards act as further kickers, from high to
  low; then (already implied) the hand with more cards is higher.  With suits the five cards
  are read in significance order and then the remaining cards from high to low.  When several
  choices of five give the same value, the one that is best for the whole key is taken.
  Hands of at most five cards are valued the same way under every limit.
* **Jokers as bugs** (a :class:`~printplay.core.cards.Card` of rank ``JOKER``, ``X1``/``X2``).  A
  joker counts as an Ace, or as any card not already in the hand that completes a straight or
  a flush, whichever gives the best value.  Counting as an Ace it is a rank, not a particular
  card, so a joker with four Aces is a fifth Ace (valued as four Aces with an Ace kicker,
  still below a straight flush).  For suits a joker counts below clubs: a natural card beats
  the joker standing for it.  A joker left over in a 6- or 7-card hand is an Ace kicker.
* **Five aces** (``five_aces=True``, the option ``five-aces-top``): the other reading, the
  usual one for a bug in draw poker: four Aces and a joker (or three and two jokers) are
  *five aces*, a category of its own above the royal flush (:data:`FIVE_ACES`).  It can
  only arise with jokers, so hands without jokers are valued the same either way.

Strengths (:func:`strength`) are plain integers, comparable with ``<`` between hands valued
with the same ``suits`` and ``limit``.  The five-card value is ``category << 20`` plus four bits
per rank (Ace 14; 1 in a wheel); ``limit`` 6/7 appends four bits per extra kicker, ``suits``
appends three bits per card (joker 0, clubs 1 … spades 4).  :func:`strength5` and
:func:`five_card_strengths` are the fast table-driven paths for complete five-card hands.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import chain, combinations, combinations_with_replacement

from printplay.core.cards import Card, Rank, parse_card
from printplay.core.errors import CardError, OptionError

__all__ = [
    "CATEGORIES",
    "CATEGORY_NAMES",
    "FIVE_ACES",
    "FLUSH",
    "FOUR_OF_A_KIND",
    "FULL_HOUSE",
    "HIGH_CARD",
    "PAIR",
    "ROYAL_FLUSH",
    "STRAIGHT",
    "STRAIGHT_FLUSH",
    "THREE_OF_A_KIND",
    "TWO_PAIR",
    "HandLike",
    "HandValue",
    "category",
    "category_of",
    "compare",
    "describe",
    "evaluate",
    "five_card_strengths",
    "strength",
    "strength5",
]

HandLike = str | Iterable[str | Card]
"""A hand: a string of card codes (``"Th 9h"``) or a sequence of codes and/or cards."""

CATEGORIES: tuple[str, ...] = (
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
    "royal flush",
)
"""The category names, low to high; a category's number is its index here."""

FIVE_ACES = len(CATEGORIES)
"""Five aces: a category above the royal flush, only under ``five_aces=True`` (option
``five-aces-top``); by default four Aces and a joker are four aces with an Ace kicker."""

CATEGORY_NAMES: tuple[str, ...] = (*CATEGORIES, "five aces")
"""Every category name a strength can have, :data:`FIVE_ACES` included, by number."""

(
    HIGH_CARD,
    PAIR,
    TWO_PAIR,
    THREE_OF_A_KIND,
    STRAIGHT,
    FLUSH,
    FULL_HOUSE,
    FOUR_OF_A_KIND,
    STRAIGHT_FLUSH,
    ROYAL_FLUSH,
) = range(10)

LIMITS = (5, 6, 7)
"""The hand limits the rules know."""

_RANK_BITS = 4
_SUIT_BITS = 3
_CATEGORY_SHIFT = 5 * _RANK_BITS
_ACE = 14
_JOKER_SUIT = 0

_WORDS = {r: Rank(r).word for r in range(2, 14)} | {_ACE: "ace", 1: "ace"}
_PLURALS = {r: w + ("es" if w.endswith("x") else "s") for r, w in _WORDS.items()}


def _high(rank: Rank) -> int:
    """A rank as it plays by default: Ace 14, otherwise its number."""
    return _ACE if rank == Rank.ACE else int(rank)


# --------------------------------------------------------------------------------------------
# The readable evaluator (the source of truth; the tables below are built from it).

_Slot = tuple[int, int, Card]
"""One card of a hand as it plays: (rank 1-14, suit code 0-4, the card)."""


def _suit_code(card: Card) -> int:
    return _JOKER_SUIT if card.suit is None else int(card.suit) + 1


def _pack(cat: int, ranks: Sequence[int]) -> int:
    """Category then five 4-bit rank digits, missing ranks as 0."""
    value = cat
    for i in range(5):
        value = value << _RANK_BITS | (ranks[i] if i < len(ranks) else 0)
    return value


def _rank_value(
    slots: Sequence[_Slot], flush: bool, five_aces: bool = False
) -> tuple[int, list[_Slot]]:
    """The five-card value of 1-5 cards (ranks as played) and the cards in significance order.

    ``flush`` says the five cards are of one suit (the caller decides, because of jokers);
    ``five_aces`` ranks five Aces (jokers among them) as :data:`FIVE_ACES`.
    """
    counts: dict[int, int] = {}
    for rank, _, _ in slots:
        counts[rank] = counts.get(rank, 0) + 1
    if len(slots) == 5 and len(counts) == 5:
        ranks = sorted(counts, reverse=True)
        top = 0
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif ranks == [_ACE, 5, 4, 3, 2]:
            top = 5
        if top:
            cat = (ROYAL_FLUSH if top == _ACE else STRAIGHT_FLUSH) if flush else STRAIGHT
            wheel = top == 5
            order = sorted(slots, key=lambda s: 1 if wheel and s[0] == _ACE else s[0])[::-1]
            return _pack(cat, range(top, top - 5, -1)), order
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [n for _, n in groups]
    defining = [r for r, _ in groups]
    if shape[0] == 5 and five_aces:  # five Aces, jokers among them: the top hand
        order = sorted(slots, key=lambda s: s[1], reverse=True)
        return _pack(FIVE_ACES, defining), order
    if shape[0] == 5:  # five Aces, one of them a joker: four Aces with an Ace kicker
        shape, defining = [4, 1], defining * 2
    if shape[0] == 4:
        cat = FOUR_OF_A_KIND
    elif shape[:2] == [3, 2]:
        cat = FULL_HOUSE
    elif flush:
        cat = FLUSH
    elif shape[0] == 3:
        cat = THREE_OF_A_KIND
    elif shape[:2] == [2, 2]:
        cat = TWO_PAIR
    elif shape[0] == 2:
        cat = PAIR
    else:
        cat = HIGH_CARD
    order = sorted(slots, key=lambda s: (counts[s[0]], s[0], s[1]), reverse=True)
    return _pack(cat, defining), order


def _best_upto5(cards: Sequence[Card], five_aces: bool = False) -> tuple[int, list[_Slot]]:
    """The best five-card value of 1-5 cards, jokers as bugs, and its cards in order."""
    naturals = [c for c in cards if not c.is_joker]
    jokers = [c for c in cards if c.is_joker]
    natural_slots = [(_high(c.rank), _suit_code(c), c) for c in naturals]
    suits = {c.suit for c in naturals}
    one_suit = len(cards) == 5 and len(suits) <= 1
    if not jokers:
        return _rank_value(natural_slots, one_suit)
    # Every joker an Ace (never a flush: an Ace of the flush suit completes it below).
    choices = [
        _rank_value(natural_slots + [(_ACE, _JOKER_SUIT, j) for j in jokers], False, five_aces)
    ]
    if len(cards) == 5:
        held = {s[0] for s in natural_slots}
        if len(held) == len(naturals):  # distinct ranks: try every straight that fits
            for top in range(5, _ACE + 1):
                window = set(range(top - 4, top + 1))
                need = {1 if r == _ACE and top == 5 else r for r in held}
                if need <= window:
                    missing = sorted(window - need)
                    fill = [
                        (_ACE if r == 1 else r, _JOKER_SUIT, j)
                        for r, j in zip(missing, jokers, strict=True)
                    ]
                    choices.append(_rank_value(natural_slots + fill, one_suit))
        if one_suit:  # a flush: the jokers take the highest ranks of the suit not held
            free = [r for r in range(_ACE, 1, -1) if r not in held]
            fill = [(r, _JOKER_SUIT, j) for r, j in zip(free, jokers, strict=False)]
            choices.append(_rank_value(natural_slots + fill, True))
    return max(choices, key=lambda choice: (choice[0], [s[1] for s in choice[1]]))


def _leftover_order(slots: Iterable[_Slot]) -> list[_Slot]:
    return sorted(slots, key=lambda s: (s[0], s[1]), reverse=True)


def _key(value5: int, ordered: Sequence[_Slot], extra: int, limit: int, suits: bool) -> int:
    """The comparable key from a five-card value and the hand's cards in order.

    ``ordered`` holds the best five in significance order, then ``extra`` leftover cards.
    """
    key = value5
    kickers = ordered[len(ordered) - extra :] if extra else ()
    for i in range(limit - 5):
        key = key << _RANK_BITS | (kickers[i][0] if i < len(kickers) else 0)
    if suits:
        for i in range(limit):
            key = key << _SUIT_BITS | (ordered[i][1] if i < len(ordered) else 0)
    return key


def _solve(
    cards: Sequence[Card], limit: int, five_aces: bool = False
) -> tuple[int, list[_Slot], int]:
    """(five-card value, every card in order: best five then leftovers, number of leftovers)."""
    if len(cards) <= 5:
        value, order = _best_upto5(cards, five_aces)
        return value, order, 0
    best: tuple[int, list[_Slot]] | None = None
    best_key = -1
    extra = len(cards) - 5
    for five in combinations(range(len(cards)), 5):
        value, order = _best_upto5([cards[i] for i in five], five_aces)
        rest = [c for i, c in enumerate(cards) if i not in five]
        order += _leftover_order(
            (_ACE if c.is_joker else _high(c.rank), _suit_code(c), c) for c in rest
        )
        key = _key(value, order, extra, limit, True)
        if key > best_key:
            best, best_key = (value, order), key
    assert best is not None
    return best[0], best[1], extra


# --------------------------------------------------------------------------------------------
# Input


def _check_limit(limit: int) -> None:
    if limit not in LIMITS:
        raise OptionError(f"the hand limit is 5, 6 or 7, not {limit!r}")


def _cards(hand: HandLike, limit: int) -> list[Card]:
    """Read and check a hand: 1 to ``limit`` cards, no card twice."""
    _check_limit(limit)
    if isinstance(hand, str):
        items: Iterable[str | Card] = hand.replace(",", " ").replace(";", " ").split()
    elif isinstance(hand, Card):
        raise CardError("a hand is a sequence of cards, not a single card")
    else:
        items = hand
    cards: list[Card] = []
    try:
        for item in items:
            if isinstance(item, Card):
                cards.append(item)
            elif isinstance(item, str):
                cards.append(parse_card(item))
            else:
                raise CardError(f"not a card: {item!r}")
    except TypeError:
        raise CardError(f"not a hand of cards: {hand!r}") from None
    if not cards:
        raise CardError("a hand needs at least one card")
    if len(cards) > limit:
        codes = " ".join(c.code for c in cards)
        raise CardError(f"a hand holds at most {limit} cards, not {len(cards)}: {codes}")
    if len(set(cards)) != len(cards):
        twice = next(c for i, c in enumerate(cards) if c in cards[:i])
        raise CardError(f"card {twice.code} appears twice in the hand")
    return cards


# --------------------------------------------------------------------------------------------
# Tables for the fast path: a rank multiset is keyed by the sum of 5**(rank - 2) (at most four
# cards of a rank, so the key is unique); flushes have their own table.  They are built on
# first use (:func:`_fill_tables`), not at import: naming or describing a hand needs none.

_RANK_KEY: dict[int, int] = {r: 5 ** (r - 2) for r in range(2, _ACE + 1)}
_INDEX_KEY: tuple[int, ...] = tuple(_RANK_KEY[_high(Card.from_index(i).rank)] for i in range(52))
_KEY_OF_RANK: dict[Rank, int] = {r: _RANK_KEY[_high(r)] for r in Rank if r != Rank.JOKER}


def _build_tables() -> tuple[dict[int, int], dict[int, int], dict[int, tuple[int, ...]]]:
    plain: dict[int, int] = {}
    flush: dict[int, int] = {}
    order: dict[int, tuple[int, ...]] = {}
    dummy = Card.from_index(0)
    for n in range(1, 6):
        for ranks in combinations_with_replacement(range(2, _ACE + 1), n):
            if any(ranks.count(r) > 4 for r in set(ranks)):
                continue
            key = sum(_RANK_KEY[r] for r in ranks)
            value, slots = _rank_value([(r, 0, dummy) for r in ranks], False)
            plain[key] = value
            order[key] = tuple(dict.fromkeys(s[0] for s in slots))
            if n == 5 and len(set(ranks)) == 5:
                flush[key] = _rank_value([(r, 0, dummy) for r in ranks], True)[0]
    return plain, flush, order


_PLAIN: dict[int, int] = {}
"""The five-card value of each rank multiset (empty until :func:`_fill_tables`)."""
_FLUSH: dict[int, int] = {}
"""The five-card value of each five distinct ranks in one suit (filled with :data:`_PLAIN`)."""
_ORDER: dict[int, tuple[int, ...]] = {}
"""Each rank multiset's ranks in significance order (filled with :data:`_PLAIN`)."""


def _fill_tables() -> None:
    """Fill the fast path's tables, once: :data:`_PLAIN` last, as a filled :data:`_PLAIN`
    says the tables are ready (every fast path checks it before reading them)."""
    plain, flush, order = _build_tables()
    _FLUSH.update(flush)
    _ORDER.update(order)
    _PLAIN.update(plain)


def _fast_value(cards: Sequence[Card]) -> int:
    """The five-card value of 1-5 natural cards, from the tables (filled by the caller)."""
    key = 0
    for card in cards:
        key += _KEY_OF_RANK[card.rank]
    if len(cards) == 5:
        suit = cards[0].suit
        if all(c.suit == suit for c in cards):
            return _FLUSH[key]
    return _PLAIN[key]


def _fast_suits(cards: Sequence[Card]) -> list[int]:
    """Suit codes of 1-5 natural cards in significance order (see the module docstring), from
    the tables (filled by the caller)."""
    by_rank: dict[int, list[int]] = {}
    key = 0
    for card in cards:
        rank = _high(card.rank)
        key += _RANK_KEY[rank]
        by_rank.setdefault(rank, []).append(int(card.suit or 0) + 1)
    codes: list[int] = []
    for rank in _ORDER[key]:
        codes += sorted(by_rank[rank], reverse=True)
    return codes


_FIVES: dict[int, tuple[tuple[int, int, int, int, int], ...]] = {
    n: tuple(combinations(range(n), 5)) for n in (6, 7)
}
"""The choices of five among 6 or 7 cards, by position, in ``combinations`` order."""


def _best_fives(hand: Sequence[Card]) -> tuple[int, list[tuple[Card, ...]]]:
    """The highest five-card value of 6 or 7 natural cards and every five that makes it, in
    ``combinations`` order, from the tables (filled by the caller): each five's key is the
    sum of its cards' rank keys, a flush when its five suits are one."""
    keys = [_KEY_OF_RANK[card.rank] for card in hand]
    suit_of = [card.suit for card in hand]
    plain, flush = _PLAIN, _FLUSH
    value = -1
    best: list[tuple[int, int, int, int, int]] = []
    for five in _FIVES[len(hand)]:
        a, b, c, d, e = five
        key = keys[a] + keys[b] + keys[c] + keys[d] + keys[e]
        if suit_of[a] == suit_of[b] == suit_of[c] == suit_of[d] == suit_of[e]:
            v = flush[key]
        else:
            v = plain[key]
        if v > value:
            value, best = v, [five]
        elif v == value:
            best.append(five)
    return value, [tuple(hand[i] for i in five) for five in best]


def _fast_strength(hand: Sequence[Card], limit: int, suits: bool) -> int:
    """:func:`strength` of natural cards (no jokers), any number up to the limit, by the tables.

    The best five have the highest table value; their ranks fix the leftover ranks, so only
    the suits (if asked for) can differ between equally good choices of five.
    """
    if not _PLAIN:
        _fill_tables()
    if len(hand) <= 5:
        key = _fast_value(hand) << (_RANK_BITS * (limit - 5))
        if suits:
            codes = _fast_suits(hand)
            for i in range(limit):
                key = key << _SUIT_BITS | (codes[i] if i < len(codes) else 0)
        return key
    value, fives = _best_fives(hand)
    rests = [
        sorted(
            (c for c in hand if c not in five), key=lambda c: (_high(c.rank), c.suit), reverse=True
        )
        for five in (fives if suits else fives[:1])
    ]
    key = value
    kickers = rests[0]  # equally good fives hold the same ranks, so leave the same ranks
    for i in range(limit - 5):
        key = key << _RANK_BITS | (_high(kickers[i].rank) if i < len(kickers) else 0)
    if suits:
        best = max(
            _fast_suits(five) + [int(c.suit or 0) + 1 for c in rest]
            for five, rest in zip(fives, rests, strict=True)
        )
        for i in range(limit):
            key = key << _SUIT_BITS | (best[i] if i < len(best) else 0)
    return key


def strength5(a: int, b: int, c: int, d: int, e: int) -> int:
    """Strength (``suits=False``, limit 5) of five distinct natural cards given by index.

    The fast path for engines and enumerations: indices are :attr:`Card.index` (0-51) and are
    not checked.  Equals ``strength`` of the same cards.

    >>> strength5(0, 9, 10, 11, 12) == strength("Ac Tc Jc Qc Kc")
    True
    """
    if not _PLAIN:
        _fill_tables()
    keys = _INDEX_KEY
    key = keys[a] + keys[b] + keys[c] + keys[d] + keys[e]
    if a // 13 == b // 13 == c // 13 == d // 13 == e // 13:
        return _FLUSH[key]
    return _PLAIN[key]


def _five_card_blocks() -> Iterator[Iterator[int]]:
    if not _PLAIN:
        _fill_tables()
    keys = _INDEX_KEY
    plain = _PLAIN.__getitem__
    flush = _FLUSH.__getitem__
    tails = [keys[i + 1 :] for i in range(52)]
    for a in range(48):
        suit = a // 13
        end = 13 * suit + 13
        key_a = keys[a]
        for b in range(a + 1, 49):
            key_b = key_a + keys[b]
            for c in range(b + 1, 50):
                key_c = key_b + keys[c]
                suited = c < end  # a, b and c are one suit (indices go suit by suit)
                for d in range(c + 1, 51):
                    key_d = key_c + keys[d]
                    if suited and d < end:
                        yield map(flush, map(key_d.__add__, keys[d + 1 : end]))
                        yield map(plain, map(key_d.__add__, keys[end:]))
                    else:
                        yield map(plain, map(key_d.__add__, tails[d]))


def five_card_strengths() -> Iterator[int]:
    """The strength (``suits=False``) of every one of the 2,598,960 five-card hands.

    In the order of ``itertools.combinations(standard_deck(), 5)``; table lookups on rank keys
    summed once per prefix, several million hands a second.

    >>> from collections import Counter
    >>> counts = Counter(five_card_strengths())
    >>> sum(counts.values()), len(counts), counts[strength("As Ks Qs Js Ts")]
    (2598960, 7462, 4)
    """
    return chain.from_iterable(_five_card_blocks())


# --------------------------------------------------------------------------------------------
# The public API


@dataclass(frozen=True, slots=True)
class HandValue:
    """What a hand is worth, in full; see :func:`evaluate`.

    ``ranks`` are the ranks compared, in order (the best five's, then extra kickers; Ace 14,
    or 1 at the bottom of a wheel); ``cards`` the hand in significance order; ``jokers`` what
    each joker plays as (``"ace"``, ``"six"``, ``"six of hearts"``).
    """

    category: str
    ranks: tuple[int, ...]
    cards: tuple[Card, ...]
    jokers: tuple[str, ...]
    extra: int
    limit: int
    value5: int
    suit_codes: tuple[int, ...]

    def key(self, *, suits: bool = False) -> int:
        """The strength, as :func:`strength` returns it."""
        key = self.value5
        kickers = self.ranks[len(self.ranks) - self.extra :] if self.extra else ()
        for i in range(self.limit - 5):
            key = key << _RANK_BITS | (kickers[i] if i < len(kickers) else 0)
        if suits:
            for i in range(self.limit):
                key = key << _SUIT_BITS | (self.suit_codes[i] if i < len(self.suit_codes) else 0)
        return key

    def describe(self) -> str:
        """The hand in words; see :func:`describe`."""
        return _describe(self)


def evaluate(cards: HandLike, *, limit: int = 5, five_aces: bool = False) -> HandValue:
    """The full value of a hand by the readable evaluator (jokers, limits 6 and 7 included).

    ``five_aces`` ranks four Aces and a joker as five aces, above a royal flush (option
    ``five-aces-top``).

    >>> evaluate("X1 2c 3d 4h 5s").jokers
    ('six',)
    >>> evaluate("X1 Ac Ad Ah As").category, evaluate("X1 Ac Ad Ah As", five_aces=True).category
    ('four of a kind', 'five aces')
    """
    hand = _cards(cards, limit)
    value5, order, extra = _solve(hand, limit, five_aces)
    digits = [(value5 >> (_RANK_BITS * (4 - i))) & 15 for i in range(5)]
    ranks = [r for r in digits if r] + [s[0] for s in order[len(order) - extra :]][:extra]
    cat = value5 >> _CATEGORY_SHIFT
    jokers: list[str] = []
    flushy = cat in (FLUSH, STRAIGHT_FLUSH, ROYAL_FLUSH)
    five = order[: len(order) - extra]
    suit = next((c.suit for _, _, c in five if c.suit is not None), None)
    for rank, _, card in order:
        if card.is_joker:
            word = _WORDS[rank]
            in_five = any(s[2] == card for s in five)
            if flushy and in_five and suit is not None:
                word += f" of {suit.plural}"
            jokers.append(word)
    return HandValue(
        category=CATEGORY_NAMES[cat],
        ranks=tuple(ranks),
        cards=tuple(s[2] for s in order),
        jokers=tuple(jokers),
        extra=extra,
        limit=limit,
        value5=value5,
        suit_codes=tuple(s[1] for s in order),
    )


def strength(
    cards: HandLike, *, suits: bool = False, limit: int = 5, five_aces: bool = False
) -> int:
    """A sort key for a hand: a higher hand has a larger integer.

    Compare only strengths made with the same ``suits``, ``limit`` and ``five_aces`` (four
    Aces and a joker above a royal flush).  Hands without jokers take the table-driven fast
    path; hands with jokers the readable evaluator.

    >>> sorted(["Kd", "Qh 9c Jd", "2s 2c", "9s 7h 2c", "8h"], key=strength)
    ['8h', '9s 7h 2c', 'Qh 9c Jd', 'Kd', '2s 2c']
    """
    hand = _cards(cards, limit)
    if any(c.is_joker for c in hand):
        value5, order, extra = _solve(hand, limit, five_aces)
        return _key(value5, order, extra, limit, suits)
    return _fast_strength(hand, limit, suits)


def compare(
    a: HandLike, b: HandLike, *, suits: bool = True, limit: int = 5, five_aces: bool = False
) -> int:
    """Compare two hands like ``cmp``: negative if ``a`` is lower, 0 if equal, positive if higher.

    ``suits=True`` (during play) breaks rank ties by suit; ``suits=False`` (showdown) lets
    identical ranks tie.  ``limit`` is the hand limit (5, 6 or 7); ``five_aces`` puts four
    Aces and a joker above a royal flush.

    >>> compare(["Kd"], ["Kc", "3h"])
    -1
    >>> compare("Kd 8c", "Ks 3c"), compare("As 8d", "Ah")
    (1, 1)
    >>> compare("2h 2d 9s", "2s 2c"), compare("9s 7h 2c", "8h")
    (1, 1)
    >>> compare("8h 8d", "8s 8c"), compare("8h 8d", "8s 8c", suits=False)
    (-1, 0)
    """
    sa = strength(a, suits=suits, limit=limit, five_aces=five_aces)
    sb = strength(b, suits=suits, limit=limit, five_aces=five_aces)
    return (sa > sb) - (sa < sb)


def category(cards: HandLike, *, limit: int = 5, five_aces: bool = False) -> str:
    """The hand's category name (of its best five cards), one of :data:`CATEGORY_NAMES`.

    >>> category("Ks"), category("2h 2d 9s"), category("Ah Kh Qh Jh Th")
    ('high card', 'pair', 'royal flush')
    >>> category("Kh Kd 8c 8s 8d"), category("X1 2h 7h 9h Jh"), category("5c 4d 3h 2s Ac")
    ('full house', 'flush', 'straight')
    """
    return category_of(strength(cards, limit=limit, five_aces=five_aces), limit=limit)


def category_of(value: int, *, suits: bool = False, limit: int = 5) -> str:
    """The category name of a strength made with the given ``suits`` and ``limit``.

    >>> category_of(strength5(0, 13, 26, 39, 1))
    'four of a kind'
    """
    shift = _CATEGORY_SHIFT + _RANK_BITS * (limit - 5) + (_SUIT_BITS * limit if suits else 0)
    return CATEGORY_NAMES[value >> shift]


def _words(ranks: Iterable[int]) -> str:
    return "-".join(_WORDS[r] for r in ranks)


def _kickers(ranks: Sequence[int]) -> str:
    if not ranks:
        return ""
    return f", {_words(ranks)} kicker" + ("s" if len(ranks) > 1 else "")


def _article(word: str) -> str:
    if " of " in word:
        return "the"
    return "an" if word[0] in "ae" else "a"


def _describe(value: HandValue) -> str:
    cat = CATEGORY_NAMES.index(value.category)
    five = list(value.ranks[: len(value.ranks) - value.extra])
    if cat == HIGH_CARD:
        text = f"{_WORDS[five[0]]} high" if len(five) == 1 else _words(five)
    elif cat == PAIR:
        text = f"pair of {_PLURALS[five[0]]}{_kickers(five[1:])}"
    elif cat == TWO_PAIR:
        text = f"two pair, {_PLURALS[five[0]]} and {_PLURALS[five[1]]}{_kickers(five[2:])}"
    elif cat == THREE_OF_A_KIND:
        text = f"three {_PLURALS[five[0]]}{_kickers(five[1:])}"
    elif cat in (STRAIGHT, STRAIGHT_FLUSH):
        text = f"{value.category}, {_WORDS[five[0]]} high"
    elif cat == FLUSH:
        text = f"flush, {_words(five)}"
    elif cat == FULL_HOUSE:
        text = f"full house, {_PLURALS[five[0]]} full of {_PLURALS[five[1]]}"
    elif cat == FOUR_OF_A_KIND:
        text = f"four {_PLURALS[five[0]]}{_kickers(five[1:])}"
    elif cat == FIVE_ACES:
        text = "five aces"
    else:
        text = "royal flush"
    if value.extra:
        text += f", plus {_words(value.ranks[len(five) :])}"
    if value.jokers:
        text += f" ({_jokers_as(value.jokers)})"
    return text


def _jokers_as(words: Sequence[str]) -> str:
    """What the Jokers stand for: "Joker as an ace", "Jokers as aces", "Jokers as a nine and
    an eight", "Jokers as the king and queen of hearts" (the card is named as printed)."""
    if len(words) == 1:
        return f"Joker as {_article(words[0])} {words[0]}"
    if len(set(words)) == 1:
        rank, _, suit = words[0].partition(" of ")
        return f"Jokers as {_plural(rank)}" + (f" of {suit}" if suit else "")
    suits = {w.partition(" of ")[2] for w in words}
    if len(suits) == 1 and "" not in suits:
        ranks = [w.partition(" of ")[0] for w in words]
        return f"Jokers as the {' and '.join(ranks)} of {suits.pop()}"
    return "Jokers as " + " and ".join(f"{_article(w)} {w}" for w in words)


def _plural(word: str) -> str:
    return word + ("es" if word.endswith("x") else "s")


def describe(cards: HandLike, *, limit: int = 5, five_aces: bool = False) -> str:
    """The hand in words (``five_aces``: four Aces and a joker are five aces).

    >>> describe("8h 8s Kc"), describe("9s 7h 2c"), describe("Kd")
    ('pair of eights, king kicker', 'nine-seven-two', 'king high')
    >>> describe("Ks Kd 8c 8h 3s"), describe("5c 4d 3h 2s Ac")
    ('two pair, kings and eights, three kicker', 'straight, five high')
    >>> describe("X1 As")
    'pair of aces (Joker as an ace)'
    >>> describe("X1 2h 7h 9h Jh")
    'flush, ace-jack-nine-seven-two (Joker as the ace of hearts)'
    >>> describe("X1 X2 As"), describe("X1 X2 5c 6d 7h")
    ('three aces (Jokers as aces)', 'straight, nine high (Jokers as a nine and an eight)')
    >>> describe("X1 Ac Ad Ah As", five_aces=True)
    'five aces (Joker as an ace)'
    """
    return _describe(evaluate(cards, limit=limit, five_aces=five_aces))
