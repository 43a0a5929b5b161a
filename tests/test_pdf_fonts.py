"""Every PDF names only fonts it embeds (no reportlab default Helvetica left over)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import Printed
from pypdf import PdfReader

from printplay.cli.app import main


def _fonts(path: Path) -> dict[str, bool]:
    """Base font name -> whether the PDF embeds it (directly or as a CID font)."""
    found: dict[str, bool] = {}
    for page in PdfReader(path).pages:
        for ref in page["/Resources"].get("/Font", {}).values():
            font = ref.get_object()
            if "/DescendantFonts" in font:
                descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            else:
                descriptor = font.get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor is not None else {}
            embedded = any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))
            found[str(font["/BaseFont"])] = embedded
    return found


def _made(argv: list[str]) -> Callable[[Printed, Path], Path]:
    """A printable made by the command line in ``folder``."""

    def make(_: Printed, folder: Path) -> Path:
        path = folder / "out.pdf"
        assert main([*argv, "-o", str(path)]) == 0
        return path

    return make


PRINTED: dict[str, Callable[[Printed, Path], Path]] = {
    "rulebook": lambda printed, _: printed.rulebook("tripeaks"),
    "sheet": lambda printed, _: printed.sheet("tripeaks", 1),
    "table card": lambda printed, _: printed.printable("table card", "ricochet-poker"),
    "tuck box": _made(["components", "tripeaks", "--tuck-box"]),
    "scorepad": _made(["scorepad", "poker"]),
}
"""A rulebook, a sheet and Ricochet Poker's table card, as ``printplay rules``, ``sheet``
and ``poker table-card`` make them (typeset once a run, :class:`conftest.Printed`), a tuck
box and a scorepad."""


@pytest.mark.parametrize("kind", PRINTED)
def test_every_font_is_embedded(printed: Printed, tmp_path: Path, kind: str) -> None:
    fonts = _fonts(PRINTED[kind](printed, tmp_path))
    assert fonts, "no fonts found"
    assert all(fonts.values()), fonts
    assert all("DejaVu" in name for name in fonts), fonts
