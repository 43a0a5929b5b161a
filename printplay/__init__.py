"""printplay: deal, solve and print card games for the table.

The package is one folder a layer, each importing only the layers below it (see
docs/architecture.md): ``cli`` (the command line), ``makers`` (a request made into a
file), ``builders`` (engines and solvers made into models) beside ``render`` (models
drawn), ``models`` (the data printables are drawn from), ``analysis`` and ``testing``,
``solve`` (the solvers), ``games`` (the engines and the registry) beside ``markup``, and
``core``.
"""

__version__ = "0.1.0"
