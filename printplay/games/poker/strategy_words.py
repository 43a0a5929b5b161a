"""The casino basic strategy in a few true sentences, computed from the table.

:func:`strategy_summary` states three rules, each computed from the table
(:mod:`~printplay.games.poker.strategy_data`) and stated only as far as it holds: against a
dealer with no pair; against her pair when you hold a pair; against her pair when you do not.
The rulebook prints them beside the chart
(:func:`~printplay.games.poker.strategy_play.strategy_table`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from printplay.games.poker.ev import Choice
from printplay.games.poker.strategy_data import StrategyTable, load_strategy
from printplay.games.poker.strategy_groups import (
    CLASS_INDEX,
    ONE_PLAYER_COLUMNS,
    PLAYER_CLASSES,
    RANK_LETTERS,
    STANDING_GROUPS,
    StandingGroup,
)

__all__ = ["StrategySummary", "strategy_summary"]

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
            mine = RANK_LETTERS.index(name[0])
        else:
            band = self.unpaired.get(name.endswith("s"))
            mine = RANK_LETTERS.index(name[1])
        return band.predict(name, column, rank - mine) if band else None


def _group_pair_rank(group: StandingGroup) -> int | None:
    """The rank (2-14) of a one-pair group's pair; ``None`` for other groups."""
    if not group.name.startswith("pair "):
        return None
    return RANK_LETTERS.index(group.name.split()[1][0])


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
    """The basic strategy of :func:`~printplay.games.poker.strategy_play.strategy_table`
    (same arguments) in a few true sentences.

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
        return data.cells[CLASS_INDEX[name]][column].decide(pot, home_cap=home_cap)

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
            (name, c, rank - RANK_LETTERS.index(name[0]), decide(name, c))
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
                (name, c, rank - RANK_LETTERS.index(name[1]), decide(name, c))
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
