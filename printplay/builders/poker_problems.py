"""Ricochet Poker's problem book: close decisions from dealt rounds, with exact answers.

Rounds are dealt by number from ``start`` and played out; a decision is a problem when it
is close: in the **standard game** (buy how many, or fold) the best choice beats the next
by at most :data:`CLOSE` ``["standard"]`` chips by the odds bot's estimate, which rests on
the exact odds of every buy (:mod:`printplay.games.poker.odds`); in the **casino game**
(play or fold) the exact values of playing and folding (:mod:`printplay.games.poker.ev`)
differ by at most :data:`CLOSE` ``["casino"]`` chips, for the last player to act, whose
value no later player can change, so the figure is exact.  At most one problem comes from
a round (its closest decision).  Half the book (rounded up) is the standard game, the rest
the casino.  The same request gives the same book.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from printplay.builders.poker_sheet import chips, rules_words, table_view
from printplay.builders.puzzle_book import MAX_COUNT
from printplay.builders.quickref import quick_card_text
from printplay.core import options as opts
from printplay.core.cards import format_labels
from printplay.core.deal import MAX_SEED
from printplay.core.errors import DealError, OptionError
from printplay.games.poker.bots import OddsBot, play_round_states
from printplay.games.poker.casino import MAX_PLAYERS, Buy, CasinoOptions, CasinoState, Fold
from printplay.games.poker.casino import deal_round as deal_casino
from printplay.games.poker.dealing import poker_deck
from printplay.games.poker.ev import BuyFoldEV, state_ev
from printplay.games.poker.hands import describe
from printplay.games.poker.odds import Odds, chance, state_odds
from printplay.games.poker.standard import (
    StandardOptions,
    StandardState,
    actions_of,
    round_deck,
    standard_options,
)
from printplay.models.poker_model import Choice, Problem, ProblemBook, Seat, TableView

CLOSE: dict[str, float] = {"standard": 0.1, "casino": 0.25}
"""How close a decision must be to make a problem: the most, in chips, by which the best
choice may beat the next."""

ROUNDS_PER_PROBLEM = 60
"""How many rounds a problem book may deal for each problem before it gives up."""

KINDS = ("standard", "casino")
"""The two games a problem comes from, in the book's order."""


@dataclass(frozen=True)
class StandardDecision:
    """A decision of the standard game: the state, its exact odds, the bot's estimate of
    each buy (folding is worth 0) and how close the call is."""

    seed: int
    state: StandardState
    odds: Odds
    values: dict[int, Fraction]
    margin: float


@dataclass(frozen=True)
class CasinoDecision:
    """A decision of the casino game: the state, the exact values and the actions before."""

    seed: int
    state: CasinoState
    ev: BuyFoldEV
    actions: tuple[str, ...]


def _margin(values: Sequence[Fraction]) -> float:
    """How much the best of ``values`` beats the next."""
    ranked = sorted(values, reverse=True)
    return float(ranked[0] - ranked[1])


def standard_decisions(options: StandardOptions, seeds: range) -> Iterator[StandardDecision | None]:
    """For each round ``seeds`` names, its closest decision if it is close, else ``None``
    (rounds played by the odds bot in every seat)."""
    bot = OddsBot()
    for seed in seeds:
        states = play_round_states(options, round_deck(options, seed=seed), bot)
        best: StandardDecision | None = None
        for state in states[:-1]:
            if not state.max_buy:
                continue
            odds = state_odds(state)
            values = bot.values(state, odds)
            margin = _margin([Fraction(0), *values.values()])
            if margin <= CLOSE["standard"] and (best is None or margin < best.margin):
                best = StandardDecision(seed, state, odds, values, margin)
        yield best


def casino_decisions(players: int, seeds: range) -> Iterator[CasinoDecision | None]:
    """For each round ``seeds`` names, its last player's decision if it is close, else
    ``None`` (every player plays by the exact values)."""
    options = CasinoOptions(players=players)
    for seed in seeds:
        state = deal_casino(options, poker_deck(seed=seed))
        actions: list[str] = []
        found: CasinoDecision | None = None
        while not state.is_over:
            ev = state_ev(state)
            last = not any(p.waiting and p.seat != state.to_act for p in state.players)
            if last and abs(ev.gain) <= CLOSE["casino"]:
                found = CasinoDecision(seed, state, ev, tuple(actions))
                break
            actions.append(ev.best)
            state = state.apply(Buy() if ev.best == "buy" else Fold())
        yield found


def _take(
    decisions: Iterator[StandardDecision | CasinoDecision | None],
    count: int,
    what: str,
    seeds: range,
) -> tuple[list[StandardDecision | CasinoDecision], int]:
    found: list[StandardDecision | CasinoDecision] = []
    dealt = 0
    for decision in decisions:
        dealt += 1
        if decision is not None:
            found.append(decision)
            if len(found) == count:
                return found, dealt
    raise OptionError(
        f"too few close decisions in the {what} among rounds {seeds.start} to "
        f"{seeds.start + dealt - 1} ({dealt} dealt): found {len(found)} of the {count} asked; "
        "try another --start or fewer problems"
    )


