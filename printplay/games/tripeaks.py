"""TriPeaks: options, layout, state, moves and scoring (rules/tripeaks.md).

The engine is the readable source of truth: states are immutable, ``apply`` returns a new
state and refuses illegal moves.  A deal in layout order is the 28 tableau slots, the
first waste card, then the stock (next card first).

>>> from printplay.core.deal import numbered_deal
>>> game = TriPeaks()
>>> state = game.initial_state(numbered_deal(game.deck(), 1))
>>> len(state.stock), state.waste_top.code, state.score
(23, 'Js', 0)
>>> move = state.legal_moves()[0]
>>> move
Play(slot=21, card=Card.parse('Tc'))
>>> after = state.apply(move)
>>> after.chain, after.score, state.describe(move, after)
(1, 1, 'Play 10♣ from row 4, 4th card onto J♠: chain 1, +1 point')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

from printplay.core import options as opts
from printplay.core.cards import Card, standard_deck
from printplay.core.deal import (
    Deal,
    fisher_yates,
    numbered_deal,
    uniform_below,
    validate_cards,
    word_stream,
)
from printplay.core.errors import DealError, MoveError, OptionError
from printplay.core.jsontypes import JsonObject, JsonValue
from printplay.core.layout import (
    ORDINALS,
    BoardView,
    Label,
    Layout,
    PileView,
    Slot,
    SlotView,
    link,
    ordinal,
)
from printplay.core.protocols import SolitaireMove
from printplay.core.pysolfc import dealt
from printplay.games.moves import Draw as Draw
from printplay.games.moves import Play as Play
from printplay.games.moves import PlayOrDrawState, own_move, read_play_or_draw

TABLEAU_SIZE = 28
PEAK_TOPS = (0, 1, 2)
PEAK_BONUSES = (15, 30, 45)
ROW_STARTS = (0, 3, 9, 18, 28)
ROW_PITCH = 1.1
"""Horizontal distance between neighbouring cards of a row, in card widths."""
JOKERS_IN_STOCK_NEED_JOKERS = (
    "option jokers-in-stock needs jokers to place: add jokers=1 or jokers=2"
)
"""The one line refusing ``jokers-in-stock`` without jokers."""
TIMED_MINUTES = 5
"""The timed game (a house suggestion of the rulebook): the clock for a deal, in minutes."""
TIMED_FAST_MINUTES = 3
"""The timed game's clock for practised players, in minutes."""
SECONDS_PER_TIME_POINT = 10
"""The timed game's bonus: a point for every full this many seconds left on the clock."""
RACE_TARGET = 1000
"""Multi-hand play, the race: the first to reach this total at the end of a deal wins."""
SESSION_DEALS = 5
"""Multi-hand play over a fixed number of deals: the rulebook's good evening."""
PILE_X = (3.95, 5.95)
PILE_Y = 2.8
"""Where diagrams put the stock and the waste, in card units."""


@dataclass(frozen=True)
class TriPeaksOptions:
    """The variants and rulings of TriPeaks; the defaults are the standard game."""

    wrap: bool = opts.switch(
        "no-wrap",
        "Ace and King are ends of the ranks, not neighbours.",
        default=True,
        words="no wrap-around (Ace and King not neighbours)",
    )
    face_up: bool = opts.switch(
        "face-up",
        "All 28 tableau cards are dealt face up: a perfect-information puzzle.",
        words="all cards face up",
    )
    strict_draw: bool = opts.switch(
        "strict-draw",
        "The stock may be turned only when no tableau card can be played.",
        words="stock turned only when stuck",
    )
    jokers: int = opts.setting(
        "jokers",
        "Jokers shuffled into the deck (0, 1 or 2); a joker goes onto any card and any card "
        "onto a joker.",
        default=0,
        choices=(0, 1, 2),
        words="{n} joker{s}",
    )
    jokers_in_stock: bool = opts.switch(
        "jokers-in-stock",
        "The jokers are shuffled into the stock only; the tableau is dealt from the 52 "
        "cards (needs jokers=1 or jokers=2).",
        words="jokers in the stock only",
    )
    completion_bonus: int = opts.setting(
        "completion-bonus",
        "Points for clearing all 28 tableau cards.",
        words="completion bonus {n}",
        default=100,
        minimum=0,
        maximum=10_000,
    )
    card_penalty: int = opts.setting(
        "card-penalty",
        "Points lost for each tableau card left when a game is lost.",
        words="{n} point{s} off for each card left",
        default=0,
        minimum=0,
        maximum=1_000,
    )

    def __post_init__(self) -> None:
        opts.validate(self)
        if self.jokers_in_stock and not self.jokers:
            raise OptionError(JOKERS_IN_STOCK_NEED_JOKERS)

    @property
    def peak_bonuses(self) -> tuple[int, int, int]:
        """Points for the first, second and third peak top cleared (fixed by the rules)."""
        return PEAK_BONUSES

    @property
    def deal_size(self) -> int:
        """Cards in a deal: 52 plus the jokers."""
        return 52 + self.jokers


