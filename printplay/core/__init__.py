"""The core every layer stands on, knowing no game: cards and deals, options, errors, JSON
types, what a solver returns and what a grade is, the vocabulary shared code uses to ask a
solitaire anything (``protocols``, ``layout``), reading untrusted files, the Jinja sandbox,
writing files safely, and the one parallel map (on a Dask cluster too)."""