def _replay(words: list[str], actions: Sequence[str]) -> str:
    if actions:
        words += ["--actions", "; ".join(actions)]
    return shlex.join(words)


def standard_problem(number: int, decision: StandardDecision, options: StandardOptions) -> Problem:
    """Problem ``number`` from a decision of the standard game."""
    state, odds, values = decision.state, decision.odds, decision.values
    seat = state.to_act
    assert seat is not None
    players = len(state.seats_in)
    best_k = max(values, key=lambda k: (values[k], -k))
    buy_best = values[best_k] > 0
    choices = [Choice("fold", chips(0), "what is paid is sunk: nothing more to lose", not buy_best)]
    for buy in odds.buys:
        choices.append(
            Choice(
                f"buy {buy.k}",
                chips(values[buy.k]),
                f"out of last place {chance(buy.escape)} ({buy.escape}); "
                f"{float(buy.expected_cards):.2f} cards to expect",
                buy_best and buy.k == best_k,
            )
        )
    worths = {"fold": Fraction(0), **{f"buy {k}": value for k, value in values.items()}}
    ranked = sorted(worths, key=lambda action: -worths[action])
    answer = next(c.action for c in choices if c.best)
    worked = ", ".join(
        f"buy {buy.k}: {chance(buy.escape)} × ({state.pot} + {buy.k}) × 1.5 / {players} − "
        f"{buy.k} = {chips(values[buy.k])}"
        for buy in odds.buys
    )
    reasoning = (
        f"The odds are exact. Every card is face up, so the {odds.unseen} cards not on the "
        f"table are equally likely to come; a buy of k cards fails only if the hand is "
        f"still the lowest after all k, and the dealer stops as soon as it is not.",
        "Whether the chips are worth it is an estimate, the one the odds bot plays by: the "
        "chips already paid are sunk, so folding is worth 0; a buy of k costs k chips, and "
        "getting out of last place is worth one and a half even shares of the pot after the "
        f"buy, (pot + k) × 1.5 / the {players} players still in.",
        f"Here: {worked}. The best, {answer}, beats the next best, {ranked[1]}, by "
        f"{decision.margin:.2f} chips.",
    )
    describe_lines = state.describe()[:-1]
    most = state.max_buy
    facts = (
        *describe_lines,
        f"Pot {state.pot}. Seat {seat} holds the lowest hand and is to act; it may buy "
        f"{'1 card' if most == 1 else f'1 to {most} cards'}, a chip a card.",
    )
    chosen = opts.chosen(options)
    words = ["printplay", "poker", "play", "--seed", str(decision.seed)]
    if chosen:
        words += ["--option", ",".join(chosen)]
    actions = [str(action) for action in actions_of(state)]
    return Problem(
        number=number,
        kind="standard",
        title="the standard game",
        rules=rules_words(options),
        table=table_view(state),
        facts=facts,
        question=f"Seat {seat}: buy how many cards, or fold?",
        answer=answer[:1].upper() + answer[1:],
        choices=tuple(choices),
        reasoning=reasoning,
        margin=f"{decision.margin:.2f} chips",
        replay=_replay(words, actions),
    )


def _casino_table(state: CasinoState) -> TableView:
    """The casino table: the dealer's hand first, then the players'."""
    dealer = state.dealer
    seats = [Seat(0, dealer.cards, f"dealer · {dealer.status}", dealer.status != "in", False)]
    for player in state.players:
        caption = f"seat {player.seat} · {player.status}"
        if player.seat == state.to_act:
            caption += " · to act"
        seats.append(
            Seat(player.seat, player.cards, caption, player.status in ("folded", "out"), False)
        )
    return TableView(tuple(seats))


def _signed(value: float) -> str:
    """Chips to three places with a true minus sign: ``+0.160``, ``−0.840``."""
    return f"{value:+.3f}".replace("-", "−")


