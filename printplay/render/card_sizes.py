"""The printable card formats, by name: data the command line reads for ``deck --size``
without importing reportlab (:mod:`printplay.render.faces` draws them)."""

from __future__ import annotations

from dataclasses import dataclass

from printplay.core.errors import OptionError

MM = 72.0 / 2.54 * 0.1
"""A millimetre in points, reckoned as reportlab's ``reportlab.lib.units.mm`` is."""


@dataclass(frozen=True)
class CardSize:
    """A card format: its name and its cut size in millimetres."""

    name: str
    width_mm: float
    height_mm: float

    @property
    def width(self) -> float:
        """The cut width in points."""
        return self.width_mm * MM

    @property
    def height(self) -> float:
        """The cut height in points."""
        return self.height_mm * MM


CARD_SIZES: dict[str, CardSize] = {
    "poker": CardSize("poker", 63.0, 88.0),
    "bridge": CardSize("bridge", 57.15, 88.9),
}
"""The printable card formats, by name."""

DEFAULT_CARD = CARD_SIZES["poker"]
"""The card format printed unless another is asked for."""


def card_size(name: str) -> CardSize:
    """The card format called ``name`` (``"poker"`` or ``"bridge"``)."""
    try:
        return CARD_SIZES[str(name).lower()]
    except KeyError:
        raise OptionError(
            f"unknown card size {name!r} (choose {' or '.join(CARD_SIZES)})"
        ) from None


__all__ = ["CARD_SIZES", "DEFAULT_CARD", "MM", "CardSize", "card_size"]
