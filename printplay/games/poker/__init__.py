"""Ricochet Poker (RULES.md §4): hand evaluation, and later the game engines."""

from printplay.games.poker.hands import (
    CATEGORIES,
    LIMITS,
    HandLike,
    HandValue,
    category,
    category_of,
    compare,
    describe,
    evaluate,
    five_card_strengths,
    strength,
    strength5,
)

__all__ = [
    "CATEGORIES",
    "LIMITS",
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
