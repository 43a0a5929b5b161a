"""``python -m printplay``: the command line (see :mod:`printplay.cli.launch`)."""

from printplay.cli.launch import entry

if __name__ == "__main__":
    entry()
