"""Casino Ricochet Poker: exact buy/fold expected values and a basic strategy.

**Expected values** (:func:`buy_fold_ev`, :func:`state_ev`).  For the player to act, every
three-card completion from the unseen cards (the deck less every card on the table: all
players' cards, folded hands included, and the dealer's, even when kicked out) is valued
exactly against *the table*: the five-card hands still in (the dealer's unless kicked out or
out, and players' bought hands; they are always equal, suits ignored).  The values are the
player's expected **net chips for the round** (pot share + bonus − chips paid, the ante
included): folding is always −1 (the ante is lost); buying pays 1 more, so its value is
``E[pot share] + E[bonus] − 2``.  A completion that beats the table wins the whole pot (after
the buy, ``pot + 1``); one that ties it splits the pot with the tied hands, odd chips by suit
exactly as the engine pays them; a lower one wins nothing.  The bonus is counted on every
completion (home cap if asked).

*Approximation for players who act later*: they are ignored, i.e. treated as if they fold
(their antes stay in the pot, their cards are dead).  With nothing standing (the dealer
kicked out and no one has bought yet) a buy therefore counts as winning the pot.  A later
player who buys can only lower the real value of a buy, so with several players to come
the figure is an upper bound for buying.

Each value enumerates C(45, 3) = 14,190 completions for one player against the dealer, by
rank-key tables (the same scheme as the evaluator's fast path): a few milliseconds.

**Basic strategy** (:func:`basic_strategy`, :func:`strategy_table`).  The player's two-card
hands are grouped into the 169 usual classes (pairs, suited and offsuit rank pairs: ``AA``,
``AKs``, ``AKo`` … ``32o``); the standing hand into 52 groups of consecutive strengths, each
starting at a partial hand (like the kickout thresholds): no pair by high card (7 to A),
pairs 22 to QQ, KK and AA each split at a queen kicker, two pair by the higher pair, three of
a kind by rank, straight, flush, full house, four of a kind or better.  For every class and
group the table holds the probabilities of beating and of tying the standing hand and the
expected bonus (plain and capped), averaged over ``samples`` pairs (player hand of the class,
standing hand of the group dealt at random among the cards left), each valued exactly over
every completion, in a one-player game (45 unseen cards).  The player's hands of a class are
used in turn (equally often); the standing hands are drawn uniformly within the group with a
fixed seed per cell (``random.Random`` seeded with the text ``"casino-strategy:SEED:ROW:COL"``),
so any cell can be recomputed on its own (:func:`compute_cell`).  A decision at pot ``P``
(before the buy) is then ``buy`` when ``(P + 1) * (win + split / 2) + bonus - 2 > -1``, a
table lookup and three multiplications; ties count half the pot here (the odd chip is not
modelled).  The table is stored in ``printplay/data/casino_strategy.json``; rebuild it with
``python -m printplay.games.poker.strategy`` (:func:`rebuild_strategy_file`, a minute or
two on two cores).

In a game with several players, a player applies the basic strategy against the best
five-card hand standing (the dealer's or another player's; they are equal) with the actual
pot, and buys when nothing is standing.
"""

from __future__ import annotations

import json
import math
import random
import sys
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from itertools import combinations, combinations_with_replacement
from pathlib import Path
from typing import Any, Literal

from printplay.cards import Card, parse_card
from printplay.errors import CardError, DealError, MoveError, OptionError
from printplay.games.poker.casino import (
    BONUSES,
    HOME_CAP,
    MAX_PLAYERS,
    Action,
    Buy,
    CasinoState,
    Fold,
)
from printplay.games.poker.dealing import read_cards
from printplay.games.poker.hands import HandLike, strength, strength5
from printplay.parallel import parallel_map

__all__ = [
    "MAX_POT",
    "MAX_TABLE_CARDS",
    "MIN_POT",
    "PLAYER_CLASSES",
    "STANDING_GROUPS",
    "BuyFoldEV",
    "StandingGroup",
    "StrategyCell",
    "StrategySummary",
    "StrategyTable",
    "basic_strategy",
    "basic_strategy_action",
    "best_action",
    "bonus_of_strength",
    "build_strategy",
    "buy_fold_ev",
    "class_index",
    "completion_strengths",
    "compute_cell",
    "group_index",
    "hand_class",
    "is_possible",
    "load_strategy",
    "rebuild_strategy_file",
    "standing_group",
    "state_ev",
    "strategy_summary",
    "strategy_table",
]

Choice = Literal["buy", "fold"]

DATA_FILE = "casino_strategy.json"
"""The precomputed table, in ``printplay/data``."""

MIN_POT = 2
"""The smallest pot before a buy: one player's ante and the dealer's."""
MAX_POT = 2 * MAX_PLAYERS
"""The largest pot before a buy: seven players' and the dealer's antes and six earlier buys."""
MAX_TABLE_CARDS = 5 * MAX_PLAYERS + 5
"""The most cards a casino table can show: seven five-card hands and the dealer's five."""

DEFAULT_SEED = 1
DEFAULT_SAMPLES = 480
"""Samples per cell of the stored table (a multiple of 12, so every hand of a class is used
equally often)."""

# --------------------------------------------------------------------------------------------
# Rank-key tables: a five-card rank multiset is keyed by the sum of 5 ** (rank - 2) (Ace 14).


def _rank_of(index: int) -> int:
    """The playing rank (2-14) of the card with ``index``."""
    rank = index % 13 + 1
    return 14 if rank == 1 else rank


def _index(rank: int, suit: int) -> int:
    return (0 if rank == 14 else rank - 1) + 13 * suit


_KEY: tuple[int, ...] = tuple(5 ** (_rank_of(i) - 2) for i in range(52))


def _build_tables() -> tuple[dict[int, int], dict[int, int]]:
    """Strength (``suits=False``) by rank key, for hands of mixed suits and for flushes."""
    plain: dict[int, int] = {}
    flush: dict[int, int] = {}
    for ranks in combinations_with_replacement(range(2, 15), 5):
        if any(ranks.count(r) > 4 for r in ranks):
            continue
        key = sum(5 ** (r - 2) for r in ranks)
        # suits 0,1,2,3,0: equal ranks get distinct suits and the hand is never one suit
        cards = [_index(r, k % 4) for k, r in enumerate(ranks)]
        plain[key] = strength5(*cards)
        if len(set(ranks)) == 5:
            flush[key] = strength5(*(_index(r, 0) for r in ranks))
    return plain, flush