def _build_layout() -> Layout:
    covered_by: list[tuple[int, ...]] = []
    names: list[str] = []
    positions: list[tuple[int, float, float]] = []
    for peak in range(3):  # row 1: peak tops, each under two row-2 cards
        covered_by.append((3 + 2 * peak, 4 + 2 * peak))
        positions.append((1, (3 * peak + 1.5) * ROW_PITCH, 0.0))
    for peak in range(3):  # row 2: two cards a peak, each under two row-3 cards
        for k in range(2):
            covered_by.append((9 + 3 * peak + k, 10 + 3 * peak + k))
            positions.append((2, (3 * peak + k + 1) * ROW_PITCH, 0.5))
    for j in range(9):  # row 3: nine cards, each under two base cards
        covered_by.append((18 + j, 19 + j))
        positions.append((3, (j + 0.5) * ROW_PITCH, 1.0))
    for j in range(10):  # row 4: the base, uncovered
        covered_by.append(())
        positions.append((4, j * ROW_PITCH, 1.5))
    covers = link(covered_by)
    slots = []
    for index, (row, x, y) in enumerate(positions):
        position = index - ROW_STARTS[row - 1]
        names.append(f"row {row}, {ORDINALS[position]} card")
        slots.append(
            Slot(
                index=index,
                name=names[-1],
                row=row,
                x=x,
                y=y,
                covered_by=covered_by[index],
                covers=covers[index],
                dealt_face_up=row == 4,
                position=position + 1,
                label=f"{row}·{position + 1}",
            )
        )
    return Layout(
        tuple(slots),
        width=9 * ROW_PITCH + 1,
        height=2.5,
        pitch=ROW_PITCH,
        labels=tuple(Label(f"row {row}", -0.45, (row - 1) * 0.5 + 0.25) for row in range(1, 5)),
        noun="tableau",
    )


LAYOUT = _build_layout()
"""The 28-slot TriPeaks layout: row 1 = slots 0–2, row 2 = 3–8, row 3 = 9–17, base = 18–27."""


def are_neighbours(a: Card, b: Card, *, wrap: bool = True) -> bool:
    """Whether ``a`` may be played onto ``b`` (or ``b`` onto ``a``): ranks one apart.

    Ace and King are neighbours when ``wrap`` is set; a joker is next to everything.

    >>> are_neighbours(Card.parse("Ac"), Card.parse("Kd")), are_neighbours(
    ...     Card.parse("Ac"), Card.parse("Kd"), wrap=False)
    (True, False)
    """
    if a.is_joker or b.is_joker:
        return True
    gap = abs(a.rank - b.rank)
    return gap == 1 or (wrap and gap == 12)


def chain_points(length: int) -> int:
    """Points for a chain of ``length`` cards: the 1st scores 1, the 2nd 2, and so on.

    >>> chain_points(1), chain_points(5)
    (1, 15)
    """
    return length * (length + 1) // 2


def time_bonus(seconds_left: int) -> int:
    """The timed game's bonus for clearing the layout with ``seconds_left`` on the clock:
    a point for every full :data:`SECONDS_PER_TIME_POINT` seconds.

    >>> time_bonus(59), time_bonus(60)
    (5, 6)
    """
    return max(0, seconds_left) // SECONDS_PER_TIME_POINT


Move = Play | Draw


def move_from_json(data: Mapping[str, JsonValue]) -> Move:
    """Read a move of ``docs/json.md``: a play or a draw (see :mod:`printplay.games.moves`)."""
    return read_play_or_draw(data, "TriPeaks")


