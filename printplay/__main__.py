"""``python -m printplay``: the command line (see :mod:`printplay.launch`)."""

from printplay.launch import entry

if __name__ == "__main__":
    entry()
