"""The per-card export checked as a print shop would: every image at its profile's pixel
size and resolution, in sRGB; the bleed filled edge to edge; nothing but the card's ground
outside the safe zone; the PDFs' trim and bleed boxes; the manifest; bad input refused in
one line.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pypdfium2
import pytest
from PIL import Image, ImageCms
from pypdf import PdfReader

from printplay.builders.card_export import plan_export
from printplay.cli.app import main
from printplay.models.card_export_model import MANIFEST_FILE
from printplay.models.print_profiles import PROFILES, PrintProfile, print_profile
from printplay.render.card_shapes import BACK_FILL, BACK_LINE

QUICK = ("tripeaks", "ricochet-poker")
WHITE = (255, 255, 255)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def export(folder: Path, profile: str, fmt: str, *extra: str) -> Path:
    """Run ``printplay deck --export`` with two jokers and two games' quick-reference cards."""
    argv = ["deck", "--export", str(folder), "--profile", profile, "--format", fmt]
    argv += ["--jokers", "2", *(arg for game in QUICK for arg in ("--quick-ref", game)), *extra]
    assert main(argv) == 0
    return folder


@pytest.fixture(scope="module", params=sorted(PROFILES))
def png_export(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A PNG export of the whole deck and two quick-reference cards, for each profile."""
    name = str(request.param)
    return export(tmp_path_factory.mktemp("png") / name, name, "png")


@pytest.fixture(scope="module")
def pdf_export(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return export(tmp_path_factory.mktemp("pdf") / "cards", "makeplayingcards-poker", "pdf")


def manifest(folder: Path) -> dict[str, object]:
    data = json.loads((folder / MANIFEST_FILE).read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def sides(folder: Path) -> list[tuple[str, str]]:
    """Every file of an export with its ground: ``"white"`` (a face or a quick-reference
    card's side) or ``"back"`` (the navy lattice every playing card shares)."""
    found: list[tuple[str, str]] = []
    for card in manifest(folder)["cards"]:  # type: ignore[attr-defined]
        found.append((card["face"], "white"))
        quick = "quick-reference" in card["card"]
        found.append((card["back"], "white" if quick else "back"))
    return sorted(set(found))


def _on_ground_line(colour: tuple[int, ...], tolerance: float = 3.0) -> bool:
    """Whether ``colour`` is the back's fill, its lattice's line or a blend of the two (the
    lattice's anti-aliased edges)."""
    fill = [round(c * 255) for c in BACK_FILL.rgb()]
    line = [round(c * 255) for c in BACK_LINE.rgb()]
    span = [b - a for a, b in zip(fill, line, strict=True)]
    length = sum(d * d for d in span)
    t = sum((c - a) * d for c, a, d in zip(colour, fill, span, strict=True)) / length
    t = min(1.0, max(0.0, t))
    nearest = [a + t * d for a, d in zip(fill, span, strict=True)]
    return max(abs(c - n) for c, n in zip(colour, nearest, strict=True)) <= tolerance


def only_ground(image: Image.Image, ground: str) -> bool:
    """Whether every pixel of ``image`` is the ground ``ground``."""
    if ground == "white":
        return image.getextrema() == ((255, 255), (255, 255), (255, 255))
    colours = image.getcolors(maxcolors=image.width * image.height)
    assert colours is not None
    return all(_on_ground_line(tuple(colour)) for _, colour in colours)  # type: ignore[arg-type]


def bands(image: Image.Image, box: tuple[float, float, float, float]) -> list[Image.Image]:
    """The four strips of ``image`` outside ``box`` (left, top, right, bottom, in pixels
    from the top-left corner), a pixel counted outside if any of it is."""
    left, top = int(box[0]), int(box[1])
    right, bottom = -int(-box[2]), -int(-box[3])
    width, height = image.size
    return [
        image.crop((0, 0, left, height)),
        image.crop((0, 0, width, top)),
        image.crop((right, 0, width, height)),
        image.crop((0, bottom, width, height)),
    ]


def test_the_profiles_hold_the_published_figures() -> None:
    """The figures docs/print-and-play.md cites: a 63 × 88 mm card with 3 mm bleed at 300
    dpi; The Game Crafter's 825 × 1125 px (1/8 in bleed and safe margin); MakePlayingCards'
    822 × 1122 px (36 px bleed, 36 px safe margin), both on a 750 × 1050 px card."""
    generic = print_profile("poker-300dpi")
    assert (generic.trim_mm, generic.dpi, generic.image_px) == ((63.0, 88.0), 300, (815, 1110))
    assert all(abs(b - 3.0) < 0.02 for b in generic.bleed_mm)
    tgc = print_profile("thegamecrafter-poker")
    assert (tgc.image_px, tgc.trim_px, tgc.bleed_px, tgc.safe_px) == (
        (825, 1125),
        (750.0, 1050.0),
        (37.5, 37.5),
        37.5,
    )
    mpc = print_profile("MakePlayingCards-Poker")
    assert (mpc.image_px, mpc.trim_px, mpc.bleed_px, mpc.safe_px) == (
        (822, 1122),
        (750.0, 1050.0),
        (36.0, 36.0),
        36.0,
    )


def test_the_plan_names_the_deck_in_order_with_one_shared_back() -> None:
    plan = plan_export("poker-300dpi", "pdf")
    names = [file.name for file in plan.files]
    assert len(names) == 53 and names[0] == "01-Ac.pdf" and names[12] == "13-Kc.pdf"
    assert names[13] == "14-Ad.pdf" and names[51] == "52-Ks.pdf" and names[-1] == "back.pdf"
    assert {card.back for card in plan.cards} == {"back.pdf"}


def test_every_image_has_its_profiles_pixel_size_resolution_and_srgb(png_export: Path) -> None:
    data = manifest(png_export)
    profile = print_profile(str(data["profile"]))
    files = sides(png_export)
    assert len(files) == 52 + 2 + 1 + 2 * len(QUICK)
    for name, _ in files:
        with Image.open(png_export / name) as image:
            assert image.format == "PNG" and image.mode == "RGB"
            assert image.size == profile.image_px, name
            dpi = image.info["dpi"]
            assert (round(dpi[0]), round(dpi[1])) == (profile.dpi, profile.dpi), name
            icc = ImageCms.ImageCmsProfile(io.BytesIO(image.info["icc_profile"]))
            assert "sRGB" in ImageCms.getProfileDescription(icc), name
    assert data["colour"] == "sRGB IEC61966-2.1"


def test_the_manifest_lists_every_card_its_files_and_the_profiles_figures(
    png_export: Path,
) -> None:
    data = manifest(png_export)
    profile: PrintProfile = print_profile(str(data["profile"]))
    cards = data["cards"]
    assert isinstance(cards, list) and len(cards) == 54 + len(QUICK)
    assert [card["card"] for card in cards[:3]] == ["Ac", "2c", "3c"]
    assert [card["card"] for card in cards[52:54]] == ["X1", "X2"]
    assert cards[-1] == {
        "card": "ricochet-poker-quick-reference",
        "name": "Ricochet Poker quick reference",
        "face": "56-ricochet-poker-quick-reference.png",
        "back": "56-ricochet-poker-quick-reference-back.png",
        "count": 1,
    }
    for card in cards:
        assert (png_export / card["face"]).is_file() and (png_export / card["back"]).is_file()
    assert data["dpi"] == profile.dpi and data["image"]["px"] == list(profile.image_px)  # type: ignore[index]
    assert data["trim"]["px"] == list(profile.trim_px)  # type: ignore[index]
    assert data["bleed"]["px"] == list(profile.bleed_px)  # type: ignore[index]
    safe = data["safe_zone"]
    assert safe["margin_mm"] == round(profile.safe_mm, 3)  # type: ignore[index]
    inset = (
        profile.bleed_px[0] + profile.safe_px,
        profile.bleed_px[1] + profile.safe_px,
        profile.image_px[0] - profile.bleed_px[0] - profile.safe_px,
        profile.image_px[1] - profile.bleed_px[1] - profile.safe_px,
    )
    assert safe["box_px"] == pytest.approx(inset, abs=0.01)  # type: ignore[index]


def test_the_bleed_is_filled_to_every_edge_pixel(png_export: Path) -> None:
    """The outermost row and column of every image are the card's ground: white paper on
    a face, the navy lattice on a back, never a white hairline."""
    for name, ground in sides(png_export):
        with Image.open(png_export / name) as image:
            rgb = image.convert("RGB")
            width, height = rgb.size
            edges = [(0, 0, width, 1), (0, height - 1, width, height)]
            edges += [(0, 0, 1, height), (width - 1, 0, width, height)]
            for edge in edges:
                assert only_ground(rgb.crop(edge), ground), f"{name}: edge {edge}"


def test_nothing_but_the_ground_lies_outside_the_safe_zone(png_export: Path) -> None:
    """Every pixel outside the safe zone (even partly) is the card's ground: no index, pip,
    frame or word of any card side comes nearer the cut than the profile allows."""
    box = tuple(manifest(png_export)["safe_zone"]["box_px"])  # type: ignore[index]
    for name, ground in sides(png_export):
        with Image.open(png_export / name) as image:
            rgb = image.convert("RGB")
            for number, band in enumerate(bands(rgb, box)):
                assert only_ground(band, ground), f"{name}: strip {number} holds art"


def test_a_pdf_card_covers_its_whole_page_and_sets_its_trim_and_bleed_boxes(
    pdf_export: Path,
) -> None:
    profile = print_profile("makeplayingcards-poker")
    width, height = (v * 72 / profile.dpi for v in profile.image_px)
    bleed_x, bleed_y = (v * 72 / profile.dpi for v in profile.bleed_px)
    for name, _ in sides(pdf_export):
        reader = PdfReader(pdf_export / name)
        assert len(reader.pages) == 1
        page = reader.pages[0]
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, width, height])
        assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, width, height])
        trim = [bleed_x, bleed_y, width - bleed_x, height - bleed_y]
        assert [float(v) for v in page.trimbox] == pytest.approx(trim, abs=0.01)
        intents = reader.trailer["/Root"]["/OutputIntents"]  # type: ignore[index]
        assert intents[0]["/OutputConditionIdentifier"] == "sRGB IEC61966-2.1"
        document = pypdfium2.PdfDocument(pdf_export / name)
        try:
            # Rendered onto a transparent ground: every pixel, to the edge, is covered.
            bitmap = document[0].render(scale=1, fill_color=(0, 0, 0, 0)).to_pil()
        finally:
            document.close()
        assert bitmap.getchannel("A").getextrema() == (255, 255), name


