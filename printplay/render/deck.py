"""The printable deck: 52 cards and two jokers at true size, with crop marks, duplex backs
and a print check.

:func:`plan_deck` works out every page (where each card's cut line and bleed fall, the crop
marks, the fold line) as plain geometry; :func:`build_deck` draws that plan into a PDF, written
atomically and byte-identical for identical input.

Every sheet keeps :data:`MIN_MARGIN_MM` of paper round the cards' art, for the crop marks and
the footer (:func:`sheet_layout` picks the page's turn and the grid that hold the most cards
that way).

Duplex layout (the default): on A4 portrait pages of nine cards (3 × 3), on US Letter
landscape pages of eight (4 × 2); with bleed, landscape pages of eight (six poker cards on
Letter):

- a page of faces, then a page of their backs, each back placed where the paper turned over
  puts it behind its face: mirrored left to right when the paper turns about a vertical edge
  (a portrait page's long edge, a landscape page's short edge), top to bottom otherwise,
  then moved by ``back_offset`` to make up for a printer that prints the second side out of
  register; a quick-reference card's back, which reads one way up, is turned half round
  when the paper turns top to bottom, so it reads upright when the cut card is turned over
  left to right;
- crop marks in the margins only, from near the cards to the page edge, never over a card;
- each page's TrimBox is the cut area of its cards and its BleedBox the area their art covers;
- the PDF asks viewers not to scale it and to print both sides with the chosen flip.

A lite deck (:attr:`DeckOptions.lite`) draws the faces in outline and leaves the playing
cards' backs blank: its pages of backs hold only the quick-reference cards' backs, if any
(each sheet still has its back page, so that it prints on both sides with the rest), and it
has no print check.

Gutter-fold layout (single-sided printers): landscape pages with four faces on the left and
their backs mirrored on the right; fold along the line in the gutter, glue, then cut.  The
gutter narrows (the fold :data:`FOLD_CLEARANCE_MM` from the nearest cut lines) where the wide
one leaves too little margin.  Where four cards do not fit across with the fold between
them (bled poker cards on US Letter), the fold runs across the sheet instead: a row of faces
above it, their backs mirrored below, as many across as fit (three).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.graphics.shapes import Drawing, Group
from reportlab.lib.colors import HexColor, black
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from printplay import __version__
from printplay.core.cards import Card, standard_deck
from printplay.core.errors import GameError, OptionError
from printplay.core.ink_mode import ink_light, is_ink_light
from printplay.core.outfile import check_writable
from printplay.models.printable import QuickCardText
from printplay.render import lean_pdf
from printplay.render.card_sizes import CardSize, card_size
from printplay.render.document import (
    bookmark_page,
    paper_size,
    write_atomically,
)
from printplay.render.faces import (
    FaceStyle,
    card_back,
    card_face,
    check_back_text,
    new_drawing,
)
from printplay.render.fonts import SANS, SANS_BOLD, register_fonts

if TYPE_CHECKING:
    from printplay.render.quickref_pdf import QuickCard

BLEED_MM = 3.0
"""How far card art extends past the cut line when bleed is on."""

MAX_BACK_OFFSET_MM = 5.0
"""The largest back offset, either way, on either axis: the range the print check measures."""

MARK_GAP_MM = 1.5
"""The gap between a crop mark and the nearest card (or its bleed)."""

MARK_MIN_MM = 1.0
"""A crop mark shorter than this (a margin too narrow) is left out."""

MARK_WIDTH = 0.3
"""Crop mark line width in points."""

FOLD_GUTTER_MM = 10.0
"""The gutter between faces and backs in the gutter-fold layout (the fold in its middle)."""

FOLD_CLEARANCE_MM = 3.0
"""Where the wide gutter leaves too little margin: the fold this far from the nearest cut
lines (in the bleed, with bleed on)."""

MIN_MARGIN_MM = 10.0
"""Paper left round the cards' art on every side of a sheet, for the crop marks and the
footer: most printers cannot print the outer 3 to 6 mm of a page."""

FOOTER_MIN_MM = 6.0
"""The footer's baseline keeps at least this far from the page's edge."""

DUPLEX_MODES = ("long-edge", "short-edge")
LAYOUTS = ("duplex", "gutter-fold")

GUIDE = HexColor("#4D4D4D")
"""Ink of the print check's lines and text."""


# --- options -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class DeckOptions:
    """Everything that decides what the deck PDF looks like; checked on creation."""

    paper: str = "a4"
    size: str = "poker"
    duplex: str = "long-edge"
    back_offset: tuple[float, float] = (0.0, 0.0)
    layout: str = "duplex"
    bleed: bool = False
    four_colour: bool = False
    large_index: bool = False
    back_text: str | None = None
    calibration: bool = True
    quick_ref: tuple[str, ...] = ()
    """Games whose quick-reference cards are printed with the deck, by their registry names
    (as :func:`printplay.builders.quickref.quick_card_texts` keys their words)."""
    jokers: int = 2
    """How many jokers follow the 52 cards (0, 1 or 2)."""
    lite: bool = False
    """The ink-light deck of a lite kit: outline faces (:attr:`FaceStyle.outline`), no backs
    but the quick-reference cards' (the playing cards' backs are left blank) and no print
    check."""

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        if self.jokers not in (0, 1, 2):
            raise OptionError(f"a deck has 0, 1 or 2 jokers, not {self.jokers!r}")
        paper = str(self.paper).lower()
        paper_size(paper)  # an OutputError naming the choices
        set_(self, "paper", paper)
        set_(self, "size", card_size(self.size).name)
        duplex = str(self.duplex).lower()
        if duplex not in DUPLEX_MODES:
            raise OptionError(
                f"unknown duplex mode {self.duplex!r} (choose {' or '.join(DUPLEX_MODES)})"
            )
        set_(self, "duplex", duplex)
        layout = str(self.layout).lower()
        if layout not in LAYOUTS:
            raise OptionError(
                f"unknown deck layout {self.layout!r} (choose {' or '.join(LAYOUTS)})"
            )
        set_(self, "layout", layout)
        set_(self, "back_offset", _check_offset(self.back_offset))
        set_(self, "back_text", check_back_text(self.back_text))
        games: list[str] = []
        for name in (self.quick_ref,) if isinstance(self.quick_ref, str) else self.quick_ref:
            if name not in games:
                games.append(name)
        set_(self, "quick_ref", tuple(games))
        if self.lite:
            _check_lite(self)

    @property
    def card(self) -> CardSize:
        """The card format."""
        return card_size(self.size)

    @property
    def style(self) -> FaceStyle:
        """How faces are drawn."""
        return FaceStyle(
            four_colour=self.four_colour, large_index=self.large_index, outline=self.lite
        )

    @property
    def bleed_pt(self) -> float:
        """The bleed in points (0 when off)."""
        return BLEED_MM * mm if self.bleed else 0.0


