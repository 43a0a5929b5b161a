"""Ricochet rules and rulings (rules/ricochet.md), one test each, and random games."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printplay.core.cards import Card, parse_card, parse_cards
from printplay.core.deal import MAX_SEED, Deal, explicit_deal, numbered_deal
from printplay.core.errors import DealError, MoveError
from printplay.core.protocols import Solitaire, SolitaireMove, SolitaireState, SolverModule
from printplay.games import entry, game_name, make_game, make_solitaire, solver_for
from printplay.games.ricochet import (
    CARD_ASPECT,
    CORNERS,
    LAYOUT,
    SLOT_WALLS,
    Draw,
    Play,
    Ricochet,
    RicochetOptions,
    RicochetState,
    are_neighbours,
    move_from_json,
    next_text,
)
from printplay.render.card_shapes import CARD_RATIO
from printplay.testing import played_positions, plays_taken, random_playout

C = parse_card
ALL_OPTIONS = [
    RicochetOptions(ball_resets=resets, free_draw=free)
    for resets in (False, True)
    for free in (False, True)
]


def position(
    walls: dict[int, str],
    waste: str,
    stock: str = "",
    ball: int | None = None,
    options: RicochetOptions | None = None,
) -> RicochetState:
    """A hand-made position: only the listed slots hold cards (their covers are gone, so
    list only slots whose covers are not listed, or list the covers too)."""
    cards: list[Card | None] = [None] * 32
    for slot, code in walls.items():
        cards[slot] = C(code)
    return RicochetState(
        options or RicochetOptions(), tuple(cards), (C(waste),), tuple(parse_cards(stock)), ball
    )


def dealt(seed: int = 1, options: RicochetOptions | None = None) -> RicochetState:
    game = Ricochet(options)
    return game.initial_state(numbered_deal(game.deck(), seed))


def played(state: RicochetState) -> set[int]:
    return {move.slot for move in state.legal_moves() if isinstance(move, Play)}


# Layout -----------------------------------------------------------------------------------


def test_slot_numbers_and_names_follow_design() -> None:
    names = {slot.index: slot.name for slot in LAYOUT.slots}
    assert [names[s] for s in (0, 3, 6, 9)] == ["NW corner", "NE corner", "SE corner", "SW corner"]
    assert names[1] == "north wall, inner 2nd card"
    assert names[2] == "north wall, inner 3rd card"
    assert names[4] == "east wall, inner 2nd card"
    assert names[7] == "south wall, inner 2nd card"
    assert names[11] == "west wall, inner 3rd card"
    assert names[12] == "north wall, middle 1st card"
    assert names[15] == "east wall, middle 1st card"
    assert names[23] == "west wall, middle 3rd card"
    assert names[24] == "north wall, outer 1st card"
    assert names[31] == "west wall, outer 2nd card"
    assert [slot.row for slot in LAYOUT.slots] == [1] * 12 + [2] * 12 + [3] * 8
    assert [slot.index for slot in LAYOUT.slots] == list(range(32))


def test_covering_as_the_rules_state_it() -> None:
    inner = {
        "north": (0, 1, 2, 3),
        "east": (3, 4, 5, 6),
        "south": (6, 7, 8, 9),
        "west": (9, 10, 11, 0),
    }
    middle = {
        "north": (12, 13, 14),
        "east": (15, 16, 17),
        "south": (18, 19, 20),
        "west": (21, 22, 23),
    }
    outer = {"north": (24, 25), "east": (26, 27), "south": (28, 29), "west": (30, 31)}
    for wall in inner:
        for k in range(3):
            assert LAYOUT.slots[middle[wall][k]].covered_by == inner[wall][k : k + 2]
        for k in range(2):
            assert LAYOUT.slots[outer[wall][k]].covered_by == middle[wall][k : k + 2]
        for slot in (*inner[wall], *middle[wall], *outer[wall]):
            assert wall in LAYOUT.slots[slot].groups
    for slot in range(12):
        assert LAYOUT.slots[slot].covered_by == ()
    assert LAYOUT.slots[0].covers == (12, 23)  # the NW corner lies on north and west cards
    assert LAYOUT.above(0) == {12, 23, 24, 31}  # the cards it lies on, directly or not


def test_walls_of_each_slot() -> None:
    assert LAYOUT.slots[0].groups == ("north", "west")
    assert LAYOUT.slots[3].groups == ("north", "east")
    assert LAYOUT.slots[6].groups == ("east", "south")
    assert LAYOUT.slots[9].groups == ("south", "west")
    counts = Counter(group for slot in LAYOUT.slots for group in slot.groups)
    assert counts == {"north": 9, "east": 9, "south": 9, "west": 9}
    assert sum(len(slot.groups) == 2 for slot in LAYOUT.slots) == 4
    for slot in LAYOUT.slots:
        assert SLOT_WALLS[slot.index].bit_count() == len(slot.groups)


def test_inner_ring_face_up_the_rest_face_down() -> None:
    assert [slot.dealt_face_up for slot in LAYOUT.slots] == [True] * 12 + [False] * 20
    state = dealt()
    assert all(state.is_face_up(s) for s in range(12))
    assert not any(state.is_face_up(s) for s in range(12, 32))
    face_up = dealt(options=RicochetOptions(face_up=True))
    assert all(face_up.is_face_up(s) for s in range(32))


def _box(slot_index: int) -> tuple[float, float, float, float]:
    """A slot's footprint in card widths (left, top, right, bottom), y down."""
    slot = LAYOUT.slots[slot_index]
    cx, cy = slot.x + 0.5, (slot.y + 0.5) * CARD_ASPECT
    half_w, half_h = (CARD_ASPECT / 2, 0.5) if slot.rotation % 180 == 90 else (0.5, CARD_ASPECT / 2)
    return cx - half_w, cy - half_h, cx + half_w, cy + half_h


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_geometry_a_square_room_with_nothing_overlapping() -> None:
    assert CARD_ASPECT == CARD_RATIO  # the renderer's card shape
    boxes = [_box(s) for s in range(32)]
    for a, b in combinations(range(32), 2):
        assert not _overlap(boxes[a], boxes[b]), (a, b)
    width, height = LAYOUT.width, LAYOUT.height * CARD_ASPECT
    assert abs(width - height) < 1e-9  # a square drawing
    for box in boxes:
        assert box[0] >= 0 and box[2] <= width and box[1] >= 0 and box[3] <= height
    # east and west cards lie turned, the others upright; corners are shared, upright
    for slot in LAYOUT.slots:
        side = slot.groups == ("east",) or slot.groups == ("west",)
        assert slot.rotation == (90.0 if side else 0.0)
    # each wall on its side of the room, its outer layer outermost
    centre = width / 2
    for slot in LAYOUT.slots:
        x, y = (slot.x + 0.5), (slot.y + 0.5) * CARD_ASPECT
        if slot.groups == ("north",):
            assert y < centre
        if slot.groups == ("south",):
            assert y > centre
        if slot.groups == ("east",):
            assert x > centre
        if slot.groups == ("west",):
            assert x < centre
    north_y = [(LAYOUT.slots[s].y, s) for s in (1, 13, 24)]
    assert sorted(north_y, reverse=True) == north_y  # inner lowest, outer highest
    east_x = [LAYOUT.slots[s].x for s in (4, 16, 26)]
    assert east_x == sorted(east_x)
    # a middle card sits between the two cards that cover it
    for slot in LAYOUT.slots[12:]:
        one, two = (LAYOUT.slots[c] for c in slot.covered_by)
        turned = slot.rotation == 90.0
        along = (slot.y, one.y, two.y) if turned else (slot.x, one.x, two.x)
        assert min(along[1:]) < along[0] < max(along[1:])


