"""The house edge of casino Ricochet Poker, by simulation with the basic strategy.

Every player uses the basic strategy
(:func:`~printplay.games.poker.strategy_play.basic_strategy`): on their turn, against the
best five-card hand standing (the dealer's unless kicked out or out, or a bought hand; they
are equal) at the actual pot, and buying when nothing stands.
Round ``r`` (0, 1, …) is dealt from the numbered deck ``seed + r``
(:func:`~printplay.games.poker.dealing.poker_deck`), so any round can be replayed through the
engine, and the result depends only on ``seed``, ``rounds`` and ``chunk`` (never on ``jobs``):
the rounds are cut into chunks of ``chunk`` rounds, each worker process (``spawn``) plays
whole chunks, and the chunk sums are added in chunk order.

The house edge is reported two ways: the player's expected net loss per round
divided by the ante (the casino convention), and divided by the average total a player stakes
per round (ante + buy).  With several players the per-round sample is the average net of the
round's players (their results are not independent), so the interval is honest.  Intervals are
95 %, normal approximation from the sample standard deviation (the stake ratio by the delta
method).

*The royal flush.*  The 1000-ante royal flush bonus comes about once in 650,000 player hands
and carries most of the variance of the uncapped game: a run of a million rounds sees one or
two, and the plain estimate moves by 0.1 % of the ante with each.  So a second estimate is
given, identical except that each player's royal-flush bonus is replaced by its exact
expectation at the moment the three cards are dealt (1000 / C(unseen, 3) when the player's
two cards are both ten-to-ace of one suit and the other three are unseen): unbiased, with the
royal's variance gone.  Prefer it for the uncapped game; under ``home_cap`` (a royal pays
10) the two differ only by noise.

The simulation has its own fast integer path; :func:`simulate_round` is checked against the
readable engine (:func:`~printplay.games.poker.casino.play_out` with
:func:`~printplay.games.poker.strategy_play.basic_strategy_action`) by the tests.
"""

from __future__ import annotations

import hashlib
import math
import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields

from printplay.core.cards import Card
from printplay.core.deal import MAX_SEED, MIN_SEED
from printplay.core.errors import OptionError
from printplay.core.jsontypes import JsonObject
from printplay.core.parallel import parallel_map
from printplay.games.poker.casino import (
    BONUSES,
    HOME_CAP,
    KICKOUT_RULES,
    MAX_PLAYERS,
)
from printplay.games.poker.completions import STRAIGHT_MIN, bonus_of_strength
from printplay.games.poker.hands import CATEGORIES, category_of, strength, strength5
from printplay.games.poker.strategy_data import StrategyTable, load_strategy
from printplay.games.poker.strategy_groups import class_index, group_index

__all__ = [
    "CHUNK",
    "EdgeResult",
    "Estimate",
    "RoundResult",
    "check_edge",
    "deck_indices",
    "house_edge",
    "simulate_round",
]

CHUNK = 5000
"""Rounds per chunk of work (part of what the result depends on, with seed and rounds)."""

Z95 = 1.959963984540054
"""The two-sided 95 % normal quantile."""

_PREFIX = b"printplay-shuffle-v1"
_LIMITS = tuple((1 << 32) - (1 << 32) % bound if bound else 0 for bound in range(53))