def _check_lite(options: DeckOptions) -> None:
    """Refuse, in one line, what a lite deck cannot print: it has no backs to put a text on
    or to fold behind the faces, and its faces have no ground to bleed."""
    if options.back_text:
        refused = "a lite deck prints no backs to carry a back text"
        other = "a back text"
    elif options.layout == "gutter-fold":
        refused = "a lite deck has no backs to fold behind its faces"
        other = "the gutter-fold layout"
    elif options.bleed:
        refused = "a lite deck's faces are white to their edges, with nothing to bleed"
        other = "bleed"
    else:
        return
    raise OptionError(f"{refused}: ask for lite or for {other}, not both")


def _check_offset(offset: object) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in offset)  # type: ignore[attr-defined]
    except (TypeError, ValueError):
        raise OptionError(
            f"back offset {offset!r} is not two numbers (x and y, in millimetres)"
        ) from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise OptionError(f"back offset ({x}, {y}) mm is not two finite numbers")
    if abs(x) > MAX_BACK_OFFSET_MM or abs(y) > MAX_BACK_OFFSET_MM:
        raise OptionError(
            f"back offset ({x:g}, {y:g}) mm is too large: each part must be within "
            f"±{MAX_BACK_OFFSET_MM:g} mm (a printer further out of register than that needs "
            "the gutter-fold layout)"
        )
    return x + 0.0, y + 0.0  # no negative zero


# --- geometry ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Box:
    """A rectangle on a page, in points, from its lower-left to its upper-right corner."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    def grown(self, by: float) -> Box:
        return Box(self.x0 - by, self.y0 - by, self.x1 + by, self.y1 + by)

    def shifted(self, dx: float, dy: float) -> Box:
        return Box(self.x0 + dx, self.y0 + dy, self.x1 + dx, self.y1 + dy)

    def mirrored_x(self, axis: float) -> Box:
        """Mirrored left to right about the vertical line x = ``axis``."""
        return Box(2 * axis - self.x1, self.y0, 2 * axis - self.x0, self.y1)

    def mirrored_y(self, axis: float) -> Box:
        """Mirrored top to bottom about the horizontal line y = ``axis``."""
        return Box(self.x0, 2 * axis - self.y1, self.x1, 2 * axis - self.y0)

    def clipped(self, other: Box) -> Box:
        return Box(
            max(self.x0, other.x0), max(self.y0, other.y0), min(self.x1, other.x1),
            min(self.y1, other.y1),
        )  # fmt: skip

    def contains(self, other: Box, tolerance: float = 1e-6) -> bool:
        return (
            self.x0 - tolerance <= other.x0
            and self.y0 - tolerance <= other.y0
            and other.x1 <= self.x1 + tolerance
            and other.y1 <= self.y1 + tolerance
        )

    def as_tuple(self) -> tuple[float, float, float, float]:
        return (self.x0, self.y0, self.x1, self.y1)

    @staticmethod
    def around(boxes: Iterable[Box]) -> Box:
        items = list(boxes)
        return Box(
            min(b.x0 for b in items), min(b.y0 for b in items), max(b.x1 for b in items),
            max(b.y1 for b in items),
        )  # fmt: skip


Segment = tuple[float, float, float, float]
"""A line from (x0, y0) to (x1, y1), in points."""


@dataclass(frozen=True)
class QuickRef:
    """A game's quick-reference card, printed with the deck: the rules in brief on its face
    and on its back (:mod:`printplay.render.quickref_pdf`)."""

    game: str

    @property
    def code(self) -> str:
        """A name for the card, as card codes name cards."""
        return f"quick reference: {self.game}"


@dataclass(frozen=True)
class Slot:
    """One card on a page: its face or its back, its cut line and the area its art covers.

    ``card`` is a playing card or a quick-reference card (:class:`QuickRef`)."""

    card: Card | QuickRef
    side: str  # "face" or "back"
    cut: Box
    bleed: Box


@dataclass(frozen=True)
class Page:
    """One page of the deck PDF."""

    kind: str  # "check", "check-back", "faces", "backs" or "fold"
    size: tuple[float, float]
    sheet: int = 0  # 1-based sheet of cards; 0 for the print check
    sheets: int = 0
    slots: tuple[Slot, ...] = ()
    marks: tuple[Segment, ...] = ()
    fold: Segment | None = None
    targets: tuple[tuple[float, float], ...] = field(default=())
    grid: Box | None = None  # the art of a full sheet (a short last sheet keeps its margins)

    @property
    def media(self) -> Box:
        return Box(0.0, 0.0, self.size[0], self.size[1])

    @property
    def trim(self) -> Box:
        """The TrimBox: the cut area of the cards (the whole page for the print check)."""
        if not self.slots:
            return self.media
        return Box.around(s.cut for s in self.slots).clipped(self.media)

    @property
    def bleed_box(self) -> Box:
        """The BleedBox: the area the cards' art covers, within the page."""
        if not self.slots:
            return self.media
        return Box.around(s.bleed for s in self.slots).clipped(self.media)


def _portrait(paper: str) -> tuple[float, float]:
    width, height = paper_size(paper)
    return min(width, height), max(width, height)


@dataclass(frozen=True)
class SheetLayout:
    """How the cards lie on a sheet: the page (portrait or landscape) and the grid.

    In the duplex layout ``columns`` × ``rows`` faces fill the page; in the gutter-fold
    layout they fill the left half, their backs the right half (``fold`` ``"down"``), or
    the top half and the bottom half (``"across"``), ``gutter`` (points) apart between the
    two blocks' art, the fold in its middle."""

    page: tuple[float, float]
    columns: int
    rows: int
    gutter: float = 0.0
    fold: str = "down"

    @property
    def per_sheet(self) -> int:
        """The cards a sheet holds."""
        return self.columns * self.rows

    @property
    def landscape(self) -> bool:
        """Whether the page lies on its long side."""
        return self.page[0] > self.page[1]


def _pitch(options: DeckOptions) -> tuple[float, float]:
    """The distance from a card to the next, across and down (the card and its bleed)."""
    card, bleed = options.card, options.bleed_pt
    return card.width + 2 * bleed, card.height + 2 * bleed