def test_piles_in_the_room_and_labels_outside_the_walls() -> None:
    view = dealt().board()
    boxes = [_box(s) for s in range(32)]
    room = (boxes[11][2], boxes[1][3], boxes[4][0], boxes[7][1])  # inside the inner ring
    for pile in view.piles:
        box = (pile.x, pile.y * CARD_ASPECT, pile.x + 1.1, (pile.y + 1) * CARD_ASPECT + 0.2)
        assert room[0] < box[0] and box[2] < room[2] and room[1] < box[1] and box[3] < room[3]
    assert [label.text for label in LAYOUT.labels] == ["North", "East", "South", "West"]
    north, east, south, west = LAYOUT.labels
    assert north.y * CARD_ASPECT < min(box[1] for box in boxes)
    assert south.y * CARD_ASPECT > max(box[3] for box in boxes)
    assert west.x < min(box[0] for box in boxes) and west.rotation == 90.0
    assert east.x > max(box[2] for box in boxes) and east.rotation == 270.0
    assert view.labels == LAYOUT.labels and view.pitch == LAYOUT.pitch


def test_ball_marker_on_the_board() -> None:
    start = dealt()
    assert start.board().markers == ()
    move = start.legal_moves()[0]
    assert isinstance(move, Play)
    after = start.apply(move)
    (marker,) = after.board().markers
    slot = LAYOUT.slots[move.slot]
    assert marker.name == "ball"
    assert (marker.x, marker.y) == (slot.x + 0.5, slot.y + 0.5)
    view = after.board({3: "1"})
    assert view.slots[3].badge == "1" and view.slots[move.slot].card is None
    lifted = position({1: "8c"}, "2d", "5c", ball=4, options=RicochetOptions(ball_resets=True))
    assert lifted.board().markers != ()
    assert lifted.apply(Draw(C("5c"))).board().markers == ()


