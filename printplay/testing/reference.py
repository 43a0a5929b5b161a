"""Plain searches through a game's engine: the reference a solver is checked against.

They know nothing of any game: they walk a position's ``legal_moves()`` and ``apply()``
and nothing else, so they are slow and obviously right, and meant for small positions.
Each stops with :class:`SearchTooBig` past ``cap`` positions.

Positions are told apart by a *key*.  The default, :func:`position_key`, is the state's
``to_json()`` written as canonical JSON: exact for every game whose JSON holds everything
its future depends on, as the docs/json.md layouts do (a TriPeaks chain or score is left
out, but neither changes which moves are legal or whether a game is won).  A caller may pass
a coarser key that merges positions with the same future, to search faster (TriPeaks: the
tableau, the waste top's rank and the stock's length); the searches are only as right as
that key.

>>> from printplay.core.cards import parse_card
>>> from printplay.games.tripeaks import TriPeaksOptions, TriPeaksState
>>> king = (parse_card("Kc"),) + (None,) * 27
>>> state = TriPeaksState(TriPeaksOptions(), king, (parse_card("5d"),), (parse_card("Ah"),))
>>> reference_shortest(state)
(Draw(card=Card.parse('Ah')), Play(slot=0, card=Card.parse('Kc')))
>>> reference_verdict(state), reference_best_score(state)
(True, BestScore(win=146, overall=146))
>>> no_wrap = TriPeaksState(TriPeaksOptions(wrap=False), king, state.waste, state.stock)
>>> reference_search(no_wrap)
Reference(line=None, fewest_left=1, positions=2)
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import TypeVar

from printplay.core.protocols import Position, SolitaireMove
from printplay.core.verdicts import ScoreOrder, better_score
from printplay.solve.toolkit import deep_recursion

S = TypeVar("S", bound=Position)

DEFAULT_CAP = 20_000
"""How many positions a reference search visits before it gives up, unless told."""


class SearchTooBig(Exception):
    """A reference search met more positions than its cap allowed (the position is too big
    to check this way; try a smaller one or a larger cap)."""


def position_key(state: Position) -> str:
    """The default key of a position: its ``to_json()`` as canonical JSON (keys sorted)."""
    return json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"))


def _keyed(key: Callable[[S], Hashable] | None) -> Callable[[S], Hashable]:
    return position_key if key is None else key


def reference_verdict(
    state: S, cap: int = DEFAULT_CAP, *, key: Callable[[S], Hashable] | None = None
) -> bool:
    """Whether ``state`` can be won: a depth-first search over the engine's moves, in their
    order, with a set of the positions seen (it stops at the first win, so it suits whole
    deals with many wins better than :func:`reference_shortest`).

    Raises :class:`SearchTooBig` past ``cap`` positions.
    """
    position = _keyed(key)
    if state.is_won:
        return True
    seen = {position(state)}
    stack: list[tuple[S, Iterator[SolitaireMove]]] = [(state, iter(state.legal_moves()))]
    while stack:
        here, moves = stack[-1]
        move = next(moves, None)
        if move is None:
            stack.pop()
            continue
        after = here.apply(move)
        if after.is_won:
            return True
        mark = position(after)
        if mark in seen:
            continue
        seen.add(mark)
        if len(seen) > cap:
            raise SearchTooBig(f"more than {cap} positions")
        stack.append((after, iter(after.legal_moves())))
    return False


@dataclass(frozen=True)
class Reference:
    """What a breadth-first search through the engine found from a position.

    ``line`` is a shortest winning line (``None``: the position cannot be won; ``()``: it
    is won already).  ``fewest_left`` is the least ``cards_left`` of any position reached
    (``0`` when won; for a lost position, what the best any line can do).  ``positions``
    counts the positions visited.
    """

    line: tuple[SolitaireMove, ...] | None
    fewest_left: int
    positions: int

    @property
    def solvable(self) -> bool:
        """Whether the position can be won."""
        return self.line is not None


def reference_search(
    state: S, cap: int = DEFAULT_CAP, *, key: Callable[[S], Hashable] | None = None
) -> Reference:
    """Breadth-first search over the engine's moves from ``state``: the first win met is a
    shortest one (every move counts one).  Raises :class:`SearchTooBig` past ``cap``
    positions."""
    position = _keyed(key)
    if state.is_won:
        return Reference((), 0, 1)
    start = position(state)
    parents: dict[Hashable, tuple[Hashable, SolitaireMove] | None] = {start: None}
    fewest = state.cards_left
    queue = deque([(state, start)])
    while queue:
        here, mark = queue.popleft()
        for move in here.legal_moves():
            after = here.apply(move)
            fewest = min(fewest, after.cards_left)
            if after.is_won:
                return Reference(_line(parents, mark, move), 0, len(parents) + 1)
            child = position(after)
            if child in parents:
                continue
            parents[child] = (mark, move)
            if len(parents) > cap:
                raise SearchTooBig(f"more than {cap} positions")
            queue.append((after, child))
    return Reference(None, fewest, len(parents))


def _line(
    parents: dict[Hashable, tuple[Hashable, SolitaireMove] | None],
    mark: Hashable,
    last: SolitaireMove,
) -> tuple[SolitaireMove, ...]:
    moves = [last]
    step = parents[mark]
    while step is not None:
        mark, move = step
        moves.append(move)
        step = parents[mark]
    return tuple(reversed(moves))


def reference_shortest(
    state: S, cap: int = DEFAULT_CAP, *, key: Callable[[S], Hashable] | None = None
) -> tuple[SolitaireMove, ...] | None:
    """A shortest winning line from ``state`` (``None``: it cannot be won), by
    :func:`reference_search`."""
    return reference_search(state, cap, key=key).line


@dataclass(frozen=True)
class BestScore:
    """The best final scores any line from a position reaches: ``win`` over the winning
    lines (``None``: none wins) and ``overall`` over every line played to the end."""

    win: int | None
    overall: int


def reference_best_score(
    state: S,
    cap: int = DEFAULT_CAP,
    *,
    key: Callable[[S], Hashable] | None = None,
    order: ScoreOrder = "highest",
) -> BestScore:
    """The best final scores from ``state`` of a game that keeps score, by trying every
    line to the end of the game (:class:`SearchTooBig` past ``cap`` positions); the best
    is the highest, or with ``order="lowest"`` the lowest (strokes).

    Without ``key`` nothing is merged, so nothing can go wrong, but only small positions
    are in reach.  With ``key``, positions of one key share what they can still earn
    (``score`` at the end less ``running_score`` now): the key must hold everything that
    depends on (for TriPeaks, the chain as well as the cards).
    """
    if state.score is None or state.running_score is None:
        raise ValueError("the game keeps no score")
    memo: dict[Hashable, tuple[int | None, int]] = {}
    visited = 0

    def better(score: int, than: int) -> bool:
        return better_score(order, score, than)

    def gains(here: S) -> tuple[int | None, int]:
        nonlocal visited
        now = here.running_score
        final = here.score
        assert now is not None and final is not None
        if here.is_over:
            return (final - now if here.is_won else None), final - now
        mark = key(here) if key is not None else None
        if mark is not None and mark in memo:
            return memo[mark]
        visited += 1
        if visited > cap:
            raise SearchTooBig(f"more than {cap} positions")
        best_win: int | None = None
        best_any: int | None = None
        for move in here.legal_moves():
            after = here.apply(move)
            if after.running_score is None:
                raise ValueError("a position of the game keeps no score")
            earned = after.running_score - now
            win, anything = gains(after)
            if win is not None and (best_win is None or better(earned + win, best_win)):
                best_win = earned + win
            if best_any is None or better(earned + anything, best_any):
                best_any = earned + anything
        found = (best_win, final - now if best_any is None else best_any)
        if mark is not None:
            memo[mark] = found
        return found

    with deep_recursion():
        win, anything = gains(state)
    start = state.running_score
    return BestScore(None if win is None else start + win, start + anything)


__all__ = [
    "DEFAULT_CAP",
    "BestScore",
    "Reference",
    "SearchTooBig",
    "position_key",
    "reference_best_score",
    "reference_search",
    "reference_shortest",
    "reference_verdict",
]
