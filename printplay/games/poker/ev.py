"""Casino Ricochet Poker: the exact values of buying and of folding for the player to act.

For the player to act (:func:`buy_fold_ev`, :func:`state_ev`), every three-card completion
from the unseen cards (the deck less every card on the table: all players' cards, folded
hands included, and the dealer's, even when kicked out) is valued exactly against *the
table*: the five-card hands still in (the dealer's unless kicked out or out, and players'
bought hands; they are always equal, suits ignored).  The values are the player's expected
**net chips for the round** (pot share + bonus − chips paid, the ante included): folding is
always −1 (the ante is lost); buying pays 1 more, so its value is
``E[pot share] + E[bonus] − 2``.  A completion that beats the table wins the whole pot
(after the buy, ``pot + 1``); one that ties it splits the pot with the tied hands, odd chips
by suit exactly as the engine pays them; a lower one wins nothing.  The bonus is counted on
every completion (home cap if asked).

*Approximation for players who act later*: they are ignored, i.e. treated as if they fold
(their antes stay in the pot, their cards are dead).  With nothing standing (the dealer
kicked out and no one has bought yet) a buy therefore counts as winning the pot.  A later
player who buys can only lower the real value of a buy, so with several players to come
the figure is an upper bound for buying.

Each value enumerates C(45, 3) = 14,190 completions for one player against the dealer, by
rank-key tables (:mod:`~printplay.games.poker.completions`): a few milliseconds.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations
from typing import Literal

from printplay.core.cards import Card
from printplay.core.errors import CardError, DealError, MoveError, OptionError
from printplay.core.jsontypes import JsonObject
from printplay.games.poker.casino import MAX_PLAYERS, Action, Buy, CasinoState, Fold
from printplay.games.poker.completions import (
    bonus_increments,
    completion_strengths,
    rank_of,
    read_casino_hand,
)
from printplay.games.poker.hands import HandLike, strength, strength5

__all__ = [
    "MAX_POT",
    "MAX_TABLE_CARDS",
    "MIN_POT",
    "BuyFoldEV",
    "Choice",
    "best_action",
    "buy_fold_ev",
    "state_ev",
]

Choice = Literal["buy", "fold"]
"""A casino player's decision."""

MIN_POT = 2
"""The smallest pot before a buy: one player's ante and the dealer's."""
MAX_POT = 2 * MAX_PLAYERS
"""The largest pot before a buy: seven players' and the dealer's antes and six earlier buys."""
MAX_TABLE_CARDS = 5 * MAX_PLAYERS + 5
"""The most cards a casino table can show: seven five-card hands and the dealer's five."""


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

    def to_json(self) -> JsonObject:
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
    mine = read_casino_hand(player, "the player's hand")
    if len(mine) != 2:
        raise CardError(f"the player to act holds two cards, not {len(mine)}")
    hands = [read_casino_hand(hand, "a standing hand") for hand in standing]
    for hand in hands:
        if len(hand) != 5:
            raise CardError(f"a standing hand has five cards, not {len(hand)}")
    if len(hands) > MAX_PLAYERS:
        raise DealError(
            f"at most {MAX_PLAYERS} five-card hands can stand against the player to act (the "
            f"dealer's and {MAX_PLAYERS - 1} other players'), not {len(hands)}"
        )
    others = read_casino_hand(dead, "the dead cards")
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
    for threshold, step in bonus_increments(home_cap):
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
    need = sorted(rank_of(c.index) for c in tied[0])
    for card in mine:
        need.remove(rank_of(card.index))  # the caller knows a tie exists
    wanted = set(need)
    candidates = [i for i in unseen if rank_of(i) in wanted]
    others = [strength(h, suits=True) for h in tied]
    hands = len(tied) + 1
    share, odd = divmod(pot, hands)
    total = 0
    a, b = mine[0].index, mine[1].index
    for x, y, z in combinations(candidates, 3):
        if sorted((rank_of(x), rank_of(y), rank_of(z))) != need:
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