def _how_many(length: float, pitch: float) -> int:
    """How many cards of ``pitch`` fit along ``length`` with the margins at both ends."""
    return max(0, math.floor((length - 2 * MIN_MARGIN_MM * mm + 1e-6) / pitch))


def sheet_layout(options: DeckOptions) -> SheetLayout:
    """The layout of a sheet of cards for ``options``: the one holding the most cards with
    :data:`MIN_MARGIN_MM` of paper round their art (portrait on a tie).

    Raises :class:`OptionError` when the gutter-fold layout's four cards do not fit."""
    if options.layout == "gutter-fold":
        return _fold_layout(options)
    portrait = _portrait(options.paper)
    pitch_x, pitch_y = _pitch(options)
    best: SheetLayout | None = None
    for page in (portrait, (portrait[1], portrait[0])):
        found = SheetLayout(page, _how_many(page[0], pitch_x), _how_many(page[1], pitch_y))
        if best is None or found.per_sheet > best.per_sheet:
            best = found
    assert best is not None and best.per_sheet > 0  # a card and its margins fit on a4 or letter
    return best


def _fold_layout(options: DeckOptions) -> SheetLayout:
    """Landscape, two by two faces and their backs either side of the fold: with the wide
    gutter if the margins allow, else with the fold :data:`FOLD_CLEARANCE_MM` from the
    nearest cut lines (the bleed, if any, reaching the fold)."""
    short, long = _portrait(options.paper)
    pitch_x, pitch_y = _pitch(options)
    bleed = options.bleed_pt
    narrow = max(0.0, 2 * FOLD_CLEARANCE_MM * mm - 2 * bleed)
    margins = 2 * MIN_MARGIN_MM * mm
    for gutter in (FOLD_GUTTER_MM * mm, narrow):
        if 4 * pitch_x + gutter + margins <= long + 1e-6:
            assert 2 * pitch_y + margins <= short + 1e-6  # two cards down fit a4 and letter
            return SheetLayout((long, short), 2, 2, gutter)
    across = _fold_across_layout(options, narrow)
    if across is not None:
        return across
    need = 4 * pitch_x + narrow + margins
    with_bleed = f" with {BLEED_MM:g} mm bleed" if options.bleed else ""
    hint = "use a4 paper, bridge cards or no bleed" if options.bleed else "use bridge cards"
    raise OptionError(
        f"the gutter-fold layout needs {need / mm:.1f} mm across for four {options.size} cards"
        f"{with_bleed} and the fold, with {MIN_MARGIN_MM:g} mm margins for the crop marks, but "
        f"{options.paper} paper is {long / mm:.1f} mm long: {hint}"
    )


def _fold_across_layout(options: DeckOptions, narrow: float) -> SheetLayout | None:
    """The gutter-fold layout with the fold across the sheet: rows of faces above it and
    their backs below, on the turn of the page holding the most cards (landscape on a
    tie), with the wide gutter where it fits; ``None`` if not one card fits."""
    short, long = _portrait(options.paper)
    pitch_x, pitch_y = _pitch(options)
    margins = 2 * MIN_MARGIN_MM * mm
    best: SheetLayout | None = None
    for page in ((long, short), (short, long)):
        columns = _how_many(page[0], pitch_x)
        for gutter in (FOLD_GUTTER_MM * mm, narrow):
            rows = max(0, math.floor((page[1] - margins - gutter + 1e-6) / (2 * pitch_y)))
            if rows and columns:
                found = SheetLayout(page, columns, rows, gutter, fold="across")
                if best is None or found.per_sheet > best.per_sheet:
                    best = found
                break
    return best


Item = Card | QuickRef


def _chunks(cards: Sequence[Item], size: int) -> list[Sequence[Item]]:
    return [cards[i : i + size] for i in range(0, len(cards), size)]


def quick_ref_cards(games: Sequence[str], after: int, per_sheet: int) -> list[QuickRef]:
    """The quick-reference cards of ``games`` to print after ``after`` other cards, sheets
    of ``per_sheet``: they fill the last sheet (it is printed anyway), shared evenly among
    the games, each game's cards together; a sheet more if there are fewer free places than
    games."""
    if not games:
        return []
    free = -after % per_sheet
    while free < len(games):
        free += per_sheet
    share, extra = divmod(free, len(games))
    cards: list[QuickRef] = []
    for number, game in enumerate(games):
        cards += [QuickRef(game)] * (share + (number < extra))
    return cards


def plan_deck(options: DeckOptions, cards: Sequence[Card] | None = None) -> list[Page]:
    """Every page of the deck, as geometry: cards, crop marks, fold line, check targets.

    The quick-reference cards of ``options.quick_ref`` follow the playing cards."""
    items: list[Item] = list(standard_deck(jokers=options.jokers) if cards is None else cards)
    layout = sheet_layout(options)
    items += quick_ref_cards(options.quick_ref, len(items), layout.per_sheet)
    if options.layout == "gutter-fold":
        pages = _plan_gutter_fold(options, layout, items)
    else:
        pages = _plan_duplex(options, layout, items)
    if options.calibration and not options.lite:
        pages = _plan_check(options, layout) + pages
    return pages


def turned_top_to_bottom(page: tuple[float, float], options: DeckOptions) -> bool:
    """Whether the paper turned over brings a page's top to the bottom (else its left to the
    right): a short-edge flip of a portrait page, a long-edge flip of a landscape one."""
    landscape = page[0] > page[1]
    return (options.duplex == "short-edge") != landscape


def _back_box(box: Box, page: tuple[float, float], options: DeckOptions) -> Box:
    """Where, on the back page, the back of something at ``box`` on the front goes."""
    width, height = page
    if turned_top_to_bottom(page, options):
        turned = box.mirrored_y(height / 2)
    else:
        turned = box.mirrored_x(width / 2)
    dx, dy = options.back_offset
    return turned.shifted(dx * mm, dy * mm)


def _back_point(
    point: tuple[float, float], page: tuple[float, float], options: DeckOptions
) -> tuple[float, float]:
    box = _back_box(Box(point[0], point[1], point[0], point[1]), page, options)
    return box.x0, box.y0


