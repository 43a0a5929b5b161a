"""Print profiles: the card files a print-on-demand service takes, as data.

A profile says how big the image of one card side is in pixels and at what resolution,
how big the card is once cut (the trim), and how far inside the cut important things must
keep (the safe zone).  The bleed is what the image holds beyond the trim, half on each
side.  The figures of the services are the ones they publish for their poker-size card
templates; docs/print-and-play.md says where each comes from.

>>> profile = print_profile("poker-300dpi")
>>> profile.image_px, profile.trim_px, [round(v, 2) for v in profile.bleed_mm]
((815, 1110), (744.09, 1039.37), [3.0, 2.99])
>>> print_profile("thegamecrafter-poker").bleed_px
(37.5, 37.5)
"""

from __future__ import annotations

from dataclasses import dataclass

from printplay.core.errors import OptionError

MM_PER_INCH = 25.4


@dataclass(frozen=True)
class PrintProfile:
    """One service's card file: the image of a card side (``image_px`` at ``dpi``), the
    card's cut size (``trim_mm``, centred on the image) and the safe zone's margin inside
    the cut (``safe_mm``); ``source`` names where the figures come from."""

    name: str
    title: str
    trim_mm: tuple[float, float]
    image_px: tuple[int, int]
    dpi: int
    safe_mm: float
    source: str

    def __post_init__(self) -> None:
        if self.dpi <= 0 or min(self.image_px) <= 0 or min(self.trim_mm) <= 0:
            raise ValueError(f"profile {self.name}: sizes and resolution must be positive")
        if min(self.bleed_px) < 0:
            raise ValueError(f"profile {self.name}: the image is smaller than the card")
        if not 0 < self.safe_mm < min(self.trim_mm) / 2:
            raise ValueError(f"profile {self.name}: the safe margin leaves no safe zone")

    def _px(self, length_mm: float) -> float:
        return length_mm / MM_PER_INCH * self.dpi

    @property
    def trim_px(self) -> tuple[float, float]:
        """The cut card in pixels (rounded to 1/100 px)."""
        return (round(self._px(self.trim_mm[0]), 2), round(self._px(self.trim_mm[1]), 2))

    @property
    def bleed_px(self) -> tuple[float, float]:
        """The bleed on each side, across and down, in pixels."""
        width, height = self.image_px
        return (
            round((width - self._px(self.trim_mm[0])) / 2, 4),
            round((height - self._px(self.trim_mm[1])) / 2, 4),
        )

    @property
    def bleed_mm(self) -> tuple[float, float]:
        """The bleed on each side, across and down, in millimetres."""
        return (
            (self.image_px[0] / self.dpi * MM_PER_INCH - self.trim_mm[0]) / 2,
            (self.image_px[1] / self.dpi * MM_PER_INCH - self.trim_mm[1]) / 2,
        )

    @property
    def safe_px(self) -> float:
        """The safe zone's margin inside the cut, in pixels."""
        return round(self._px(self.safe_mm), 4)

    @property
    def image_in(self) -> tuple[float, float]:
        """The image in inches (its size in print at ``dpi``)."""
        return (self.image_px[0] / self.dpi, self.image_px[1] / self.dpi)


_INCH = MM_PER_INCH

PROFILES: dict[str, PrintProfile] = {
    profile.name: profile
    for profile in (
        PrintProfile(
            "poker-300dpi",
            "printplay's poker card, 63 × 88 mm with 3 mm bleed, at 300 dpi",
            trim_mm=(63.0, 88.0),
            image_px=(815, 1110),  # (63 + 2 × 3) mm and (88 + 2 × 3) mm at 300 dpi, rounded
            dpi=300,
            safe_mm=3.0,
            source="printplay's own poker size and bleed",
        ),
        PrintProfile(
            "thegamecrafter-poker",
            "The Game Crafter, poker deck: 825 × 1125 px at 300 dpi, 1/8 in bleed",
            trim_mm=(2.5 * _INCH, 3.5 * _INCH),
            image_px=(825, 1125),
            dpi=300,
            safe_mm=0.125 * _INCH,
            source="The Game Crafter's poker deck template (docs/print-and-play.md)",
        ),
        PrintProfile(
            "makeplayingcards-poker",
            "MakePlayingCards, poker size: 822 × 1122 px at 300 dpi, 36 px bleed",
            trim_mm=(750 / 300 * _INCH, 1050 / 300 * _INCH),
            image_px=(822, 1122),
            dpi=300,
            safe_mm=36 / 300 * _INCH,
            source="MakePlayingCards' poker size template (docs/print-and-play.md)",
        ),
    )
}
"""The print profiles, by name."""

DEFAULT_PROFILE = "poker-300dpi"
"""The profile used unless another is asked for."""


def print_profile(name: str) -> PrintProfile:
    """The profile called ``name``; an :class:`OptionError` naming the choices if none is."""
    try:
        return PROFILES[str(name).lower()]
    except KeyError:
        raise OptionError(
            f"unknown print profile {str(name)[:40]!r} (choose {', '.join(PROFILES)})"
        ) from None


__all__ = ["DEFAULT_PROFILE", "PROFILES", "PrintProfile", "print_profile"]