def casino_problem(number: int, decision: CasinoDecision, players: int) -> Problem:
    """Problem ``number`` from a decision of the casino game."""
    state, ev = decision.state, decision.ev
    seat = state.to_act
    assert seat is not None
    me = state.player(seat)
    standing = state.standing()
    play_best = ev.best == "buy"
    choices = (
        Choice(
            "play",
            _signed(ev.buy),
            f"wins {ev.win:.1%}, splits {ev.split:.1%}; bonus {ev.bonus:.3f} expected",
            play_best,
        ),
        Choice("fold", "−1.000", "the ante is lost", not play_best),
    )
    if standing:
        against = "; ".join(
            f"{'the dealer' if who == 0 else f'seat {who}'}: {format_labels(cards)} "
            f"({describe(cards)})"
            for who, cards in standing
        )
        table = f"the hand to beat is the best still standing ({against})"
    else:
        table = "nothing is standing, so any five cards take the pot"
    reasoning = (
        f"The figures are exact. Seat {seat} acts last, so nobody can change the outcome after "
        f"it; each of the {ev.completions:,} three-card draws from the cards not on the "
        f"table is equally likely, and {table}.",
        f"Playing pays a second chip. A draw that beats the table takes the pot, {state.pot} "
        f"chips and the new one ({ev.win:.1%} of draws); one that ties splits it "
        f"({ev.split:.1%}); the house pays a bonus for a straight or better, win or lose "
        f"({ev.bonus:.3f} chips expected). So playing is worth the expected pot share "
        f"{ev.share:.3f} + the bonus {ev.bonus:.3f} − the 2 chips paid = {_signed(ev.buy)}; "
        "folding loses the ante, −1.",
        f"{'Playing' if play_best else 'Folding'} is better by {abs(ev.gain):.3f} chips.",
    )
    facts = [
        f"The dealer's five: {format_labels(state.dealer.cards)} ({describe(state.dealer.cards)})"
        + (", kicked out" if state.dealer.status == "kicked out" else ""),
    ]
    for player in state.players:
        if player.seat != seat:
            cards = format_labels(player.cards)
            facts.append(f"Seat {player.seat}: {cards} ({player.hand}), {player.status}")
    facts.append(f"Pot {state.pot}. Seat {seat}, the last to act, holds {format_labels(me.cards)}.")
    words = ["printplay", "poker", "play", "--casino", "--players", str(players)]
    words += ["--seed", str(decision.seed)]
    return Problem(
        number=number,
        kind="casino",
        title="the casino game",
        rules=f"{opts.number_words(players)} player{'s' if players != 1 else ''} "
        "against the dealer",
        table=_casino_table(state),
        facts=tuple(facts),
        question=f"Seat {seat}: play (pay 1 chip for three more cards) or fold?",
        answer="Play" if play_best else "Fold",
        choices=choices,
        reasoning=reasoning,
        margin=f"{abs(ev.gain):.3f} chips",
        replay=_replay(words, decision.actions),
    )


def book_command(count: int, option_texts: Sequence[str], start: int, paper: str) -> str:
    """The command that makes the problem book again (its output file left out)."""
    words = ["printplay", "book", "ricochet-poker", "--count", str(count)]
    if start != 1:
        words += ["--start", str(start)]
    if option_texts:
        words += ["--option", ",".join(option_texts)]
    if paper != "a4":
        words += ["--paper", paper]
    return shlex.join(words)


def build_problem_book(
    option_texts: Sequence[str] = (), *, count: int, start: int = 1, paper: str = "a4"
) -> ProblemBook:
    """The problem book's model: ``count`` problems, half (rounded up) from the standard
    game under ``option_texts``, the rest from the casino (as many players, at most
    seven), from rounds dealt from ``start`` on."""
    if not 1 <= count <= MAX_COUNT:
        raise OptionError(f"a book holds 1 to {MAX_COUNT} problems, not {count}")
    if not 1 <= start <= MAX_SEED:
        raise DealError(f"--start must be a deal number from 1 to {MAX_SEED}, not {start}")
    options = standard_options(option_texts)
    players = min(options.players, MAX_PLAYERS)
    window = min(max(200, ROUNDS_PER_PROBLEM * count), MAX_SEED - start + 1)
    seeds = range(start, start + window)
    wanted = {"standard": -(-count // 2), "casino": count // 2}
    problems: list[Problem] = []
    rounds = 0
    standard, dealt = _take(
        standard_decisions(options, seeds), wanted["standard"], "standard game", seeds
    )
    rounds += dealt
    for decision in standard:
        assert isinstance(decision, StandardDecision)
        problems.append(standard_problem(len(problems) + 1, decision, options))
    if wanted["casino"]:
        casino, dealt = _take(
            casino_decisions(players, seeds), wanted["casino"], "casino game", seeds
        )
        rounds += dealt
        for decision in casino:
            assert isinstance(decision, CasinoDecision)
            problems.append(casino_problem(len(problems) + 1, decision, players))
    return ProblemBook(
        title="Ricochet Poker",
        rules=rules_words(options),
        command=book_command(count, opts.chosen(options), start, paper),
        problems=tuple(problems),
        rounds=rounds,
        close=dict(CLOSE),
        quick=quick_card_text("ricochet-poker"),
    )


__all__ = [
    "CLOSE",
    "KINDS",
    "ROUNDS_PER_PROBLEM",
    "CasinoDecision",
    "StandardDecision",
    "book_command",
    "build_problem_book",
    "casino_decisions",
    "casino_problem",
    "standard_decisions",
    "standard_problem",
]
