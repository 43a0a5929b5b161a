"""Everything printplay prints: cards, boards, sheets, rulebooks, with reportlab."""

import importlib.util
import os
import sys
from typing import Any

# Drawings are built by our code, not typed in: reportlab's check of every shape attribute
# (read when reportlab.graphics.shapes is first imported) would double the time they take.
# Switched off through reportlab's own environment setting, read when reportlab first loads
# its settings, so that importing a renderer that needs no reportlab (the terminal's
# drawing, the card sizes) does not import it; or on the settings, if they are loaded.
_settings: Any = sys.modules.get("reportlab.rl_config")
if _settings is not None:
    _settings.shapeChecking = 0
else:
    os.environ["RL_shapeChecking"] = "0"  # noqa: SIM112 - reportlab spells it so


def _load_when_used(name: str) -> None:
    """Put module ``name`` in ``sys.modules`` loaded lazily (``importlib.util.LazyLoader``):
    its code runs at the first use of one of its attributes, not when it is imported."""
    if name in sys.modules:
        return
    parent, _, child = name.rpartition(".")
    try:
        spec = importlib.util.find_spec(name)
    except ImportError:
        return
    if spec is None or spec.loader is None:
        return
    loader = importlib.util.LazyLoader(spec.loader)
    spec.loader = loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    setattr(sys.modules[parent], child, module)


# reportlab imports Pillow's Image module as it starts (reportlab.lib.utils), for the
# bitmaps it may be asked to draw: about 15 ms of a run, its EXIF and TIFF tag tables
# built, for a sheet or a rulebook that draws none.  It loads when first used instead.
_load_when_used("PIL.Image")