# Deals --------------------------------------------------------------------------------------


def test_deal_order_and_json() -> None:
    game = Ricochet()
    deal = numbered_deal(game.deck(), 7)
    state = game.initial_state(deal)
    assert state.walls == deal.cards[:32]
    assert state.waste == (deal.cards[32],)
    assert state.stock == deal.cards[33:] and len(state.stock) == 19
    data = game.deal_json(deal)
    assert data == {
        "walls": deal.codes[:32],
        "waste": [deal.codes[32]],
        "stock": deal.codes[33:],
    }
    positions = game.deal_positions()
    assert len(positions) == 52
    assert positions[0] == "NW corner, face up"
    assert positions[12] == "north wall, middle 1st card from the west, face down"
    assert positions[32] == "waste, face up"
    assert positions[33] == "stock, 1st to turn" and positions[51] == "stock, 19th to turn"
    assert Ricochet(RicochetOptions(face_up=True)).deal_positions()[31].endswith("face up")
    assert state.to_json()["ball"] is None


def test_bad_deals_are_refused() -> None:
    game = Ricochet()
    with pytest.raises(DealError):
        game.initial_state(Deal(tuple(game.deck()[:51])))
    twice = [*game.deck()[:51], game.deck()[0]]
    with pytest.raises(DealError):
        game.initial_state(twice)
    with pytest.raises(DealError):
        explicit_deal("As Ks", game.deck())


# Rulings ----------------------------------------------------------------------------------


def test_first_card_any_open_card() -> None:
    # one neighbour of the 8 in each wall and in a corner: all may start
    state = position({0: "7h", 1: "9c", 4: "9d", 7: "7s", 10: "9s", 5: "Kc"}, "8d")
    assert state.ball is None
    assert played(state) == {0, 1, 4, 7, 10}


def test_ricochet_rule_walls() -> None:
    state = position({1: "9c", 2: "7c"}, "8d")
    after = state.apply(Play(1, C("9c")))  # a north card: the ball is in the north wall
    assert after.ball == 1 and after.ball_walls == {"north"}
    cards = {2: "7c", 4: "7d", 7: "9h", 0: "9s", 3: "9d", 6: "7s", 9: "7h"}
    again = position(cards, "8d", ball=1)
    assert played(again) == {4, 7, 6, 9}  # not north (2), not the NW (0) or NE (3) corner
    with pytest.raises(MoveError, match=r"ricochet rule.*north wall"):
        again.apply(Play(2, C("7c")))
    with pytest.raises(MoveError, match=r"ricochet rule.*NE corner.*north"):
        again.apply(Play(3, C("9d")))