@dataclass(frozen=True)
class TriPeaksState(PlayOrDrawState):
    """A position: the tableau (``None`` where a card has gone), waste and stock.

    ``waste`` runs from the bottom card to the top; ``stock`` from the next card to turn.
    ``points`` is the score so far, before any end-of-game penalty.
    """

    options: TriPeaksOptions
    tableau: tuple[Card | None, ...]
    waste: tuple[Card, ...]
    stock: tuple[Card, ...]
    chain: int = 0
    points: int = 0

    @property
    def layout(self) -> Layout:
        """The layout the tableau is laid out in."""
        return LAYOUT

    @property
    def waste_top(self) -> Card:
        """The card tableau cards are played onto."""
        return self.waste[-1]

    def is_exposed(self, slot: int) -> bool:
        """Whether the card in ``slot`` is still there and no card covers it."""
        tableau = self.tableau
        return tableau[slot] is not None and all(
            tableau[c] is None for c in LAYOUT.covered_by[slot]
        )

    def is_face_up(self, slot: int) -> bool:
        """Whether ``slot`` shows its face: dealt face up, or turned when uncovered."""
        return (
            self.options.face_up
            or LAYOUT.slots[slot].dealt_face_up
            or all(self.tableau[c] is None for c in LAYOUT.slots[slot].covered_by)
        )

    @cached_property
    def plays(self) -> tuple[Play, ...]:
        """The tableau cards that can go onto the waste now, in slot order."""
        top, wrap = self.waste_top, self.options.wrap
        return tuple(
            Play(slot, card)
            for slot, card in LAYOUT.open_cards(self.tableau)
            if are_neighbours(card, top, wrap=wrap)
        )

    def _can_play(self, move: Play) -> bool:
        """Whether ``move`` is one of :attr:`plays` (checked on its own slot alone)."""
        slot = move.slot
        return (
            0 <= slot < len(self.tableau)
            and self.tableau[slot] == move.card
            and self.is_exposed(slot)
            and are_neighbours(move.card, self.waste_top, wrap=self.options.wrap)
        )

    def can_draw(self) -> bool:
        """Whether the stock may be turned now (under ``strict-draw`` only when stuck).

        Once the game is won nothing more may be done.
        """
        if not self.stock or self.is_won:
            return False
        return not (self.options.strict_draw and self.plays)

    @cached_property
    def cards_left(self) -> int:
        """Tableau cards not yet played."""
        return sum(card is not None for card in self.tableau)

    @property
    def running_score(self) -> int:
        """Points so far, before any end-of-game penalty (the protocol's name for
        :attr:`points`)."""
        return self.points

    def status(self) -> str:
        """How many stock cards are left, for walkthrough headings."""
        return f"{len(self.stock)} left in the stock"

    @property
    def peaks_cleared(self) -> int:
        """How many of the three peak tops have been played."""
        return sum(self.tableau[p] is None for p in PEAK_TOPS)

    @property
    def score(self) -> int:
        """Points so far, less the card penalty once a game is lost."""
        if self.is_lost:
            return self.points - self.options.card_penalty * self.cards_left
        return self.points

    def apply(self, move: SolitaireMove) -> TriPeaksState:
        """The state after ``move``; raises :class:`MoveError` if it is not legal."""
        move = own_move(move, "TriPeaks")
        if isinstance(move, Draw):
            if not self.stock or move.card != self.stock[0]:
                raise MoveError(
                    f"cannot draw {move.card.code}: the next stock card is "
                    f"{self.stock[0].code if self.stock else 'none (stock empty)'}"
                )
            if not self.can_draw():
                raise MoveError(
                    "the stock may be turned only when no card can be played (strict-draw)"
                )
            return TriPeaksState(
                self.options,
                self.tableau,
                (*self.waste, self.stock[0]),
                self.stock[1:],
                0,
                self.points,
            )
        if not self._can_play(move):
            raise MoveError(
                f"cannot play {move.card.code} from slot {move.slot} onto {self.waste_top.code}"
            )
        tableau = list(self.tableau)
        tableau[move.slot] = None
        chain = self.chain + 1
        points = self.points + chain_points(chain) - chain_points(self.chain)
        if move.slot in PEAK_TOPS:
            points += self.options.peak_bonuses[self.peaks_cleared]
        if all(card is None for card in tableau):
            points += self.options.completion_bonus
        return TriPeaksState(
            self.options, tuple(tableau), (*self.waste, move.card), self.stock, chain, points
        )

    def board(self, badges: Mapping[int, str] | None = None) -> BoardView:
        """The position as a renderer draws it, with optional badges on tableau slots."""
        badges = badges or {}
        slots = tuple(
            SlotView(
                slot, self.tableau[slot.index], self.is_face_up(slot.index), badges.get(slot.index)
            )
            for slot in LAYOUT.slots
        )
        piles = (
            PileView("stock", tuple(reversed(self.stock)), False, PILE_X[0], PILE_Y),
            PileView("waste", self.waste, True, PILE_X[1], PILE_Y),
        )
        return BoardView(
            slots, piles, LAYOUT.width, PILE_Y + 1, labels=LAYOUT.labels, pitch=LAYOUT.pitch
        )

    def describe(self, move: SolitaireMove, after: TriPeaksState) -> str:
        """``move`` in words; see :func:`describe_move`."""
        return describe_move(self, own_move(move, "TriPeaks"), after)

    def to_json(self) -> JsonObject:
        """The position in the JSON layout of ``docs/json.md`` (``null`` for played
        slots)."""
        return {
            "tableau": [card.code if card else None for card in self.tableau],
            "waste": [card.code for card in self.waste],
            "stock": [card.code for card in self.stock],
        }


