"""The model layer: what is printed, as typed, frozen data, before anything draws it.

Builders here compute from engines and solvers (a deal's setup, the walkthrough of a
line the solver chose, a rulebook's context and figures, a kit's plan, batch solving);
:mod:`printplay.models.printable` holds the data they produce, which the renderers in
:mod:`printplay.render` (PDF) draw without computing anything more.  This package's
``__init__`` imports nothing, so a renderer importing the model loads no solver.
"""
