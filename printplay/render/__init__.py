"""Everything printplay prints: cards, boards, sheets, rulebooks, with reportlab."""

from reportlab import rl_config

# Drawings are built by our code, not typed in: reportlab's check of every shape attribute
# (read when reportlab.graphics.shapes is first imported) would double the time they take.
rl_config.shapeChecking = 0
