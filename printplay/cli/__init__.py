"""The command line: the typer app and its verbs (:mod:`printplay.cli.app`), the console
script's first steps (:mod:`printplay.cli.launch`), ``--version``
(:mod:`printplay.cli.version`) and the website's preview server.  This
``__init__`` imports nothing, so the console script starts light."""