def _plan_duplex(options: DeckOptions, layout: SheetLayout, cards: Sequence[Item]) -> list[Page]:
    page = layout.page
    width, height = page
    card = options.card
    bleed = options.bleed_pt
    pitch_x, pitch_y = _pitch(options)
    columns, rows = layout.columns, layout.rows
    left = (width - columns * pitch_x) / 2
    top = height - (height - rows * pitch_y) / 2
    groups = _chunks(cards, layout.per_sheet)
    pages: list[Page] = []
    for number, group in enumerate(groups, start=1):
        faces = []
        for i, item in enumerate(group):
            row, column = divmod(i, columns)
            x0 = left + column * pitch_x + bleed
            y1 = top - row * pitch_y - bleed
            cut = Box(x0, y1 - card.height, x0 + card.width, y1)
            faces.append(Slot(item, "face", cut, cut.grown(bleed)))
        backs = []
        for slot in faces:
            if options.lite and not isinstance(slot.card, QuickRef):
                continue  # a lite deck's playing cards have blank backs
            cut = _back_box(slot.cut, page, options)
            backs.append(Slot(slot.card, "back", cut, cut.grown(bleed)))
        grid = Box(left, top - rows * pitch_y, left + columns * pitch_x, top)
        marks = _crop_marks(faces, page, [grid], [])
        pages.append(Page("faces", page, number, len(groups), tuple(faces), marks, grid=grid))
        back_grid = None if backs else _back_box(grid, page, options)
        pages.append(Page("backs", page, number, len(groups), tuple(backs), grid=back_grid))
    return pages


def _plan_gutter_fold(
    options: DeckOptions, layout: SheetLayout, cards: Sequence[Item]
) -> list[Page]:
    if layout.fold == "across":
        return _plan_fold_across(options, layout, cards)
    page = layout.page
    width, height = page
    card = options.card
    bleed = options.bleed_pt
    pitch_x, pitch_y = _pitch(options)
    gutter = layout.gutter
    fold_x = width / 2
    right = fold_x - gutter / 2  # the right edge of the faces' art
    top = height - (height - 2 * pitch_y) / 2
    groups = _chunks(cards, layout.per_sheet)
    pages: list[Page] = []
    dx, dy = options.back_offset
    for number, group in enumerate(groups, start=1):
        slots: list[Slot] = []
        for i, item in enumerate(group):
            row, column = divmod(i, 2)
            x1 = right - (1 - column) * pitch_x - bleed
            y1 = top - row * pitch_y - bleed
            cut = Box(x1 - card.width, y1 - card.height, x1, y1)
            slots.append(Slot(item, "face", cut, cut.grown(bleed)))
        for slot in list(slots):
            cut = slot.cut.mirrored_x(fold_x).shifted(dx * mm, dy * mm)
            slots.append(Slot(slot.card, "back", cut, cut.grown(bleed)))
        fold = (fold_x, 0.0, fold_x, height)
        faces_block = Box(right - 2 * pitch_x, top - 2 * pitch_y, right, top)
        backs_block = faces_block.mirrored_x(fold_x).shifted(dx * mm, dy * mm)
        if backs_block.x0 < faces_block.x1 - 1e-6:
            raise OptionError(
                f"back offset ({dx:g}, {dy:g}) mm is too large for the gutter-fold layout of "
                f"{options.size} cards on {options.paper} paper: it moves the backs onto the "
                "faces across the fold"
            )
        marks = _crop_marks(slots, page, [faces_block, backs_block], [fold_x])
        grid = Box.around([faces_block, backs_block])
        pages.append(Page("fold", page, number, len(groups), tuple(slots), marks, fold, grid=grid))
    return pages


def _plan_fold_across(
    options: DeckOptions, layout: SheetLayout, cards: Sequence[Item]
) -> list[Page]:
    """The gutter-fold sheets with the fold across: faces in rows above the fold, each back
    below it, mirrored about the fold (then moved by the back offset)."""
    page = layout.page
    width, height = page
    card = options.card
    bleed = options.bleed_pt
    pitch_x, pitch_y = _pitch(options)
    fold_y = height / 2
    bottom = fold_y + layout.gutter / 2  # the bottom edge of the faces' art
    left = (width - layout.columns * pitch_x) / 2
    groups = _chunks(cards, layout.per_sheet)
    pages: list[Page] = []
    dx, dy = options.back_offset
    for number, group in enumerate(groups, start=1):
        slots: list[Slot] = []
        for i, item in enumerate(group):
            row, column = divmod(i, layout.columns)
            x0 = left + column * pitch_x + bleed
            y0 = bottom + (layout.rows - 1 - row) * pitch_y + bleed
            cut = Box(x0, y0, x0 + card.width, y0 + card.height)
            slots.append(Slot(item, "face", cut, cut.grown(bleed)))
        for slot in list(slots):
            cut = slot.cut.mirrored_y(fold_y).shifted(dx * mm, dy * mm)
            slots.append(Slot(slot.card, "back", cut, cut.grown(bleed)))
        faces_block = Box(
            left, bottom, left + layout.columns * pitch_x, bottom + layout.rows * pitch_y
        )
        backs_block = faces_block.mirrored_y(fold_y).shifted(dx * mm, dy * mm)
        if backs_block.y1 > faces_block.y0 + 1e-6:
            raise OptionError(
                f"back offset ({dx:g}, {dy:g}) mm is too large for the gutter-fold layout of "
                f"{options.size} cards on {options.paper} paper: it moves the backs onto the "
                "faces across the fold"
            )
        marks = _crop_marks(slots, page, [faces_block, backs_block], [], [fold_y])
        grid = Box.around([faces_block, backs_block])
        fold = (0.0, fold_y, width, fold_y)
        pages.append(Page("fold", page, number, len(groups), tuple(slots), marks, fold, grid=grid))
    return pages


