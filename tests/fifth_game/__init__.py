"""Putt, the fifth game, in four files outside the package: its engine (``putt.py``), its
solver (``putt_solver.py``, with its course book's extras), its rulebook source
(``putt.md``) and this declaration.  ``tests/test_fifth_game.py`` registers it for its
tests only and runs every verb on it; nothing in ``printplay/`` knows it."""

from __future__ import annotations

from pathlib import Path

from printplay.core.grades import Thresholds
from printplay.games import GameEntry

FOLDER = Path(__file__).resolve().parent
"""Where the game's rulebook source is: a house folder for ``--rules-dir``."""

ENTRY = GameEntry(
    "putt",
    "Putt",
    engine="fifth_game.putt:Putt",
    solver="fifth_game.putt_solver",
    best_line="score",
    score_order="lowest",
    aliases=("pocket-golf",),
    win_rates=((), ("wrap",)),
    levels=Thresholds(easy=0.1, medium=0.02, hard=0.01, easy_decisions=5, expert_decisions=12),
    book_extras="fifth_game.putt_solver:course",
)
"""The game's one declaration: strokes, the lowest best; its own levels; a course book."""