_PLAIN, _FLUSH = _build_tables()


def _threshold(cards: str) -> int:
    return strength(cards)


_BONUS_STEPS: tuple[tuple[int, str], ...] = (
    (_threshold("Ac 2d 3h 4s 5c"), "straight"),
    (_threshold("2c 3c 4c 5c 7c"), "flush"),
    (_threshold("2c 2d 2h 3c 3d"), "full house"),
    (_threshold("2c 2d 2h 2s"), "four of a kind"),
    (_threshold("Ac 2c 3c 4c 5c"), "straight flush"),
    (_threshold("Tc Jc Qc Kc Ac"), "royal flush"),
)
"""The lowest strength of each bonus category (a partial hand below every hand of it)."""

STRAIGHT_MIN = _BONUS_STEPS[0][0]
"""Strengths at or above this are straights or better: they earn a bonus."""


def _bonus_increments(home_cap: bool) -> tuple[tuple[int, int], ...]:
    """(threshold, extra bonus from reaching it): the bonus is the sum over thresholds met."""
    out = []
    previous = 0
    for value, name in _BONUS_STEPS:
        amount = min(BONUSES[name], HOME_CAP) if home_cap else BONUSES[name]
        out.append((value, amount - previous))
        previous = amount
    return tuple(out)


_INCREMENTS = {False: _bonus_increments(False), True: _bonus_increments(True)}


def bonus_of_strength(value: int, *, home_cap: bool = False) -> int:
    """The bonus for a five-card hand of strength ``value`` (``suits=False``)."""
    if value < STRAIGHT_MIN:
        return 0
    return sum(step for threshold, step in _INCREMENTS[home_cap] if value >= threshold)


