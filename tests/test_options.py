"""Reading game options the same way everywhere."""

from __future__ import annotations

import pytest

from printplay.core import options as opts
from printplay.core.errors import OptionError
from printplay.games.tripeaks import TriPeaksOptions


def test_defaults_are_the_standard_game() -> None:
    o = opts.parse_options(TriPeaksOptions, [])
    assert o == TriPeaksOptions()
    assert (o.wrap, o.face_up, o.strict_draw, o.jokers, o.completion_bonus, o.card_penalty) == (
        True,
        False,
        False,
        0,
        100,
        0,
    )
    assert opts.summary(o) == "standard rules"


def test_switches_and_settings_combine() -> None:
    o = opts.parse_options(
        TriPeaksOptions,
        ["no-wrap,face-up", "strict-draw", "jokers=2", "completion-bonus=200", "card-penalty=5"],
    )
    assert (o.wrap, o.face_up, o.strict_draw, o.jokers, o.completion_bonus, o.card_penalty) == (
        False,
        True,
        True,
        2,
        200,
        5,
    )
    assert opts.chosen(o) == [
        "no-wrap",
        "face-up",
        "strict-draw",
        "jokers=2",
        "completion-bonus=200",
        "card-penalty=5",
    ]
    assert opts.to_json(o)["wrap"] is False


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("wrapp", "unknown option 'wrapp'"),
        ("jokers=3", "must be one of 0, 1, 2"),
        ("jokers=x", "needs a whole number"),
        ("jokers", "needs a value"),
        ("no-wrap=1", "takes no value"),
        ("completion-bonus=-1", "at least 0"),
        ("card-penalty=100000", "at most 1000"),
    ],
)
def test_bad_options_are_named(text: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        opts.parse_options(TriPeaksOptions, [text])


def test_options_built_in_code_are_checked_too() -> None:
    with pytest.raises(OptionError, match="must be one of 0, 1, 2, not 3"):
        TriPeaksOptions(jokers=3)
    with pytest.raises(OptionError, match="is on or off"):
        TriPeaksOptions(wrap="yes")  # type: ignore[arg-type]