def describe_move(before: TriPeaksState, move: Move, after: TriPeaksState) -> str:
    """A move in words, with its effect: chain, points and cards turned up."""
    if isinstance(move, Draw):
        return f"Turn {move.card.label} from the stock ({len(after.stock)} left)"
    gained = after.points - before.points
    text = (
        f"Play {move.card.label} from {LAYOUT.slots[move.slot].name} onto "
        f"{before.waste_top.label}: chain {after.chain}, "
        f"+{gained} point{'s' if gained != 1 else ''}"
    )
    bonuses: list[str] = []
    if move.slot in PEAK_TOPS:
        bonuses.append(f"peak bonus {before.options.peak_bonuses[before.peaks_cleared]}")
    if after.is_won and before.options.completion_bonus:
        bonuses.append(f"completion bonus {before.options.completion_bonus}")
    if bonuses:
        text += f" ({', '.join(bonuses)})"
    for slot in LAYOUT.slots[move.slot].covers:
        card = after.tableau[slot]
        if card is not None and not before.is_face_up(slot) and after.is_face_up(slot):
            text += f"; {card.label} in row {LAYOUT.slots[slot].row} turns up"
    if after.is_won:
        text += "; the tableau is clear"
    return text


def pysolfc_deal(options: TriPeaksOptions, number: int) -> Deal:
    """PySolFC game #``number`` of Three Peaks in layout order (the registry's ``pysolfc``
    binding; docs/deals.md).

    PySolFC deals the 28 tableau places from the top of its talon in our slot order (the
    three peak tops, then row by row, left to right), turns the next card onto the waste and
    leaves the rest as the stock: its dealing order is our layout order.  Its Three Peaks
    has no jokers; the other options change only the rules, so they take its deals as they
    are.

    >>> pysolfc_deal(TriPeaksOptions(), 617).codes[:3]
    ['7d', 'Ad', '5c']
    """
    if options.jokers:
        raise DealError(
            "PySolFC's Three Peaks has no jokers: --numbering pysolfc takes no jokers option"
        )
    return dealt(number)


def jokers_in_stock(seed: int, jokers: int) -> tuple[Card, ...]:
    """Deal number ``seed`` under ``jokers-in-stock`` with ``jokers`` jokers, in layout order.

    The pp1 shuffle of the 52 cards (the deal ``seed`` of the game without jokers), then,
    for each joker in turn (X1, then X2), a place drawn uniformly from the rest of the same
    word stream among the stock's cards, the first waste card included: with ``s`` cards
    there so far, place ``p`` in ``[0, s]`` puts the joker before the stock card at ``p``
    (after the last one when ``p = s``).  See docs/deals.md.

    >>> deal = jokers_in_stock(1, 2)
    >>> [card.code for card in deal[:28]] == [card.code for card in numbered_deal(
    ...     standard_deck(), 1).cards[:28]]
    True
    >>> [i for i, card in enumerate(deal) if card.is_joker]  # X1 card 32, X2 card 44
    [31, 43]
    """
    words = word_stream(seed)
    cards = fisher_yates(standard_deck(), words)
    stock = cards[TABLEAU_SIZE:]
    for joker in standard_deck(jokers)[52:]:
        stock.insert(uniform_below(len(stock) + 1, words), joker)
    return (*cards[:TABLEAU_SIZE], *stock)


