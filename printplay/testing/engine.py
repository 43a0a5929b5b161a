"""Checks of an engine against the protocols: positions, moves, their JSON, deals, refusals.

Each check raises :class:`~printplay.testing.failures.ConformanceError` (naming the game,
its options, the deal and the moves to the position) at the first thing it finds wrong.

>>> from printplay.core.deal import numbered_deal
>>> from printplay.games import make_solitaire
>>> game = make_solitaire("tripeaks")
>>> state = game.initial_state(numbered_deal(game.deck(), 1))
>>> where = Where("tripeaks", deal=1)
>>> [move.kind for move, _ in check_position(game, state, where)]
['play', 'play', 'play', 'draw']
>>> check_refused(state, StrangeMove(), check_position(game, state, where), where, "a move")
True
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from printplay.core.cards import Card
from printplay.core.deal import Deal
from printplay.core.errors import DealError, MoveError
from printplay.core.jsontypes import JsonObject, JsonValue
from printplay.core.protocols import Position, RegisteredSolitaire, SolitaireMove
from printplay.games import entry
from printplay.games.moves import Play
from printplay.solve.toolkit import LineError, replay_line
from printplay.testing.failures import Where, shown
from printplay.testing.reference import position_key

Outcomes = list[tuple[SolitaireMove, Position]]
"""Every legal move of a position with the position it leads to, in the engine's order."""


@dataclass(frozen=True)
class StrangeMove:
    """A move of no game at all: every engine must refuse it."""

    kind: str = "strange"
    slots: tuple[int, ...] = (0,)
    turns_stock: bool = False
    cards: tuple[Card, ...] = ()

    def to_json(self) -> JsonObject:
        """A move type no game knows."""
        return {"type": self.kind}


def plain_json(value: JsonValue, what: str, where: Where) -> None:
    """Check that ``value`` is plain JSON: written and read back, it is the same value
    (no tuples, no sets, no objects, no keys other than strings)."""
    try:
        back = json.loads(json.dumps(value))
    except (TypeError, ValueError) as error:
        raise where.fail(f"{what} is not JSON: {error}") from None
    if back != value:
        raise where.fail(f"{what} does not read back as itself from JSON: {value!r}")


def check_solitaire(game: RegisteredSolitaire, where: Where) -> None:
    """Facts of the game itself: it is the registry's game with its options type, its deck
    holds each card once, and its deal positions and deal order cover the deck."""
    registered = entry(game.name)
    if game.name != registered.name:
        raise where.fail(f"the game calls itself {game.name!r}")
    if game.options_type is not registered.options_type or not isinstance(
        game.options, game.options_type
    ):
        raise where.fail("the game's options are not of its registered options type")
    deck = game.deck()
    if len(set(deck)) != len(deck):
        raise where.fail("the deck holds a card twice")
    if len(game.deal_positions()) != len(deck):
        raise where.fail(
            f"deal_positions() names {len(game.deal_positions())} places for {len(deck)} cards"
        )
    if sorted(game.deal_order()) != list(range(len(deck))):
        raise where.fail("deal_order() is not an order of the deck's cards")
    if not game.title:
        raise where.fail("the game has no title")


