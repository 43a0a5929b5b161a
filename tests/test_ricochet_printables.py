"""Ricochet's printables: the room in deal order, the ball to cut out, the rulebook's
ricochet figure and words (sheets typeset a golden line; nothing is searched again)."""

from __future__ import annotations

from pathlib import Path

from printplay.deal import numbered_deal
from printplay.games import REGISTRY, make_solitaire
from printplay.games.ricochet import LAYER_STARTS, Ricochet, RicochetOptions
from printplay.printables.rulebook import rulebook_for, write_rulebook
from tests.conftest import sheet_with_line
from tests.pdftext import pdf_text


def test_every_solitaire_deals_covered_cards_before_the_cards_over_them() -> None:
    for name, game_entry in REGISTRY.items():
        if not game_entry.is_solitaire:
            continue
        game = make_solitaire(name)
        order = game.deal_order()
        deal_size = len(game.deck())
        assert sorted(order) == list(range(deal_size)), name
        dealt_at = {index: turn for turn, index in enumerate(order)}
        for slot in game.layout.slots:
            for over in slot.covered_by:
                assert dealt_at[slot.index] < dealt_at[over], (name, slot.name)


def test_ricochet_walls_are_built_from_the_outside_in() -> None:
    order = Ricochet().deal_order()
    assert order[:8] == list(range(LAYER_STARTS[2], LAYER_STARTS[3]))  # the outer layer
    assert order[8:20] == list(range(LAYER_STARTS[1], LAYER_STARTS[2]))
    assert order[20:32] == list(range(12))
    assert Ricochet().deal_positions()[24] == "north wall, outer 1st card from the west, face down"


def test_the_setup_sheet_deals_outer_first_and_gives_a_ball_to_cut_out(tmp_path: Path) -> None:
    game = Ricochet()
    deal = numbered_deal(game.deck(), 1)
    text = pdf_text(sheet_with_line(game, deal, tmp_path / "sheet.pdf"))
    first = deal.cards[24].label
    assert f"1 {first} No1 north wall, outer 1st card from the west, face down" in text
    assert "To cut out" in text and "Ricochet ball token" in text


def test_the_rulebook_draws_the_ricochet_rule_and_prints_its_rulings(tmp_path: Path) -> None:
    model = rulebook_for(Ricochet())
    assert "figures" not in model.context and "ricochet" in model.figures
    path = write_rulebook(Ricochet(RicochetOptions(ball_resets=True)), tmp_path / "r.pdf")
    text = pdf_text(path)
    assert "Bram Tebbutt" in text
    assert "lifts the ball" in text and "this book follows it" in text
    assert "The ball is on" in text and "Quick reference: Ricochet" in text


def _strings(node: object) -> list[object]:
    """Every String of a reportlab drawing, through its groups."""
    from reportlab.graphics.shapes import Group, String

    if isinstance(node, String):
        return [node]
    found: list[object] = []
    for child in getattr(node, "contents", []) if isinstance(node, Group) else []:
        found += _strings(child)
    return found


def test_pile_labels_never_run_into_each_other_on_a_small_room() -> None:
    """At the size the rulebook draws the room, "stock (19)" and "waste (1)" printed over
    each other; a label too wide for its card now says only the count."""
    from reportlab.graphics.shapes import Drawing
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from printplay.render.board import LABEL_COLOUR, board_drawing

    game = Ricochet()
    view = game.initial_state(numbered_deal(game.deck(), 1)).board()
    for width in (120.0, 180.0, 222.0, 300.0, 480.0):
        drawing: Drawing = board_drawing(view, width, show_hidden=False)
        labels = [s for s in _strings(drawing) if getattr(s, "fillColor", None) == LABEL_COLOUR]
        piles = [s for s in labels if s.text[:1].isdigit() or "(" in s.text]  # type: ignore[attr-defined]
        assert len(piles) == 2, [s.text for s in labels]  # type: ignore[attr-defined]
        spans = sorted(
            (
                s.x - stringWidth(s.text, s.fontName, s.fontSize) / 2,
                s.x + stringWidth(s.text, s.fontName, s.fontSize) / 2,
            )  # type: ignore[attr-defined]
            for s in piles
        )
        assert spans[0][1] < spans[1][0], (width, spans)


def test_the_expert_sheet_ends_on_a_page_worth_printing(tmp_path: Path) -> None:
    """Deal 4, the first expert deal (``sheet ricochet --difficulty expert``), once ended
    its walkthrough with a page of two moves: the last two segments now share that page,
    and no page is left mostly empty."""
    from tests.page_fill import half_empty_pages, segments_a_page

    game = Ricochet()
    path = sheet_with_line(game, numbered_deal(game.deck(), 4), tmp_path / "sheet.pdf")
    assert half_empty_pages(path) == []
    assert segments_a_page(path)[-1] >= 2