def test_the_export_writes_52_faces_one_back_and_a_manifest_by_default(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "cards"
    status, out, err = run(capsys, "deck", "--export", str(folder), "--format", "pdf")
    assert status == 0, err
    assert out.strip() == str(folder)
    names = sorted(path.name for path in folder.iterdir() if not path.name.startswith("."))
    assert len(names) == 54 and "back.pdf" in names and MANIFEST_FILE in names
    assert manifest(folder)["profile"] == "poker-300dpi"
    # Again as PNG: the PDFs the first export wrote are gone, nothing else is.
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    status, _, err = run(capsys, "deck", "--export", str(folder), "--force")
    assert status == 0, err
    left = {path.suffix for path in folder.iterdir() if not path.name.startswith(".")}
    assert left == {".png", ".json", ".txt"}
    assert (folder / "notes.txt").read_text(encoding="utf-8") == "mine"


# (arguments after ``deck``, exit status, words the one line must hold); {tmp} a scratch folder.
BAD = [
    (["--export", "{tmp}/out", "--profile", "nonesuch"], 2, "'--profile'"),
    (["--export", "{tmp}/out", "--format", "tiff"], 2, "'--format'"),
    (["--export", "{tmp}/out", "--jokers", "3"], 2, "'--jokers'"),
    (["--export", "{tmp}/out", "--bleed"], 1, "--bleed is for the printable sheets"),
    (["--export", "{tmp}/out", "--paper", "letter"], 1, "--paper is for the printable sheets"),
    (["--export", "{tmp}/out", "-o", "{tmp}/d.pdf"], 1, "--output is for the printable"),
    (["-o", "{tmp}/d.pdf", "--profile", "poker-300dpi"], 1, "--profile goes with --export"),
    (["-o", "{tmp}/d.pdf", "--format", "png"], 1, "--format goes with --export"),
    ([], 1, "give --output FILE"),
    (["--export", "{tmp}/no/such/out"], 1, "does not exist"),
    (["--export", "{tmp}/file.txt"], 1, "it is not a folder"),
    (["--export", "{tmp}/full"], 1, "printplay did not write (theirs.png)"),
    (["--export", "{tmp}/linked", "--force"], 1, "is a symbolic link"),
    (["--export", "{tmp}/out", "--back-text", "x" * 30], 1, "room for 24"),
    (["--export", "{tmp}/out", "--quick-ref", "nonesuch"], 1, "unknown game"),
]


@pytest.mark.parametrize(("argv", "status", "words"), BAD, ids=lambda v: str(v)[:50])
def test_bad_input_is_refused_in_one_line_and_writes_nothing(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    status: int,
    words: str,
) -> None:
    (tmp_path / "file.txt").write_text("x", encoding="utf-8")
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "theirs.png").write_bytes(b"x")
    (tmp_path / "linked").mkdir()
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "linked" / "01-Ac.png").symlink_to(tmp_path / "elsewhere" / "target.png")
    before = {path: path.lstat().st_mtime_ns for path in tmp_path.rglob("*")}
    code, _, err = run(capsys, "deck", *(arg.replace("{tmp}", str(tmp_path)) for arg in argv))
    assert code == status, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("printplay: error:"), err
    assert words in lines[0]
    assert {path: path.lstat().st_mtime_ns for path in tmp_path.rglob("*")} == before