def _crop_marks(
    slots: Sequence[Slot],
    page: tuple[float, float],
    blocks: Sequence[Box],
    folds: list[float],
    folds_across: Sequence[float] = (),
) -> tuple[Segment, ...]:
    """Marks on every cut line of ``slots``, in the margins (and the fold gutter) only: each
    runs from a little way off the ``blocks`` of cards (where a full sheet's art goes) to the
    page edge (or across the fold: ``folds`` at these x, ``folds_across`` at these y)."""
    width, height = page
    gap = MARK_GAP_MM * mm
    art = [*blocks, *(s.bleed for s in slots)]
    top = max(b.y1 for b in art) + gap
    bottom = min(b.y0 for b in art) - gap
    left = min(b.x0 for b in art) - gap
    right = max(b.x1 for b in art) + gap
    xs = sorted({round(v, 4) for s in slots for v in (s.cut.x0, s.cut.x1)})
    ys = sorted({round(v, 4) for s in slots for v in (s.cut.y0, s.cut.y1)})
    segments: list[Segment] = []
    for x in xs:
        segments += [(x, top, x, height), (x, 0.0, x, bottom)]
        for fold in folds_across:
            # In the gutter: from the backs' art to the faces' art, across the fold.
            inner_bottom = max(b.y1 for b in art if b.y0 + b.y1 < 2 * fold) + gap
            inner_top = min(b.y0 for b in art if b.y0 + b.y1 > 2 * fold) - gap
            if inner_top > inner_bottom:
                segments.append((x, inner_bottom, x, inner_top))
    for y in ys:
        segments += [(0.0, y, left, y), (right, y, width, y)]
        for fold in folds:
            # In the gutter: from the faces' art to the backs' art, across the fold.
            inner_left = max(b.x1 for b in art if b.x0 + b.x1 < 2 * fold) + gap
            inner_right = min(b.x0 for b in art if b.x0 + b.x1 > 2 * fold) - gap
            if inner_right > inner_left:
                segments.append((inner_left, y, inner_right, y))
    minimum = MARK_MIN_MM * mm
    return tuple(s for s in segments if math.hypot(s[2] - s[0], s[3] - s[1]) >= minimum)


# --- the print check ----------------------------------------------------------------------------

RULER_MM = 100
"""The length of the print check's rulers."""

ID1_MM = (85.60, 53.98)
"""A bank card (ISO/IEC 7810 ID-1): the print check draws its outline at true size."""


def _plan_check(options: DeckOptions, layout: SheetLayout) -> list[Page]:
    """The print check, on the sheets' paper turned as they are: the duplex check's front
    and back with the registration crosses (under the text on a portrait page, on the right
    of a landscape one, beside the bank card and the card outline)."""
    page = layout.page
    if options.layout == "gutter-fold":
        return [Page("check", page)]
    width, height = page
    if layout.landscape:
        x = width - CHECK_TARGET_INSET_MM * mm
        targets = ((x, height - 75 * mm), (x, 45 * mm))
    else:
        targets = ((width / 2 - 45 * mm, 62 * mm), (width / 2 + 45 * mm, 62 * mm))
    back_targets = tuple(_back_point(t, page, options) for t in targets)
    return [
        Page("check", page, targets=targets),
        Page("check-back", page, targets=back_targets),
    ]


CHECK_TARGET_INSET_MM = 45.0
"""On a landscape print check, the crosses stand this far from the right edge."""


# --- drawing -----------------------------------------------------------------------------------


def build_deck(
    path: Path | str,
    *,
    paper: str = "a4",
    size: str = "poker",
    duplex: str = "long-edge",
    back_offset: tuple[float, float] = (0.0, 0.0),
    layout: str = "duplex",
    bleed: bool = False,
    four_colour: bool = False,
    large_index: bool = False,
    back_text: str | None = None,
    calibration: bool = True,
    quick_ref: Mapping[str, QuickCardText] | None = None,
    file_pages: int | None = None,
    jokers: int = 2,
    lite: bool = False,
) -> Path:
    """Write the printable deck (52 cards and ``jokers``, two by default) to ``path``; see
    the module text (``lite``: :attr:`DeckOptions.lite`).

    ``quick_ref`` holds the words of the games whose quick-reference cards follow the deck
    (:func:`printplay.builders.quickref.quick_card_texts`), on a sheet of their own (its
    free places filled with more of them).  ``file_pages`` is the page count of the file
    the deck is printed in, when that is more than the deck (a kit): the print check says
    to print them all.

    Bad options raise :class:`~printplay.core.errors.OptionError` (unknown paper an
    :class:`~printplay.core.errors.OutputError`, as everywhere; a game without a quick-reference
    card a :class:`~printplay.core.errors.GameError`), an unwritable path an OutputError, before
    anything is written.
    """
    options = DeckOptions(
        paper=paper,
        size=size,
        duplex=duplex,
        back_offset=back_offset,
        layout=layout,
        bleed=bleed,
        four_colour=four_colour,
        large_index=large_index,
        back_text=back_text,
        calibration=calibration,
        quick_ref=tuple(quick_ref or ()),
        jokers=jokers,
        lite=lite,
    )
    return write_deck(path, options, quick_ref or {}, file_pages=file_pages)


def write_deck(
    path: Path | str,
    options: DeckOptions,
    quick_texts: Mapping[str, QuickCardText] | None = None,
    *,
    file_pages: int | None = None,
) -> Path:
    """Write the deck described by ``options`` to ``path`` (atomically); ``quick_texts``
    holds the words of the quick-reference cards ``options.quick_ref`` names;
    ``file_pages`` the pages of the file it is part of (by default the deck's)."""
    check_writable(Path(path))
    pages = plan_deck(options)
    register_fonts()
    quick = _quick_cards(options, quick_texts or {})

    def produce(tmp_name: str) -> None:
        # A lite deck's quick-reference cards are drawn ink-light, as its faces are.
        with ink_light(options.lite or is_ink_light()):
            draw(tmp_name)

    def draw(tmp_name: str) -> None:
        canvas = Canvas(tmp_name, pagesize=pages[0].size, invariant=1)
        canvas.setTitle("printplay deck")
        canvas.setAuthor("printplay")
        canvas.setCreator(f"printplay {__version__}")
        canvas.setSubject(_summary(options))
        canvas.setViewerPreference("PrintScaling", "None")
        canvas.setViewerPreference("DisplayDocTitle", "true")
        canvas.setViewerPreference(
            "Duplex",
            "Simplex"
            if options.layout == "gutter-fold"
            else "DuplexFlipShortEdge"
            if options.duplex == "short-edge"
            else "DuplexFlipLongEdge",
        )
        forms: set[str] = set()
        quick_seen = False
        for page in pages:
            canvas.setPageSize(page.size)
            if page.kind == "check":
                bookmark_page(canvas, "Print check")
            elif page.kind in ("faces", "fold"):
                quick_here = any(isinstance(slot.card, QuickRef) for slot in page.slots)
                if page.sheet == 1:
                    bookmark_page(canvas, "Cards")
                if quick_here and not quick_seen:
                    bookmark_page(canvas, "Quick-reference cards", 1 if page.sheet == 1 else 0)
                    quick_seen = True
                elif not quick_seen:
                    bookmark_page(canvas, f"Sheet {page.sheet} of {page.sheets}", 1)
            canvas.setTrimBox(page.trim.as_tuple())
            canvas.setBleedBox(page.bleed_box.as_tuple())
            _draw_page(canvas, page, options, file_pages or len(pages), forms, quick)
            canvas.showPage()
        canvas.save()

    return write_atomically(Path(path), produce)


