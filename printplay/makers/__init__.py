"""The makers: a request turned into a file.  A maker checks the target, has a builder build
the model, hands it to a renderer and writes the file whole (or copies one already made):
the registry's printables by name (:mod:`printplay.makers.requests`), books, the kit, the
website and the demo."""
