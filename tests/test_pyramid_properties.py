"""Property tests: random Pyramid games under random options keep Pyramid's own invariants
(the protocol's invariants, for every game, are the conformance kit's:
tests/test_conformance.py)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from printplay.core.cards import Card
from printplay.core.deal import MAX_SEED, numbered_deal
from printplay.core.errors import MoveError
from printplay.games.pyramid import (
    STOCK_TOP,
    TABLEAU,
    WASTE,
    WASTE_TOP,
    Draw,
    King,
    Move,
    Pair,
    Place,
    Pyramid,
    PyramidOptions,
    PyramidState,
    Redeal,
    pairs_with,
)
from printplay.testing import random_playout

options_strategy = st.builds(
    PyramidOptions,
    reserve=st.booleans(),
    clear_the_board=st.booleans(),
    small=st.booleans(),
    one_deal=st.booleans(),
    waste_off_limits=st.booleans(),
    reshuffle=st.booleans(),
)


def held(state: PyramidState) -> Counter[Card]:
    """Every card still in play, wherever it lies."""
    cards: Counter[Card] = Counter(c for c in (*state.tableau, *state.reserve) if c is not None)
    cards.update(state.stock)
    cards.update(state.waste)
    return cards


def every_place(state: PyramidState) -> list[tuple[Place, Card]]:
    """Every card with a place, available or not: covered tableau cards and an off-limits
    waste top included."""
    found = [(Place.tableau(s), c) for s, c in enumerate(state.tableau) if c is not None]
    size = state.options.tableau_size
    found += [(Place.reserve(i, size), c) for i, c in enumerate(state.reserve) if c is not None]
    if state.stock:
        found.append((STOCK_TOP, state.stock[0]))
    if state.waste:
        found.append((WASTE_TOP, state.waste[-1]))
    return found


def candidates(state: PyramidState) -> list[Move]:
    """Moves one might try: every pair and king of cards with a place, turns, redeals."""
    places = every_place(state)
    moves: list[Move] = [King(card, place) for place, card in places]
    moves += [Pair((a, b), (pa, pb)) for (pa, a), (pb, b) in combinations(places, 2)]
    moves += [Draw(card) for _, card in places[:2]]
    moves.append(Redeal())
    return moves


def won_by_the_rules(state: PyramidState) -> bool:
    """The win condition, restated: the pyramid (and, unless clear-the-board, every other
    card) is gone."""
    if any(state.tableau):
        return False
    return state.options.clear_the_board or not held(state)


@settings(max_examples=80, deadline=None)
@given(options=options_strategy, seed=st.integers(1, MAX_SEED), rng=st.randoms())
def test_random_games_keep_the_invariants(
    options: PyramidOptions, seed: int, rng: random.Random
) -> None:
    game = Pyramid(options)
    deal = numbered_deal(game.deck(), seed)
    state = game.initial_state(deal)
    everything = Counter(deal.cards)
    removed: Counter[Card] = Counter()
    in_play = held(state)
    for step in random_playout(state, rng):
        state, after = step.before, step.after
        move = step.move
        assert isinstance(move, Pair | King | Draw | Redeal)
        assert not won_by_the_rules(state)
        # No card is created or lost: removed cards and cards in play make the deck.
        still = held(after)
        gone = in_play - still
        removed += gone
        assert still + removed == everything and not still & removed
        assert after.pass_number <= options.passes
        if isinstance(move, Pair | King):
            available = set(state.available)
            taken = list(zip(move.places, move.cards, strict=True))
            assert all(item in available for item in taken)
            assert Counter(move.cards) == gone
            if isinstance(move, Pair):
                assert pairs_with(*move.cards) and move.places[0] < move.places[1]
            else:
                assert move.card.rank == 13
            if options.waste_off_limits:
                assert all(place.pile != WASTE for place in move.places)
            assert after.pass_number == state.pass_number
        elif isinstance(move, Draw):
            assert move.card == state.stock[0] and not gone
            assert after.waste == (*state.waste, move.card) and after.stock == state.stock[1:]
        else:
            assert isinstance(move, Redeal) and not gone
            assert not state.stock and state.waste and not after.waste
            assert after.pass_number == state.pass_number + 1
            if options.reshuffle:
                assert Counter(after.stock) == Counter(state.waste)
                assert move.stock == after.stock
            else:
                assert after.stock == state.waste  # the first card turned is on top again
        # Available tableau cards are exactly those nothing covers.
        for place, _ in after.available:
            if place.pile == TABLEAU:
                covers = after.layout.slots[place.index].covered_by
                assert all(after.tableau[c] is None for c in covers)
        state, in_play = after, still
    assert state.is_over
    assert state.is_won == won_by_the_rules(state)
    if not state.is_won:
        # Lost: no removal, no turn, no redeal is left.
        assert not state.stock
        assert not state.waste or state.pass_number == options.passes


@settings(max_examples=60, deadline=None)
@given(
    options=options_strategy,
    seed=st.integers(1, MAX_SEED),
    steps=st.integers(0, 150),
    rng=st.randoms(),
)
def test_apply_accepts_exactly_the_legal_moves(
    options: PyramidOptions, seed: int, steps: int, rng: random.Random
) -> None:
    game = Pyramid(options)
    state = game.initial_state(numbered_deal(game.deck(), seed))
    for step in random_playout(state, rng, moves=steps):
        state = step.after
    legal = state.legal_moves()
    # A bare redeal means the legal one (under reshuffle the engine names its stock).
    named = [Redeal() if isinstance(m, Redeal) else m for m in legal]
    for move in candidates(state):
        try:
            state.apply(move)
        except MoveError:
            assert move not in named, move
        else:
            assert move in named, move
