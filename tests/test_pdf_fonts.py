"""Every PDF names only fonts it embeds (no reportlab default Helvetica left over)."""

from __future__ import annotations

from pathlib import Path

import pytest
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


@pytest.mark.parametrize(
    "argv",
    [
        ["rules", "tripeaks"],
        ["sheet", "tripeaks", "--seed", "1"],
        ["poker", "table-card"],
        ["components", "tripeaks", "--tuck-box"],
        ["scorepad", "poker"],
    ],
)
def test_every_font_is_embedded(tmp_path: Path, argv: list[str]) -> None:
    path = tmp_path / "out.pdf"
    assert main([*argv, "-o", str(path)]) == 0
    fonts = _fonts(path)
    assert fonts, "no fonts found"
    assert all(fonts.values()), fonts
    assert all("DejaVu" in name for name in fonts), fonts