def test_ricochet_rule_corners_both_ways() -> None:
    # after the NE corner: nothing from north or east, and neither the NW nor the SE corner
    cards = {1: "7c", 4: "7d", 7: "7s", 10: "9s", 0: "9h", 6: "7h", 9: "9d"}
    assert played(position(cards, "8d", ball=3)) == {7, 10, 9}
    # a corner cannot follow a card from either of its walls
    corners = {0: "9h", 3: "7d", 6: "9c", 9: "7s", 1: "9d"}
    assert played(position(corners, "8d", ball=4)) == {0, 9, 1}  # not NE or SE (east)
    assert played(position(corners, "8d", ball=10)) == {3, 6, 1}  # not NW or SW (west)
    # after a corner, the opposite corner and the two other walls are fine
    after_sw = position({3: "9h", 0: "7d", 6: "9c", 1: "9d", 4: "7s"}, "8d", ball=9)
    assert played(after_sw) == {3, 1, 4}


def test_stock_turn_keeps_the_ball() -> None:
    state = position({1: "Kc", 4: "Kd"}, "2d", "Qs", ball=2)
    after = state.apply(Draw(C("Qs")))
    assert after.ball == 2
    assert played(after) == {4}  # the north king is still barred


def test_ball_resets_lifts_the_ball() -> None:
    options = RicochetOptions(ball_resets=True)
    state = position({1: "Kc", 4: "Kd"}, "2d", "Qs", ball=2, options=options)
    after = state.apply(Draw(C("Qs")))
    assert after.ball is None and after.ball_walls == frozenset()
    assert played(after) == {1, 4}


def test_strict_drawing_only_when_stuck() -> None:
    state = position({1: "3c"}, "2d", "Qs")
    assert [m.to_json()["type"] for m in state.legal_moves()] == ["play"]
    with pytest.raises(MoveError, match=r"only when no card can be destroyed.*3c"):
        state.apply(Draw(C("Qs")))
    free = position({1: "3c"}, "2d", "Qs", options=RicochetOptions(free_draw=True))
    assert [m.to_json()["type"] for m in free.legal_moves()] == ["play", "draw"]
    assert free.apply(Draw(C("Qs"))).waste_top == C("Qs")


def test_strict_drawing_counts_the_ricochet_rule() -> None:
    # the only neighbour is in the ball's wall: the player is stuck and may turn
    state = position({1: "3c"}, "2d", "Qs", ball=2)
    assert state.plays == ()
    assert state.legal_moves() == [Draw(C("Qs"))]


def test_play_goes_on_after_the_last_stock_card() -> None:
    state = position({1: "3c", 4: "4c"}, "Ks", "2d")
    after = state.apply(Draw(C("2d")))
    assert after.stock_left == 0 and not after.is_over
    after = after.apply(Play(1, C("3c")))
    assert not after.is_over and after.legal_moves() == [Play(4, C("4c"))]
    won = after.apply(Play(4, C("4c")))
    assert won.is_won and won.is_over and not won.is_lost and won.legal_moves() == []
    stuck = position({1: "9c"}, "2d")
    assert stuck.is_over and stuck.is_lost and stuck.legal_moves() == []


ENDS = RicochetOptions(stock_ends_game=True)


def test_stock_ends_game_no_card_after_the_last_stock_card() -> None:
    state = position({1: "3c", 4: "4c"}, "Ks", "2d", options=ENDS)
    assert state.legal_moves() == [Draw(C("2d"))]  # stuck: the last card must be turned
    after = state.apply(Draw(C("2d")))
    assert after.stock_left == 0 and after.plays == () and after.legal_moves() == []
    assert after.is_over and after.is_lost and not after.is_won  # 3c would fit 2d
    with pytest.raises(MoveError, match=r"stock is empty.*stock-ends-game"):
        after.apply(Play(1, C("3c")))


def test_stock_ends_game_play_goes_on_while_a_card_is_left() -> None:
    state = position({1: "3c", 4: "4c"}, "2d", "Ks", options=ENDS)
    won = state.apply(Play(1, C("3c"))).apply(Play(4, C("4c")))
    assert won.is_won and won.stock == (C("Ks"),) and won.legal_moves() == []


def test_stock_ends_game_with_free_draw_the_last_turn_may_come_at_any_time() -> None:
    options = RicochetOptions(stock_ends_game=True, free_draw=True)
    state = position({1: "3c"}, "2d", "Ks", options=options)
    assert state.legal_moves() == [Play(1, C("3c")), Draw(C("Ks"))]
    assert state.apply(Draw(C("Ks"))).is_lost


