"""PySolFC's game numbers: the generators, the boundary between them, and the deals.

How the expected cards were obtained: a scratch script outside the repository ran PySolFC's
algorithm as its source reads (``pysollib/pysolrandom.py`` ``construct_random``,
``Game.createCards`` / ``Game.shuffle`` in ``pysollib/game/__init__.py``, the ``startGame``
of ``pysollib/games/threepeaks.py`` and ``pyramid.py``), with pysol-cards' ``LCRandom31``,
``MTRandom`` and ``ms_rearrange``, and printed the cards in the order they leave the
talon.  A second reading without pysol-cards agreed on every number checked (1–199, the
vectors below and 10^19, 2^64 − 1): Microsoft's published deal algorithm (the LCG
``seed * 214013 + 2531011``, ``rand() % cards left``, deck A♣ A♦ A♥ A♠ 2♣ …) below 32000,
and Python's ``random.Random(N).random()`` driving ``j = int(random() * (i + 1))`` over the
deck in PySolFC's suit order from 32000 on.  Microsoft FreeCell #1 and #617 are the deals
published with that algorithm (Rosetta Code, "Deal cards for FreeCell").
"""

from __future__ import annotations

import pytest
from pysol_cards.cards import createCards
from pysol_cards.random import shuffle as package_shuffle
from pysol_cards.random_base import RandomBase

from printplay.core.cards import format_cards
from printplay.core.errors import DealError, GameError
from printplay.core.pysolfc import LAST_GAME, MT_FROM, dealing_order, generator, talon
from printplay.games import make_solitaire
from printplay.games.numbering import choose, naming_json, numbered, shuffle_name
from printplay.games.pyramid import Pyramid, PyramidOptions
from printplay.games.pyramid import pysolfc_deal as pyramid_deal
from printplay.games.tripeaks import TriPeaks, TriPeaksOptions
from printplay.games.tripeaks import pysolfc_deal as tripeaks_deal

FREECELL = {
    1: [
        "JD 2D 9H JC 5D 7H 7C 5H",
        "KD KC 9S 5S AD QC KH 3H",
        "2S KS 9D QD JS AS AH 3C",
        "4C 5C TS QH 4H AC 4D 7S",
        "3S TD 4S TH 8H 2C JH 7D",
        "6D 8S 8D QS 6C 3D 8C TC",
        "6S 9C 2H 6H",
    ],
    617: [
        "7D AD 5C 3S 5S 8C 2D AH",
        "TD 7S QD AC 6D 8H AS KH",
        "TH QC 3H 9D 6S 8D 3D TC",
        "KD 5H 9S 3C 8S 7H 4D JS",
        "4C QS 9C 9H 7C 6H 2C 2S",
        "4S TS 2H 5D JC 6C JH QH",
        "JD KS KC 4H",
    ],
}
"""Microsoft FreeCell's published deals: PySolFC deals FreeCell from the top of the same
talon, one card a column, eight columns, row by row."""


@pytest.mark.parametrize("number", sorted(FREECELL))
def test_the_generator_deals_microsoft_freecell(number: int) -> None:
    codes = [card.code.upper() for card in dealing_order(number)]
    rows = [" ".join(codes[i : i + 8]) for i in range(0, 52, 8)]
    assert rows == FREECELL[number]


TRIPEAKS = {
    617: "7d Ad 5c 3s 5s 8c 2d Ah Td 7s Qd Ac 6d 8h As Kh Th Qc 3h 9d 6s 8d 3d Tc Kd 5h 9s 3c "
    "8s 7h 4d Js 4c Qs 9c 9h 7c 6h 2c 2s 4s Ts 2h 5d Jc 6c Jh Qh Jd Ks Kc 4h",
    31999: "Jd Jh Ad Qh Kh 6s 6d Jc Ac Th As 8h 9d 2h 8d 6h Ah 7h 7c 5d 7s 6c Qc Js 9c 3d 5c "
    "4c 2s 8s 3c 7d 5h 8c 4h Td Ts 3h 4s Kc Tc 4d 9s 2c Kd 9h Ks 5s Qs 2d Qd 3s",
    32000: "7s 4d Js 8d 6d 3h 3d Th Jc 3c 2c 5s 9d Ac 9c 2s 4h 6s 8s 9s Ts 9h Kd Qd 6h 7d 5h "
    "Qs Ad Qh Tc 4c Ah Jd 4s Jh Td 3s 7h 8c 6c 2h 2d 5d Ks Qc Kh 5c 7c 8h Kc As",
    32001: "4c Ac Jd 8h 5s 6s 6d Kh Jc 4s 7h Tc Jh 2d 3d Js 7s 2h Td 8s 9c As 3c 4h Qd Ts Qc "
    "2c Th 8d 2s Ah 9d Kd 9s 5c Qh 5d 5h Qs 6c 7d Ad 6h 3h Ks 4d Kc 3s 8c 9h 7c",
    LAST_GAME: "Ac 2h 4h 9h Qh 8h Jh Kh Td 9c Qc 7h 4s Js Qs 7c 5c Ks 9s As Jc 8d 5d 7d Kd Ah "
    "3d 9d 4c Ad Jd 3h 3s 7s 3c 5s 2c Tc 2d 2s Th 6d 6s 6c 5h Kc 8s 6h Qd Ts 4d 8c",
}
"""Three Peaks game numbers, the cards as they leave PySolFC's talon: the 28 tableau
places, the waste card, then the stock, next card first (printplay's layout order)."""

