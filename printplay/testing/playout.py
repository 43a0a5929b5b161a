"""Random games: uniform over the legal moves, reproducible from a seeded generator.

>>> import random
>>> from printplay.core.deal import numbered_deal
>>> from printplay.games import make_solitaire
>>> game = make_solitaire("pyramid")
>>> steps = random_playout(game.initial_state(numbered_deal(game.deck(), 1)), random.Random(4))
>>> steps[-1].after.is_over, all(s.after is t.before for s, t in zip(steps, steps[1:]))
(True, True)
>>> len(random_playout(steps[0].before, random.Random(4), moves=3))
3
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from printplay.core.errors import MoveError
from printplay.core.protocols import Position, RegisteredSolitaire, SolitaireMove
from printplay.testing.failures import ConformanceError, Where, shown

S = TypeVar("S", bound=Position)

LONGEST_GAME = 100_000
"""A random game still going after this many moves is taken to be endless (a bug)."""


class EndlessGame(ConformanceError):
    """A random game went on past :data:`LONGEST_GAME` moves."""


@dataclass(frozen=True)
class Step(Generic[S]):
    """One move of a game: the position before, the move, the position after."""

    before: S
    move: SolitaireMove
    after: S


def random_playout(
    state: S, rng: random.Random, *, moves: int | None = None, where: Where | None = None
) -> list[Step[S]]:
    """Play from ``state`` by choosing uniformly among the legal moves with ``rng``, until
    the game is over (or no move is legal), or after ``moves`` moves if given.

    The same generator state gives the same game.  Raises
    :class:`~printplay.testing.failures.ConformanceError` if the engine refuses a move it
    listed as legal (naming the position by ``where``, the deal it was played from), and
    :class:`EndlessGame` past :data:`LONGEST_GAME` moves.
    """
    here = where or Where("a game", position=state.to_json())
    steps: list[Step[S]] = []
    while moves is None or len(steps) < moves:
        if state.is_over:
            break
        legal = state.legal_moves()
        if not legal:
            break
        if len(steps) >= LONGEST_GAME:
            raise EndlessGame(f"a random game is still going after {LONGEST_GAME} moves")
        move = rng.choice(legal)
        try:
            after = state.apply(move)
        except MoveError as error:
            raise here.fail(f"apply refused the legal move {shown(move)}: {error}") from None
        steps.append(Step(state, move, after))
        here = here.then(move)
        state = after
    return steps


def played_positions(
    game: RegisteredSolitaire, seeds: Iterable[int], rng: random.Random
) -> list[Position]:
    """The start of each numbered deal of ``seeds`` and every position a random game from it
    (:func:`random_playout` with ``rng``) passes through, deal after deal."""
    found: list[Position] = []
    for seed in seeds:
        start = game.initial_state(game.numbered_deal(seed))
        found += [start, *(step.after for step in random_playout(start, rng))]
    return found


__all__ = ["LONGEST_GAME", "EndlessGame", "Step", "played_positions", "random_playout"]
