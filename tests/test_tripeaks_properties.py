"""Property tests: random games under random options keep TriPeaks' own invariants (the
protocol's invariants, for every game, are the conformance kit's: tests/test_conformance.py)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from printplay.core.deal import MAX_SEED, numbered_deal
from printplay.games.tripeaks import Draw, Play, TriPeaks, TriPeaksOptions, are_neighbours
from printplay.testing import random_playout


def _options(jokers: int, jokers_in_stock: bool, **kwargs: Any) -> TriPeaksOptions:
    """Options as drawn, ``jokers-in-stock`` only where there are jokers to place."""
    return TriPeaksOptions(jokers=jokers, jokers_in_stock=jokers_in_stock and jokers > 0, **kwargs)


options_strategy = st.builds(
    _options,
    wrap=st.booleans(),
    face_up=st.booleans(),
    strict_draw=st.booleans(),
    jokers=st.sampled_from([0, 1, 2]),
    jokers_in_stock=st.booleans(),
    completion_bonus=st.integers(0, 500),
    card_penalty=st.integers(0, 10),
)


@settings(max_examples=80, deadline=None)
@given(options=options_strategy, seed=st.integers(1, MAX_SEED), rng=st.randoms())
def test_random_games_keep_the_invariants(
    options: TriPeaksOptions, seed: int, rng: random.Random
) -> None:
    game = TriPeaks(options)
    deal = game.numbered_deal(seed)
    state = game.initial_state(deal)
    everything = Counter(deal.cards)
    if options.jokers_in_stock:  # the tableau of the deal without jokers
        assert state.tableau == numbered_deal(TriPeaks().deck(), seed).cards[:28]
    else:
        assert deal == numbered_deal(game.deck(), seed)
    for step in random_playout(state, rng):
        state, move, after = step.before, step.move, step.after
        # No card is created or lost.
        held = Counter(c for c in after.tableau if c is not None)
        held.update(after.waste)
        held.update(after.stock)
        assert held == everything
        if isinstance(move, Play):
            assert state.is_exposed(move.slot) and state.is_face_up(move.slot)
            assert are_neighbours(move.card, state.waste_top, wrap=options.wrap)
            assert after.chain == state.chain + 1
            assert after.points - state.points >= after.chain
            assert after.stock == state.stock
        else:
            assert isinstance(move, Draw)
            assert after.chain == 0 and after.points == state.points
            assert len(after.stock) == len(state.stock) - 1
            if options.strict_draw:
                assert not state.plays
        # Every exposed card shows its face; face-up cards never turn back.
        for slot in range(28):
            if after.is_exposed(slot):
                assert after.is_face_up(slot)
            if state.is_face_up(slot):
                assert after.is_face_up(slot)
        state = after
    assert state.is_over
    if state.is_won:
        assert state.score >= 28 + sum(options.peak_bonuses) + options.completion_bonus
    else:
        assert not state.stock
        assert state.score == state.points - options.card_penalty * state.cards_left