PYRAMID = {
    5: "Ah 8s 2d Qs 4c 9h 2s 3d 5c As 9c Kh 4d 2c 3c 4s 3s 5d Kc 3h Kd 5h 6s 8d Td 7s Jd 7h "
    "8h Jh Jc 7d 5s Qh 8c 9d Ks Qd 4h Ac 2h Tc Th 6d 6h 6c Qc Js 9s Ad 7c Ts",
    31998: "Th 2c Tc 8d Qs Qc Kd Jh 6c Td 7d 7s 6s As Kc Ac Kh 3s Qh Js Ks 3c 4d 9s Ah 3h 7h "
    "8c 6h Jd 6d 2d 4s Qd 7c 4h 5d 8h 9h Ts 9d 8s Jc 4c 5s 2s Ad 5h 2h 9c 3d 5c",
    32000: "7s 4d Js 8d 6d 3h 3d Th Jc 3c 2c 5s 9d Ac 9c 2s 4h 6s 8s 9s Ts 9h Kd Qd 6h 7d 5h "
    "Qs Ad Qh Tc 4c Ah Jd 4s Jh Td 3s 7h 8c 6c 2h 2d 5d Ks Qc Kh 5c 7c 8h Kc As",
    1_000_000: "Td Ad 8d 7c 7h 3s Ks Kd Tc 4c 4s 4d Qc 3h Qd 6d 5h 2s Jd 9c 5d 7s 6s 9h 3c Js "
    "6h 2h 8c 6c 4h Kh Qs Ts 7d 5s Ah Jh 8s 3d 8h 9s Kc 5c Qh 2c Th Jc 9d As 2d Ac",
}
"""Pyramid game numbers, the cards as they leave PySolFC's talon: the 28 places from the
apex, then the card PySolFC turns onto the waste, then the talon from its top."""


@pytest.mark.parametrize("number", sorted(TRIPEAKS))
def test_tripeaks_vectors(number: int) -> None:
    deal = tripeaks_deal(TriPeaksOptions(), number)
    assert format_cards(deal.cards) == TRIPEAKS[number]
    state = TriPeaks().initial_state(deal)
    codes = TRIPEAKS[number].split()
    assert state.waste_top.code == codes[28]  # the card PySolFC turns onto the waste
    assert [card.code for card in state.stock[:2]] == codes[29:31]  # next card first


@pytest.mark.parametrize("number", sorted(PYRAMID))
def test_pyramid_vectors(number: int) -> None:
    deal = pyramid_deal(PyramidOptions(), number)
    assert format_cards(deal.cards) == PYRAMID[number]
    state = Pyramid().initial_state(deal)
    codes = PYRAMID[number].split()
    assert state.tableau[0] is not None and state.tableau[0].code == codes[0]  # the apex
    # PySolFC's first waste card is our stock's top card; the card it shows on the talon
    # is our second.
    assert [card.code for card in state.stock[:2]] == codes[28:30]
    assert not state.waste


def test_the_boundary_is_the_apps_not_the_package_helpers() -> None:
    """PySolFC's app deals 31999 with the Microsoft generator and 32000 with the Mersenne
    Twister; pysol-cards' ``shuffle`` helper agrees on each side of 32000 and not at it."""
    assert (generator(MT_FROM - 1), generator(MT_FROM)) == ("ms", "mt")

    def helper(number: int) -> str:
        cards = package_shuffle(createCards(1), number, RandomBase.DEALS_PYSOLFC)
        return " ".join("A23456789TJQK"[c.rank - 1] + c.suit_s().lower() for c in cards[::-1])

    assert helper(31999) == TRIPEAKS[31999]
    assert helper(32001) == TRIPEAKS[32001]
    assert helper(32000) != TRIPEAKS[32000]


