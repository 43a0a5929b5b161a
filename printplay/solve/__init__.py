"""Exact solvers, one module per game, and the toolkit they share.

``tripeaks`` (a verdict, the best score), ``pyramid`` (a verdict, the shortest line, with
its search core in parts: ``pyramid_encoding``, ``pyramid_moves``, ``pyramid_dead`` and
``pyramid_cycle``, ``pyramid_bound`` and ``pyramid_search``) and ``ricochet`` (a verdict,
the shortest line); each
satisfies :class:`printplay.core.protocols.SolverModule`.  TriPeaks and Ricochet stand on
one play-or-draw core, ``playdraw``.  ``toolkit`` holds the clocks that keep budgets and
the replay that checks every line through the engine; ``packed`` the bit tricks the
searches share.  What a solver returns is a :class:`printplay.core.verdicts.SolveResult`.
"""
