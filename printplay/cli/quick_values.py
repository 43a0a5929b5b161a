"""Command-line values read without pydantic, where the answer is sure to be typer's own.

typer reads every value of a parameter (a word typed, or a default) through a pydantic
``TypeAdapter``: the first value read imports pydantic, about as much work as starting the
rest of a plain verb.  Our parameters are of a few plain kinds: text, whole numbers, paths,
choices (enums), and values a ``parser`` reads.  :func:`read_quickly` gives each parameter
of a built command a reader that handles the ordinary values of those kinds in the same
steps typer's adapter takes (the same ``parser`` call, typer's own choice and path checks),
and hands anything else (a kind not listed, a number written unusually, a number out of its
range, a value the quick steps refuse) to typer's adapter, so that its answer and its error
message are typer's.  ``tests/test_startup.py`` checks both ways agree, value by value, for
every parameter of every verb.

The readers are set through typer's ``_TyperParameter._runtime_param``, which typer fills on
first use; if a typer release changes that, :func:`read_quickly` leaves the command as it
is, and typer reads every value itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, get_args, get_origin

from printplay.cli.run import WHOLE_NUMBER

if TYPE_CHECKING:
    from typer._click import Command, Context
    from typer.models import ParameterInfo

try:
    from typer._coercion import RuntimeParam, TypeDescriptor, build_runtime_param
    from typer._param_types import coerce_cli_choice, coerce_cli_path, routes_to_path
    from typer.core import _TyperParameter
except ImportError:  # a typer that reads values otherwise: leave it to typer
    RuntimeParam = None  # type: ignore[assignment,misc]


class _Slow(Exception):
    """The quick steps do not know this value for sure: typer's adapter reads it."""


def _leaf(value: Any, annotation: Any, info: Any, param: Any, ctx: Context) -> Any:
    """``value`` read as one ``annotation`` value (not a list), or :class:`_Slow`."""
    if info.parser is not None:
        return info.parser(value)
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return coerce_cli_choice(
            value, choices=tuple(annotation), case_sensitive=info.case_sensitive, ctx=ctx
        )
    if annotation is str:
        if isinstance(value, str):
            return value
        raise _Slow
    if annotation is int:
        return _whole(value, info)
    if annotation is Path and routes_to_path(annotation, info):
        return _path(value, info, param, ctx)
    raise _Slow


def _whole(value: object, info: ParameterInfo) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str) and WHOLE_NUMBER.fullmatch(value):
        number = int(value)
    else:
        raise _Slow
    if info.clamp or (info.min is not None and number < info.min):
        raise _Slow
    if info.max is not None and number > info.max:
        raise _Slow
    return number


def _path(value: Any, info: Any, param: Any, ctx: Context) -> Any:
    path_type = info.path_type or Path
    if path_type is not Path:
        raise _Slow
    if isinstance(value, str):
        value = Path(value)
    if not isinstance(value, Path):
        raise _Slow
    return coerce_cli_path(value, info, path_type=Path, param=param, ctx=ctx)


def _read(value: Any, descriptor: Any, param: Any, ctx: Context) -> Any:
    """``value`` read for ``descriptor``'s parameter, or :class:`_Slow`."""
    annotation = descriptor.annotation
    info = descriptor.parameter_info
    if descriptor.file_annotation is not None:
        raise _Slow
    if get_origin(annotation) is list:
        if not isinstance(value, (list, tuple)):
            raise _Slow
        (item,) = get_args(annotation)
        return [_leaf(each, item, info, param, ctx) for each in value]
    if get_origin(annotation) is not None:
        raise _Slow
    return _leaf(value, annotation, info, param, ctx)


if RuntimeParam is not None:

    @dataclass(frozen=True)
    class QuickParam(RuntimeParam):
        """A parameter's reader: the quick steps, else typer's own reader."""

        descriptor: TypeDescriptor

        def _coerce_value(self, value: Any, param: Any, ctx: Context) -> Any:
            try:
                return _read(value, self.descriptor, param, ctx)
            except Exception:  # typer's own reader says what is wrong, as ever
                pass
            typer_reader = build_runtime_param(self.descriptor)
            return typer_reader._coerce_value(value, param=param, ctx=ctx)


def _quicken(param: object) -> None:
    """Give ``param`` the quick reader, if it is typer's and has no reader yet."""
    if isinstance(param, _TyperParameter) and getattr(param, "_runtime_param", 0) is None:
        descriptor = param.type_descriptor
        param._runtime_param = QuickParam(
            parameter_info=descriptor.parameter_info,
            annotation=descriptor.annotation,
            descriptor=descriptor,
        )


def read_quickly(command: Command, *, nested: bool = True) -> Command:
    """``command``'s parameters given the quick reader, its ``--help`` too (made now, as
    click makes it once a command), and (``nested``) those of a group's commands at every
    depth; ``command`` is returned, for chaining."""
    if RuntimeParam is None:
        return command
    for param in command.params:
        _quicken(param)
    _quicken(command.get_help_option(command.context_class(command)))
    for sub in getattr(command, "commands", {}).values() if nested else ():
        read_quickly(sub)
    return command


__all__ = ["read_quickly"]