def card_codes(value: JsonValue) -> list[str]:
    """Every string inside a JSON value (the card codes of a deal's JSON)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [code for item in value for code in card_codes(item)]
    if isinstance(value, dict):
        return [code for item in value.values() for code in card_codes(item)]
    return []


def check_deal(game: RegisteredSolitaire, deal: Deal, where: Where) -> Position:
    """Check a deal: its JSON holds every card of the deal exactly once, and a deal short of
    a card, or with a card twice, is refused with :class:`DealError`.  Returns its start."""
    data = game.deal_json(deal)
    plain_json(data, "deal_json()", where)
    held, dealt = Counter(card_codes(data)), Counter(deal.codes)
    if held != dealt:
        extra = sorted((held - dealt).elements())
        missing = sorted((dealt - held).elements())
        raise where.fail(f"deal_json() holds {extra or 'nothing'} too many, misses {missing}")
    for wrong, what in (
        (deal.cards[:-1], "a deal short of a card"),
        ((*deal.cards[:-1], deal.cards[0]), "a deal with a card twice"),
    ):
        try:
            game.initial_state(Deal(tuple(wrong)))
        except DealError:
            continue
        except Exception as error:
            raise where.fail(f"{what} raised {type(error).__name__}, not DealError") from None
        raise where.fail(f"initial_state accepted {what}")
    return game.initial_state(deal)


def check_move(game: RegisteredSolitaire, move: SolitaireMove, where: Where) -> None:
    """Check a legal move: its JSON names its kind and reads back as the same move, its
    slots are slots of the layout."""
    data = move.to_json()
    plain_json(data, f"the move {shown(move)}", where)
    if data.get("type") != move.kind:
        raise where.fail(f"the move {shown(move)} has kind {move.kind!r}")
    if move.kind not in game.move_kinds():
        raise where.fail(f"the move {shown(move)} is of no kind move_kinds() names")
    if move.turns_stock and len(move.cards) > 1 and not game.shuffles_in_play():
        raise where.fail(f"the move {shown(move)} names a new stock, yet nothing is shuffled")
    if any(not 0 <= slot < len(game.layout.slots) for slot in move.slots):
        raise where.fail(f"the move {shown(move)} takes slots {move.slots}, not in the layout")
    if not isinstance(move.turns_stock, bool) or not all(isinstance(c, Card) for c in move.cards):
        raise where.fail(f"the move {shown(move)} has a wrong turns_stock or cards")
    try:
        back = game.move_from_json(data)
    except MoveError as error:
        raise where.fail(f"move_from_json refused the legal move {shown(move)}: {error}") from None
    if back != move:
        raise where.fail(f"the move {shown(move)} reads back from its JSON as {back!r}")


def check_position(game: RegisteredSolitaire, state: Position, where: Where) -> Outcomes:
    """Check a position and every legal move from it; returns each move with the position
    it leads to.

    ``is_over`` holds exactly when no move is legal; a won game is over and has no card
    left (``cards_left`` counts what a win must clear); the moves are listed once each,
    in the same order every time; each applies, reads back from its JSON and is described;
    no move raises ``cards_left``, and only a move that turns the stock (a redeal) raises
    ``stock_left``; the position's JSON is plain JSON, and its board and status are drawn.
    """
    moves = list(state.legal_moves())
    if moves != list(state.legal_moves()):
        raise where.fail("legal_moves() listed different moves when asked twice")
    for i, move in enumerate(moves):
        if move in moves[i + 1 :]:
            raise where.fail(f"legal_moves() lists {shown(move)} twice")
    if state.is_over == bool(moves):
        listed = ", ".join(shown(move) for move in moves[:4])
        raise where.fail(
            f"is_over is {state.is_over} but {len(moves)} moves are legal"
            + (f" ({listed})" if moves else "")
        )
    if state.is_won and not state.is_over:
        raise where.fail("is_won is True but is_over is False")
    if state.is_won != (state.cards_left == 0):
        raise where.fail(f"is_won is {state.is_won} but cards_left is {state.cards_left}")
    if state.cards_left < 0 or state.stock_left < 0:
        raise where.fail(f"cards_left {state.cards_left}, stock_left {state.stock_left}")
    if (state.score is None) != (state.running_score is None):
        raise where.fail(f"score is {state.score} but running_score is {state.running_score}")
    if state.layout != game.layout:
        raise where.fail("the position's layout is not the game's")
    plain_json(state.to_json(), "the position's to_json()", where)
    board = state.board({0: "1"})
    if len(board.slots) != len(state.layout.slots):
        raise where.fail(f"board() draws {len(board.slots)} slots of {len(state.layout.slots)}")
    if not state.status():
        raise where.fail("status() is empty")
    outcomes: Outcomes = []
    for move in moves:
        check_move(game, move, where)
        try:
            after = state.apply(move)
        except MoveError as error:
            raise where.fail(f"apply refused the legal move {shown(move)}: {error}") from None
        if after.cards_left > state.cards_left:
            raise where.fail(
                f"{shown(move)} raised cards_left from {state.cards_left} to {after.cards_left}"
            )
        if after.stock_left > state.stock_left and not move.turns_stock:
            raise where.fail(
                f"{shown(move)} raised stock_left from {state.stock_left} to "
                f"{after.stock_left}, but it does not turn the stock"
            )
        if not state.describe(move, after):
            raise where.fail(f"describe() says nothing of {shown(move)}")
        if not isinstance(state.milestone(move, after), bool):
            raise where.fail(f"milestone() of {shown(move)} is not True or False")
        outcomes.append((move, after))
    return outcomes


def fingerprint(state: Position) -> tuple[str, int | None, int | None]:
    """What tells two positions apart for the kit: their JSON and their scores."""
    return position_key(state), state.running_score, state.score


def acts_as(move: SolitaireMove, legal: SolitaireMove) -> bool:
    """Whether ``move`` may stand for ``legal``: the same kind, the same slots, and no card
    that ``legal`` does not move (Pyramid's redeal may be written without its new stock)."""
    return (
        move.kind == legal.kind
        and move.slots == legal.slots
        and all(card in legal.cards for card in move.cards)
    )


def takes(state: Position, move: SolitaireMove) -> bool:
    """Whether ``state.apply`` takes ``move`` (``False`` when it raises
    :class:`~printplay.core.errors.MoveError`): the engine's own word on a move, to hold a
    game's faster list of its legal moves to."""
    try:
        state.apply(move)
    except MoveError:
        return False
    return True


def plays_taken(state: Position, cards: Sequence[Card | None]) -> tuple[Play, ...]:
    """The plays :func:`takes` says ``state`` takes, of its layout ``cards`` (by slot), in
    slot order: what a play-or-draw game's own list of plays must be."""
    return tuple(
        Play(slot, card)
        for slot, card in enumerate(cards)
        if card is not None and takes(state, Play(slot, card))
    )


def check_refused(
    state: Position, move: SolitaireMove, outcomes: Outcomes, where: Where, what: str
) -> bool:
    """Check that ``apply`` refuses ``move`` with :class:`MoveError`, unless it stands for
    one of the legal moves (:func:`acts_as`) and leads where that move leads.  Returns
    whether it was refused."""
    try:
        after = state.apply(move)
    except MoveError:
        return True
    except Exception as error:
        raise where.fail(
            f"apply({shown(move)}), {what}, raised {type(error).__name__} ({error}), not MoveError"
        ) from None
    reached = fingerprint(after)
    if not any(
        acts_as(move, legal) and fingerprint(result) == reached for legal, result in outcomes
    ):
        legal = ", ".join(shown(legal) for legal, _ in outcomes[:4]) or "none"
        raise where.fail(f"apply accepted {what}, {shown(move)}; the legal moves: {legal}")
    return False


def check_reading(
    game: RegisteredSolitaire, data: JsonObject, where: Where
) -> SolitaireMove | None:
    """Read ``data`` as a move: :class:`MoveError` (``None``) or a move, nothing else."""
    try:
        return game.move_from_json(data)
    except MoveError:
        return None
    except Exception as error:
        raise where.fail(
            f"move_from_json({json.dumps(data)}) raised {type(error).__name__} ({error}), "
            "not MoveError"
        ) from None


GARBAGE: tuple[JsonObject, ...] = (
    {},
    {"type": "nonsense"},
    {"type": 7},
    {"type": None},
    {"type": ["play"]},
    {"type": {"play": 1}},
)
"""Moves no game reads."""

WRONG_TYPES: tuple[JsonValue, ...] = (2.5, "??", ["??"], {"??": 1}, True)
"""Values put in place of a field of another type."""


def _same_type(a: JsonValue, b: JsonValue) -> bool:
    return type(a) is type(b)


def wrongly_typed(data: JsonObject) -> list[JsonObject]:
    """``data`` with one field (not ``type``), or the first item of a list field, replaced
    by a value of another JSON type."""
    found: list[JsonObject] = []
    for name, value in data.items():
        if name == "type":
            continue
        found += [{**data, name: wrong} for wrong in WRONG_TYPES if not _same_type(wrong, value)]
        if isinstance(value, list) and value:
            found += [
                {**data, name: [wrong, *value[1:]]}
                for wrong in WRONG_TYPES
                if not _same_type(wrong, value[0])
            ]
    return found


def check_garbage(game: RegisteredSolitaire, samples: Sequence[JsonObject], where: Where) -> int:
    """Check that ``move_from_json`` refuses, with :class:`MoveError`, moves that are no
    moves (:data:`GARBAGE`) and the JSON of ``samples`` with a field of the wrong type.
    Returns how many it refused."""
    refused = 0
    for data in (*GARBAGE, *(bad for sample in samples for bad in wrongly_typed(sample))):
        move = check_reading(game, data, where)
        if move is not None:
            raise where.fail(f"move_from_json read {json.dumps(data)} as {move!r}")
        refused += 1
    return refused


def mutated(
    data: JsonObject, strings: Sequence[str], kinds: Sequence[str], rng: random.Random
) -> list[JsonObject]:
    """Plausible variants of a move's JSON, which a game may read as moves: a number one
    off or far out of range, a string swapped for another the game writes (``strings``),
    a list reversed or cut short, a field left out, another ``type`` (``kinds``)."""
    found: list[JsonObject] = [{**data, "type": kind} for kind in kinds if kind != data.get("type")]
    for name, value in data.items():
        if name == "type":
            continue
        found.append({key: item for key, item in data.items() if key != name})
        if isinstance(value, int) and not isinstance(value, bool):
            found += [{**data, name: number} for number in (value + 1, value - 1, -1, 10**6)]
        elif isinstance(value, str) and strings:
            found.append({**data, name: rng.choice(strings)})
        elif isinstance(value, list) and value:
            found += [{**data, name: value[::-1]}, {**data, name: value[:-1]}]
            if strings:
                found.append({**data, name: [rng.choice(strings), *value[1:]]})
    return found


def check_replay(
    start: Position,
    line: Sequence[SolitaireMove],
    end: Position,
    bad: SolitaireMove,
    at: int,
    where: Where,
) -> None:
    """Check :func:`~printplay.solve.toolkit.replay_line`: ``line`` from ``start`` replays
    to ``end``, and with ``bad`` (a move illegal after ``at`` moves) put in at ``at`` it
    raises :class:`LineError` naming that move."""
    try:
        final = replay_line(start, line)[-1]
    except LineError as error:
        raise where.fail(f"the game's own line does not replay: {error}") from None
    if fingerprint(final) != fingerprint(end):
        raise where.fail("the game's line replays to another position")
    broken = [*line[:at], bad, *line[at:]]
    try:
        replay_line(start, broken)
    except LineError as error:
        if not str(error).startswith(f"move {at + 1} "):
            raise where.fail(f"replay_line names the wrong move: {error}") from None
        return
    raise where.fail(f"replay_line accepted the illegal move {shown(bad)} as move {at + 1}")


__all__ = [
    "GARBAGE",
    "WRONG_TYPES",
    "Outcomes",
    "StrangeMove",
    "acts_as",
    "card_codes",
    "check_deal",
    "check_garbage",
    "check_move",
    "check_position",
    "check_reading",
    "check_refused",
    "check_replay",
    "check_solitaire",
    "fingerprint",
    "mutated",
    "plain_json",
    "plays_taken",
    "takes",
    "wrongly_typed",
]
