"""A platypus flowable that draws any game position from its layout geometry."""

from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.platypus import Flowable

from printplay.games.layout import BoardView, PileView
from printplay.render.cards import CARD_RATIO, CardStyle, draw_card, draw_gap
from printplay.render.fonts import SANS

LABEL_COLOUR = HexColor("#555555")
LABEL_SPACE = 10.0
"""Points reserved under the drawing for pile labels."""


class BoardDiagram(Flowable):
    """Draw a :class:`BoardView` scaled to ``width`` points (or to fit ``max_height``).

    ``show_hidden`` draws face-down cards with their identity on a tinted, hatched face
    (setup sheets); otherwise they are drawn as card backs (spoiler-free).
    """

    def __init__(
        self,
        view: BoardView,
        width: float,
        *,
        max_height: float | None = None,
        show_hidden: bool = True,
        pile_labels: bool = True,
    ) -> None:
        super().__init__()
        self.view = view
        self.show_hidden = show_hidden
        self.pile_labels = pile_labels
        label_space = LABEL_SPACE if pile_labels and view.piles else 0.0
        card_width = width / view.width
        if max_height is not None:
            card_width = min(card_width, (max_height - label_space) / (view.height * CARD_RATIO))
        self.card_width = card_width
        self.width = card_width * view.width
        self.height = card_width * CARD_RATIO * view.height + label_space
        self.label_space = label_space
        self.hAlign = "CENTER"

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        """The diagram's fixed size."""
        return self.width, self.height

    def _origin(self, x: float, y: float) -> tuple[float, float]:
        unit_h = self.card_width * CARD_RATIO
        return x * self.card_width, self.height - (y + 1) * unit_h

    def draw(self) -> None:
        """Draw the slots in slot order (covered cards first), then the piles."""
        canvas = self.canv
        width = self.card_width
        present = {view.slot.index for view in self.view.slots if view.card is not None}
        for view in self.view.slots:
            left, bottom = self._origin(view.slot.x, view.slot.y)
            if view.card is None:
                continue
            hidden = not view.face_up and not self.show_hidden
            covered = any(c in present for c in view.slot.covered_by)
            style = CardStyle(
                face_down=not view.face_up, hidden=hidden, badge=view.badge, pip=not covered
            )
            draw_card(canvas, left, bottom, width, view.card, style)
        for pile in self.view.piles:
            self._draw_pile(pile)

    def _draw_pile(self, pile: PileView) -> None:
        canvas = self.canv
        width = self.card_width
        left, bottom = self._origin(pile.x, pile.y)
        if not pile.cards:
            draw_gap(canvas, left, bottom, width)
        else:
            depth = min(3, len(pile.cards) - 1)
            step = width * 0.025
            for i in range(depth, 0, -1):
                draw_card(
                    canvas,
                    left + i * step,
                    bottom - i * step,
                    width,
                    pile.cards[-1],
                    CardStyle(hidden=True),
                )
            draw_card(
                canvas, left, bottom, width, pile.cards[-1], CardStyle(hidden=not pile.face_up)
            )
        if self.pile_labels:
            canvas.saveState()
            canvas.setFont(SANS, 7)
            canvas.setFillColor(LABEL_COLOUR)
            count = len(pile.cards)
            canvas.drawCentredString(left + width / 2, bottom - 8.5, f"{pile.name} ({count})")
            canvas.restoreState()