class TriPeaks:
    """The TriPeaks game: its deck, layout and starting position under some options."""

    name = "tripeaks"
    title = "TriPeaks"
    options_type = TriPeaksOptions

    def __init__(self, options: TriPeaksOptions | None = None) -> None:
        self.options = options or TriPeaksOptions()

    def deck(self) -> list[Card]:
        """The deck in canonical order (with jokers if the options add them)."""
        return standard_deck(self.options.jokers)

    @property
    def layout(self) -> Layout:
        """The TriPeaks layout."""
        return LAYOUT

    def numbered_deal(self, seed: int) -> Deal:
        """Deal number ``seed`` under these options (the pp1 shuffle, docs/deals.md).

        Under ``jokers-in-stock`` the 52 cards are shuffled as for the game without jokers
        (so the tableau is that deal's), and each joker in turn is inserted into the stock,
        the first waste card included, at a place drawn from the rest of the same stream.
        """
        if not self.options.jokers_in_stock:
            return numbered_deal(self.deck(), seed)
        return Deal(jokers_in_stock(seed, self.options.jokers), seed)

    def initial_state(self, deal: Deal | Sequence[Card]) -> TriPeaksState:
        """The starting position of a deal given in layout order (under
        ``jokers-in-stock``, no joker may lie in the tableau)."""
        cards = tuple(deal.cards if isinstance(deal, Deal) else deal)
        if len(cards) != self.options.deal_size:
            raise DealError(f"a TriPeaks deal has {self.options.deal_size} cards, not {len(cards)}")
        validate_cards(cards, self.deck())
        if self.options.jokers_in_stock:
            for position, card in enumerate(cards[:TABLEAU_SIZE], start=1):
                if card.is_joker:
                    raise DealError(
                        f"card {position}: {card.code} is a joker in the tableau, and under "
                        f"jokers-in-stock the jokers go in the stock (cards "
                        f"{TABLEAU_SIZE + 1}–{len(cards)})"
                    )
        return TriPeaksState(
            self.options,
            cards[:TABLEAU_SIZE],
            (cards[TABLEAU_SIZE],),
            cards[TABLEAU_SIZE + 1 :],
        )

    def deal_json(self, deal: Deal) -> JsonObject:
        """The ``deal --json`` object: tableau by slot, waste, stock next card first."""
        return self.initial_state(deal).to_json()

    def deal_positions(self) -> list[str]:
        """Where each card of a deal (in layout order) goes, in words."""
        stock = self.options.deal_size - TABLEAU_SIZE - 1
        return (
            [slot.name for slot in LAYOUT.slots]
            + ["waste, face up"]
            + [f"stock, {ordinal(i)} to turn" for i in range(1, stock + 1)]
        )

    def move_kinds(self) -> tuple[str, ...]:
        """Plays of a card and turns of the stock."""
        return ("play", "draw")

    def shuffles_in_play(self) -> bool:
        """Never: the stock is turned in the order dealt."""
        return False

    def best_possible(self) -> int:
        """The highest score a deal can make: every card in one chain, every peak's bonus
        and the completion bonus."""
        o = self.options
        return chain_points(TABLEAU_SIZE) + sum(o.peak_bonuses) + o.completion_bonus

    def rulebook_context(self) -> dict[str, object]:
        """Computed facts for the rulebook: the scoring tables under these options."""
        o = self.options
        chains = [(length, chain_points(length)) for length in range(1, 11)]
        return {
            "chain_table": chains,
            "peak_bonuses": list(o.peak_bonuses),
            "all_peaks_bonus": sum(o.peak_bonuses),
            "best_possible": self.best_possible(),
            "tableau_size": TABLEAU_SIZE,
            "stock_size": o.deal_size - TABLEAU_SIZE - 1,
            "deal_size": o.deal_size,
            "timed_minutes": opts.number_words(TIMED_MINUTES),
            "timed_fast_minutes": opts.number_words(TIMED_FAST_MINUTES),
            "seconds_per_point": opts.number_words(SECONDS_PER_TIME_POINT),
            "race_target": f"{RACE_TARGET:,}",
            "session_deals": opts.number_words(SESSION_DEALS),
        }

    def deal_order(self) -> list[int]:
        """Cards are dealt in layout order: each row overlaps the one dealt before it."""
        return list(range(self.options.deal_size))

    def move_from_json(self, data: Mapping[str, JsonValue]) -> Move:
        """Read a move of ``docs/json.md``; see :func:`move_from_json`."""
        return move_from_json(data)