def _summary(options: DeckOptions) -> str:
    card = options.card
    parts = [
        f"{card.name} cards {card.width_mm:g} × {card.height_mm:g} mm",
        f"{options.paper.upper() if options.paper == 'a4' else 'US Letter'}",
    ]
    if options.layout == "gutter-fold":
        parts.append("gutter-fold")
    else:
        parts.append(f"duplex, flip on {options.duplex.replace('-', ' ')}")
        dx, dy = options.back_offset
        if dx or dy:
            parts.append(f"backs moved {dx:+g}, {dy:+g} mm")
    if options.bleed:
        parts.append(f"{BLEED_MM:g} mm bleed")
    if options.four_colour:
        parts.append("four colours")
    if options.large_index:
        parts.append("large index")
    if options.lite:
        parts.append("lite: outline faces, blank backs")
    if options.quick_ref:
        parts.append(f"quick references: {', '.join(options.quick_ref)}")
    if options.jokers != 2:
        parts.append(f"{options.jokers} joker{'' if options.jokers == 1 else 's'}")
    return " · ".join(parts)


def _quick_cards(options: DeckOptions, texts: Mapping[str, QuickCardText]) -> dict[str, QuickCard]:
    """The quick-reference cards of ``options.quick_ref``, fitted (errors now, before
    anything is written)."""
    from printplay.render.quickref_pdf import quick_card

    missing = [game for game in options.quick_ref if game not in texts]
    if missing:
        raise GameError(f"no quick-reference words given for {', '.join(missing)}")
    return {game: quick_card(texts[game], options.card) for game in options.quick_ref}


_BACK_FORM = "printplay-back"


def _draw_page(
    canvas: Canvas,
    page: Page,
    options: DeckOptions,
    total: int,
    forms: set[str],
    quick: dict[str, QuickCard],
) -> None:
    if page.kind == "check":
        _draw_check_front(canvas, page, options, total)
        return
    if page.kind == "check-back":
        _draw_check_back(canvas, page, options)
        return
    bleed = options.bleed_pt
    for slot in page.slots:
        if isinstance(slot.card, QuickRef):
            # Each side drawn once, as a form, and placed as often as it is printed.
            name = f"printplay-quick-{slot.card.game}-{slot.side}"
            if name not in forms:
                low = math.floor(-bleed)
                canvas.beginForm(
                    name, low, low, math.ceil(options.card.width + bleed),
                    math.ceil(options.card.height + bleed),
                )  # fmt: skip
                side = "front" if slot.side == "face" else "back"
                quick[slot.card.game].draw(canvas, side, 0.0, 0.0, bleed=bleed)
                canvas.endForm()
                forms.add(name)
            canvas.saveState()
            if _upside_down(page, slot, options):
                # The paper turns top to bottom, a cut card left to right: its back's
                # words, upright on this page, would read upside down. Turn them round.
                canvas.translate(slot.cut.x1, slot.cut.y1)
                canvas.rotate(180)
            else:
                canvas.translate(slot.cut.x0, slot.cut.y0)
            canvas.doForm(name)
            canvas.restoreState()
        elif slot.side == "face":
            group = card_face(slot.card, options.card, options.style, bleed=bleed)
            _place(canvas, group, slot, options.card, bleed)
        else:
            # Every back is the same: drawn once, as a form, and placed 54 times.
            if _BACK_FORM not in forms:
                # (The form's box, in whole points, holds the back and its bleed.)
                low = math.floor(-bleed)
                canvas.beginForm(
                    _BACK_FORM, low, low, math.ceil(options.card.width + bleed),
                    math.ceil(options.card.height + bleed),
                )  # fmt: skip
                back = card_back(options.card, options.back_text, bleed=bleed)
                lean_pdf.draw(_drawing(back, options.card, bleed), canvas, -bleed, -bleed)
                canvas.endForm()
                forms.add(_BACK_FORM)
            canvas.saveState()
            canvas.translate(slot.cut.x0, slot.cut.y0)
            canvas.doForm(_BACK_FORM)
            canvas.restoreState()
    canvas.saveState()
    canvas.setStrokeColor(black)
    canvas.setLineWidth(MARK_WIDTH)
    for x0, y0, x1, y1 in page.marks:
        canvas.line(x0, y0, x1, y1)
    if page.fold:
        canvas.setDash(3, 2)
        canvas.setStrokeColor(GUIDE)
        x0, y0, x1, y1 = page.fold
        canvas.line(x0, y0, x1, y1)
    canvas.restoreState()
    _label(canvas, page, options)


def _upside_down(page: Page, slot: Slot, options: DeckOptions) -> bool:
    """Whether the back of a quick-reference card at ``slot`` is turned half round so that
    it reads upright once the cut card is turned over left to right: on a page of backs
    the paper turns top to bottom, and below a fold across the sheet."""
    if slot.side != "back":
        return False
    if page.kind == "backs":
        return turned_top_to_bottom(page.size, options)
    return page.kind == "fold" and page.fold is not None and page.fold[1] == page.fold[3]


def _drawing(group: Group, card: CardSize, bleed: float) -> Drawing:
    """``group`` (a card in its own frame) in a Drawing that holds it and its bleed."""
    drawing = new_drawing(card.width + 2 * bleed, card.height + 2 * bleed)
    group.transform = (1, 0, 0, 1, bleed, bleed)
    drawing.add(group)
    return drawing


def _place(canvas: Canvas, group: Group, slot: Slot, card: CardSize, bleed: float) -> None:
    lean_pdf.draw(_drawing(group, card, bleed), canvas, slot.cut.x0 - bleed, slot.cut.y0 - bleed)


