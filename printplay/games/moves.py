"""The moves of the waste-building solitaires (TriPeaks, Ricochet): play a card, turn the stock.

In both games a move either takes the card of one layout slot onto the waste (``Play``) or
turns the next stock card onto it (``Draw``); what a play means (a chain in TriPeaks, the
ball in Ricochet) is the game's business, not the move's.

>>> read_play_or_draw({"type": "play", "slot": 21, "card": "7c"}, "TriPeaks")
Play(slot=21, card=Card.parse('7c'))
>>> read_play_or_draw({"type": "play", "slot": "21", "card": "7c"}, "TriPeaks")
Traceback (most recent call last):
...
printplay.core.errors.MoveError: malformed TriPeaks move ...: slot must be a whole number, not '21'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from printplay.core.cards import Card, parse_card
from printplay.core.errors import MoveError
from printplay.core.jsontypes import JsonObject, JsonValue
from printplay.core.options import shown


@dataclass(frozen=True)
class Play:
    """Take the open card in layout ``slot`` onto the waste."""

    slot: int
    card: Card

    kind = "play"
    turns_stock = False

    @property
    def slots(self) -> tuple[int, ...]:
        """The slot the card leaves."""
        return (self.slot,)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The card played."""
        return (self.card,)

    def to_json(self) -> JsonObject:
        """The move in the JSON vocabulary of ``docs/json.md``."""
        return {"type": "play", "slot": self.slot, "card": self.card.code}


@dataclass(frozen=True)
class Draw:
    """Turn the next stock card onto the waste."""

    card: Card

    kind = "draw"
    turns_stock = True
    slots: ClassVar[tuple[int, ...]] = ()

    @property
    def cards(self) -> tuple[Card, ...]:
        """The card turned."""
        return (self.card,)

    def to_json(self) -> JsonObject:
        """The move in the JSON vocabulary of ``docs/json.md``."""
        return {"type": "draw", "card": self.card.code}


class PlayOrDrawState:
    """What a position of a waste-building game derives from its plays and its stock.

    A game's state class supplies ``stock`` (next card first), ``cards_left`` (layout
    cards still there), ``plays`` (the plays allowed now) and ``can_draw()`` (its own rule
    for turning the stock); this mixin gives the rest of the protocol's answers the same
    way for every such game.
    """

    stock: tuple[Card, ...]

    @property
    def plays(self) -> tuple[Play, ...]:
        """The plays allowed now, in slot order (supplied by the game)."""
        raise NotImplementedError

    @property
    def cards_left(self) -> int:
        """Layout cards still there (supplied by the game)."""
        raise NotImplementedError

    def can_draw(self) -> bool:
        """Whether the stock may be turned now (supplied by the game)."""
        raise NotImplementedError

    def legal_moves(self) -> list[Play | Draw]:
        """Every legal move: plays in slot order, then the draw if allowed."""
        moves: list[Play | Draw] = list(self.plays)
        if self.can_draw():
            moves.append(Draw(self.stock[0]))
        return moves

    @property
    def stock_left(self) -> int:
        """Cards still to turn from the stock."""
        return len(self.stock)

    @property
    def is_won(self) -> bool:
        """Every layout card is gone."""
        return self.cards_left == 0

    @property
    def is_over(self) -> bool:
        """Won, or lost: the stock is empty and no card can be played."""
        return self.is_won or (not self.stock and not self.plays)

    @property
    def is_lost(self) -> bool:
        """Over without being won."""
        return self.is_over and not self.is_won

    def lost_reason(self) -> str | None:
        """No short proof of a lost position is known for these games: ``None``."""
        return None

    def milestone(self, move: object, after: object) -> bool:
        """Whether a walkthrough draws the board afresh at ``move``: at each stock turn (a
        move of another game is refused, :class:`MoveError`)."""
        if not isinstance(move, Play | Draw):
            raise MoveError(f"not a move of this game: {shown(move)}")
        return isinstance(move, Draw)


def own_move(move: object, game: str) -> Play | Draw:
    """``move`` as a play or a draw; any other move is not one of ``game``'s
    (:class:`MoveError`)."""
    if isinstance(move, Play | Draw):
        return move
    raise MoveError(f"not a {game} move: {shown(move)}")


def read_play_or_draw(data: Mapping[str, JsonValue], game: str) -> Play | Draw:
    """Read a move written by :meth:`Play.to_json` or :meth:`Draw.to_json`; ``game`` names
    the game in errors (:class:`MoveError`)."""
    kind = data.get("type")
    try:
        if kind == "play":
            slot = data["slot"]
            if isinstance(slot, bool) or not isinstance(slot, int):
                raise ValueError(f"slot must be a whole number, not {slot!r}")
            return Play(slot, parse_card(str(data["card"])))
        if kind == "draw":
            return Draw(parse_card(str(data["card"])))
    except (KeyError, TypeError, ValueError) as error:
        raise MoveError(f"malformed {game} move {shown(dict(data))}: {error}") from None
    raise MoveError(f"unknown {game} move type {shown(kind)} (expected play or draw)")


__all__ = ["Draw", "Play", "PlayOrDrawState", "read_play_or_draw"]
