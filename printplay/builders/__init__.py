"""The builders: engines, solvers and analysis turned into the models of
:mod:`printplay.models` (a deal's setup, the walkthrough of the line a solver chose, a
rulebook's context and figures, a book's puzzles, a round played by bots, a kit's deals, the
website's variants).  A builder draws nothing and writes no file: it imports no renderer."""