def test_stock_ends_game_says_why_the_game_is_over() -> None:
    state = position({1: "3c"}, "Ks", "2d", options=ENDS)
    after = state.apply(Draw(C("2d")))
    assert state.describe(Draw(C("2d")), after) == (
        "Turn 2♦ from the stock (0 left): the stock is empty, so the game is over (stock-ends-game)"
    )
    assert after.lost_reason() == (
        "the stock is empty with 1 wall card left, and the game ended when its last card "
        "was turned (stock-ends-game)"
    )
    assert state.lost_reason() is None
    assert position({1: "3c"}, "Ks", "2d").apply(Draw(C("2d"))).lost_reason() is None


def test_face_down_cards_turn_up_when_both_covers_go() -> None:
    state = position({1: "7c", 2: "9c", 13: "Qd", 24: "As", 12: "Jh", 0: "5s"}, "8d", "Kd 6h")
    assert not state.is_face_up(13)
    one = state.apply(Play(1, C("7c")))  # one of its two covers gone
    assert not one.is_face_up(13) and not one.is_open(13)
    # both gone (the ball in the east wall lets the north 9 go)
    mid = position({2: "9c", 13: "Qd", 24: "As", 12: "Jh", 0: "5s"}, "8d", "Kd", ball=5)
    after = mid.apply(Play(2, C("9c")))
    assert after.is_face_up(13) and after.is_open(13)
    assert mid.describe(Play(2, C("9c")), after).endswith(
        "; Q♦ in the north wall (middle, 2nd card) turns face up"
    )
    assert not after.is_face_up(24)  # still under the Jh
    assert after.to_json()["walls"][2] is None and after.to_json()["ball"] == 2


def test_wrap_and_no_wrap() -> None:
    assert are_neighbours(C("Ac"), C("Kd")) and are_neighbours(C("Ac"), C("2d"))
    assert not are_neighbours(C("Ac"), C("Kd"), wrap=False)
    assert not are_neighbours(C("Ac"), C("Ad"))
    wrap = position({1: "Kc", 4: "2c"}, "Ad")
    assert played(wrap) == {1, 4}
    no_wrap = position({1: "Kc", 4: "2c"}, "Ad", options=RicochetOptions(wrap=False))
    assert played(no_wrap) == {4}
    with pytest.raises(MoveError, match="no-wrap"):
        no_wrap.apply(Play(1, C("Kc")))


def test_illegal_plays_are_refused_with_reasons() -> None:
    state = dealt(3)
    with pytest.raises(MoveError, match="no wall slot 40"):
        state.apply(Play(40, C("Ac")))
    card = state.walls[12]
    assert card is not None
    with pytest.raises(MoveError, match="still covered by the NW corner and"):
        state.apply(Play(12, card))
    other = state.walls[13]
    assert other is not None
    with pytest.raises(MoveError, match="holds"):
        state.apply(Play(12, other))
    with pytest.raises(MoveError, match="next stock card is"):
        state.apply(Draw(state.waste_top))
    gone = position({1: "3c"}, "2d")
    with pytest.raises(MoveError, match="already destroyed"):
        gone.apply(Play(2, C("3c")))
    with pytest.raises(MoveError, match="stock is empty"):
        gone.apply(Draw(C("Qs")))
    with pytest.raises(MoveError, match="not one apart"):
        position({1: "5c"}, "2d").apply(Play(1, C("5c")))


def test_move_json_round_trip() -> None:
    for move in (Play(21, C("7c")), Draw(C("Kd"))):
        assert move_from_json(move.to_json()) == move
        assert Ricochet().move_from_json(move.to_json()) == move
    assert Play(21, C("7c")).to_json() == {"type": "play", "slot": 21, "card": "7c"}
    assert Draw(C("Kd")).to_json() == {"type": "draw", "card": "Kd"}
    play, draw = Play(5, C("7c")), Draw(C("Kd"))
    assert (play.kind, play.slots, play.turns_stock, play.cards) == (
        "play",
        (5,),
        False,
        (C("7c"),),
    )
    assert (draw.kind, draw.slots, draw.turns_stock, draw.cards) == ("draw", (), True, (C("Kd"),))
    bad_moves: list[dict[str, object]] = [
        {"type": "play"},
        {"type": "play", "slot": "x", "card": "7c"},
        {"type": "play", "slot": 1, "card": "7x"},
        {"type": "draw"},
        {"type": "pair"},
        {},
    ]
    for bad in bad_moves:
        with pytest.raises(MoveError):
            move_from_json(bad)


