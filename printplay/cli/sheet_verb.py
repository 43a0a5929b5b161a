"""``printplay sheet``'s work, apart from typer's declaration of it (``cli/app.py``): a
plain ``sheet`` line runs it without typer (:mod:`printplay.cli.run`), and typer's
declaration hands it the same values."""

from __future__ import annotations

from typing import TYPE_CHECKING

from printplay.cli.common import Paper, house_folder, print_path, stderr, working
from printplay.cli.deal_solve import Numbering, game_of
from printplay.core.errors import DealError, GameError
from printplay.games import entry as game_entry

if TYPE_CHECKING:
    from pathlib import Path

    from printplay.models.printable import Line


def run_sheet(
    game: str,
    *,
    output: Path,
    seed: int | None,
    deal: str | None,
    option: list[str] | None,
    numbering: Numbering,
    paper: Paper,
    spoiler_free: bool,
    rules_dir: Path | None,
    max_seconds: float,
    difficulty: str | None,
    start: int | None,
) -> None:
    """Write the setup sheet and walkthrough of a deal to ``output`` and print its path."""
    from printplay.games.numbering import check_numbering
    from printplay.makers.requests import make_printable
    from printplay.models.printable import PrintRequest

    name = game_entry(game).name
    numbered_in = check_numbering(game, numbering.value)
    house = house_folder(rules_dir, output)
    result = None
    if difficulty is not None or start is not None:
        from printplay.core.outfile import check_writable

        check_writable(output)  # before the search, not after it
        seed, result = _first_of_level(name, option, difficulty, start, seed, deal, numbered_in)
    request = PrintRequest(
        name,
        output,
        tuple(option or ()),
        seed=seed,
        deal_codes=deal,
        numbering=numbered_in,
        paper=paper.value,
        spoiler_free=spoiler_free,
        rules_dir=house,
        max_seconds=max_seconds,
        result=result,
        level=difficulty,
    )
    with working(f"working out the line (at most {max_seconds:g} s) and typesetting the sheet"):
        path = make_printable("sheet", request)
    print_path(path)


def _first_of_level(
    game: str,
    option: list[str] | None,
    difficulty: str | None,
    start: int | None,
    seed: int | None,
    deal: str | None,
    numbering: str,
) -> tuple[int, Line]:
    """``sheet --difficulty``: the first deal of the level from ``start`` (numbered in
    ``numbering``) and its line."""
    from printplay.builders.puzzle_book import first_of_level
    from printplay.core.deal import MAX_SEED

    if difficulty is None:
        raise DealError("--start goes with --difficulty (the first deal of a level)")
    if seed is not None or deal is not None:
        raise DealError("give --seed, --deal or --difficulty, not more than one")
    if not game_entry(game).is_solitaire:
        raise GameError(f"{game_entry(game).title} deals have no levels: give --seed N")
    if start is not None and not 1 <= start <= MAX_SEED:
        raise DealError(f"--start must be a deal number from 1 to {MAX_SEED}, not {start}")
    the_game = game_of(game, option)
    with working(f"looking for the first {difficulty} deal"):
        found = first_of_level(the_game, difficulty, start=start or 1, numbering=numbering)
    assert found.deal.seed is not None  # numbered deals only
    stderr.print(
        f"printplay: {found.deal.name} is the first {difficulty} deal from deal {start or 1}",
        markup=False,
    )
    return found.deal.seed, found.line


__all__ = ["run_sheet"]