def _label(canvas: Canvas, page: Page, options: DeckOptions) -> None:
    """A small line in the bottom margin naming the sheet and side, between two marks."""
    side = {"faces": "faces", "backs": "backs", "fold": "faces | backs"}[page.kind]
    if not page.slots:
        side = "the backs are left blank"
    text = f"printplay deck · sheet {page.sheet} of {page.sheets} · {side}"
    art = page.grid or Box.around(s.bleed for s in page.slots)
    margin = art.y0
    size = 6.0
    if margin < size * 1.2:
        return
    # Centred under a card, so it falls between the crop marks of that card's cut lines.
    middle = page.size[0] / 2
    if page.slots:
        slot = min(page.slots, key=lambda s: abs((s.cut.x0 + s.cut.x1) / 2 - middle))
        middle = (slot.cut.x0 + slot.cut.x1) / 2
    canvas.saveState()
    canvas.setFont(SANS, size)
    canvas.setFillColor(GUIDE)
    # Centred in the margin, but not near the edge a printer cannot reach, nor on the art.
    highest = margin - MARK_GAP_MM * mm - size * 0.8
    baseline = min(max(margin / 2 - size * 0.35, FOOTER_MIN_MM * mm), highest)
    canvas.drawCentredString(middle, baseline, text)
    canvas.restoreState()


def _text_lines(canvas: Canvas, x: float, y: float, lines: Sequence[str], size: float,
                leading: float, font: str = SANS) -> float:  # fmt: skip
    canvas.setFont(font, size)
    for line in lines:
        canvas.drawString(x, y, line)
        y -= leading
    return y


def _ruler(canvas: Canvas, x: float, y: float, vertical: bool) -> None:
    """A 100 mm ruler from (x, y): a base line, millimetre ticks, centimetres numbered.

    Across, it runs right from (x, y), its ticks up; down, it runs down from (x, y), its
    ticks to the left and its numbers upright, 0 at the top, as the words beside it say.
    """
    canvas.saveState()
    canvas.translate(x, y)
    canvas.setStrokeColor(black)
    canvas.setLineWidth(0.35)
    if vertical:
        canvas.line(0, 0, 0, -RULER_MM * mm)
    else:
        canvas.line(0, 0, RULER_MM * mm, 0)
    size = 6.5
    canvas.setFont(SANS, size)
    canvas.setFillColor(black)
    for i in range(RULER_MM + 1):
        tick = 5.0 if i % 10 == 0 else 3.2 if i % 5 == 0 else 2.0
        canvas.setLineWidth(0.35 if i % 10 == 0 else 0.25)
        if vertical:
            canvas.line(0, -i * mm, -tick * mm, -i * mm)
        else:
            canvas.line(i * mm, 0, i * mm, tick * mm)
        if i % 10 == 0:
            if vertical:  # the digits' middle level with the tick
                canvas.drawRightString(-6.2 * mm, -i * mm - 0.36 * size, f"{i // 10}")
            else:
                canvas.drawCentredString(i * mm, 6.2 * mm, f"{i // 10}")
    if vertical:
        canvas.drawCentredString(-2.5 * mm, -(RULER_MM + 2) * mm - 0.72 * size, "cm")
    else:
        canvas.drawString((RULER_MM + 2) * mm, 0.6 * mm, "cm")
    canvas.restoreState()


def _check_title(
    canvas: Canvas,
    page: Page,
    title: str,
    options: DeckOptions,
    top: float | None = None,
    left: float = 18 * mm,
) -> float:
    """The check's title and, under it, what the deck is (wrapped to the page); the top of
    the text below."""
    width, height = page.size
    y = height - 22 * mm if top is None else top
    canvas.setFillColor(black)
    canvas.setFont(SANS_BOLD, 15)
    canvas.drawString(left, y, title)
    canvas.setFont(SANS, 8.5)
    canvas.setFillColor(GUIDE)
    room = width - left - MIN_MARGIN_MM * mm
    lines = simpleSplit(_summary(options), SANS, 8.5, room)
    leading = SUMMARY_LEADING_MM * mm
    for number, line in enumerate(lines):
        canvas.drawString(left, y - 5.5 * mm - number * leading, line)
    canvas.setFillColor(black)
    return y - 14 * mm - (len(lines) - 1) * leading


SUMMARY_LEADING_MM = 3.6
"""The leading of the print check's summary line, when it wraps."""


def _draw_check_front(canvas: Canvas, page: Page, options: DeckOptions, total: int) -> None:
    width = page.size[0]
    left = 18 * mm
    top = _check_title(canvas, page, "printplay deck · print check", options)
    steps = [
        "Print this page first, to check your printer before printing the whole deck.",
        "",
        "1. Print at 100 % (\u201cActual size\u201d), never \u201cFit to page\u201d or "
        "\u201cShrink oversized pages\u201d.",
        "2. Measure both rulers with a real ruler: each must be exactly 10 cm long.",
        "    No ruler? A bank card must fit the card box exactly (85.6 × 54 mm).",
    ]
    if options.layout == "duplex":
        flip = "long" if options.duplex == "long-edge" else "short"
        steps += [
            f"3. Print on both sides, flipping on the {flip} edge (this file asks for it).",
            "4. Turn the sheet over and follow the back: it tells you how to check that",
            "    the backs will land right behind the faces, and how to correct them.",
            f"5. All good? Print the whole file, {total} pages, both sides, the same way.",
        ]
    else:
        steps += [
            "3. The other pages print on one side only: fold each sheet on the dashed line,",
            "    glue the halves together, let them dry, then cut along the crop marks.",
            f"4. All good? Print the other {total - 1} pages of the file the same way.",
        ]
    canvas.setFillColor(black)
    text_bottom = _text_lines(canvas, left, top, steps, 9.5, 5.2 * mm)
    size = options.card
    # Under the text: the rulers, a bank card's outline and a card's, all true size.
    block_x = left
    ruler_y = text_bottom - 12 * mm
    ruler_x = block_x + 16 * mm
    _ruler(canvas, ruler_x, ruler_y, vertical=False)
    canvas.setFont(SANS, 8)
    canvas.drawString(ruler_x + (RULER_MM + 8) * mm, ruler_y + 0.6 * mm, "100 mm across")
    row_top = ruler_y - 10 * mm
    _ruler(canvas, block_x + 4 * mm, row_top, vertical=True)
    canvas.saveState()
    canvas.translate(block_x + 13 * mm, row_top - RULER_MM * mm / 2)
    canvas.rotate(90)
    canvas.setFont(SANS, 8)
    canvas.drawCentredString(0, 0, "100 mm down")
    canvas.restoreState()
    card_w, card_h = ID1_MM[0] * mm, ID1_MM[1] * mm
    box_x = block_x + 22 * mm
    canvas.setLineWidth(0.35)
    canvas.setStrokeColor(black)
    canvas.roundRect(box_x, row_top - card_h, card_w, card_h, 3.18 * mm, stroke=1, fill=0)
    canvas.setFont(SANS, 8)
    middle = box_x + card_w / 2
    canvas.drawCentredString(middle, row_top - card_h / 2 + 1 * mm, "a bank card fits")
    canvas.drawCentredString(middle, row_top - card_h / 2 - 3 * mm, "exactly in here")
    room = width - (box_x + card_w) - 8 * mm
    outline_x, outline_top = box_x + card_w + min(room - size.width, 30 * mm) / 2, row_top
    canvas.roundRect(
        outline_x, outline_top - size.height, size.width, size.height, 3 * mm, stroke=1, fill=0
    )
    outline_middle = outline_x + size.width / 2
    canvas.drawCentredString(outline_middle, outline_top - size.height / 2 + 1 * mm, "your cards:")
    canvas.drawCentredString(
        outline_middle,
        outline_top - size.height / 2 - 3 * mm,
        f"{size.width_mm:g} × {size.height_mm:g} mm",
    )
    for cx, cy in page.targets:
        _target(canvas, cx, cy)
    if page.targets:
        canvas.setFont(SANS, 8)
        canvas.setFillColor(GUIDE)
        x, y = _between_targets(page)
        canvas.drawCentredString(x, y - 1 * mm, "registration crosses: see the back")