# Words ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "texts", [(), ("free-draw", "ball-resets"), ("no-wrap", "face-up"), ("stock-ends-game",)]
)
def test_the_plays_are_the_moves_apply_takes_and_the_count_is_the_cards_there(
    texts: tuple[str, ...],
) -> None:
    """``plays`` takes the open cards from ``Layout.open_cards`` and ``cards_left`` is
    counted once, for speed: the plays are exactly the cards ``apply`` takes, ricochet rule
    and all, and the count the cards there, along random games."""
    game = make_solitaire("ricochet", list(texts))
    for state in played_positions(game, range(1, 7), random.Random(13)):
        assert isinstance(state, RicochetState)
        assert state.plays == plays_taken(state, state.walls)
        assert state.cards_left == sum(card is not None for card in state.walls)


def test_describe_plays_and_turns() -> None:
    state = position({1: "9c", 3: "7d", 7: "8s", 9: "6h"}, "8d", "5c Ks")
    first = state.apply(Play(1, C("9c")))
    assert state.describe(Play(1, C("9c")), first) == (
        "Destroy 9♣ in the north wall (inner, 2nd card) with 8♦: the first card, so the ball "
        "goes onto the board at the north wall; next comes east, south or west, not the NW "
        "or NE corner"
    )
    second = first.apply(Play(7, C("8s")))
    assert first.describe(Play(7, C("8s")), second).startswith(
        "Destroy 8♠ in the south wall (inner, 2nd card) with 9♣: the ball goes from the north "
        "wall to the south wall; next comes north, east or west, not the SE or SW corner"
    )
    third = second.apply(Play(3, C("7d")))
    assert second.describe(Play(3, C("7d")), third).endswith(
        "the ball goes from the south wall to the NE corner; the corner takes both north and "
        "east, so next comes south or west, not the NW or SE corner"
    )
    fourth = third.apply(Play(9, C("6h")))
    assert third.describe(Play(9, C("6h")), fourth).endswith("; the walls are clear")
    stuck = position({1: "Tc"}, "2d", "Ks", ball=2)
    turned = stuck.apply(Draw(C("Ks")))
    assert stuck.describe(Draw(C("Ks")), turned) == (
        "Turn K♠ from the stock (0 left): the ball stays in the north wall; next comes east, "
        "south or west, not the NW or NE corner"
    )
    options = RicochetOptions(ball_resets=True)
    lifted_before = position({1: "Tc"}, "2d", "Ks", ball=2, options=options)
    lifted = lifted_before.apply(Draw(C("Ks")))
    assert (
        "the ball is lifted from the north wall, so any open card may come next"
        in lifted_before.describe(Draw(C("Ks")), lifted)
    )
    no_ball = position({1: "Tc"}, "2d", "Js", options=options)
    assert "the ball is not on the board" in no_ball.describe(
        Draw(C("Js")), no_ball.apply(Draw(C("Js")))
    )
    relaunch = position({1: "Qc", 2: "Tc"}, "Js", options=options)
    assert "the ball was lifted, so any open card could come: it lands at" in relaunch.describe(
        Play(1, C("Qc")), relaunch.apply(Play(1, C("Qc")))
    )


def test_next_text_table() -> None:
    assert next_text(SLOT_WALLS[1]) == "next comes east, south or west, not the NW or NE corner"
    for slot in CORNERS:
        assert next_text(SLOT_WALLS[slot]).startswith("the corner takes both")
    context = Ricochet().rulebook_context()
    assert context["wall_cards"] == 32 and context["stock_size"] == 19
    assert context["face_down"] == 20 and context["cards_per_wall"] == 9
    assert Ricochet(RicochetOptions(face_up=True)).rulebook_context()["face_down"] == 0
    assert [layer["cards"] for layer in context["layers"]] == [12, 12, 8]
    assert [layer["per_wall"] for layer in context["layers"]] == [4, 3, 2]
    assert [layer["face_up"] for layer in context["layers"]] == [True, False, False]
    assert len(context["next_table"]) == 8
    north = context["next_table"][0]
    assert north["ball"] == "north wall" and north["next"] == ["east", "south", "west"]
    assert north["barred_corners"] == ["NW", "NE"]