def completion_strengths(first: int, second: int, unseen: Sequence[int]) -> list[int]:
    """Strengths (``suits=False``) of the two cards plus every 3 of ``unseen``.

    Cards are given by :attr:`Card.index`; ``unseen`` must be sorted ascending (so each suit
    is one block) and hold neither card.  The order is that of ``combinations(unseen, 3)``.
    """
    keys = [_KEY[c] for c in unseen]
    base = _KEY[first] + _KEY[second]
    n = len(unseen)
    plain = _PLAIN.__getitem__
    flush = _FLUSH.__getitem__
    suit = first // 13
    lo = hi = n
    if second // 13 == suit:
        lo = next((i for i, c in enumerate(unseen) if c // 13 == suit), n)
        hi = next((i for i, c in enumerate(unseen) if c // 13 > suit), n)
    out: list[int] = []
    for i in range(n - 2):
        key_i = base + keys[i]
        for j in range(i + 1, n - 1):
            key_j = key_i + keys[j]
            if lo <= i and j < hi:  # the two cards and unseen i, j share one suit
                out += map(flush, map(key_j.__add__, keys[j + 1 : hi]))
                out += map(plain, map(key_j.__add__, keys[hi:]))
            else:
                out += map(plain, map(key_j.__add__, keys[j + 1 :]))
    return out


# --------------------------------------------------------------------------------------------
# Exact expected values


@dataclass(frozen=True)
class BuyFoldEV:
    """Expected net chips for the round of buying and of folding, for the player to act.

    ``win`` and ``split`` are the probabilities that the five cards beat or tie the table;
    ``bonus`` the expected bonus; ``share`` the expected pot share; ``pot`` the pot before
    the buy; ``completions`` how many three-card completions were valued.
    """

    buy: float
    fold: float
    win: float
    split: float
    share: float
    bonus: float
    pot: int
    completions: int

    @property
    def best(self) -> Choice:
        """``"buy"`` if buying is worth more than folding, else ``"fold"``."""
        return "buy" if self.buy > self.fold else "fold"

    @property
    def gain(self) -> float:
        """How much buying is worth over folding (negative: fold)."""
        return self.buy - self.fold

    def to_json(self) -> dict[str, Any]:
        """``{"buy", "fold", "best", "win", "split", "share", "bonus", "pot", "completions"}``."""
        return {
            "buy": self.buy,
            "fold": self.fold,
            "best": self.best,
            "win": self.win,
            "split": self.split,
            "share": self.share,
            "bonus": self.bonus,
            "pot": self.pot,
            "completions": self.completions,
        }


def _read(hand: HandLike, what: str) -> list[Card]:
    items = hand if isinstance(hand, str) else list(hand)
    if not (items.strip() if isinstance(items, str) else items):
        return []
    cards = read_cards(items, what=what)
    joker = next((c for c in cards if c.is_joker), None)
    if joker is not None:
        raise DealError(f"{what}: the casino game uses no jokers ({joker.code})")
    return cards


def buy_fold_ev(
    player: HandLike,
    standing: Iterable[HandLike] = (),
    *,
    dead: HandLike = (),
    pot: int,
    home_cap: bool = False,
) -> BuyFoldEV:
    """The exact values of buying and folding for a player holding two cards.

    ``standing`` are the five-card hands still in (the dealer's if she plays, bought hands);
    only those equal to the best count (a lower one would already be out).  ``dead`` are the
    other cards on the table (other players' two cards, a kicked-out dealer's hand); ``pot``
    is the pot before the buy.

    >>> ev = buy_fold_ev("Ah 7d", ["Ks Kc 9d 5c 2h"], pot=2)
    >>> ev.best, round(ev.buy, 3), ev.fold, round(ev.win, 3), ev.completions
    ('fold', -1.339, -1.0, 0.215, 14190)
    """
    mine = _read(player, "the player's hand")
    if len(mine) != 2:
        raise CardError(f"the player to act holds two cards, not {len(mine)}")
    hands = [_read(hand, "a standing hand") for hand in standing]
    for hand in hands:
        if len(hand) != 5:
            raise CardError(f"a standing hand has five cards, not {len(hand)}")
    if len(hands) > MAX_PLAYERS:
        raise DealError(
            f"at most {MAX_PLAYERS} five-card hands can stand against the player to act (the "
            f"dealer's and {MAX_PLAYERS - 1} other players'), not {len(hands)}"
        )
    others = _read(dead, "the dead cards")
    seen = mine + [c for h in hands for c in h] + others
    if len(set(seen)) != len(seen):
        twice = next(c for i, c in enumerate(seen) if c in seen[:i])
        raise DealError(f"{twice.code} is on the table twice")
    if len(seen) > MAX_TABLE_CARDS:
        raise DealError(
            f"a casino table shows at most {MAX_TABLE_CARDS} cards ({MAX_PLAYERS} players with "
            f"five cards each and the dealer's five), not {len(seen)}"
        )
    if isinstance(pot, bool) or not isinstance(pot, int) or not MIN_POT <= pot <= MAX_POT:
        raise OptionError(
            f"the pot before a buy is {MIN_POT} to {MAX_POT} chips (the antes of up to "
            f"{MAX_PLAYERS} players and the dealer, and the buys before), not {pot!r}"
        )
    return _exact_ev(mine, hands, {c.index for c in seen}, pot, home_cap)


def _exact_ev(
    mine: list[Card], hands: list[list[Card]], seen: set[int], pot: int, home_cap: bool
) -> BuyFoldEV:
    unseen = [i for i in range(52) if i not in seen]
    if len(unseen) < 3:
        raise DealError(f"a buy deals three cards, and only {len(unseen)} are left unseen")
    values = completion_strengths(mine[0].index, mine[1].index, unseen)
    values.sort()
    total = len(values)
    after = pot + 1
    bonus_total = 0
    for threshold, step in _INCREMENTS[home_cap]:
        bonus_total += step * (total - bisect_left(values, threshold))
    if not hands:  # nothing standing: a buy takes the pot (later players ignored)
        wins, ties, share_total = total, 0, after * total
    else:
        strengths = [strength(h) for h in hands]
        top = max(strengths)
        tied_hands = [h for h, s in zip(hands, strengths, strict=True) if s == top]
        wins = total - bisect_right(values, top)
        ties = bisect_right(values, top) - bisect_left(values, top)
        share_total = after * wins
        if ties:
            share_total += _tie_shares(mine, tied_hands, unseen, top, after)
    bonus = bonus_total / total
    share = share_total / total
    return BuyFoldEV(
        buy=share + bonus - 2,
        fold=-1.0,
        win=wins / total,
        split=ties / total,
        share=share,
        bonus=bonus,
        pot=pot,
        completions=total,
    )


def _tie_shares(
    mine: list[Card], tied: list[list[Card]], unseen: list[int], top: int, pot: int
) -> int:
    """Total pot share over the completions that tie the table, odd chips by suit."""
    need = sorted(_rank_of(c.index) for c in tied[0])
    for card in mine:
        need.remove(_rank_of(card.index))  # the caller knows a tie exists
    wanted = set(need)
    candidates = [i for i in unseen if _rank_of(i) in wanted]
    others = [strength(h, suits=True) for h in tied]
    hands = len(tied) + 1
    share, odd = divmod(pot, hands)
    total = 0
    a, b = mine[0].index, mine[1].index
    for x, y, z in combinations(candidates, 3):
        if sorted((_rank_of(x), _rank_of(y), _rank_of(z))) != need:
            continue
        if strength5(a, b, x, y, z) != top:
            continue
        five = [*mine, Card.from_index(x), Card.from_index(y), Card.from_index(z)]
        mine_suits = strength(five, suits=True)
        place = sum(s > mine_suits for s in others)
        total += share + (1 if place < odd else 0)
    return total


def state_ev(state: CasinoState) -> BuyFoldEV:
    """:func:`buy_fold_ev` for the player to act in an engine state."""
    if state.to_act is None:
        raise MoveError("the round is over: no one is to act")
    player = state.player(state.to_act)
    standing = [list(cards) for _, cards in state.standing()]
    seen = {c.index for c in state.table_cards()}
    return _exact_ev(list(player.cards), standing, seen, state.pot, state.options.home_cap)


def best_action(state: CasinoState) -> Action:
    """The action with the higher exact value (:func:`state_ev`) for the player to act."""
    return Buy() if state_ev(state).best == "buy" else Fold()


# --------------------------------------------------------------------------------------------
# Groups: the player's two-card classes and the standing hand's strength groups

_RANK_LETTERS = "??23456789TJQKA"


def _class_names() -> tuple[str, ...]:
    names = [_RANK_LETTERS[r] * 2 for r in range(14, 1, -1)]
    for high in range(14, 2, -1):
        for low in range(high - 1, 1, -1):
            pair = _RANK_LETTERS[high] + _RANK_LETTERS[low]
            names += [pair + "s", pair + "o"]
    return tuple(names)


PLAYER_CLASSES: tuple[str, ...] = _class_names()
"""The 169 two-card classes: pairs AA…22, then AKs, AKo, AQs … 32o."""

_CLASS_INDEX = {name: i for i, name in enumerate(PLAYER_CLASSES)}


def _class_of(a: int, b: int) -> int:
    ra, rb = _rank_of(a), _rank_of(b)
    if ra == rb:
        return _CLASS_INDEX[_RANK_LETTERS[ra] * 2]
    high, low = max(ra, rb), min(ra, rb)
    kind = "s" if a // 13 == b // 13 else "o"
    return _CLASS_INDEX[_RANK_LETTERS[high] + _RANK_LETTERS[low] + kind]


_ROW_OF: tuple[int, ...] = tuple(
    _class_of(a, b) if a != b else -1 for a in range(52) for b in range(52)
)
"""Class index by ``52 * a + b`` for card indices ``a != b``."""


def hand_class(cards: HandLike) -> str:
    """The class of a two-card hand: ``"AA"``, ``"KQs"``, ``"T9o"``.

    >>> hand_class("9h Th"), hand_class("2c 2d"), hand_class("Ah 3s")
    ('T9s', '22', 'A3o')
    """
    hand = _read(cards, "the two-card hand")
    if len(hand) != 2:
        raise CardError(f"a two-card hand has two cards, not {len(hand)}")
    return PLAYER_CLASSES[_ROW_OF[52 * hand[0].index + hand[1].index]]


def _class_combos(name: str) -> list[tuple[int, int]]:
    """Every hand of a class as card-index pairs, in a fixed order."""
    if len(name) == 2:
        rank = _RANK_LETTERS.index(name[0])
        return [(_index(rank, s), _index(rank, t)) for s, t in combinations(range(4), 2)]
    high, low = _RANK_LETTERS.index(name[0]), _RANK_LETTERS.index(name[1])
    if name[2] == "s":
        return [(_index(high, s), _index(low, s)) for s in range(4)]
    return [(_index(high, s), _index(low, t)) for s in range(4) for t in range(4) if s != t]


@dataclass(frozen=True)
class StandingGroup:
    """A group of standing hands: strengths from ``low`` (a partial hand) up to the next."""

    name: str
    label: str
    low: tuple[Card, ...]

    @property
    def low_strength(self) -> int:
        """The lowest strength in the group (-1 for the first group)."""
        return strength(self.low) if self.low else -1


def _groups() -> tuple[StandingGroup, ...]:
    def g(name: str, label: str, low: str) -> StandingGroup:
        return StandingGroup(name, label, tuple(parse_card(c) for c in low.split()))

    out = [g("7 high", "7", "")]
    words = {8: "8", 9: "9", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
    letters = _RANK_LETTERS
    for rank in range(8, 15):
        # the label uses the letters of the rows and the pair columns (T, not 10)
        out.append(g(f"{words[rank]} high", letters[rank], f"{letters[rank]}c"))
    for rank in range(2, 13):
        pair = letters[rank] * 2
        out.append(g(f"pair {pair}", pair, f"{letters[rank]}c {letters[rank]}d"))
    out.append(g("pair KK, jack kicker or lower", "KK≤J", "Kc Kd"))
    out.append(g("pair KK, queen kicker or higher", "KKQ+", "Kc Kd Qc"))
    out.append(g("pair AA, jack kicker or lower", "AA≤J", "Ac Ad"))
    out.append(g("pair AA, queen kicker or higher", "AAQ+", "Ac Ad Qc"))
    for rank in range(3, 15):
        top = letters[rank] * 2
        out.append(g(f"two pair, {top} up", f"{top}xx", f"{letters[rank]}c {letters[rank]}d 2c 2d"))
    for rank in range(2, 15):
        trips = letters[rank] * 3
        low = f"{letters[rank]}c {letters[rank]}d {letters[rank]}h"
        out.append(g(f"three of a kind, {trips}", trips, low))
    out.append(g("straight", "str", "Ac 2d 3h 4s 5c"))
    out.append(g("flush", "fl", "2c 3c 4c 5c 7c"))
    out.append(g("full house", "fh", "2c 2d 2h 3c 3d"))
    out.append(g("four of a kind or better", "4k+", "2c 2d 2h 2s"))
    return tuple(out)


STANDING_GROUPS: tuple[StandingGroup, ...] = _groups()
"""The 52 groups of standing hands, low to high (the table's columns)."""

_GROUP_LOWS: tuple[int, ...] = tuple(group.low_strength for group in STANDING_GROUPS)

ONE_PLAYER_COLUMNS = 20
"""The groups a one-player dealer can hold without being kicked out (below KKQ)."""


def _column(value: int) -> int:
    return bisect_right(_GROUP_LOWS, value) - 1


def class_index(first: int, second: int) -> int:
    """The table row (index into :data:`PLAYER_CLASSES`) of two cards given by index."""
    return _ROW_OF[52 * first + second]


def group_index(value: int) -> int:
    """The table column (index into :data:`STANDING_GROUPS`) of a standing hand's strength."""
    return bisect_right(_GROUP_LOWS, value) - 1


def standing_group(hand: HandLike) -> StandingGroup:
    """The group of a five-card standing hand.

    >>> standing_group("Kh Ks Jd 4c 2c").name, standing_group("9h 9s 4d 4c 2c").name
    ('pair KK, jack kicker or lower', 'two pair, 99 up')
    """
    cards = _read(hand, "the standing hand")
    if len(cards) != 5:
        raise CardError(f"a standing hand has five cards, not {len(cards)}")
    return STANDING_GROUPS[_column(strength(cards))]


# --------------------------------------------------------------------------------------------
# Sampling standing hands of a group


@cache
def _group_values() -> tuple[tuple[tuple[tuple[int, ...], bool, int, int], ...], ...]:
    """Per group: (ranks, one suit?, strength, number of hands) for every distinct value."""
    buckets: list[list[tuple[tuple[int, ...], bool, int, int]]] = [[] for _ in STANDING_GROUPS]
    for ranks in combinations_with_replacement(range(2, 15), 5):
        if any(ranks.count(r) > 4 for r in ranks):
            continue
        key = sum(5 ** (r - 2) for r in ranks)
        if len(set(ranks)) == 5:
            entries = [(False, _PLAIN[key], 4**5 - 4), (True, _FLUSH[key], 4)]
        else:
            ways = math.prod(math.comb(4, ranks.count(r)) for r in set(ranks))
            entries = [(False, _PLAIN[key], ways)]
        for flush, value, ways in entries:
            buckets[_column(value)].append((ranks, flush, value, ways))
    return tuple(tuple(bucket) for bucket in buckets)


@cache
def _group_weights(column: int) -> list[int]:
    weights = []
    total = 0
    for *_, ways in _group_values()[column]:
        total += ways
        weights.append(total)
    return weights


def _sample_hand(column: int, rng: random.Random, exclude: set[int]) -> tuple[int, ...]:
    """A standing hand uniform among the group's hands that avoid ``exclude``."""
    entries = _group_values()[column]
    weights = _group_weights(column)
    while True:
        ranks, flush, _, _ = rng.choices(entries, cum_weights=weights)[0]
        if flush:
            suit = rng.randrange(4)
            hand = tuple(_index(r, suit) for r in ranks)
        else:
            hand_list: list[int] = []
            for rank in sorted(set(ranks)):
                for suit in rng.sample(range(4), ranks.count(rank)):
                    hand_list.append(_index(rank, suit))
            if len({c // 13 for c in hand_list}) == 1:
                continue
            hand = tuple(hand_list)
        if not exclude.intersection(hand):
            return hand


# --------------------------------------------------------------------------------------------
# The builder: for one two-card hand, all C(50, 3) completions indexed so that the counts over
# the completions avoiding a five-card standing hand follow by inclusion-exclusion.


class _Completions:
    """Sorted strengths of the completions of one two-card hand, whole and by card."""

    def __init__(self, first: int, second: int) -> None:
        rest = [i for i in range(52) if i not in (first, second)]
        values = completion_strengths(first, second, rest)
        self.first, self.second = first, second
        self.all = sorted(values)
        by_one: dict[int, list[int]] = {c: [] for c in rest}
        by_two: dict[tuple[int, int], list[int]] = {}
        for (x, y, z), value in zip(combinations(rest, 3), values, strict=True):
            by_one[x].append(value)
            by_one[y].append(value)
            by_one[z].append(value)
            for pair in ((x, y), (x, z), (y, z)):
                by_two.setdefault(pair, []).append(value)
        for lst in by_one.values():
            lst.sort()
        for lst in by_two.values():
            lst.sort()
        self.by_one = by_one
        self.by_two = by_two

    def counts(self, hand: Sequence[int], thresholds: Sequence[int]) -> list[int]:
        """For each threshold, the completions avoiding ``hand`` with strength >= it."""
        cards = sorted(hand)
        lists: list[tuple[int, list[int]]] = [(1, self.all)]
        lists += [(-1, self.by_one[c]) for c in cards]
        lists += [(1, self.by_two[pair]) for pair in combinations(cards, 2)]
        out = []
        triples = [
            strength5(self.first, self.second, x, y, z) for x, y, z in combinations(cards, 3)
        ]
        for threshold in thresholds:
            count = 0
            for sign, lst in lists:
                count += sign * (len(lst) - bisect_left(lst, threshold))
            count -= sum(1 for v in triples if v >= threshold)
            out.append(count)
        return out


@dataclass(frozen=True)
class StrategyCell:
    """A player class against a standing group: averages over the sampled pairs.

    ``win``/``split``: probability of beating/tying the standing hand when buying; ``bonus``
    and ``bonus_capped`` the expected bonus (plain, home cap); ``sd`` the standard deviation
    of the buy value at pot 2 across the samples (spread within the cell, not an error bar).
    """

    win: float
    split: float
    bonus: float
    bonus_capped: float
    sd: float

    def buy_value(self, pot: int = 2, *, home_cap: bool = False) -> float:
        """Expected net chips of buying at ``pot`` (before the buy); folding is -1."""
        bonus = self.bonus_capped if home_cap else self.bonus
        return (pot + 1) * (self.win + self.split / 2) + bonus - 2

    def decide(self, pot: int = 2, *, home_cap: bool = False) -> Choice:
        """``"buy"`` when buying is worth more than folding's -1."""
        return "buy" if self.buy_value(pot, home_cap=home_cap) > -1 else "fold"

    def to_list(self) -> list[float]:
        """``[win, split, bonus, bonus_capped, sd]`` rounded for the data file."""
        return [round(v, 7) for v in (self.win, self.split, self.bonus, self.bonus_capped, self.sd)]


def is_possible(row: int, column: int) -> bool:
    """Whether a standing hand of the group can exist beside a hand of the class.

    Only a pair against three of a kind of its own rank cannot (one card of the rank is
    left); such cells hold zeros and are never looked up.
    """
    name, group = PLAYER_CLASSES[row], STANDING_GROUPS[column]
    return not (len(name) == 2 and group.name == f"three of a kind, {name[0] * 3}")


def compute_cell(row: int, column: int, *, samples: int, seed: int) -> StrategyCell:
    """Compute one cell of the table from scratch (the same numbers the builder stores)."""
    combos = _class_combos(PLAYER_CLASSES[row])
    indexes = [_Completions(a, b) for a, b in combos]
    return _cell(indexes, row, column, samples, seed)


def _cell(
    indexes: Sequence[_Completions], row: int, column: int, samples: int, seed: int
) -> StrategyCell:
    if not is_possible(row, column):
        return StrategyCell(0.0, 0.0, 0.0, 0.0, 0.0)
    rng = random.Random(f"casino-strategy:{seed}:{row}:{column}")
    thresholds = [t for t, _ in _BONUS_STEPS]
    steps = [s for _, s in _INCREMENTS[False]]
    capped = [s for _, s in _INCREMENTS[True]]
    total = math.comb(45, 3)
    sums = [0.0, 0.0, 0.0, 0.0]
    values: list[float] = []
    for k in range(samples):
        index = indexes[k % len(indexes)]
        hand = _sample_hand(column, rng, {index.first, index.second})
        top = strength5(*hand)
        above, at_least, *bonus_counts = index.counts(hand, [top + 1, top, *thresholds])
        win = above / total
        split = (at_least - above) / total
        bonus = sum(s * n for s, n in zip(steps, bonus_counts, strict=True)) / total
        bonus_capped = sum(s * n for s, n in zip(capped, bonus_counts, strict=True)) / total
        for i, v in enumerate((win, split, bonus, bonus_capped)):
            sums[i] += v
        values.append(3 * (win + split / 2) + bonus - 2)
    mean = sum(values) / samples
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (samples - 1)) if samples > 1 else 0.0
    win, split, bonus, bonus_capped = (s / samples for s in sums)
    return StrategyCell(win, split, bonus, bonus_capped, sd)


def _build_row(job: tuple[int, int, int]) -> tuple[int, list[StrategyCell]]:
    row, samples, seed = job
    indexes = [_Completions(a, b) for a, b in _class_combos(PLAYER_CLASSES[row])]
    return row, [_cell(indexes, row, col, samples, seed) for col in range(len(STANDING_GROUPS))]


# --------------------------------------------------------------------------------------------
# The table


@dataclass(frozen=True)
class StrategyTable:
    """The basic-strategy table: a :class:`StrategyCell` per player class and standing group."""

    cells: tuple[tuple[StrategyCell, ...], ...]
    samples: int
    seed: int
    _decisions: dict[tuple[int, bool], bytes] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )

    def cell(self, player: HandLike, standing: HandLike) -> StrategyCell:
        """The cell of a two-card hand against a five-card standing hand."""
        row = _CLASS_INDEX[hand_class(player)]
        return self.cells[row][STANDING_GROUPS.index(standing_group(standing))]

    def cell_at(self, first: int, second: int, standing_strength: int) -> StrategyCell:
        """The cell by card indices and the standing hand's strength (the fast path)."""
        return self.cells[_ROW_OF[52 * first + second]][_column(standing_strength)]

    def decisions(self, pot: int, home_cap: bool) -> bytes:
        """Buy (1) or fold (0) per ``row * 52 + column`` at ``pot``: the simulations' lookup."""
        found = self._decisions.get((pot, home_cap))
        if found is None:
            found = bytes(
                1 if cell.decide(pot, home_cap=home_cap) == "buy" else 0
                for row in self.cells
                for cell in row
            )
            self._decisions[(pot, home_cap)] = found
        return found

    def to_json(self) -> dict[str, Any]:
        """The data-file form: method, seed, samples, rows, columns, cells."""
        return {
            "format": "printplay-casino-strategy",
            "version": 1,
            "method": (
                "one player against a standing five-card hand, 45 unseen cards; per cell "
                "the mean over `samples` (two-card hand of the class in turn, standing hand "
                "uniform in the group) of exact probabilities over all 14,190 completions; "
                "cell = [win, split, bonus, bonus_capped, sd of the buy value at pot 2]"
            ),
            "seed": self.seed,
            "samples": self.samples,
            "rows": list(PLAYER_CLASSES),
            "columns": [g.name for g in STANDING_GROUPS],
            "cells": [[cell.to_list() for cell in row] for row in self.cells],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> StrategyTable:
        """Read the data-file form (checks the rows and columns match this version)."""
        if data.get("rows") != list(PLAYER_CLASSES) or data.get("columns") != [
            g.name for g in STANDING_GROUPS
        ]:
            raise OptionError("the strategy table does not match this version's rows/columns")
        cells = tuple(
            tuple(
                StrategyCell(win, split, bonus, capped, sd) for win, split, bonus, capped, sd in row
            )
            for row in data["cells"]
        )
        return cls(cells, int(data["samples"]), int(data["seed"]))


def build_strategy(
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = DEFAULT_SEED,
    jobs: int = 1,
    rows: Sequence[int] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> StrategyTable:
    """Compute the table (every row, or only ``rows``: the others left empty).

    ``progress(done, total)`` is called after each row; ``jobs`` > 1 uses that many
    processes.  The result depends only on ``samples`` and ``seed``.
    """
    wanted = list(range(len(PLAYER_CLASSES))) if rows is None else list(rows)
    work = [(row, samples, seed) for row in wanted]
    found: dict[int, list[StrategyCell]] = {}
    for done, (row, cells) in enumerate(parallel_map(_build_row, work, jobs=jobs), start=1):
        found[row] = cells
        if progress:
            progress(done, len(work))
    empty = StrategyCell(0.0, 0.0, 0.0, 0.0, 0.0)
    table = tuple(
        tuple(found.get(row, [empty] * len(STANDING_GROUPS))) for row in range(len(PLAYER_CLASSES))
    )
    return StrategyTable(table, samples, seed)


def _data_path() -> Path:
    return Path(str(resources.files("printplay") / "data" / DATA_FILE))


@cache
def load_strategy() -> StrategyTable:
    """The stored table (``printplay/data/casino_strategy.json``), read once."""
    path = _data_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise OptionError(
            f"cannot read the strategy table {path}: {error.strerror or error} "
            "(rebuild it with python -m printplay.games.poker.strategy)"
        ) from None
    return StrategyTable.from_json(data)


def rebuild_strategy_file(
    path: Path | None = None,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = DEFAULT_SEED,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> Path:
    """Compute the whole table and write it (by default over the stored data file)."""
    table = build_strategy(samples=samples, seed=seed, jobs=jobs, progress=progress)
    target = path or _data_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(table.to_json(), separators=(",", ":"))
    target.write_text(text.replace("],[", "],\n[") + "\n", encoding="utf-8")
    load_strategy.cache_clear()
    return target


# --------------------------------------------------------------------------------------------
# Using the table


def basic_strategy(
    player: HandLike,
    standing: HandLike | None,
    *,
    pot: int = 2,
    home_cap: bool = False,
    table: StrategyTable | None = None,
) -> Choice:
    """``"buy"`` or ``"fold"`` for two cards against the best five-card hand standing.

    ``standing`` is the dealer's hand (or, with several players, the best bought hand); with
    ``None`` (nothing standing) the answer is ``"buy"``.  ``pot`` is the pot before the buy:
    2 for one player against the dealer.

    >>> basic_strategy("Ah Ad", "Ks Kc 9d 5c 2h"), basic_strategy("7c 2d", "Qs Qc 9d 5c 2h")
    ('buy', 'fold')
    """
    if standing is None:
        _read(player, "the player's hand")
        return "buy"
    return (table or load_strategy()).cell(player, standing).decide(pot, home_cap=home_cap)


def basic_strategy_action(state: CasinoState) -> Action:
    """The basic strategy's action for the player to act in an engine state.

    Against the best five-card hand standing (any of them: they are equal) at the actual
    pot; buy when nothing is standing.
    """
    if state.to_act is None:
        raise MoveError("the round is over: no one is to act")
    player = state.player(state.to_act)
    standing = state.standing()
    if not standing:
        return Buy()
    value = strength(standing[0][1])
    cell = load_strategy().cell_at(player.cards[0].index, player.cards[1].index, value)
    buy = cell.decide(state.pot, home_cap=state.options.home_cap) == "buy"
    return Buy() if buy else Fold()


def _compact(choices: Sequence[Choice]) -> str:
    if all(c == "buy" for c in choices):
        return "B"
    if all(c == "fold" for c in choices):
        return "F"
    return "s" if choices[0] == "buy" else "o"


def strategy_table(
    *,
    home_cap: bool = False,
    pot: int = 2,
    columns: int = ONE_PLAYER_COLUMNS,
    values: bool = False,
    table: StrategyTable | None = None,
) -> tuple[list[str], list[list[str]]]:
    """The basic strategy as a header and rows, for a rulebook or the terminal.

    Rows are pairs (AA…22) then unpaired hands by high and second card (AK … 32); columns
    the first ``columns`` standing groups (by default the dealer's hands below the one-player
    kickout, 7 high … KK with a jack or lower).  A cell is ``B`` (buy), ``F`` (fold), or for
    unpaired hands ``s`` (buy suited only) or ``o`` (buy offsuit only).  With ``values`` the
    cells give the buy value instead (suited/offsuit), where folding is -1.
    """
    data = table or load_strategy()
    header = ["hand", *(g.label for g in STANDING_GROUPS[:columns])]
    rows: list[list[str]] = []
    for name in PLAYER_CLASSES:
        if name.endswith("o"):
            continue
        kinds = [name] if len(name) == 2 else [name, name[:2] + "o"]
        cells = [data.cells[_CLASS_INDEX[k]] for k in kinds]
        row = [name[:2]]
        for col in range(columns):
            if values:
                row.append(
                    "/".join(f"{c[col].buy_value(pot, home_cap=home_cap):+.2f}" for c in cells)
                )
            else:
                row.append(_compact([c[col].decide(pot, home_cap=home_cap) for c in cells]))
        rows.append(row)
    return header, rows


# --------------------------------------------------------------------------------------------
# The table in a few sentences

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_MAX_EXCEPTIONS = 2
"""A rule is stated with at most this many exceptions; with more, the table decides there."""


@dataclass(frozen=True)
class _Band:
    """A rule on cells keyed by a rank difference ``d`` (her pair's rank minus a rank of
    yours): buy when ``d <= buy_upto``, fold when ``d >= fold_from``, the listed exceptions
    aside; between the two, no rule."""

    buy_upto: int
    fold_from: int
    exceptions: tuple[tuple[str, int, Choice], ...]

    def predict(self, name: str, column: int, d: int) -> Choice | None:
        for row, col, choice in self.exceptions:
            if (row, col) == (name, column):
                return choice
        if d <= self.buy_upto:
            return "buy"
        if d >= self.fold_from:
            return "fold"
        return None


def _band(cells: Sequence[tuple[str, int, int, Choice]]) -> _Band:
    """The tightest rule for ``(class, column, d, decision)`` cells (see :class:`_Band`)."""
    ds = sorted({d for _, _, d, _ in cells})
    buys = {d for _, _, d, c in cells if c == "buy"}
    folds = {d for _, _, d, c in cells if c == "fold"}
    below = [d for d in ds if d in folds]
    above = [d for d in ds if d in buys]
    buy_upto = (min(below) - 1) if below else ds[-1]
    fold_from = (max(above) + 1) if above else ds[0]
    between = [cell for cell in cells if buy_upto < cell[2] < fold_from]
    exceptions: tuple[tuple[str, int, Choice], ...] = ()
    if between:
        for keep, choice in (("fold", "buy"), ("buy", "fold")):
            odd = [(row, col, c) for row, col, _, c in between if c == choice]
            if len(odd) <= _MAX_EXCEPTIONS:
                exceptions = tuple(odd)
                if keep == "fold":
                    fold_from = buy_upto + 1
                else:
                    buy_upto = fold_from - 1
                break
    return _Band(buy_upto, fold_from, exceptions)


@dataclass(frozen=True)
class StrategySummary:
    """The basic-strategy table in a few sentences, each true of every cell it speaks of.

    Computed from the table (:func:`strategy_summary`).  The columns are the dealer's hands:
    with no pair, or with a pair; a rule about her pair compares its rank with your pair (if
    you have one) or with your lower card.  :meth:`predict` gives the decision the sentences
    imply for a cell, or ``None`` where they leave it to the table.
    """

    sentences: tuple[str, ...]
    no_pair: _Band | None
    pairs: _Band | None
    unpaired: dict[bool, _Band]
    labels: tuple[str, ...]

    def predict(self, name: str, column: int) -> Choice | None:
        """The decision for class ``name`` (``"QQ"``, ``"AKs"``, ``"AKo"``) against ``column``."""
        group = STANDING_GROUPS[column]
        rank = _group_pair_rank(group)
        if rank is None:
            if self.no_pair and group.name.endswith(" high"):
                return self.no_pair.predict(name, column, 0)
            return None
        if len(name) == 2:
            band = self.pairs
            mine = _RANK_LETTERS.index(name[0])
        else:
            band = self.unpaired.get(name.endswith("s"))
            mine = _RANK_LETTERS.index(name[1])
        return band.predict(name, column, rank - mine) if band else None


def _group_pair_rank(group: StandingGroup) -> int | None:
    """The rank (2-14) of a one-pair group's pair; ``None`` for other groups."""
    if not group.name.startswith("pair "):
        return None
    return _RANK_LETTERS.index(group.name.split()[1][0])


def _number(n: int) -> str:
    return _NUMBER_WORDS[n] if n < len(_NUMBER_WORDS) else str(n)


def _ranks(n: int) -> str:
    return f"{_number(n)} rank{'s' if n != 1 else ''}"


def _buy_words(d: int, mine: str) -> str:
    """Her pair's rank is at most ``d`` above ``mine``, in words."""
    if d == -1:
        return f"is below {mine}"
    if d == 0:
        return f"is no higher than {mine}"
    if d > 0:
        return f"is at most {_ranks(d)} above {mine}"
    return f"is at least {_ranks(-d)} below {mine}"


def _fold_words(d: int, mine: str) -> str:
    """Her pair's rank is at least ``d`` above ``mine``, in words."""
    if d == 1:
        return f"is higher than {mine}"
    if d == 0:
        return f"is as high as {mine} or higher"
    if d > 1:
        return f"is {_more_ranks(d)} above {mine}"
    return f"is at most {_ranks(-d)} below {mine}"


def _more_ranks(d: int) -> str:
    return f"{_number(d)} or more ranks"


def _exceptions(band: _Band, labels: Sequence[str]) -> str:
    if not band.exceptions:
        return ""
    items = [
        f"{choice} with {row[:2]}"
        f"{' suited' if row.endswith('s') else ' offsuit' if row.endswith('o') else ''}"
        f" against {labels[col]}"
        for row, col, choice in band.exceptions
    ]
    return " (but " + " and ".join(items) + ")"


def _rule(band: _Band, ds: Sequence[int], mine: str, fold_note: str = "") -> tuple[str, bool]:
    """The band's rule in words, and whether it leaves cells to the table."""
    if band.buy_upto >= ds[-1]:
        return "always buy", False
    if band.fold_from <= ds[0]:
        return "always fold", False
    clauses = []
    if band.buy_upto >= ds[0]:
        clauses.append(f"buy when hers {_buy_words(band.buy_upto, mine)}")
    if band.fold_from <= ds[-1]:
        clauses.append(f"fold when it {_fold_words(band.fold_from, mine)}{fold_note}")
    return ", ".join(clauses), band.buy_upto + 1 < band.fold_from


def strategy_summary(
    *,
    home_cap: bool = False,
    pot: int = 2,
    columns: int = ONE_PLAYER_COLUMNS,
    table: StrategyTable | None = None,
) -> StrategySummary:
    """The basic strategy of :func:`strategy_table` (same arguments) in a few true sentences.

    Three rules, each computed from the table and stated only as far as it holds: against a
    dealer with no pair; against her pair when you hold a pair (her pair's rank against
    yours); against her pair when you do not (against your lower card, suited and offsuit
    hands apart).  A rule is stated with up to two exceptions; where more cells disagree, the
    sentence says to see the chart.

    >>> strategy_summary().sentences[0]
    'Against a dealer with no pair, always buy.'
    """
    data = table or load_strategy()
    labels = tuple(g.label for g in STANDING_GROUPS[:columns])
    no_pair_cols = [c for c in range(columns) if STANDING_GROUPS[c].name.endswith(" high")]
    pair_cols = [
        (c, rank)
        for c in range(columns)
        if (rank := _group_pair_rank(STANDING_GROUPS[c])) is not None
    ]

    def decide(name: str, column: int) -> Choice:
        return data.cells[_CLASS_INDEX[name]][column].decide(pot, home_cap=home_cap)

    sentences: list[str] = []
    no_pair: _Band | None = None
    if no_pair_cols:
        band = _band(
            [(name, c, 0, decide(name, c)) for name in PLAYER_CLASSES for c in no_pair_cols]
        )
        rule, _ = _rule(band, [0], "")
        if rule.startswith("always"):  # otherwise no short rule: the table decides
            no_pair = band
            sentences.append(f"Against a dealer with no pair, {rule}{_exceptions(band, labels)}.")

    pairs: _Band | None = None
    unpaired: dict[bool, _Band] = {}
    if pair_cols:
        paired = [
            (name, c, rank - _RANK_LETTERS.index(name[0]), decide(name, c))
            for name in PLAYER_CLASSES
            if len(name) == 2
            for c, rank in pair_cols
        ]
        pairs = _band(paired)
        rule, gaps = _rule(pairs, sorted({d for _, _, d, _ in paired}), "yours")
        sentences.append(
            f"Against her pair, with a pair of your own: {rule}{_exceptions(pairs, labels)}"
            + ("; otherwise see the chart." if gaps else ".")
        )
        ds: dict[bool, list[int]] = {}
        for suited in (False, True):
            cells = [
                (name, c, rank - _RANK_LETTERS.index(name[1]), decide(name, c))
                for name in PLAYER_CLASSES
                if len(name) == 3 and name.endswith("s") == suited
                for c, rank in pair_cols
            ]
            unpaired[suited] = _band(cells)
            ds[suited] = sorted({d for _, _, d, _ in cells})
        off, on = unpaired[False], unpaired[True]
        mine = "your lower card"
        note = ""

        def inside(fold_from: int) -> bool:  # a "fold when" clause, not "always" or none
            return ds[False][0] < fold_from <= ds[False][-1]

        if (
            off.buy_upto == on.buy_upto
            and not on.exceptions
            and (off.fold_from == on.fold_from or (inside(off.fold_from) and inside(on.fold_from)))
        ):
            if off.fold_from != on.fold_from:
                note = f" ({_more_ranks(on.fold_from)} if your cards are suited)"
                if on.fold_from < 2 or off.fold_from < 2:
                    note = f" (suited: when it {_fold_words(on.fold_from, mine)})"
            rule, gaps = _rule(off, ds[False], mine, note)
            text = rule + _exceptions(off, labels)
            gaps = gaps or on.buy_upto + 1 < on.fold_from
        else:
            rule_off, gaps_off = _rule(off, ds[False], mine)
            rule_on, gaps_on = _rule(on, ds[True], mine)
            text = (
                f"offsuit, {rule_off}{_exceptions(off, labels)}; "
                f"suited, {rule_on}{_exceptions(on, labels)}"
            )
            gaps = gaps_off or gaps_on
        sentences.append(
            f"Against her pair, without a pair: {text}"
            + ("; in between, see the chart." if gaps else ".")
        )
    return StrategySummary(tuple(sentences), no_pair, pairs, unpaired, labels)


def main(argv: Sequence[str] | None = None) -> None:
    """Rebuild the stored table: ``python -m printplay.games.poker.strategy [JOBS]``."""
    args = list(sys.argv[1:] if argv is None else argv)
    jobs = int(args[0]) if args else 2

    def report(done: int, total: int) -> None:
        print(f"\r{done}/{total} rows", end="", file=sys.stderr, flush=True)

    path = rebuild_strategy_file(jobs=jobs, progress=report)
    print(f"\nwrote {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