def _between_targets(page: Page) -> tuple[float, float]:
    """Where a note about the crosses goes: between them on a landscape page (one above the
    other), at the page's middle on their line on a portrait one."""
    (x0, y0), (x1, y1) = page.targets
    if page.size[0] > page.size[1]:
        return (x0 + x1) / 2, (y0 + y1) / 2
    return page.size[0] / 2, y0


def _target(canvas: Canvas, cx: float, cy: float) -> None:
    """A bold cross in a ring: it shows through the paper from the other side."""
    canvas.saveState()
    canvas.setStrokeColor(black)
    canvas.setLineWidth(1.4)
    arm = 9 * mm
    canvas.line(cx - arm, cy, cx + arm, cy)
    canvas.line(cx, cy - arm, cx, cy + arm)
    canvas.setLineWidth(0.8)
    canvas.circle(cx, cy, 4 * mm, stroke=1, fill=0)
    canvas.restoreState()


def _scale(canvas: Canvas, cx: float, cy: float) -> None:
    """A millimetre grid of ±5 mm round a point: where the front's cross shows through,
    counted in squares, is the back offset to use."""
    canvas.saveState()
    reach = int(MAX_BACK_OFFSET_MM)
    canvas.setStrokeColor(HexColor("#A0A0A0"))
    canvas.setLineWidth(0.2)
    for i in range(-reach, reach + 1):
        canvas.line(cx + i * mm, cy - reach * mm, cx + i * mm, cy + reach * mm)
        canvas.line(cx - reach * mm, cy + i * mm, cx + reach * mm, cy + i * mm)
    canvas.setStrokeColor(black)
    canvas.setLineWidth(0.6)
    canvas.line(cx - (reach + 3) * mm, cy, cx + (reach + 3) * mm, cy)
    canvas.line(cx, cy - (reach + 3) * mm, cx, cy + (reach + 3) * mm)
    canvas.setLineWidth(0.35)
    canvas.rect(cx - reach * mm, cy - reach * mm, 2 * reach * mm, 2 * reach * mm)
    canvas.setFont(SANS, 6)
    canvas.setFillColor(black)
    canvas.drawRightString(cx - (reach + 3.6) * mm, cy - 0.8 * mm, f"x -{reach}")
    canvas.drawString(cx + (reach + 3.6) * mm, cy - 0.8 * mm, f"x +{reach}")
    canvas.drawCentredString(cx, cy + (reach + 4.2) * mm, f"y +{reach}")
    canvas.drawCentredString(cx, cy - (reach + 6) * mm, f"y -{reach}")
    canvas.restoreState()


def _draw_check_back(canvas: Canvas, page: Page, options: DeckOptions) -> None:
    width, height = page.size
    landscape = width > height
    left = 18 * mm
    top: float | None = None
    if landscape:
        # The scales stand one above the other on one side: the text beside them.
        if min(cx for cx, _ in page.targets) < width / 2:
            left = max(cx for cx, _ in page.targets) + 25 * mm
    else:
        # A short-edge flip brings the crosses to the top of this side: the text under them.
        high = [cy for _, cy in page.targets if cy > height / 2]
        top = min(high) - 32 * mm if high else None
    y = _check_title(canvas, page, "print check · the back", options, top, left)
    lines = [
        "Hold this sheet up to a light with this side facing you. The two bold crosses",
        "printed on the front show through the paper. Read, on each scale below, where",
        "the centre of the front's cross falls, counting the 1 mm squares from the middle:",
        "x to the right (minus to the left), y upwards (minus downwards).",
        "",
        "Both on 0, 0: your printer is in register; print the deck as it is.",
        "Both elsewhere but alike, say x +1.5 and y -0.5: build the deck again with that",
        "back offset, (1.5, -0.5) mm (added to the one this file has), and print again.",
        "Far apart from each other: the paper went in askew; feed it straighter, or use",
        "the gutter-fold layout, which prints on one side only.",
    ]
    if landscape:
        lines += [
            "Crosses on the other half of the sheet, far from both scales: your printer",
            "turns landscape sheets the other way; set the other flip (short or long edge)",
            "in the print dialog, or build the deck with the other duplex mode.",
        ]
    canvas.setFillColor(black)
    _text_lines(canvas, left, y, lines, 9.5, 5.2 * mm)
    for cx, cy in page.targets:
        _scale(canvas, cx, cy)
    dx, dy = options.back_offset
    canvas.setFont(SANS, 8)
    canvas.setFillColor(GUIDE)
    note = f"this file moves the backs by x {dx:+g} mm, y {dy:+g} mm"
    x, y = _between_targets(page)
    if landscape:  # in two lines, between the scales
        first, second = note.split(" by ")
        canvas.drawCentredString(x, y + 1 * mm, first)
        canvas.drawCentredString(x, y - 2.5 * mm, f"by {second}")
    else:
        canvas.drawCentredString(x, page.targets[0][1] + 16 * mm, note)


__all__ = [
    "BLEED_MM",
    "MAX_BACK_OFFSET_MM",
    "MIN_MARGIN_MM",
    "Box",
    "DeckOptions",
    "Page",
    "QuickRef",
    "SheetLayout",
    "Slot",
    "build_deck",
    "plan_deck",
    "quick_ref_cards",
    "sheet_layout",
    "turned_top_to_bottom",
    "write_deck",
]