def test_an_unwritable_folder_is_refused(
    unprivileged: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        for target in (locked, locked / "cards"):
            code, _, err = run(capsys, "deck", "--export", str(target))
            assert code == 1 and "permission denied" in err and len(err.splitlines()) == 1
        assert list(locked.iterdir()) == []
    finally:
        locked.chmod(0o700)


def test_a_folder_holding_another_printplay_output_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "index.html").write_text("<p>", encoding="utf-8")
    (folder / ".printplay-site").write_text("index.html\n", encoding="utf-8")
    code, _, err = run(capsys, "deck", "--export", str(folder), "--format", "pdf")
    assert code == 1 and "not a card export" in err
    assert sorted(path.name for path in folder.iterdir()) == [".printplay-site", "index.html"]


def test_large_indices_four_colours_and_a_back_text_stay_inside_the_safe_zone(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "styled"
    extra = ("--large-index", "--four-colour", "--back-text", "Family Night")
    export(folder, "thegamecrafter-poker", "png", *extra)
    box = tuple(manifest(folder)["safe_zone"]["box_px"])  # type: ignore[index]
    for name, ground in sides(folder):
        with Image.open(folder / name) as image:
            rgb = image.convert("RGB")
            for number, band in enumerate(bands(rgb, box)):
                assert only_ground(band, ground), f"{name}: strip {number} holds art"
