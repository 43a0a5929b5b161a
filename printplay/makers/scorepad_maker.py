"""Making a scorepad file: the request through the game's scorepad builder (the one its
registry entry names) and the renderer (:mod:`printplay.render.scorepad_pdf`) to a PDF
written whole or not at all.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol, runtime_checkable

from printplay.core.errors import GameError
from printplay.core.outfile import check_writable
from printplay.games import REGISTRY, entry, load, not_a
from printplay.models.scorepad_model import Scorepad, ScorepadRequest
from printplay.render.document import write_atomically
from printplay.render.scorepad_pdf import draw_scorepad


@runtime_checkable
class ScorepadBuilder(Protocol):
    """What a registry entry's ``scorepad`` names: a request in, the game's scorepad out."""

    def __call__(self, request: ScorepadRequest, /) -> Scorepad:
        """The scorepad ``request`` asks for."""
        ...


def scorepad_games() -> list[str]:
    """The games that have a scorepad, by registry name."""
    return [name for name, game in REGISTRY.items() if game.scorepad is not None]


def scorepad_model(request: ScorepadRequest) -> Scorepad:
    """The scorepad of ``request.game``, from the builder its registry entry names
    (:class:`GameError` for a game that has none)."""
    game = entry(request.game)
    if game.scorepad is None:
        raise GameError(
            f"{game.title} has no scorepad (games with one: {', '.join(scorepad_games())})"
        )
    builder = load(game.scorepad)
    if not isinstance(builder, ScorepadBuilder):
        raise not_a(game.scorepad, "scorepad builder")
    return builder(request)


def make_scorepad(path: Path | str, request: ScorepadRequest) -> tuple[Path, Scorepad]:
    """Write the scorepad of :func:`scorepad_model` to ``path`` (checked before anything is
    worked out, written atomically, byte-identical for identical input); the path and the
    scorepad (whose notes say what was left out)."""
    path = check_writable(Path(path))
    pad = scorepad_model(request)

    def produce(tmp_name: str) -> None:
        draw_scorepad(pad, tmp_name)

    return write_atomically(path, produce), pad


__all__ = ["ScorepadBuilder", "make_scorepad", "scorepad_games", "scorepad_model"]
