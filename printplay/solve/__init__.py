"""Exact solvers: shared result type and budgets, and one module per game.

``printplay.solve.tripeaks`` holds the TriPeaks solver (:func:`~printplay.solve.tripeaks.solve`
and :func:`~printplay.solve.tripeaks.best_score`); it and the Ricochet solver share one
core, :mod:`printplay.solve.playdraw`.
"""

from printplay.solve.result import Budget, BudgetExhausted, SolveResult

__all__ = ["Budget", "BudgetExhausted", "SolveResult"]
