"""Ricochet's printables: the room in deal order, the ball to cut out, the rulebook's
ricochet figure and words (sheets typeset a golden line; nothing is searched again)."""

from __future__ import annotations

from typing import Any

import pytest

from printplay.builders.rulebook import source_for
from printplay.core.deal import numbered_deal
from printplay.games import REGISTRY, make_solitaire
from printplay.games.ricochet import LAYER_STARTS, Ricochet
from tests.conftest import Printed, walkthrough_line
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


def test_the_setup_sheet_deals_outer_first_and_gives_a_ball_to_cut_out(printed: Printed) -> None:
    deal = numbered_deal(Ricochet().deck(), 1)
    text = pdf_text(printed.sheet("ricochet", 1))
    first = deal.cards[24].label
    assert f"1 {first} No1 north wall, outer 1st card from the west, face down" in text
    assert "To cut out" in text and "Ricochet ball token" in text


def test_the_rulebook_draws_the_ricochet_rule_and_prints_its_rulings(printed: Printed) -> None:
    source = source_for(Ricochet())
    assert "figures" not in source.context and "ricochet" in source.figures
    path = printed.rulebook("ricochet", ("ball-resets",))
    text = pdf_text(path)
    assert "Bram Tebbutt" in text
    assert "lifts the ball" in text and "this book follows it" in text
    assert "The ball is on" in text and "Quick reference: Ricochet" in text
    # The room's figure names its piles ("19" and "1" alone read as move numbers).
    assert "stock 19" in text and "waste 1" in text


Box = tuple[float, float, float, float]
"""left, bottom, right, top, in a drawing's points."""


def _placed(
    node: object, transform: tuple[float, ...] = (1, 0, 0, 1, 0, 0)
) -> list[tuple[Any, Box]]:
    """Every String and rectangle of a reportlab drawing, through its groups, with its box
    where the drawing puts it."""
    from reportlab.graphics.shapes import Group, Rect, String, mmult
    from reportlab.pdfbase.pdfmetrics import stringWidth

    def corners(points: list[tuple[float, float]]) -> Box:
        a, b, c, d, e, f = transform
        xs = [a * x + c * y + e for x, y in points]
        ys = [b * x + d * y + f for x, y in points]
        return min(xs), min(ys), max(xs), max(ys)

    if isinstance(node, String):
        width = stringWidth(node.text, node.fontName, node.fontSize)
        left = node.x - {"start": 0, "middle": width / 2, "end": width}[node.textAnchor]
        size = node.fontSize
        box = corners([(left, node.y - 0.24 * size), (left + width, node.y + 0.76 * size)])
        return [(node, box)]
    if isinstance(node, Rect):
        return [(node, corners([(node.x, node.y), (node.x + node.width, node.y + node.height)]))]
    found: list[tuple[Any, Box]] = []
    if isinstance(node, Group) or hasattr(node, "contents"):
        inner = mmult(transform, getattr(node, "transform", (1, 0, 0, 1, 0, 0)))
        for child in node.contents:
            found += _placed(child, inner)
    return found


def _apart(a: Box, b: Box, across: float, down: float = 0.0) -> bool:
    return (
        a[0] >= b[2] + across or a[2] <= b[0] - across or a[1] >= b[3] + down or a[3] <= b[1] - down
    )


@pytest.mark.parametrize("name", ["tripeaks", "pyramid", "ricochet"])
def test_pile_labels_name_their_pile_in_one_size_clear_of_each_other_and_the_cards(
    name: str,
) -> None:
    """A pile's label is its name and its count ("stock 19", "waste 1": never a bare number,
    read as a move's); a diagram's labels take one size, at least 6 pt, and keep clear of
    each other (by 0.8 of their size side by side) and of every card, from the smallest
    diagram drawn (a Ricochet book's solutions, its cards 18 pt wide) to a setup sheet's."""
    from reportlab.graphics.shapes import String

    from printplay.render.board import LABEL_CLEAR, board_drawing
    from printplay.render.card_shapes import BORDER
    from printplay.render.styles import MIN_TEXT

    game = make_solitaire(name)
    deal = numbered_deal(game.deck(), 1)
    line = walkthrough_line(game, deal)
    states = [game.initial_state(deal)]
    for move in line.moves:
        states.append(states[-1].apply(move))
    checked = 0
    for state in states[:: max(1, len(states) // 6)]:
        view = state.board()
        expected = {f"{pile.name} {len(pile.cards)}" for pile in view.piles}
        for width in (230.0, 250.0, 300.0, 340.0, 480.0):
            for crop in (False, True):
                placed = _placed(board_drawing(view, width, crop=crop))
                labels = [
                    (shape, box)
                    for shape, box in placed
                    if isinstance(shape, String) and shape.text.split(" ")[0] in {"stock", "waste"}
                ]
                assert {shape.text for shape, _ in labels} == expected
                sizes = {shape.fontSize for shape, _ in labels}
                assert len(sizes) == 1 and min(sizes) >= MIN_TEXT, (width, sizes)
                size = sizes.pop()
                (first, a), (_, b) = labels
                assert _apart(a, b, LABEL_CLEAR * size - 0.01, 0.2 * size), (first.text, a, b)
                cards = [
                    box for shape, box in placed if getattr(shape, "strokeColor", None) == BORDER
                ]
                for shape, box in labels:
                    assert all(_apart(box, card, 0.5, 0.5) for card in cards), (width, shape.text)
                checked += 1
    assert checked >= 60


def test_the_expert_sheet_ends_on_a_page_worth_printing(printed: Printed) -> None:
    """Deal 4, the first expert deal (``sheet ricochet --difficulty expert``), once ended
    its walkthrough with a page of two moves: the last two segments now share that page,
    and no page is left mostly empty."""
    from tests.page_fill import half_empty_pages, segments_a_page

    path = printed.sheet("ricochet", 4)
    assert half_empty_pages(path) == []
    assert segments_a_page(path)[-1] >= 2
