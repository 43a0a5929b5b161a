"""Game options: named variants and rulings, read the same way for every game and verb.

Each game describes its options as a frozen dataclass whose fields are declared with
:func:`switch` (an on/off variant such as ``no-wrap``) or :func:`setting` (a value such as
``jokers=2``).  Users write options as ``NAME`` or ``NAME=VALUE``, several separated by
commas, on any verb: ``--option no-wrap --option jokers=1``.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Demo:
...     wrap: bool = switch("no-wrap", "Ace and King are not neighbours.", default=True,
...                         words="Ace and King not neighbours")
...     jokers: int = setting("jokers", "Jokers shuffled in.", default=0, choices=(0, 1, 2),
...                           words="{n} joker{s}")
>>> parse_options(Demo, ["no-wrap, jokers=2"])
Demo(wrap=False, jokers=2)
>>> summary(parse_options(Demo, ["jokers=1"]))
'jokers=1'
>>> describe(parse_options(Demo, ["jokers=2", "no-wrap"]))
'Ace and King not neighbours, two jokers'
>>> parse_options(Demo, ["wrap"])
Traceback (most recent call last):
...
printplay.core.errors.OptionError: unknown option 'wrap' (options: no-wrap, jokers=N)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, TypeVar

from printplay.core.errors import OptionError
from printplay.core.jsontypes import JsonObject


class GameOptions(Protocol):
    """A game's options: a dataclass whose fields are declared with :func:`switch` and
    :func:`setting`."""

    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]


T = TypeVar("T", bound=GameOptions)


@dataclass(frozen=True)
class OptionSpec:
    """How one option is written and what it means."""

    name: str
    field: str
    help: str
    is_switch: bool
    default: int
    """The value when the option is not given (a switch's is ``True`` or ``False``)."""
    choices: tuple[int, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    words: str = ""
    """How print names the option when it is chosen: a switch's phrase ("no wrap-around"),
    or a setting's pattern with ``{n}`` (the value, in words up to twelve), ``{v}`` (in
    digits) and ``{s}`` (an
    ``s`` unless the value is one): ``"{n} joker{s}"``."""

    @property
    def usage(self) -> str:
        """How a user writes it: ``no-wrap`` or ``jokers=N``."""
        return self.name if self.is_switch else f"{self.name}=N"

    def phrase(self, value: int) -> str:
        """The option with ``value``, as print names it."""
        if self.is_switch:
            return self.words or self.name.replace("-", " ")
        pattern = self.words or f"{self.name.replace('-', ' ')} {{n}}"
        return pattern.format(n=number_words(value), v=value, s="" if value == 1 else "s")


NUMBER_WORDS = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
)


def number_words(value: int) -> str:
    """``2`` as ``"two"`` (up to twelve), larger numbers as digits."""
    return NUMBER_WORDS[value] if 0 <= value < len(NUMBER_WORDS) else str(value)


def switch(name: str, help: str, *, default: bool = False, words: str = "") -> bool:
    """Declare an on/off option; writing ``name`` sets the field to ``not default``.

    ``words`` is how print names the option when it is on (by default its name, spaced).
    """
    return dataclasses.field(
        default=default, metadata={"option": name, "help": help, "switch": True, "words": words}
    )


def setting(
    name: str,
    help: str,
    *,
    default: int,
    choices: tuple[int, ...] | None = None,
    minimum: int | None = None,
    maximum: int | None = None,
    words: str = "",
) -> int:
    """Declare an integer option written ``name=VALUE``; ``words`` names it in print
    (see :attr:`OptionSpec.words`)."""
    return dataclasses.field(
        default=default,
        metadata={
            "option": name,
            "help": help,
            "switch": False,
            "choices": choices,
            "minimum": minimum,
            "maximum": maximum,
            "words": words,
        },
    )


def option_specs(cls: type[GameOptions]) -> list[OptionSpec]:
    """The options of an options dataclass, in declaration order."""
    specs = []
    for f in dataclasses.fields(cls):
        meta = f.metadata
        if "option" not in meta:
            continue
        if not isinstance(f.default, int):  # switch() and setting() always give one
            raise TypeError(f"option {meta['option']} has no default")
        specs.append(
            OptionSpec(
                name=meta["option"],
                field=f.name,
                help=meta["help"],
                is_switch=meta["switch"],
                default=f.default,
                choices=meta.get("choices"),
                minimum=meta.get("minimum"),
                maximum=meta.get("maximum"),
                words=meta.get("words", ""),
            )
        )
    return specs


SHOWN = 40
"""The most characters of a user's value an error message repeats."""


def shown(value: object) -> str:
    """A user's value for an error message: quoted if text, cut short if long.

    >>> shown("9" * 100)
    "'99999999999999999999999999999999999999…' (100 characters)"
    """
    text = repr(value) if isinstance(value, str) else str(value)
    if len(text) <= SHOWN:
        return text
    length = len(value) if isinstance(value, str) else len(text)
    return f"{text[: SHOWN - 1]}…{text[0] if isinstance(value, str) else ''} ({length} characters)"


def _split(texts: Iterable[str]) -> list[str]:
    return [part.strip() for text in texts for part in text.split(",") if part.strip()]


def parse_options(cls: type[T], texts: Sequence[str] = ()) -> T:
    """Build options of type ``cls`` from ``NAME`` / ``NAME=VALUE`` strings."""
    specs = {spec.name: spec for spec in option_specs(cls)}
    values: dict[str, int] = {}
    for text in _split(texts):
        name, has_value, raw = (s.strip() for s in text.partition("="))
        name = name.lower().replace("_", "-")
        spec = specs.get(name)
        if spec is None:
            known = ", ".join(s.usage for s in specs.values())
            raise OptionError(f"unknown option {shown(name)} (options: {known})")
        if spec.field in values:
            raise OptionError(f"option {name} is given twice")
        if spec.is_switch:
            if has_value:
                raise OptionError(f"option {name} takes no value (write just {name})")
            values[spec.field] = not spec.default
        else:
            values[spec.field] = _read_value(spec, raw if has_value else None)
    return cls(**values)


def _read_value(spec: OptionSpec, raw: str | None) -> int:
    if raw is None or raw == "":
        raise OptionError(f"option {spec.name} needs a value, like {spec.name}={spec.default}")
    try:
        value = int(raw)
    except ValueError:
        raise OptionError(f"option {spec.name} needs a whole number, not {shown(raw)}") from None
    check_value(spec, value)
    return value


def check_value(spec: OptionSpec, value: object) -> int:
    """Return ``value`` if it is allowed for ``spec``, else raise :class:`OptionError`."""
    if spec.is_switch:
        if not isinstance(value, bool):
            raise OptionError(f"option {spec.name} is on or off, not {shown(value)}")
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        raise OptionError(f"option {spec.name} needs a whole number, not {shown(value)}")
    if spec.choices is not None and value not in spec.choices:
        allowed = ", ".join(str(c) for c in spec.choices)
        raise OptionError(f"option {spec.name} must be one of {allowed}, not {shown(value)}")
    if spec.minimum is not None and value < spec.minimum:
        raise OptionError(f"option {spec.name} must be at least {spec.minimum}, not {shown(value)}")
    if spec.maximum is not None and value > spec.maximum:
        raise OptionError(f"option {spec.name} must be at most {spec.maximum}, not {shown(value)}")
    return value


def validate(options: GameOptions) -> None:
    """Check every option of an options object, for dataclasses built directly in code.

    Call it from ``__post_init__``; :func:`parse_options` checks values as it reads them.
    """
    for spec in option_specs(type(options)):
        check_value(spec, getattr(options, spec.field))


def to_json(options: GameOptions) -> JsonObject:
    """Every option's value, keyed by the dataclass field name."""
    return {spec.field: getattr(options, spec.field) for spec in option_specs(type(options))}


def chosen(options: GameOptions) -> list[str]:
    """The options that differ from the defaults, written as a user would write them."""
    out = []
    for spec in option_specs(type(options)):
        value = getattr(options, spec.field)
        if value != spec.default:
            out.append(spec.name if spec.is_switch else f"{spec.name}={value}")
    return out


def summary(options: GameOptions) -> str:
    """A one-line description: the chosen options, or ``"standard rules"``."""
    return ", ".join(chosen(options)) or "standard rules"


def describe(options: GameOptions) -> str:
    """The chosen options as print names them (``"two jokers, no wrap-around"``), or
    ``"standard rules"``: for titles, subtitles, footers and PDF metadata."""
    phrases = [
        spec.phrase(getattr(options, spec.field))
        for spec in option_specs(type(options))
        if getattr(options, spec.field) != spec.default
    ]
    return ", ".join(phrases) or "standard rules"
