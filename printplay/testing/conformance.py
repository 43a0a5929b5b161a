"""The conformance kit's one call: :func:`check_game` runs every check on a registered
solitaire, under rule sets drawn from its options, and reports what it covered."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass, field

from printplay.core.errors import GameError, MoveError, OptionError
from printplay.core.jsontypes import JsonObject
from printplay.core.protocols import Position, RegisteredSolitaire, SolitaireMove
from printplay.core.verdicts import Budget
from printplay.games import REGISTRY, entry, make_solitaire, solver_for
from printplay.solve.toolkit import LineError, replay_line
from printplay.testing.engine import (
    Outcomes,
    StrangeMove,
    check_deal,
    check_garbage,
    check_position,
    check_reading,
    check_refused,
    check_replay,
    check_solitaire,
    fingerprint,
    mutated,
)
from printplay.testing.failures import Where, shown
from printplay.testing.playout import Step, random_playout
from printplay.testing.reference import SearchTooBig
from printplay.testing.solver import Agreement, check_solver
from printplay.testing.variants import OptionTexts, option_sets

KIT_CAP = 1_000
"""Positions a reference search may visit in :func:`check_game` before the position is
passed over as too big (a few hundredths of a second)."""

SOLVE_BUDGET = Budget(max_states=4_000)
"""What the solver may spend on a whole deal when :func:`check_game` looks for a winning
line to take small positions from (a deal it cannot decide in that is passed over)."""

BACK = (0, 1, 3, 6, 10, 15, 21, 28)
"""How many moves before the end of a game the small positions are taken."""

TRIES = 6
"""Moves legal earlier, moves of other games and altered JSON moves tried at each position."""

DEALS = 2**32
"""Deal numbers are drawn from 1 to this."""


@dataclass
class ConformanceReport:
    """What :func:`check_game` covered: the rule sets, the deals, moves and positions,
    the illegal moves refused, and the small positions whose solver verdict and best line
    were compared with the reference searches (``won`` and ``lost`` of them; ``scored``:
    also with an exhaustive best-score search; ``too_big``: passed over)."""

    game: str
    option_sets: list[OptionTexts] = field(default_factory=list)
    refused_options: list[tuple[OptionTexts, str]] = field(default_factory=list)
    """Random mixes of options the game refused (with its reason), not checked."""
    deals: int = 0
    moves: int = 0
    positions: int = 0
    refused: int = 0
    won: int = 0
    lost: int = 0
    scored: int = 0
    too_big: int = 0

    @property
    def compared(self) -> int:
        """Small positions whose solver answers were compared with the reference."""
        return self.won + self.lost

    def summary(self) -> str:
        """The report in one line."""
        return (
            f"{self.game}: {len(self.option_sets)} rule sets, {self.deals} deals, "
            f"{self.moves} moves, {self.positions} positions, {self.refused} illegal moves "
            f"refused, solver compared on {self.compared} positions ({self.won} won, "
            f"{self.lost} lost, {self.scored} scored exactly, {self.too_big} too big)"
        )


def foreign_moves(name: str, seed: int) -> list[SolitaireMove]:
    """Moves that are not ``name``'s: a move of no game, and the moves of one random game
    of each other registered solitaire."""
    rng = random.Random(f"foreign|{name}|{seed}")
    found: list[SolitaireMove] = [StrangeMove()]
    for other in sorted(REGISTRY):
        if other == entry(name).name or not REGISTRY[other].is_solitaire:
            continue
        game = make_solitaire(other)
        start = game.initial_state(game.numbered_deal(rng.randint(1, DEALS)))
        found += [step.move for step in random_playout(start, rng, moves=40)]
    return found


def check_game(
    name: str,
    *,
    seed: int = 0,
    games: int = 2,
    positions: int = 6,
    cap: int = KIT_CAP,
    options: Sequence[Sequence[str]] | None = None,
    key: Callable[[Position], Hashable] | None = None,
    score_key: Callable[[Position], Hashable] | None = None,
) -> ConformanceReport:
    """Check the registered solitaire ``name`` and its solver; raise
    :class:`~printplay.testing.failures.ConformanceError` at the first violation, naming
    the game, options, deal and moves, or return what was covered.

    For each rule set (``options``, or those of :func:`~printplay.testing.variants.option_sets`)
    the kit plays ``games`` random games from numbered deals drawn with ``seed``, checking
    every position on the way (:func:`~printplay.testing.engine.check_position`), the
    deal's JSON, the JSON of every move, that moves legal earlier, moves of other games and
    altered JSON moves are refused, and that :func:`~printplay.solve.toolkit.replay_line`
    refuses a line with an illegal move.  Then, on up to ``positions`` small positions per
    game and per source (the end of the random game, the end of the solver's winning line,
    and positions one move off that line), it checks the solver with
    :func:`~printplay.testing.solver.check_solver` (``cap``, ``key`` and ``score_key``
    as there).  The same arguments give the same games.

    Raises :class:`~printplay.core.errors.GameError` for a game that is not a solitaire.
    """
    game_entry = entry(name)
    if not game_entry.is_solitaire:
        raise GameError(f"{game_entry.name} is not a solitaire: the kit has nothing to check")
    report = ConformanceReport(game_entry.name)
    strangers = foreign_moves(name, seed)
    sets = (
        [tuple(texts) for texts in options] if options is not None else option_sets(name, seed=seed)
    )
    for texts in sets:
        try:
            game = make_solitaire(name, texts)
        except OptionError as error:
            if options is None and len(texts) > 1:
                report.refused_options.append((texts, str(error)))
                continue
            raise Where(game_entry.name, texts).fail(f"the options are refused: {error}") from None
        report.option_sets.append(texts)
        rng = random.Random(f"{game_entry.name}|{seed}|{','.join(texts)}")
        where = Where(game_entry.name, texts)
        check_solitaire(game, where)
        samples: dict[str, JsonObject] = {}
        for _ in range(games):
            deal = rng.randint(1, DEALS)
            steps = _check_random_game(game, Where(game.name, texts, deal), strangers, rng, report)
            samples.update({step.move.kind: step.move.to_json() for step in steps})
            checked = _check_small_positions(
                game, Where(game.name, texts, deal), steps, rng, positions, cap, key, score_key
            )
            for agreement in checked:
                if agreement is None:
                    report.too_big += 1
                elif agreement.reference.solvable:
                    report.won += 1
                else:
                    report.lost += 1
                if agreement is not None and agreement.best_score is not None:
                    report.scored += 1
        report.refused += check_garbage(game, list(samples.values()), where)
    return report


def _check_random_game(
    game: RegisteredSolitaire,
    where: Where,
    strangers: Sequence[SolitaireMove],
    rng: random.Random,
    report: ConformanceReport,
) -> list[Step[Position]]:
    """Play one random game from deal ``where.deal`` and check every position of it."""
    assert where.deal is not None
    start = check_deal(game, game.numbered_deal(where.deal), where)
    try:
        start.describe(StrangeMove(), start)
    except MoveError:
        pass
    else:
        raise where.fail("describe() took a move of no game")
    steps = random_playout(start, rng, where=where)
    report.deals += 1
    report.moves += len(steps)
    earlier: dict[str, SolitaireMove] = {}
    strings: dict[str, None] = {}
    kinds: dict[str, None] = {}
    refused_at: dict[int, SolitaireMove] = {}
    here = where
    for index, state in enumerate([start, *(step.after for step in steps)]):
        if index:
            here = here.then(steps[index - 1].move)
        outcomes = check_position(game, state, here)
        report.positions += 1
        if index < len(steps):
            _check_step(steps[index], outcomes, here)
        legal = [move for move, _ in outcomes]
        tries = [
            *((move, "a move legal earlier") for move in _sample(list(earlier.values()), rng)),
            *((move, "a move of another game") for move in _sample(strangers, rng)),
        ]
        for move, what in tries:
            if move not in legal and check_refused(state, move, outcomes, here, what):
                report.refused += 1
                refused_at.setdefault(index, move)
        report.refused += _check_altered(game, state, outcomes, here, strings, kinds, rng)
        for move in legal:
            data = move.to_json()
            earlier.setdefault(json.dumps(data, sort_keys=True), move)
            kinds[move.kind] = None
            strings.update(dict.fromkeys(_strings(data)))
    at, bad = rng.choice(sorted(refused_at.items())) if refused_at else (len(steps), StrangeMove())
    final = steps[-1].after if steps else start
    check_replay(start, [step.move for step in steps], final, bad, at, where)
    return steps


def _check_step(step: Step[Position], outcomes: Outcomes, where: Where) -> None:
    """The move played is one of the legal moves, and applying it again gives the same."""
    for move, after in outcomes:
        if move == step.move:
            if fingerprint(after) != fingerprint(step.after):
                raise where.fail(f"apply({shown(move)}) gave two different positions")
            return
    raise where.fail(f"the move played, {shown(step.move)}, is not among the legal moves")


def _sample(items: Sequence[SolitaireMove], rng: random.Random) -> list[SolitaireMove]:
    return rng.sample(list(items), min(TRIES, len(items)))


def _strings(data: object) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, list):
        for item in data:
            yield from _strings(item)
    elif isinstance(data, dict):
        for name, item in data.items():
            if name != "type":
                yield from _strings(item)


def _check_altered(
    game: RegisteredSolitaire,
    state: Position,
    outcomes: Outcomes,
    where: Where,
    strings: dict[str, None],
    kinds: dict[str, None],
    rng: random.Random,
) -> int:
    """Altered JSON of a legal move: refused when read, refused by apply, or a legal move."""
    if not outcomes:
        return 0
    move, _ = rng.choice(outcomes)
    variants = mutated(move.to_json(), list(strings), list(kinds), rng)
    refused = 0
    legal = [legal for legal, _ in outcomes]
    for data in rng.sample(variants, min(TRIES, len(variants))):
        read = check_reading(game, data, where)
        if read is None:
            refused += 1
        elif read not in legal:
            refused += check_refused(state, read, outcomes, where, "a move read from altered JSON")
    return refused


def _check_small_positions(
    game: RegisteredSolitaire,
    where: Where,
    steps: Sequence[Step[Position]],
    rng: random.Random,
    most: int,
    cap: int,
    key: Callable[[Position], Hashable] | None,
    score_key: Callable[[Position], Hashable] | None,
) -> list[Agreement | None]:
    """Check the solver on up to ``most`` small positions from each source: the end of the
    random game ``steps``, the end of the solver's winning line of the deal, and positions
    one move off that line; a source stops at its first position too big for the reference
    search (reported as ``None``)."""
    if not steps:
        return []
    start = steps[0].before
    played = [step.move for step in steps]
    states = [start, *(step.after for step in steps)]
    tail = [
        (states[len(played) - back], played[: len(played) - back], [played[len(played) - back :]])
        for back in BACK
        if back <= len(played)
    ]
    sources = [tail]
    line = _winning_line(game, start, where)
    if line is not None:
        along = replay_line(start, line)
        backs = [back for back in BACK if back <= len(line)]
        sources.append([(along[len(line) - back], line[: len(line) - back], []) for back in backs])
        sources.append(list(_swerves(along, line, backs, rng)))
    checked: list[Agreement | None] = []
    for source in sources:
        for state, prefix, lines in source[:most]:
            here = Where(where.game, where.options, where.deal, tuple(m.to_json() for m in prefix))
            try:
                agreement = check_solver(
                    game, state, cap=cap, key=key, score_key=score_key, lines=lines, where=here
                )
            except SearchTooBig:
                checked.append(None)
                break
            checked.append(agreement)
    return checked


def _winning_line(
    game: RegisteredSolitaire, start: Position, where: Where
) -> list[SolitaireMove] | None:
    """The solver's winning line of a deal, if :data:`SOLVE_BUDGET` is enough to find one:
    from ``solve()``, or else from ``best_line()``, which must not win a deal ``solve()``
    proved lost."""
    solver = solver_for(game)
    verdict = solver.solve(start, budget=SOLVE_BUDGET)
    result = verdict if verdict.solvable else solver.best_line(start, budget=SOLVE_BUDGET)
    if verdict.solvable is False and result.solvable:
        raise where.fail("solve() says the deal is lost, best_line() wins it")
    if not result.solvable:
        return None
    try:
        won = replay_line(start, result.moves)[-1].is_won
    except LineError as error:
        raise where.fail(f"the solver's line of the deal does not replay: {error}") from None
    if not won:
        raise where.fail("the solver's winning line of the deal does not win")
    return list(result.moves)


def _swerves(
    along: Sequence[Position],
    line: Sequence[SolitaireMove],
    backs: Sequence[int],
    rng: random.Random,
) -> Iterator[tuple[Position, list[SolitaireMove], list[list[SolitaireMove]]]]:
    """Positions one move off a line: at ``back`` moves before its end, another legal move."""
    for back in backs:
        index = len(line) - back
        if index >= len(line):
            continue
        others = [move for move in along[index].legal_moves() if move != line[index]]
        if others:
            move = rng.choice(others)
            yield along[index].apply(move), [*line[:index], move], []