# Registry and protocols ---------------------------------------------------------------------


def test_registry() -> None:
    assert game_name("ricochet") == "ricochet" and game_name("Ricochet") == "ricochet"
    assert game_name("poker") == "ricochet-poker"
    assert game_name("ricochet-poker") == "ricochet-poker"
    assert game_name("Ricochet Poker") == "ricochet-poker"
    game = make_solitaire("ricochet", ["free-draw", "ball-resets"])
    assert isinstance(game, Ricochet)
    assert game.options == RicochetOptions(ball_resets=True, free_draw=True)
    assert make_game("ricochet", ["no-wrap, face-up"]).options.wrap is False
    assert entry("ricochet").best_line == "shortest"
    solver = solver_for(game)
    assert solver.__name__ == "printplay.solve.ricochet_solver"  # type: ignore[attr-defined]
    assert (game.name, game.title, game.layout) == ("ricochet", "Ricochet", LAYOUT)
    state = game.initial_state(numbered_deal(game.deck(), 2))
    assert state.layout is LAYOUT and state.score is None and state.running_score is None
    assert state.status() == "19 left in the stock, 32 in the walls"


def test_protocols() -> None:
    """The game, its states, moves and solver satisfy the shared protocols (checked by mypy
    on this file; at run time, that the annotated things exist)."""
    from printplay.solve import ricochet_solver as solver_module

    game: Solitaire = Ricochet()
    state: SolitaireState = game.initial_state(numbered_deal(game.deck(), 4))
    moves: list[SolitaireMove] = [Play(1, C("7c")), Draw(C("Kd"))]
    solver: SolverModule = solver_module
    assert game.options_type is RicochetOptions
    assert state.stock_left == 19 and state.cards_left == 32 and not state.is_over
    assert [move.kind for move in moves] == ["play", "draw"]
    assert callable(solver.solve) and callable(solver.best_line)


# Random games -------------------------------------------------------------------------------


options_strategy = st.builds(
    RicochetOptions,
    ball_resets=st.booleans(),
    free_draw=st.booleans(),
    wrap=st.booleans(),
    face_up=st.booleans(),
    stock_ends_game=st.booleans(),
)


@settings(max_examples=60, deadline=None)
@given(options=options_strategy, seed=st.integers(1, MAX_SEED), rng=st.randoms())
def test_random_games_keep_the_invariants(
    options: RicochetOptions, seed: int, rng: random.Random
) -> None:
    """Ricochet's own invariants along random games (the protocol's are the conformance
    kit's: tests/test_conformance.py)."""
    game = Ricochet(options)
    deal = numbered_deal(game.deck(), seed)
    state = game.initial_state(deal)
    everything = Counter(deal.cards)
    previous: int | None = None
    for step in random_playout(state, rng):
        state, move, after = step.before, step.move, step.after
        held = Counter(c for c in after.walls if c is not None)
        held.update(after.waste)
        held.update(after.stock)
        assert held == everything  # no card created or lost
        if isinstance(move, Play):
            # never a covered card; always a neighbour; never against the ricochet rule
            assert state.is_open(move.slot) and state.is_face_up(move.slot)
            assert are_neighbours(move.card, state.waste_top, wrap=options.wrap)
            if state.ball is not None:
                assert not SLOT_WALLS[move.slot] & SLOT_WALLS[state.ball]
            if previous is not None and not options.ball_resets:
                assert not SLOT_WALLS[move.slot] & SLOT_WALLS[previous]
            assert after.ball == move.slot and after.stock == state.stock
            previous = move.slot
        else:
            assert isinstance(move, Draw)
            assert len(after.stock) == len(state.stock) - 1
            assert after.ball == (None if options.ball_resets else state.ball)
            if not options.free_draw:
                assert not state.plays
            if options.ball_resets:
                previous = None
        for slot in range(32):
            if after.is_open(slot):
                assert after.is_face_up(slot)
            if state.is_face_up(slot):
                assert after.is_face_up(slot)
        state = after
    assert state.is_over
    if not state.is_won:
        assert not state.stock and state.plays == ()
