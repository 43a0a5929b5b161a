"""The data of Ricochet Poker's printables: a round played by bots (the deal sheet), the
casino table card, the problem book.  (Its rulebook is a
:class:`~printplay.models.printable.Rulebook`, its chart and hands figures of that model's
kinds.)

Everything here is plain, frozen data built by the poker builders
(:mod:`~printplay.builders.poker_rulebook`, :mod:`~printplay.builders.poker_chart`,
:mod:`~printplay.builders.poker_sheet`, :mod:`~printplay.builders.poker_table_card`),
which play the bots, compute the odds and read the stored tables.  The renderers
(:mod:`printplay.render.poker_rulebook_pdf`, :mod:`~printplay.render.poker_sheet_pdf`,
:mod:`~printplay.render.poker_table_card_pdf`, :mod:`~printplay.render.strategy_chart`) draw it: the
words of every line, caption and cell are decided here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from printplay.core.cards import Card
from printplay.models.printable import DealOrderEntry, QuickCardText

# -- A round played by bots ---------------------------------------------------------------------


@dataclass(frozen=True)
class Seat:
    """One seat at the table as a diagram shows it: its cards, its caption, whether its
    hand is drawn face down (folded or out) and whether it is framed (the winner)."""

    seat: int
    cards: tuple[Card, ...]
    caption: str
    face_down: bool
    winner: bool


@dataclass(frozen=True)
class TableView:
    """The hands at the table at one moment, seat by seat."""

    seats: tuple[Seat, ...]


@dataclass(frozen=True)
class BuyColumn:
    """One buy of a turn's odds table: how many cards, the chance of escaping last place,
    the cards to expect and, for a bot that values its buys, its estimate (chips)."""

    k: int
    escape: str
    expected_cards: str
    worth: str | None = None


@dataclass(frozen=True)
class PokerTurn:
    """One decision of a round: the table before it, the odds of every buy (``None`` when
    the player can buy nothing), what was bought (``None`` for a fold) and what happened,
    in words.  ``valued`` says whether the odds carry the bot's estimate.  (The engine's
    states around it are the builder's: a model holds what is printed, in no game's
    types.)"""

    number: int
    heading: str
    table: TableView
    odds: tuple[BuyColumn, ...] | None
    valued: bool
    bought: int | None
    lines: tuple[str, ...]


@dataclass(frozen=True)
class PokerRound:
    """A numbered round of the standard game played by bots, turn by turn, as the deal
    sheet prints it.

    ``rules`` are the players and variants in words; ``chosen`` the variants as options
    (``limit=7``), the players left out; ``bot_play`` says how the bot decides.  ``deal`` is
    the table after the deal (``deal_lines`` say what was dealt), ``final`` the table at
    the end (``final_lines`` say who won what).  ``deal_order`` lists every card of the deck
    in dealing order and where it goes (an empty place for a card never dealt);
    ``deals_twice`` says each seat is dealt two cards at the start.  ``short_note`` says why
    a round ends at its first turn (empty otherwise).
    """

    seed: int
    code: str
    shuffle: str
    players: int
    rules: str
    chosen: tuple[str, ...]
    bot: str
    bot_play: str
    deal: TableView
    deal_lines: tuple[str, ...]
    turns: tuple[PokerTurn, ...]
    final: TableView
    final_lines: tuple[str, ...]
    short_note: str
    deal_order: tuple[DealOrderEntry, ...]
    deals_twice: bool
    remake: str = ""
    """The command that prints this sheet again (empty for a bot ``printplay sheet`` does
    not play)."""

    @property
    def used(self) -> int:
        """How many cards of the deck the round deals."""
        return sum(1 for entry in self.deal_order if entry.place)


# -- The casino table card ----------------------------------------------------------------------


@dataclass(frozen=True)
class TableCard:
    """The casino table card's face: the order of play, the kickout table and the bonus
    paytable, with their headings and notes.

    ``kickout`` rows are (players, the dealer's folding hand); ``bonuses`` rows (hand,
    pays); ``home_note`` is printed under the paytable of the home game (capped bonuses).
    ``game`` names the rules in the PDF's metadata.
    """

    title: str
    steps: tuple[str, ...]
    kickout_heading: str
    kickout_columns: tuple[str, str]
    kickout: tuple[tuple[str, str], ...]
    kickout_note: str
    bonus_heading: str
    bonus_columns: tuple[str, str]
    bonuses: tuple[tuple[str, str], ...]
    home_cap: bool
    home_note: str | None
    game: str


# -- The problem book -----------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    """One thing a problem's player may do, as its answer weighs it: what (``"buy 2"``),
    its worth in chips as printed, how it is worked out in a few words, and whether it is
    the best."""

    action: str
    worth: str
    detail: str
    best: bool


@dataclass(frozen=True)
class Problem:
    """A close decision of Ricochet Poker, with its answer.

    ``kind`` is ``"standard"`` (buy or fold) or ``"casino"`` (play or fold); ``table`` the
    hands on the table (the player to act marked in its caption); ``facts`` the lines
    under it (pot, who acts, what may be bought); ``question`` what the page asks.  The
    answer (printed at the back): ``answer`` in a word, ``choices`` each option's worth,
    ``reasoning`` how the figures come about, ``margin`` how close the call is, in words;
    ``replay`` the command that deals the round up to this decision.
    """

    number: int
    kind: str
    title: str
    rules: str
    table: TableView
    facts: tuple[str, ...]
    question: str
    answer: str
    choices: tuple[Choice, ...]
    reasoning: tuple[str, ...]
    margin: str
    replay: str


@dataclass(frozen=True)
class ProblemBook:
    """Ricochet Poker's problem book: close decisions from dealt rounds, the answers at
    the back.  ``command`` makes it again; ``rounds`` counts the rounds dealt to find the
    problems; ``close`` says, per kind, how close a call had to be (in chips); ``quick``
    is the game's quick-reference card."""

    title: str
    rules: str
    command: str
    problems: tuple[Problem, ...]
    rounds: int
    close: Mapping[str, float]
    quick: QuickCardText | None = None


__all__ = [
    "BuyColumn",
    "Choice",
    "PokerRound",
    "PokerTurn",
    "Problem",
    "ProblemBook",
    "Seat",
    "TableCard",
    "TableView",
]