def test_the_talon_is_the_dealing_order_reversed() -> None:
    assert talon(617)[::-1] == dealing_order(617)
    assert sorted(card.index for card in talon(32000)) == list(range(52))


@pytest.mark.parametrize("number", [0, -1, LAST_GAME + 1])
def test_numbers_outside_pysolfc_are_refused(number: int) -> None:
    with pytest.raises(DealError, match="PySolFC game number is between 1 and"):
        numbered(make_solitaire("tripeaks"), number, "pysolfc")


def test_rule_options_take_pysolfc_deals_as_they_are() -> None:
    for game, options in (
        ("tripeaks", ["no-wrap", "face-up", "strict-draw", "card-penalty=5"]),
        ("pyramid", ["clear-the-board", "one-deal", "waste-off-limits", "reshuffle"]),
    ):
        deal = numbered(make_solitaire(game, options), 617, "pysolfc")
        assert format_cards(deal.cards) == TRIPEAKS[617]


@pytest.mark.parametrize(
    ("game", "options", "message"),
    [
        ("tripeaks", ["jokers=1"], "PySolFC's Three Peaks has no jokers"),
        ("pyramid", ["small"], "takes no small option"),
        ("pyramid", ["reserve"], "takes no reserve option"),
        ("pyramid", ["small", "reserve"], "takes no small or reserve option"),
    ],
)
def test_options_that_change_deck_or_layout_are_refused(
    game: str, options: list[str], message: str
) -> None:
    with pytest.raises(DealError, match=message):
        numbered(make_solitaire(game, options), 617, "pysolfc")


def test_games_pysolfc_does_not_reach_are_refused() -> None:
    """Ricochet Poker is no PySolFC game (PySolFC has Ricochet: game 924)."""
    from printplay.games.numbering import check_numbering

    with pytest.raises(GameError, match="Ricochet Poker has no PySolFC numbering"):
        check_numbering("ricochet-poker", "pysolfc")


# PySolFC's Ricochet (pysollib/games/threepeaks.py, class Ricochet) appends its 32 row
# stacks in this order, read from createGame's loops (where each stack is put): 0-1 the
# north outer layer west to east, 2-3 east (north to south), 4-5 south (east to west), 6-7
# west (south to north); 8-19 the middle layer the same way round from the north's west
# end; 20-31 the inner ring from the north-west corner clockwise.  startGame deals rows
# 0-19 face down, then 20-31 face up, then one card to the waste.  These are printplay's
# slots for PySolFC's stacks 0 to 31, worked out by hand from those loops.
PYSOLFC_RICOCHET_STACKS = [*range(24, 32), *range(12, 24), *range(12)]


@pytest.mark.parametrize("number", [1, 617, 31999, 32000, 10**6])
def test_ricochet_walls_are_pysolfc_places(number: int) -> None:
    from printplay.core.pysolfc import dealing_order

    game = make_solitaire("ricochet")
    deal = numbered(game, number, "pysolfc")
    order = dealing_order(number)
    for stack, slot in enumerate(PYSOLFC_RICOCHET_STACKS):
        assert deal.cards[slot] == order[stack]
    assert deal.cards[32:] == tuple(order[32:])  # the waste card, then the stock
    state = game.initial_state(deal)
    assert state.waste_top == order[32] and state.stock[0] == order[33]
    assert [view.face_up for view in state.board().slots] == [True] * 12 + [False] * 20


def test_a_pysolfc_deal_is_named_in_its_numbering() -> None:
    deal = numbered(make_solitaire("pyramid"), 617, "pysolfc")
    assert deal.name == "PySolFC game #617"
    assert naming_json(deal) == {"seed": 617, "numbering": "pysolfc"}
    assert shuffle_name(deal) == "pysolfc-ms"
    assert shuffle_name(numbered(make_solitaire("pyramid"), 32000, "pysolfc")) == "pysolfc-mt"
    own = numbered(make_solitaire("pyramid"), 617)
    assert own.name == "deal 617" and naming_json(own) == {"seed": 617}
    assert shuffle_name(own) == "pp1" and own.cards != deal.cards


def test_the_numbering_reads_a_number_not_cards() -> None:
    game = make_solitaire("tripeaks")
    with pytest.raises(DealError, match="give --seed N, not the cards"):
        choose(game, seed=None, codes=TRIPEAKS[617], numbering="pysolfc")
    with pytest.raises(DealError, match="unknown numbering 'microsoft'"):
        choose(game, seed=1, codes=None, numbering="microsoft")
