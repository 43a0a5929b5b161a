"""Decks for Ricochet Poker rounds: numbered, or stacked from the top.

A round deals from one deck, top card first.  The deck is either the numbered deal ``seed``
(the printplay shuffle of the canonical deck, see ``docs/deals.md``) or an explicit *top of
the deck*: the cards given come first, in the order given, and the rest follow in the
canonical order (clubs A–K, diamonds, hearts, spades, then jokers), or, if a deal number is
given too, in the order of that numbered deal.  So a published example can be replayed by
writing just the cards it deals.

>>> [c.code for c in poker_deck(top="Kd Jc 8h 7s")[:6]]
['Kd', 'Jc', '8h', '7s', 'Ac', '2c']
>>> len(poker_deck(seed=1, jokers=2))
54
>>> poker_deck(top="Kd Jc Kd")
Traceback (most recent call last):
...
printplay.core.errors.DealError: Kd appears 2 times in the deck (cards 1, 3)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from printplay.core.cards import Card, parse_card
from printplay.core.deal import numbered_deal, standard_deck
from printplay.core.errors import CardError, DealError

JOKER_HINT = "jokers need the jokers option, e.g. --option jokers=1"
"""Why a joker is refused by a deck without jokers."""


def missing_card_hint(card: Card, deck: Iterable[Card], joker_hint: str = JOKER_HINT) -> str:
    """Why ``card`` is not in ``deck``, in brackets with a leading space, or ``""``.

    >>> from printplay.core.cards import standard_deck
    >>> missing_card_hint(Card.make_joker(2), standard_deck(1))
    ' (this deck holds only X1; jokers=2 adds X2)'
    """
    if not card.is_joker:
        return ""
    held = sorted(c.code for c in deck if c.is_joker)
    if held and joker_hint == JOKER_HINT:
        return f" (this deck holds only {held[0]}; jokers=2 adds X2)"
    return f" ({joker_hint})"


def poker_deck(
    *,
    seed: int | None = None,
    top: str | Sequence[str | Card] | None = None,
    jokers: int = 0,
    joker_hint: str = JOKER_HINT,
) -> list[Card]:
    """The whole deck in dealing order, top card first.

    ``top`` cards (codes or Cards) come first; the rest follow canonically, or in the order
    of the numbered deal ``seed`` when both are given.  With neither, deal number 1.
    ``joker_hint`` ends the message for a joker the deck does not hold.
    """
    base = standard_deck(jokers)
    if top is None:
        return list(numbered_deal(base, 1 if seed is None else seed).cards)
    order = numbered_deal(base, seed).cards if seed is not None else tuple(base)
    given = read_cards(top, what="the deck")
    allowed = set(base)
    for position, card in enumerate(given, start=1):
        if card not in allowed:
            hint = missing_card_hint(card, base, joker_hint)
            raise DealError(f"deck card {position}: {card.code} is not in this deck{hint}")
    chosen = set(given)
    return [*given, *(card for card in order if card not in chosen)]


def read_cards(text: str | Iterable[str | Card], *, what: str) -> list[Card]:
    """Read distinct cards, naming the position of a bad or repeated one.

    ``what`` names the list in messages (``"the deck"``, ``"seat 2's hand"``).
    """
    tokens = (
        text.replace(";", " ").replace(",", " ").split() if isinstance(text, str) else list(text)
    )
    if not tokens:
        raise DealError(f"{what} needs at least one card")
    cards: list[Card] = []
    for position, token in enumerate(tokens, start=1):
        try:
            cards.append(token if isinstance(token, Card) else parse_card(token))
        except CardError as error:
            raise DealError(f"{what}, card {position}: {error}") from None
    for card in cards:
        places = [str(i) for i, c in enumerate(cards, start=1) if c == card]
        if len(places) > 1:
            raise DealError(
                f"{card.code} appears {len(places)} times in {what} (cards {', '.join(places)})"
            )
    return cards