def deck_indices(seed: int) -> list[int]:
    """The numbered deck ``seed`` as card indices, top first: ``poker_deck(seed=seed)``.

    The pp1 shuffle of ``docs/deals.md`` written for speed (the tests compare the two).
    """
    head = _PREFIX + seed.to_bytes(8, "big")
    words: list[int] = []
    for counter in range(7):  # 56 words; 51 are needed unless a word is rejected
        words += struct.unpack(">8I", hashlib.sha256(head + counter.to_bytes(8, "big")).digest())
    deck = list(range(52))
    pos = 0
    for i in range(51, 0, -1):
        bound = i + 1
        limit = _LIMITS[bound]
        while True:
            if pos == len(words):
                block = hashlib.sha256(head + (pos // 8).to_bytes(8, "big")).digest()
                words += struct.unpack(">8I", block)
            word = words[pos]
            pos += 1
            if word < limit:
                break
        j = word % bound
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def _suit_strengths() -> list[int]:
    out = [0] * (52 * 52)
    for a in range(52):
        for b in range(52):
            if a != b:
                out[52 * a + b] = strength([Card.from_index(a), Card.from_index(b)], suits=True)
    return out


_TWO_SUITED: list[int] = []
_ROYAL_RANKS = frozenset((0, 9, 10, 11, 12))  # ace, ten, jack, queen, king (index % 13)


def _royal_chance(a: int, b: int, dealt: Sequence[int], unseen: int) -> float:
    """The chance that three cards from ``unseen`` make a royal flush with ``a`` and ``b``."""
    suit = a // 13
    if b // 13 != suit or a % 13 not in _ROYAL_RANKS or b % 13 not in _ROYAL_RANKS:
        return 0.0
    need = {13 * suit + r for r in _ROYAL_RANKS} - {a, b}
    if need.intersection(dealt):
        return 0.0
    return 1.0 / math.comb(unseen, 3)


@dataclass(frozen=True)
class RoundResult:
    """One simulated round: per seat (1..N, in a list) the net chips and the chips staked."""

    nets: tuple[int, ...]
    stakes: tuple[int, ...]
    royal_expected: float
    royal_paid: int
    kicked_out: bool
    dealer_share: int
    split: bool
    free_win: bool
    bonuses: tuple[str, ...]

    @property
    def house_net(self) -> int:
        """The house's result: minus the players' total."""
        return -sum(self.nets)


def simulate_round(
    deck: Sequence[int], players: int, *, home_cap: bool = False, table: StrategyTable | None = None
) -> RoundResult:
    """Play one round with the basic strategy on the fast path (deck as card indices)."""
    if not _TWO_SUITED:
        _TWO_SUITED.extend(_suit_strengths())
    table = table or load_strategy()
    n = players
    hands = [(deck[s], deck[n + s]) for s in range(n)]
    dealer = deck[2 * n : 2 * n + 5]
    pos = 2 * n + 5
    dealer_value = strength5(*dealer)
    kicked = dealer_value >= KICKOUT_RULES[n].strength
    dealer_in = not kicked
    standing = dealer_value if dealer_in else -1
    five_in: list[int] = []
    finals: dict[int, int] = {}  # seat index -> five-card strength
    finals_cards: dict[int, tuple[int, ...]] = {}
    paid = [1] * n
    pot = n + 1
    waiting = n
    royal_expected = 0.0
    free_win = False
    winners: list[int] = []  # seat indices; -1 the dealer
    order = sorted(range(n), key=lambda s: _TWO_SUITED[52 * hands[s][0] + hands[s][1]])
    for s in order:
        a, b = hands[s]
        if not dealer_in and not five_in and waiting == 1:  # everyone else out: wins with two
            cards = deck[pos : pos + 3]
            royal_expected += _royal_chance(a, b, deck[:pos], 52 - pos)
            pos += 3
            finals[s] = strength5(a, b, *cards)
            finals_cards[s] = (a, b, *cards)
            free_win = True
            winners = [s]
            break
        waiting -= 1
        if dealer_in or five_in:
            decisions = table.decisions(pot, home_cap)
            buy = decisions[class_index(a, b) * 52 + group_index(standing)]
        else:
            buy = 1
        if not buy:
            continue
        pot += 1
        paid[s] = 2
        cards = deck[pos : pos + 3]
        royal_expected += _royal_chance(a, b, deck[:pos], 52 - pos)
        pos += 3
        value = strength5(a, b, *cards)
        finals[s] = value
        finals_cards[s] = (a, b, *cards)
        if value > standing:
            dealer_in = False
            five_in = [s]
            standing = value
        elif value == standing:
            five_in.append(s)
    if not winners:
        winners = ([-1] if dealer_in else []) + five_in
    share, odd = divmod(pot, len(winners))
    if odd:

        def suits_key(who: int) -> int:
            cards = dealer if who == -1 else finals_cards[who]
            return strength([Card.from_index(c) for c in cards], suits=True)

        winners.sort(key=suits_key, reverse=True)
    won = [0] * n
    dealer_share = 0
    for i, who in enumerate(winners):
        chips = share + (1 if i < odd else 0)
        if who == -1:
            dealer_share = chips
        else:
            won[who] = chips
    bonus = [0] * n
    names: list[str] = []
    royal_paid = 0
    for s, value in finals.items():
        if value >= STRAIGHT_MIN:
            bonus[s] = bonus_of_strength(value, home_cap=home_cap)
            name = category_of(value)
            names.append(name)
            if name == "royal flush":
                royal_paid += bonus[s]
    royal_value = min(BONUSES["royal flush"], HOME_CAP) if home_cap else BONUSES["royal flush"]
    return RoundResult(
        nets=tuple(won[s] + bonus[s] - paid[s] for s in range(n)),
        stakes=tuple(paid),
        royal_expected=royal_expected * royal_value,
        royal_paid=royal_paid,
        kicked_out=kicked,
        dealer_share=dealer_share,
        split=len(winners) > 1,
        free_win=free_win,
        bonuses=tuple(names),
    )


# --------------------------------------------------------------------------------------------
# Chunks of rounds and their sums


@dataclass
class _Sums:
    """Exact sums over rounds (``x`` a round's total net, ``s`` its total stake)."""

    rounds: int = 0
    x: int = 0
    xx: int = 0
    s: int = 0
    ss: int = 0
    xs: int = 0
    y: float = 0.0  # smoothed total net: royal bonus replaced by its expectation
    yy: float = 0.0
    ys: float = 0.0
    buys: int = 0
    kickouts: int = 0
    dealer_pots: int = 0
    splits: int = 0
    free_wins: int = 0
    bonuses: dict[str, int] = field(default_factory=dict)

    def add(self, other: _Sums) -> None:
        for item in fields(self):
            if item.name != "bonuses":
                setattr(self, item.name, getattr(self, item.name) + getattr(other, item.name))
        for key, count in other.bonuses.items():
            self.bonuses[key] = self.bonuses.get(key, 0) + count


def _run_chunk(job: tuple[int, int, bool, int, int]) -> tuple[int, _Sums]:
    index, players, home_cap, first, count = job
    table = load_strategy()
    sums = _Sums()
    for seed in range(first, first + count):
        result = simulate_round(deck_indices(seed), players, home_cap=home_cap, table=table)
        x = sum(result.nets)
        s = sum(result.stakes)
        y = x - result.royal_paid + result.royal_expected
        sums.rounds += 1
        sums.x += x
        sums.xx += x * x
        sums.s += s
        sums.ss += s * s
        sums.xs += x * s
        sums.y += y
        sums.yy += y * y
        sums.ys += y * s
        sums.buys += s - players
        sums.kickouts += result.kicked_out
        sums.dealer_pots += result.dealer_share > 0
        sums.splits += result.split
        sums.free_wins += result.free_win
        for name in result.bonuses:
            sums.bonuses[name] = sums.bonuses.get(name, 0) + 1
    return index, sums


# --------------------------------------------------------------------------------------------
# Results


@dataclass(frozen=True)
class Estimate:
    """A figure with its standard error and 95 % interval (normal approximation)."""

    value: float
    se: float

    @property
    def low(self) -> float:
        """Lower end of the 95 % interval."""
        return self.value - Z95 * self.se

    @property
    def high(self) -> float:
        """Upper end of the 95 % interval."""
        return self.value + Z95 * self.se

    @property
    def half_width(self) -> float:
        """Half the width of the 95 % interval."""
        return Z95 * self.se

    def percent(self) -> str:
        """``"1.23% ± 0.45%"``."""
        return f"{100 * self.value:.2f}% ± {100 * self.half_width:.2f}%"

    def to_json(self) -> JsonObject:
        """``{"value", "se", "low", "high"}``."""
        return {"value": self.value, "se": self.se, "low": self.low, "high": self.high}


def _estimates(
    n: int, x: float, xx: float, s: float, ss: float, xs: float, players: int
) -> tuple[Estimate, Estimate, float]:
    """(edge per ante, edge per stake, sd of a round's per-player net) from sums."""
    mean_x = x / n
    mean_s = s / n
    var_x = max(0.0, (xx - n * mean_x * mean_x) / (n - 1)) if n > 1 else 0.0
    var_s = max(0.0, (ss - n * mean_s * mean_s) / (n - 1)) if n > 1 else 0.0
    cov = (xs - n * mean_x * mean_s) / (n - 1) if n > 1 else 0.0
    per_ante = Estimate(-mean_x / players, math.sqrt(var_x / n) / players)
    ratio = -mean_x / mean_s
    var_d = var_x + 2 * ratio * cov + ratio * ratio * var_s
    per_stake = Estimate(ratio, math.sqrt(max(0.0, var_d) / n) / mean_s)
    return per_ante, per_stake, math.sqrt(var_x) / players


@dataclass(frozen=True)
class EdgeResult:
    """The house edge measured over ``rounds`` rounds at a table of ``players``.

    ``edge_ante``: the expected net loss of a player per round, in antes (casino convention);
    ``edge_stake``: the same divided by the average stake (ante + buy); the ``_smoothed``
    pair has the royal-flush bonus replaced by its exact expectation (see the module).
    ``sd_net`` is the standard deviation of a round's per-player average net.
    """

    players: int
    rounds: int
    seed: int
    home_cap: bool
    chunk: int
    mean_net: float
    sd_net: float
    mean_stake: float
    edge_ante: Estimate
    edge_stake: Estimate
    edge_ante_smoothed: Estimate
    edge_stake_smoothed: Estimate
    buy_rate: float
    kickout_rate: float
    dealer_pot_rate: float
    split_rate: float
    free_win_rate: float
    bonuses: dict[str, int]

    def to_json(self) -> JsonObject:
        """Every field; estimates as ``{"value", "se", "low", "high"}``, bonuses by category."""
        return {
            "players": self.players,
            "rounds": self.rounds,
            "seed": self.seed,
            "last_deal": self.seed + self.rounds - 1,
            "home_cap": self.home_cap,
            "chunk": self.chunk,
            "mean_net": self.mean_net,
            "sd_net": self.sd_net,
            "mean_stake": self.mean_stake,
            "edge_ante": self.edge_ante.to_json(),
            "edge_stake": self.edge_stake.to_json(),
            "edge_ante_smoothed": self.edge_ante_smoothed.to_json(),
            "edge_stake_smoothed": self.edge_stake_smoothed.to_json(),
            "buy_rate": self.buy_rate,
            "kickout_rate": self.kickout_rate,
            "dealer_pot_rate": self.dealer_pot_rate,
            "split_rate": self.split_rate,
            "free_win_rate": self.free_win_rate,
            "bonuses": {name: self.bonuses.get(name, 0) for name in CATEGORIES[4:]},
        }


MAX_ROUNDS = 10**9
"""The most rounds one run simulates for each number of players."""


def check_edge(players: int, rounds: int, *, seed: int = 1, jobs: int = 1) -> None:
    """Raise :class:`~printplay.core.errors.OptionError` for arguments :func:`house_edge` refuses
    (so a command can check them before it starts a progress bar)."""
    _check(players, rounds, seed, jobs, CHUNK)


def _check(players: int, rounds: int, seed: int, jobs: int, chunk: int) -> None:
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= MAX_PLAYERS:
        raise OptionError(f"the casino game seats 1 to {MAX_PLAYERS} players, not {players!r}")
    for name, value in (("rounds", rounds), ("jobs", jobs), ("chunk", chunk)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise OptionError(f"{name} must be a whole number of at least 1, not {value!r}")
    if rounds < 2:
        raise OptionError("simulate at least 2 rounds (an interval needs two)")
    if rounds > MAX_ROUNDS:
        raise OptionError(
            f"at most {MAX_ROUNDS:,} rounds a run, not {rounds:,} (a billion rounds take "
            "hours on every core; run again with a new --seed to add more)"
        )
    if isinstance(seed, bool) or not isinstance(seed, int) or not seed >= MIN_SEED:
        raise OptionError(f"the seed is a deal number of at least {MIN_SEED}, not {seed!r}")
    if seed + rounds - 1 > MAX_SEED:
        raise OptionError(f"deals {seed} to {seed + rounds - 1} go past the last deal {MAX_SEED}")


def house_edge(
    players: int,
    rounds: int,
    *,
    seed: int = 1,
    jobs: int = 1,
    home_cap: bool = False,
    progress: Callable[[int, int], None] | None = None,
    chunk: int = CHUNK,
) -> EdgeResult:
    """Simulate ``rounds`` rounds (deals ``seed`` … ``seed + rounds - 1``) with the basic strategy.

    ``jobs`` processes (spawn) share the chunks; ``progress(done_rounds, rounds)`` is called
    after each chunk.  Same ``seed``, ``rounds`` and ``chunk`` give the same result for any
    ``jobs``.
    """
    _check(players, rounds, seed, jobs, chunk)
    work = [
        (k, players, home_cap, seed + start, min(chunk, rounds - start))
        for k, start in enumerate(range(0, rounds, chunk))
    ]
    found: dict[int, _Sums] = {}
    done = 0
    for index, sums in parallel_map(_run_chunk, work, jobs=jobs):
        found[index] = sums
        done += sums.rounds
        if progress:
            progress(done, rounds)
    total = _Sums()
    for index in sorted(found):
        total.add(found[index])
    n = total.rounds
    ante, stake, sd = _estimates(n, total.x, total.xx, total.s, total.ss, total.xs, players)
    ante_y, stake_y, _ = _estimates(n, total.y, total.yy, total.s, total.ss, total.ys, players)
    return EdgeResult(
        players=players,
        rounds=n,
        seed=seed,
        home_cap=home_cap,
        chunk=chunk,
        mean_net=total.x / n / players,
        sd_net=sd,
        mean_stake=total.s / n / players,
        edge_ante=ante,
        edge_stake=stake,
        edge_ante_smoothed=ante_y,
        edge_stake_smoothed=stake_y,
        buy_rate=total.buys / (n * players),
        kickout_rate=total.kickouts / n,
        dealer_pot_rate=total.dealer_pots / n,
        split_rate=total.splits / n,
        free_win_rate=total.free_wins / n,
        bonuses=dict(sorted(total.bonuses.items(), key=lambda kv: CATEGORIES.index(kv[0]))),
    )
