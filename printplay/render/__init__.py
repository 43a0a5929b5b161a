"""Everything printplay prints: cards, boards, sheets, rulebooks, with reportlab."""

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
